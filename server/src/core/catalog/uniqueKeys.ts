import type { Document, LineCounter, YAMLParseError } from 'yaml';
import { isScalar, newLineCounter, newYamlParseError, parseDocument, visit } from '../lazy/yaml';

/**
 * `parseDocument(text, { uniqueKeys: true, strict: true })` with the same errors, in
 * linear time: `yaml` compares each key with every earlier key of its map, so 20,000
 * keys took 8 s, and a flow map on one line within the size skillmd parses could take
 * a minute. Here keys are looked up in a set; the duplicate-key errors are `yaml`'s own
 * (code, message, position, line and column), merged into the others by position.
 */
export function parseWithUniqueKeys(text: string): Document.Parsed {
  const lineCounter = newLineCounter();
  const doc = parseDocument(text, { uniqueKeys: false, strict: true, lineCounter });
  const found: YAMLParseError[] = [];
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        // As `yaml` compares keys: scalars by value (===, so NaN never repeats); other keys by identity.
        if (!isScalar(pair.key)) continue;
        const v = pair.key.value;
        if (typeof v === 'number' && Number.isNaN(v)) continue;
        if (!seen.has(v)) {
          seen.add(v);
          continue;
        }
        const at = pair.key.range?.[0] ?? 0;
        found.push(duplicateKeyError(text, lineCounter, at));
      }
    },
  });
  if (found.length) doc.errors.splice(0, doc.errors.length, ...[...doc.errors, ...found].sort((a, b) => a.pos[0] - b.pos[0]));
  return doc;
}

function duplicateKeyError(text: string, lc: LineCounter, at: number): YAMLParseError {
  const e = newYamlParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique');
  e.linePos = [lc.linePos(at), lc.linePos(at + 1)];
  const { line, col } = e.linePos[0];
  e.message += ` at line ${line}, column ${col}`;
  e.message += context(text, lc, line, col);
  return e;
}

/** The source line under a message, and a caret, laid out as `yaml` lays out its own. */
function context(text: string, lc: LineCounter, line: number, col: number): string {
  const start = lc.lineStarts[line - 1];
  const next = lc.lineStarts[line];
  let lineText = text.substring(start, next ?? text.length).replace(/\r?\n$/, '');
  let ci = col - 1;
  if (ci >= 60 && lineText.length > 80) {
    const cut = Math.min(ci - 39, lineText.length - 79);
    lineText = '…' + lineText.substring(cut);
    ci -= cut - 1;
  }
  if (lineText.length > 80) lineText = lineText.substring(0, 79) + '…';
  // At the start of a line, the line before is shown too.
  if (line > 1 && /^ *$/.test(lineText.substring(0, ci))) {
    let prev = text.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
    if (prev.length > 80) prev = prev.substring(0, 79) + '…\n';
    lineText = prev + lineText;
  }
  if (!/[^ ]/.test(lineText)) return '';
  return `:\n\n${lineText}\n${' '.repeat(ci)}^\n`;
}

