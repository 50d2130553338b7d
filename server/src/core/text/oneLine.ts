// Reports read one item per line (problem matchers, people), so a line break inside an
// item is shown as `\n`; other C0 and C1 controls (not tab) as `\xNN`, so no escape
// sequence from a file reaches the terminal and no text from a skill starts a line.
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]/;

/** One line, with line breaks as `\n` and other control characters as `\xNN` (`\u2028`, `\u2029`). */
export function oneLine(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}
