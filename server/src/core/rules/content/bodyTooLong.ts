import type { Rule } from '../types';

const MAX_LINES = 500;
const MAX_TOKENS = 5000;

/**
 * The UTF-16 units `utf8Length` counts as more than one byte: two-byte units, three-byte
 * units and lone low surrogates, and a high surrogate with the unit it takes along.
 */
const MULTI_BYTE = /[\u0080-\u07ff]|[\u0800-\ud7ff\udc00-\uffff]|[\ud800-\udbff][\s\S]?/g;

/**
 * `utf8Length(s)`, from the few units a native scan finds beyond ASCII: bodies are
 * mostly ASCII, and a loop over every unit was the costliest step of this rule.
 */
export function utf8Bytes(s: string): number {
  let n = s.length;
  MULTI_BYTE.lastIndex = 0;
  for (let m = MULTI_BYTE.exec(s); m; m = MULTI_BYTE.exec(s)) {
    const c = m[0].charCodeAt(0);
    n += c < 0x800 ? 1 : c < 0xd800 || c > 0xdbff ? 2 : 4 - m[0].length;
  }
  return n;
}

export const bodyTooLong: Rule = {
  code: 'body-too-long',
  title: 'The SKILL.md body is longer than 500 lines or about 5,000 tokens (spec guidance: move detail into references/).',
  defaultSeverity: 'warning',
  check(ctx) {
    const doc = ctx.doc;
    const firstBodyLine = doc.lines.positionAt(doc.bodyStart).line;
    const bodyLines = doc.lines.lineCount - firstBodyLine - (doc.text.endsWith('\n') ? 1 : 0);
    if (bodyLines > MAX_LINES) {
      const line = firstBodyLine + MAX_LINES;
      ctx.report({
        message: `The body has ${bodyLines} lines, over the ${MAX_LINES} recommended; move detailed material into files under references/.`,
        range: { start: { line, character: 0 }, end: { line, character: doc.lines.lineEnd(line) - doc.lines.lineStarts[line] } },
      });
      return;
    }
    const body = doc.text.slice(doc.bodyStart);
    // o200k tokens average well over three UTF-8 bytes of prose (about one for CJK
    // characters, which take three bytes), so shorter bodies cannot reach the limit
    // and skip the tokenizer: it is the costliest step of a large check.
    // (UTF-8 takes at most three bytes per UTF-16 unit: a short string needs no count.)
    if (body.length <= MAX_TOKENS || utf8Bytes(body) <= MAX_TOKENS * 3) return;
    const tokens = ctx.tokens(body);
    if (tokens <= MAX_TOKENS) return;
    ctx.report({
      message: `The body is about ${tokens} tokens, over the ${MAX_TOKENS} recommended; move detailed material into files under references/.`,
      range: { start: doc.lines.positionAt(doc.bodyStart), end: doc.lines.positionAt(doc.bodyStart) },
    });
  },
};
