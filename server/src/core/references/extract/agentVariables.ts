// Extractor: paths after agent path variables (`{{.BaseDirectory}}/…`, `${CLAUDE_SKILL_DIR}/…`,
// installed locations) in code that is no shell, and in the `allowed-tools` frontmatter field.
import { getEntry, resolveNode } from '../../document/values';
import { codeToken, runnable } from './codePaths';
import { type Builder, VARIABLE_ANYWHERE } from './model';

/** Paths after agent path variables anywhere in a non-shell code line. */
export function variablePaths(b: Builder, from: number, to: number): void {
  const line = b.doc.text.slice(from, to);
  const variables = line.includes('BaseDirectory') || line.includes('CLAUDE_SKILL_DIR');
  const installed = line.includes('/.') || line.includes('PLUGIN_ROOT');
  if (!variables && !installed) return;
  for (const re of [variables && VARIABLE_ANYWHERE, installed && INSTALLED_ANYWHERE]) {
    if (!re) continue;
    re.lastIndex = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      // At a word's start only: `a~/x` is no home path.
      if (re === INSTALLED_ANYWHERE && m.index > 0 && !/[\s"'`(=:]/.test(line[m.index - 1])) continue;
      let end = m.index + m[0].length;
      while (end < line.length && !/[\s"'`)(\]<>,;|&]/.test(line[end])) end++;
      codeToken(b, 'code', from + m.index, from + end, false);
    }
  }
}

/** Where an installed-location path may start (installedPath.ts says whether it is the skill's). */
export const INSTALLED_ANYWHERE = /(?:~|\$HOME|\$\{HOME\}|\$\{?(?:CLAUDE_)?PLUGIN_ROOT\}?)\//g;

/**
 * Scripts that `allowed-tools` lets the agent run (Claude Code:
 * `Bash(${CLAUDE_SKILL_DIR}/scripts/sync.sh:*)`): the path ends before the `:*`
 * pattern suffix, and the script is run directly.
 */
export function allowedToolPaths(b: Builder): void {
  const node = resolveNode(getEntry(b.doc, 'allowed-tools')?.value);
  if (!node) return;
  const lines = b.doc.lines;
  const from = lines.offsetAt(node.range.start);
  const value = b.doc.text.slice(from, lines.offsetAt(node.range.end));
  const variables = value.includes('BaseDirectory') || value.includes('CLAUDE_SKILL_DIR');
  const installed = value.includes('/.') || value.includes('PLUGIN_ROOT');
  for (const re of [variables && VARIABLE_ANYWHERE, installed && INSTALLED_ANYWHERE]) {
    if (!re) continue;
    re.lastIndex = 0;
    for (let m = re.exec(value); m; m = re.exec(value)) {
      if (re === INSTALLED_ANYWHERE && m.index > 0 && !/[\s"'`(=:,]/.test(value[m.index - 1])) continue;
      let end = m.index + m[0].length;
      while (end < value.length && !/[\s"'`)(\]<>,;|&:*]/.test(value[end])) end++;
      // Run directly only when it starts the command: `Bash(python3 ${…}/x.py)` runs python3.
      let p = m.index;
      while (p > 0 && (value[p - 1] === ' ' || value[p - 1] === '"' || value[p - 1] === "'")) p--;
      const first = p === 0 || value[p - 1] === '(';
      const before = b.out.length;
      codeToken(b, 'code', from + m.index, from + end, true);
      for (let k = before; k < b.out.length; k++) b.out[k].executed = first && runnable(b.out[k].path);
    }
  }
}
