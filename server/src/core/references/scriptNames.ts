// Whether a script names another file of its skill, for the unused-file hint: by the
// file's name, or by its stem where code names a module. A stem that is only a word of
// the text ("# build the document") names nothing.
import * as path from 'node:path';

/**
 * Python import statements, whole: `import a, b`, `from .pkg import x`, and those that
 * go on over lines in parentheses or after a `\`.
 */
const IMPORT_STATEMENT = /^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(?:\([^)]*\)|(?:[^\n\\]|\\\r?\n|\\)*)/gm;
/** `python -m pkg.module`: the module's dotted name. */
const RUN_MODULE = /(?:^|[\s;&|(])-m[ \t]+([\w.]+)/g;

export interface ScriptText {
  text: string;
  /** [start, end) of each import statement and `-m` module name, in order; found on first need */
  spans?: number[];
}

export function scriptText(text: string): ScriptText {
  return { text };
}

/** Most stems never occur in a script, so its import statements are looked for only when one does. */
function spansOf(s: ScriptText): number[] {
  if (s.spans) return s.spans;
  const text = s.text;
  const spans: number[] = (s.spans = []);
  // Only texts that import or run a module have spans: most scripts are scanned twice for nothing.
  if (text.includes('import')) {
    IMPORT_STATEMENT.lastIndex = 0;
    for (let m = IMPORT_STATEMENT.exec(text); m; m = IMPORT_STATEMENT.exec(text)) {
      if (!m[0]) {
        IMPORT_STATEMENT.lastIndex++;
        continue;
      }
      spans.push(m.index, m.index + m[0].length);
    }
  }
  if (text.includes('-m')) {
    RUN_MODULE.lastIndex = 0;
    for (let m = RUN_MODULE.exec(text); m; m = RUN_MODULE.exec(text)) spans.push(m.index + m[0].length - m[1].length, m.index + m[0].length);
    // Both lists are in text order; merged, the spans stay sorted by start.
    const pairs: [number, number][] = [];
    for (let i = 0; i < spans.length; i += 2) pairs.push([spans[i], spans[i + 1]]);
    pairs.sort((a, b) => a[0] - b[0]);
    spans.length = 0;
    for (const [a, b] of pairs) spans.push(a, b);
  }
  return spans;
}

/**
 * Whether the script names `file`: its base name anywhere; its stem after a `/` or `\`
 * (`require('./lib/client')`), quoted whole (`import_module("fonts")`), or inside an
 * import statement or a `-m` module name. A package's `__init__.py` is named by its
 * folder (`from helpers import x`).
 */
export function namesFile(s: ScriptText, file: string): boolean {
  const { text } = s;
  const base = path.basename(file);
  if (text.includes(base)) return true;
  const stem = base === '__init__.py' ? path.basename(path.dirname(file)) : base.replace(/\.[^.]+$/, '');
  if (stem.length <= 2) return false;
  const word = new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
  // Matches come in text order, so the span list is walked once: linear in the text.
  let spans: number[] | undefined;
  let k = 0;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    const at = m.index;
    const before = text[at - 1];
    const after = text[at + stem.length];
    if (before === '/' || before === '\\' || ((before === '"' || before === "'") && after === before)) return true;
    spans ??= spansOf(s);
    while (k < spans.length && spans[k + 1] <= at) k += 2;
    if (k < spans.length && spans[k] <= at) return true;
  }
  return false;
}
