// Hover on a frontmatter key (or its value): what the field does for each targeted
// agent, its limits, the current length against the limit and the source.
import * as path from 'node:path';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver/node';
import type { FrontmatterEntry, SkillDocument } from '../core/document/model';
import { getEntry, toJs } from '../core/document/values';
import { profiles } from '../core/profiles/registry';
import type { AgentProfile, FieldSpec, Outcome } from '../core/profiles/types';
import { charLength } from '../core/rules/fields/entries';
import { describeCharset } from '../core/rules/fields/nameChecks';
import { commandInjectionHover } from '../core/rules/claude/commandInjection';
import { TOOL_FIELDS, toolEntries } from '../core/rules/claude/toolEntries';
import { tokenizerName } from '../core/text/tokens';
import { entryAtLine, inFrontmatter } from './frontmatterContext';
import { boundedTokens } from './limits';

const OUTCOME: Record<Outcome, string> = {
  reject: 'the skill is rejected',
  warn: 'the agent warns',
  truncate: 'the value is cut',
  ignore: 'the value is ignored',
};

/** Profiles write "no limit" as a huge number. */
const finite = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n < 1e9;

function limits(p: AgentProfile, key: string, spec: FieldSpec): string[] {
  const out: string[] = [];
  if (spec.required) out.push('required');
  out.push(spec.shapes.join(' or '));
  if (spec.values?.length) out.push(`one of ${spec.values.map((v) => `\`${v}\``).join(', ')}`);
  if (spec.suggestions?.length) out.push(`e.g. ${spec.suggestions.map((v) => `\`${v}\``).join(', ')}`);
  const max = key === 'name' ? Math.min(spec.maxLength ?? Infinity, p.name.maxLength) : spec.maxLength;
  if (spec.minLength && finite(max)) out.push(`${spec.minLength}–${max} characters`);
  else if (finite(max)) out.push(`at most ${max} characters`);
  if (key === 'name') {
    out.push(describeCharset(p.name.charset));
    if (p.name.mustMatchFolder) out.push('must equal the folder name');
    if (p.name.defaultsToFolder) out.push('defaults to the folder name');
  }
  if (spec.forbidAngleBrackets) out.push('no `<` or `>`');
  if (p.listingCap?.fields.includes(key)) out.push(`listing shows ${p.listingCap.fields.map((f) => `\`${f}\``).join(' + ')} up to ${p.listingCap.max} characters`);
  out.push(`if invalid ${OUTCOME[spec.onInvalid]}`);
  if (spec.onTooLong && spec.onTooLong !== spec.onInvalid) out.push(`if too long ${OUTCOME[spec.onTooLong]}`);
  return out;
}

/** Markdown describing `key` for each target (used by hover and completion). */
export function fieldDocs(targets: readonly AgentProfile[], key: string): string {
  const parts: string[] = [];
  const readers = targets.filter((t) => t.fields[key]);
  for (const t of readers) {
    const spec = t.fields[key];
    parts.push(`**${t.label}**: ${spec.doc}\n\n*${limits(t, key, spec).join('; ')}* — [source](${spec.source})`);
  }
  const others = targets.filter((t) => !t.fields[key]);
  for (const t of others) {
    const what = t.unknownFields === 'extra' ? 'kept as an extra field' : t.unknownFields === 'reject' ? 'rejected: the skill does not load' : t.unknownFields === 'warn' ? 'reported as unknown' : 'ignored';
    parts.push(`**${t.label}**: not a field it reads (${what}) — [source](${t.unknownFieldsSource})`);
  }
  if (readers.length === 0) {
    const elsewhere = profiles.filter((p) => p.fields[key] && !targets.includes(p)).map((p) => p.id);
    if (elsewhere.length) parts.push(`Read by ${elsewhere.join(', ')}, which ${elsewhere.length > 1 ? 'are' : 'is'} not targeted.`);
  }
  return parts.join('\n\n');
}

/** `description 912/1024 chars, 173 tokens` for a string value. */
export function lengthLine(doc: SkillDocument, entry: FrontmatterEntry, targets: readonly AgentProfile[]): string | undefined {
  const v = toJs(entry.value);
  if (typeof v !== 'string') return undefined;
  const len = charLength(entry.key === 'name' ? v.trim() : v);
  const maxes = targets.map((t) => {
    const s = t.fields[entry.key];
    return entry.key === 'name' && s ? Math.min(s.maxLength ?? Infinity, t.name.maxLength) : s?.maxLength;
  }).filter(finite);
  const max = maxes.length ? Math.min(...maxes) : undefined;
  const { tokens, exact } = boundedTokens(v);
  let line = `\`${entry.key}\` ${len}${max !== undefined ? `/${max}` : ''} chars, ${exact ? '' : '~'}${tokens} tokens`;
  for (const t of targets) {
    const cap = t.listingCap;
    if (!cap?.fields.includes(entry.key)) continue;
    const parts = cap.fields.map((f) => toJs(getEntry(doc, f)?.value)).filter((x): x is string => typeof x === 'string' && x !== '');
    line += `; ${t.label} listing ${charLength(parts.join(' - '))}/${cap.max} chars`;
  }
  return line;
}

export function provideHover(doc: SkillDocument, pos: Position, targets: readonly AgentProfile[]): Hover | null {
  if (!inFrontmatter(doc, pos.line)) {
    // The body: a command injection says what it runs (the core writes the text).
    const injection = commandInjectionHover(doc, pos, targets);
    return injection ? { contents: { kind: MarkupKind.Markdown, value: injection.markdown }, range: injection.range } : null;
  }
  const entry = entryAtLine(doc, pos.line);
  if (!entry) return null;
  const offset = doc.lines.offsetAt(pos);
  // On the key, or anywhere in its value.
  const onKey = offset >= entry.keyStart && offset <= entry.keyEnd;
  const onValue = entry.value && offset >= entry.value.start && offset <= entry.value.end;
  if (!onKey && !onValue && doc.lines.positionAt(entry.keyStart).line !== pos.line) return null;
  const sections = [`### \`${entry.key}\``];
  // On one tool of `allowed-tools`: that tool first.
  const tool = onValue ? toolAt(doc, entry.key, offset, targets) : undefined;
  if (tool) sections.push(tool.line);
  const len = lengthLine(doc, entry, targets);
  if (len) sections.push(len + ` *(tokens: ${tokenizerName()})*`);
  if (entry.key === 'name') {
    const folder = path.basename(path.dirname(doc.path));
    sections.push(`Folder: \`${folder}\``);
  }
  sections.push(fieldDocs(targets, entry.key) || 'No targeted agent reads this field.');
  return {
    contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n') },
    range: tool?.range ?? (onValue && entry.value ? entry.value.range : entry.keyRange),
  };
}

/** The built-in tool under the cursor in `allowed-tools` / `disallowed-tools`, as the targets' tool tables describe it. */
function toolAt(doc: SkillDocument, key: string, offset: number, targets: readonly AgentProfile[]): { line: string; range: Hover['range'] } | undefined {
  if (!TOOL_FIELDS.includes(key)) return undefined;
  const tool = toolEntries(doc, key)?.tools.find((t) => offset >= t.start && offset <= t.end);
  if (!tool) return undefined;
  const lines = targets.flatMap((t) => {
    const doc = t.facts?.tools?.docs[tool.name];
    return doc ? [`\`${tool.name}\` (${t.label}): ${doc} \u2014 [source](${t.facts!.tools!.source})`] : [];
  });
  return lines.length ? { line: lines.join('\n\n'), range: doc.lines.range(tool.start, tool.end) } : undefined;
}
