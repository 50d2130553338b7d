import type { ValueNode } from '../../document/model';
import { getEntry, resolveNode, typeName } from '../../document/values';
import type { HookFacts } from '../../profiles/types';
import { closest } from '../../text/similarity';
import type { Range } from '../../types';
import type { Rule } from '../types';
import { replace } from '../edits';
import { ids, withFact } from '../facts';

interface Problem {
  message: string;
  range: Range;
  /** a better key or value, for a fix */
  rename?: { start: number; end: number; to: string };
}

function mapOf(node: ValueNode | null | undefined) {
  const n = resolveNode(node);
  return n?.kind === 'map' ? n : undefined;
}

function checkHandler(facts: HookFacts, node: ValueNode, out: Problem[]): void {
  const map = mapOf(node);
  if (!map) return void out.push({ message: `A hook is a map with \`type\` and its fields, not a ${typeName(node)}.`, range: node.range });
  const typeEntry = map.entries.find((e) => e.key === 'type');
  const type = resolveNode(typeEntry?.value);
  const typeName_ = type?.kind === 'scalar' ? String(type.value) : undefined;
  const spec = typeName_ !== undefined ? facts.handlers[typeName_] : undefined;
  if (!typeEntry) return void out.push({ message: `A hook needs \`type\` (${Object.keys(facts.handlers).map((t) => `\`${t}\``).join(', ')}).`, range: map.range });
  if (!spec) {
    const near = typeName_ && closest(typeName_, Object.keys(facts.handlers));
    return void out.push({
      message: `Unknown hook type \`${typeName_ ?? typeName(typeEntry.value)}\`; Claude Code runs ${Object.keys(facts.handlers).map((t) => `\`${t}\``).join(', ')}${near ? `. Did you mean \`${near}\`?` : '.'}`,
      range: typeEntry.value?.range ?? typeEntry.keyRange,
      rename: near && type ? { start: type.start, end: type.end, to: near } : undefined,
    });
  }
  const fields = [...spec.required, ...spec.optional];
  for (const key of spec.required) {
    if (!map.entries.some((e) => e.key === key)) out.push({ message: `A \`${typeName_}\` hook needs \`${key}\`.`, range: typeEntry.keyRange });
  }
  for (const e of map.entries) {
    if (fields.includes(e.key)) continue;
    const near = closest(e.key, fields);
    out.push({ message: `\`${e.key}\` is not a field of a \`${typeName_}\` hook${near ? `; did you mean \`${near}\`?` : ` (${fields.map((f) => `\`${f}\``).join(', ')})`}`, range: e.keyRange, rename: near ? { start: e.keyStart, end: e.keyEnd, to: near } : undefined });
  }
  const timeout = resolveNode(map.entries.find((e) => e.key === 'timeout')?.value);
  if (timeout && !(timeout.kind === 'scalar' && typeof timeout.value === 'number' && timeout.value > 0)) {
    out.push({ message: '`timeout` is a number of seconds greater than 0.', range: timeout.range });
  }
}

function checkGroup(facts: HookFacts, node: ValueNode, out: Problem[]): void {
  const map = mapOf(node);
  if (!map) return void out.push({ message: `Each item under an event is a map with \`matcher\` and \`hooks\`, not a ${typeName(node)}.`, range: node.range });
  for (const e of map.entries) {
    if (facts.groupFields.includes(e.key)) continue;
    const near = closest(e.key, facts.groupFields);
    out.push({ message: `\`${e.key}\` is not a field here (${facts.groupFields.map((f) => `\`${f}\``).join(', ')})${near ? `; did you mean \`${near}\`?` : ''}`, range: e.keyRange, rename: near ? { start: e.keyStart, end: e.keyEnd, to: near } : undefined });
  }
  const matcher = resolveNode(map.entries.find((e) => e.key === 'matcher')?.value);
  if (matcher && !(matcher.kind === 'scalar' && typeof matcher.value === 'string')) out.push({ message: `\`matcher\` is a string (a tool name or a regular expression such as \`Edit|Write\`), not a ${typeName(matcher)}.`, range: matcher.range });
  const hooks = map.entries.find((e) => e.key === 'hooks');
  const list = resolveNode(hooks?.value);
  if (!hooks) return void out.push({ message: 'A matcher group needs `hooks`: the list of hooks to run.', range: map.range });
  if (list?.kind !== 'seq') return void out.push({ message: `\`hooks\` is a list of hooks, not a ${typeName(hooks.value)}.`, range: hooks.value?.range ?? hooks.keyRange });
  for (const h of list.items) checkHandler(facts, h, out);
}

/** `hooks` against Claude Code's hook configuration: events, matcher groups, handlers and their fields. */
export const hooksSchema: Rule = {
  code: 'hooks-schema',
  title: '`hooks` does not follow Claude Code\'s hook configuration (unknown event, matcher group or hook type, missing `command`, bad `timeout`).',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'hooks');
    const entry = getEntry(ctx.doc, 'hooks');
    const root = mapOf(entry?.value);
    if (!has || !entry || !root) return; // not a map: field-type reports it
    const facts = has.fact;
    const out: Problem[] = [];
    for (const ev of root.entries) {
      if (!facts.events.includes(ev.key)) {
        const near = closest(ev.key, facts.events);
        out.push({ message: `\`${ev.key}\` is not a hook event of Claude Code${near ? `; did you mean \`${near}\`?` : ' (events are case-sensitive, such as `PreToolUse`)'}`, range: ev.keyRange, rename: near ? { start: ev.keyStart, end: ev.keyEnd, to: near } : undefined });
        continue;
      }
      const groups = resolveNode(ev.value);
      if (groups?.kind !== 'seq') {
        out.push({ message: `\`${ev.key}\` takes a list of matcher groups (\`- matcher: …\` with \`hooks:\`), not a ${typeName(ev.value)}.`, range: ev.value?.range ?? ev.keyRange });
        continue;
      }
      for (const g of groups.items) checkGroup(facts, g, out);
    }
    for (const p of out) {
      ctx.report({
        message: p.message.endsWith('?') ? `${p.message} (${ids(has.profiles)})` : `${p.message.replace(/\.$/, '')} (${ids(has.profiles)}).`,
        range: p.range,
        fixes: p.rename ? [{ title: `Change to \`${p.rename.to}\``, edits: [replace(ctx.doc, p.rename.start, p.rename.end, p.rename.to)], preferred: true }] : undefined,
      });
    }
  },
};
