import type { FrontmatterEntry, SkillDocument } from '../../document/model';
import { getEntry, resolveNode } from '../../document/values';
import { bodyLines, inlineCode, inSpans, SHELL_FENCES } from '../content/bodyLines';

/** One `$…` in the body that Claude Code may replace with an argument. */
export interface ArgumentUse {
  /** `$ARGUMENTS`, `$ARGUMENTS[n]` / `$n`, or `$word` */
  kind: 'all' | 'index' | 'word';
  word?: string;
  index?: number;
  start: number;
  end: number;
  /** in a fenced block or inline code */
  code: boolean;
  /** in a fenced shell block, where `$1` and `$name` are the shell's own */
  shell: boolean;
  /** `$0.01`, `$30/month`, `$5 USD`: a price on a line that talks money, more likely than an argument */
  price?: boolean;
}

/** A price next to the `$n` or elsewhere on its line: `$4.88M`, `$20/month`, `$5 USD`, `per call`. */
const MONEY = /\$\d+(?:[.,]\d|\d|[kKmMbB]\b|\/)|\$\[|\b(?:USD|EUR|GBP|per|month|year|price|pricing|cost|costs|plan|budget|spend|revenue|credits?|savings?)\b/i;

const DOLLAR = /\$(?:ARGUMENTS(?:\[(\d+)\])?(?![\w[])|(\d+)(?!\w)|([A-Za-z_][\w-]*))/g;

let last: { doc: SkillDocument; uses: ArgumentUse[] } | undefined;

/** Every `$ARGUMENTS`, `$ARGUMENTS[n]`, `$n` and `$word` of the body, in order. */
export function argumentUses(doc: SkillDocument): ArgumentUse[] {
  if (last?.doc === doc) return last.uses;
  const uses: ArgumentUse[] = [];
  // Most bodies have no `$` at all: one native search instead of the body's lines.
  if (doc.text.indexOf('$', doc.bodyStart) === -1) return (last = { doc, uses }).uses;
  for (const line of bodyLines(doc)) {
    if (!line.text.includes('$')) continue;
    const spans = line.fence === undefined ? inlineCode(line.text) : [];
    // Once per line: a line of many `$1` must not be scanned once per `$1`.
    let money: boolean | undefined;
    DOLLAR.lastIndex = 0;
    for (let m = DOLLAR.exec(line.text); m; m = DOLLAR.exec(line.text)) {
      // `$$x`, `\$x`, `${x}`: not Claude Code's syntax.
      const before = line.text[m.index - 1];
      if (before === '$' || before === '\\') continue;
      const start = line.start + m.index;
      const base = { start, end: start + m[0].length, code: line.fence !== undefined || inSpans(spans, m.index), shell: line.fence !== undefined && SHELL_FENCES.has(line.fence) };
      if (m[3] !== undefined) uses.push({ kind: 'word', word: m[3], ...base });
      else if (m[1] !== undefined) uses.push({ kind: 'index', index: Number(m[1]), ...base });
      else if (m[2] !== undefined) uses.push({ kind: 'index', index: Number(m[2]), ...base, price: m[2].length > 1 || /^[.,]\d/.test(line.text.slice(m.index + m[0].length, m.index + m[0].length + 2)) || (money ??= MONEY.test(line.text)) });
      else uses.push({ kind: 'all', ...base });
    }
  }
  // A body that talks money anywhere: a lone `$0` there is a price too (`**$0 (free tier)**`).
  if (uses.some((u) => u.price)) for (const u of uses) if (u.kind === 'index' && !doc.text.startsWith('$ARGUMENTS', u.start)) u.price = true;
  last = { doc, uses };
  return uses;
}

/** A name declared in `arguments`, with where it is written. */
export interface DeclaredArgument {
  name: string;
  start: number;
  end: number;
}

/** `arguments` as Claude Code reads it: a list, or one string of space-separated names (numbers are not names). */
export function declaredArguments(doc: SkillDocument): { entry: FrontmatterEntry; names: DeclaredArgument[] } | undefined {
  const entry = getEntry(doc, 'arguments');
  const node = resolveNode(entry?.value);
  if (!entry || !node) return undefined;
  const names: DeclaredArgument[] = [];
  const add = (name: string, start: number, end: number) => {
    if (name && !/^\d+$/.test(name)) names.push({ name, start, end });
  };
  if (node.kind === 'seq') {
    for (const item of node.items) {
      const n = resolveNode(item);
      if (n?.kind === 'scalar' && n.value !== null) add(String(n.value).trim(), item.start, item.end);
    }
  } else if (node.kind === 'scalar' && typeof node.value === 'string') {
    const quote = node.style === 'single' || node.style === 'double' ? 1 : 0;
    const re = /\S+/g;
    for (let m = re.exec(node.value); m; m = re.exec(node.value)) {
      // Offsets inside the scalar hold when it is written as read (no escapes, one line).
      const exact = doc.text.slice(node.start + quote + m.index, node.start + quote + m.index + m[0].length) === m[0];
      add(m[0], exact ? node.start + quote + m.index : node.start, exact ? node.start + quote + m.index + m[0].length : node.end);
    }
  }
  return { entry, names };
}

/** Whether `$name` (as Claude Code matches it: not followed by a word character or `[`) is in the body. */
export function usesName(uses: readonly ArgumentUse[], name: string): boolean {
  return uses.some((u) => u.kind === 'word' && (u.word === name || (u.word!.startsWith(name) && /^-/.test(u.word!.slice(name.length)))));
}
