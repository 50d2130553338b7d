import type { FrontmatterEntry, SkillDocument } from '../../document/model';
import { getEntry, resolveNode } from '../../document/values';

/** One tool entry of `allowed-tools` / `disallowed-tools`: `Read`, `Bash(git:*)`, `mcp__github__create_issue`. */
export interface ToolEntry {
  text: string;
  /** the tool name: the text before `(` */
  name: string;
  /** the text inside `(…)`, when there is one */
  spec?: string;
  /** parentheses do not pair up, or text follows the closing one */
  malformed: boolean;
  start: number;
  end: number;
}

/** Splits at commas and white space outside parentheses, as Claude Code reads the string form. */
export function splitTools(s: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let depth = 0;
  let from = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = s[i];
    const sep = c === undefined || (depth === 0 && (c === ',' || /\s/.test(c)));
    if (sep) {
      if (from >= 0) out.push({ text: s.slice(from, i), at: from });
      from = -1;
      continue;
    }
    if (from < 0) from = i;
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
  }
  return out;
}

function parseEntry(text: string, start: number, end: number): ToolEntry {
  const open = text.indexOf('(');
  if (open < 0) return { text, name: text, malformed: text.includes(')'), start, end };
  const close = text.lastIndexOf(')');
  let depth = 0;
  let balanced = true;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) balanced = false;
  }
  const malformed = !balanced || depth !== 0 || close !== text.length - 1 || open === 0;
  return { text, name: text.slice(0, open), spec: close > open ? text.slice(open + 1, close) : text.slice(open + 1), malformed, start, end };
}

/** The entries of a tools field, with their offsets in the document. */
export function toolEntries(doc: SkillDocument, key: string): { entry: FrontmatterEntry; tools: ToolEntry[] } | undefined {
  const entry = getEntry(doc, key);
  const node = resolveNode(entry?.value);
  if (!entry || !node) return undefined;
  const tools: ToolEntry[] = [];
  if (node.kind === 'seq') {
    for (const item of node.items) {
      const n = resolveNode(item);
      if (n?.kind !== 'scalar' || typeof n.value !== 'string' || !n.value.trim()) continue;
      const v = n.value.trim();
      const quote = n.style === 'single' || n.style === 'double' ? 1 : 0;
      const at = doc.text.indexOf(v, n.start + quote);
      const exact = at >= 0 && at + v.length <= n.end;
      tools.push(parseEntry(v, exact ? at : item.start, exact ? at + v.length : item.end));
    }
  } else if (node.kind === 'scalar' && typeof node.value === 'string') {
    const quote = node.style === 'single' || node.style === 'double' ? 1 : 0;
    for (const part of splitTools(node.value)) {
      const s = node.start + quote + part.at;
      const exact = doc.text.slice(s, s + part.text.length) === part.text;
      tools.push(parseEntry(part.text, exact ? s : node.start, exact ? s + part.text.length : node.end));
    }
  }
  return { entry, tools };
}

export const TOOL_FIELDS = ['allowed-tools', 'disallowed-tools'];
