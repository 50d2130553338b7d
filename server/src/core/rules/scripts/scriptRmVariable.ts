import type { DiskRule } from '../diskRules';
import { isComment, lineRange, scriptFiles } from './scriptFiles';

/** `rm -rf $DIR…` / `rm -r -f "${X}"/…`: recursive removal of a path that starts with a variable. */
const RM = /\brm\s+(?:-[A-Za-z-]+\s+)*?(?:-[A-Za-z]*[rR][A-Za-z]*|--recursive)\s+(?:-\S+\s+)*["']?(\$\{?[A-Za-z_]\w*(?::[^}]*)?\}?)["']?/;

/**
 * The script sets the variable itself, or tests it for emptiness (`[[ -z "$X" ]]`,
 * `${X:?}`, `${X:-…}`): then it is not the empty string by surprise.
 */
function guarded(text: string, name: string): boolean {
  const n = name.replace(/[$]/g, '');
  return new RegExp(`(^|[\\s;(])(?:export |local |readonly |declare (?:-\\w+ )?)?${n}=(?!["']?\\s*$)|-[zn] +["']?\\$\\{?${n}\\b|\\$\\{${n}:[?-]`, 'm').test(text);
}

/** An empty or unset variable turns `rm -rf "$DIR"/` into `rm -rf /`. `${DIR:?}` stops the script instead. */
export const scriptRmVariable: DiskRule = {
  code: 'script-rm-variable',
  title: 'A shell script the instructions run removes recursively a path that starts with a variable (`rm -rf $DIR`), without `${DIR:?}`.',
  defaultSeverity: 'warning',
  async check(ctx) {
    for (const s of await scriptFiles(ctx.fs, ctx.doc, ctx.skillDir)) {
      if (!s.shell || !/\brm\s/.test(s.text)) continue;
      s.lines.forEach((line, i) => {
        const m = isComment(line) ? null : RM.exec(line);
        if (!m || /^\$\{\w+:\?/.test(m[1])) return;
        const name = /\w+/.exec(m[1].slice(1))![0];
        if (guarded(s.text, name)) return;
        ctx.report({
          file: s.file,
          message: `If \`${name}\` is empty or unset, this removes from the wrong place (\`rm -rf /\` at worst); write \`\${${name}:?}\` so the script stops instead.`,
          range: lineRange(i, m.index, m.index + m[0].length),
        });
      });
    }
  },
};
