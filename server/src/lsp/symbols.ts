// Document symbols: the frontmatter and its keys (nested maps included), then the
// body's headings as a tree.
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver/node';
import type { FrontmatterEntry, SkillDocument } from '../core/document/model';
import { resolveNode } from '../core/document/values';
import type { Range } from '../core/types';
import { scanBody } from './markdown';

function entryRange(doc: SkillDocument, e: FrontmatterEntry): Range {
  const end = e.value ? e.value.end : e.keyEnd + 1;
  const r = doc.lines.range(e.keyStart, Math.max(end, e.keyEnd));
  // A block value ends after its line break: end the symbol on its last line instead.
  if (r.end.character === 0 && r.end.line > r.start.line) {
    const line = r.end.line - 1;
    r.end = { line, character: doc.lines.lineText(line).length };
  }
  return r;
}

function detailOf(e: FrontmatterEntry): string {
  const n = resolveNode(e.value);
  if (!n) return '';
  if (n.kind === 'scalar') {
    const s = String(n.value ?? '');
    return s.length > 60 ? s.slice(0, 59) + '…' : s;
  }
  if (n.kind === 'seq') return `${n.items.length} item${n.items.length === 1 ? '' : 's'}`;
  if (n.kind === 'map') return `${n.entries.length} key${n.entries.length === 1 ? '' : 's'}`;
  return '';
}

function entrySymbol(doc: SkillDocument, e: FrontmatterEntry, depth: number): DocumentSymbol {
  const n = resolveNode(e.value);
  const children = n?.kind === 'map' && depth < 8 && n === e.value ? n.entries.map((c) => entrySymbol(doc, c, depth + 1)) : undefined;
  return {
    name: e.key || '(empty key)',
    detail: detailOf(e),
    kind: n?.kind === 'map' ? SymbolKind.Object : n?.kind === 'seq' ? SymbolKind.Array : SymbolKind.Property,
    range: entryRange(doc, e),
    selectionRange: e.keyRange,
    children,
  };
}

export function documentSymbols(doc: SkillDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const fm = doc.frontmatter;
  if (fm.openRange) {
    const end = fm.closeRange?.end ?? doc.lines.positionAt(fm.contentEnd);
    out.push({
      name: 'frontmatter',
      kind: SymbolKind.Module,
      range: { start: fm.openRange.start, end },
      selectionRange: fm.openRange,
      children: fm.entries.map((e) => entrySymbol(doc, e, 0)),
    });
  }
  const { headings } = scanBody(doc);
  const lastLine = doc.lines.lineCount - 1;
  const stack: { level: number; sym: DocumentSymbol }[] = [];
  const close = (sym: DocumentSymbol, beforeLine: number) => {
    let l = Math.max(sym.range.start.line, beforeLine - 1);
    while (l > sym.range.start.line && doc.lines.lineText(l).trim() === '') l--;
    sym.range = { start: sym.range.start, end: { line: l, character: doc.lines.lineText(l).length } };
  };
  for (const h of headings) {
    while (stack.length && stack[stack.length - 1].level >= h.level) close(stack.pop()!.sym, h.line);
    const lineRange = { start: { line: h.line, character: 0 }, end: { line: h.line, character: doc.lines.lineText(h.line).length } };
    const sym: DocumentSymbol = { name: h.text || '#'.repeat(h.level), kind: SymbolKind.String, range: lineRange, selectionRange: lineRange, children: [] };
    (stack.length ? stack[stack.length - 1].sym.children! : out).push(sym);
    stack.push({ level: h.level, sym });
  }
  while (stack.length) close(stack.pop()!.sym, lastLine + 1);
  return out;
}

/** Flat symbols for clients without hierarchical support. */
export function flatSymbols(uri: string, symbols: DocumentSymbol[], container?: string, out: SymbolInformation[] = []): SymbolInformation[] {
  for (const s of symbols) {
    out.push({ name: s.name, kind: s.kind, location: { uri, range: s.range }, containerName: container });
    if (s.children) flatSymbols(uri, s.children, s.name, out);
  }
  return out;
}
