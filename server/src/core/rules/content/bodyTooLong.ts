import type { Rule } from '../types';

const MAX_LINES = 500;
const MAX_TOKENS = 5000;

const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * `utf8Length(s)`, from the few units a native scan finds beyond ASCII: bodies are
 * mostly ASCII, and a loop over every unit was the costliest step of this rule.
 */
export function utf8Bytes(s: string): number {
  let n = s.length;
  NON_ASCII.lastIndex = 0;
  while (NON_ASCII.test(s)) {
    const i = NON_ASCII.lastIndex - 1;
    const c = s.charCodeAt(i);
    if (c < 0x800) n += 1;
    else if (c < 0xd800 || c > 0xdbff) n += 2;
    else if (i + 1 < s.length) {
      // A high surrogate counts four bytes for itself and the unit after it, whatever that is.
      n += 2;
      NON_ASCII.lastIndex = i + 2;
    } else n += 3;
  }
  return n;
}

export const bodyTooLong: Rule = {
  code: 'body-too-long',
  title: 'The SKILL.md body is longer than 500 lines or about 5,000 tokens (spec guidance: move detail into references/).',
  defaultSeverity: 'warning',
  // Line 501 of the body is line 501 after a comment is inserted above it.
  wholeDocument: true,
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
