import type { FrontmatterEntry, SkillDocument } from '../document/model';
import type { TextEdit } from '../types';

/** A YAML double-quoted scalar that round-trips `value`. */
export function yamlQuote(value: string): string {
  return JSON.stringify(value);
}

/** A plain scalar when safe, double-quoted otherwise. */
export function yamlScalar(value: string): string {
  if (/^[A-Za-z0-9][A-Za-z0-9 ._/()-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|~)$/i.test(value) && !/^[\d.+-]+$/.test(value)) {
    return value;
  }
  return yamlQuote(value);
}

export function replace(doc: SkillDocument, start: number, end: number, newText: string): TextEdit {
  return { range: doc.lines.range(start, end), newText };
}

/** Deletes the whole entry, including its line break and any continuation lines. */
export function removeEntry(doc: SkillDocument, entry: FrontmatterEntry): TextEdit {
  return replace(doc, entry.lineStart, entry.lineEnd, '');
}

export function replaceValue(doc: SkillDocument, entry: FrontmatterEntry, newText: string): TextEdit {
  if (entry.value) return replace(doc, entry.value.start, entry.value.end, newText);
  // `key:` with nothing: insert after the colon.
  return replace(doc, entry.keyEnd + 1, entry.keyEnd + 1, ' ' + newText);
}

/** Line break style of the document, so inserted lines match. */
export function eol(doc: SkillDocument): string {
  const i = doc.text.indexOf('\n');
  return i > 0 && doc.text.charCodeAt(i - 1) === 13 ? '\r\n' : '\n';
}

/** Inserts a new top-level `key: value` line at the end of the frontmatter. */
export function insertEntry(doc: SkillDocument, line: string): TextEdit {
  const at = doc.frontmatter.contentEnd;
  return replace(doc, at, at, line + eol(doc));
}
