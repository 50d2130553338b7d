/**
 * Where PyYAML's scanner stops on a tab. It skips only spaces between tokens
 * (scan_to_next_token, scan_plain_spaces), so a tab that is not inside a quoted
 * scalar, a comment or a block scalar's content is "found character '\t' that cannot
 * start any token": `description: Use this<TAB>skill`, a tab after `key:`, a tab
 * indent, a trailing tab. YAML 1.2 parsers accept most of these. Line by line, quoted
 * scalars followed across lines; offsets are into `yaml`.
 */
export function pyyamlTabOffsets(yaml: string, max = Infinity): number[] {
  const out: number[] = [];
  if (!yaml.includes('\t')) return out;
  let quote: string | undefined;
  let blockIndent = -1;
  let lineStart = 0;
  while (lineStart <= yaml.length && out.length < max) {
    let lineEnd = yaml.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = yaml.length;
    const line = yaml.slice(lineStart, lineEnd).replace(/\r$/, '');
    const indent = /^ */.exec(line)![0].length;
    let content = true;
    if (blockIndent >= 0) {
      // Block scalar content: more indented than its key, or blank.
      if (line.trim() === '' || indent > blockIndent) content = false;
      else blockIndent = -1;
    }
    if (content) {
      let sawText = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quote) {
          if (quote === '"' && c === '\\') i++;
          else if (c === quote) {
            if (quote === "'" && line[i + 1] === "'") i++;
            else quote = undefined;
          }
          continue;
        }
        if (c === '\t') {
          out.push(lineStart + i);
          break;
        }
        if (c === '#' && (i === 0 || line[i - 1] === ' ')) break;
        if ((c === '"' || c === "'") && (!sawText || /[\s:,[{-]/.test(line[i - 1]))) quote = c;
        if (c !== ' ') sawText = true;
      }
      // `key: |` or `key: >-`: the lines after it are its content.
      if (!quote && /:[ ]+[|>][-+0-9]*[ ]*(?:#.*)?$/.test(line)) blockIndent = indent;
    }
    lineStart = lineEnd + 1;
  }
  return out;
}
