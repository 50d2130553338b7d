import { getEntry } from '../../document/values';
import { closest } from '../../text/similarity';
import type { Rule } from '../types';
import { insertEntry, replace } from '../edits';
import { ids, withFact } from '../facts';
import { argumentUses, declaredArguments, usesName } from './argumentUses';
import { userInvocable } from './invocation';

/**
 * What Claude Code certainly substitutes: `$ARGUMENTS` and `$ARGUMENTS[n]` anywhere;
 * `$n` outside code (in a shell block or inline code `$1` is as likely the shell's own).
 */
export const argumentHintMissing: Rule = {
  code: 'argument-hint-missing',
  title: 'The body reads `$ARGUMENTS` or `$0`… but there is no `argument-hint` (or `arguments`) to show what `/name` expects (Claude Code).',
  defaultSeverity: 'hint',
  check(ctx) {
    const has = withFact(ctx.targets, 'argumentSubstitution');
    const doc = ctx.doc;
    if (!has || getEntry(doc, 'argument-hint') || getEntry(doc, 'arguments') || !userInvocable(doc)) return;
    const first = argumentUses(doc).find((u) => u.kind === 'all' || (u.kind === 'index' && !u.code && !u.price) || (u.kind === 'index' && doc.text.startsWith('$ARGUMENTS[', u.start)));
    if (!first) return;
    ctx.report({
      message: `The body reads the arguments of \`/${ctx.folderName}\` (\`${doc.text.slice(first.start, first.end)}\`), but no \`argument-hint\` tells the user what to type; autocomplete shows it (${ids(has.profiles)}).`,
      range: doc.lines.range(first.start, first.end),
      fixes: [{ title: 'Add `argument-hint`', edits: [insertEntry(doc, 'argument-hint: "[arguments]"')] }],
    });
  },
};

export const argumentUnused: Rule = {
  code: 'argument-unused',
  title: 'A name in `arguments` never appears as `$name` in the body, so that argument is placed nowhere (Claude Code).',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'argumentSubstitution');
    const declared = has && declaredArguments(ctx.doc);
    if (!declared || !declared.names.length) return;
    const uses = argumentUses(ctx.doc);
    // `$ARGUMENTS` carries every argument; `$ARGUMENTS[i]` / `$i` (outside shell blocks) the i-th.
    if (uses.some((u) => u.kind === 'all')) return;
    const byIndex = new Set(uses.filter((u) => u.kind === 'index' && !u.shell).map((u) => u.index));
    declared.names.forEach((arg, i) => {
      if (usesName(uses, arg.name) || byIndex.has(i)) return;
      ctx.report({
        message: `The argument \`${arg.name}\` is declared but \`$${arg.name}\` is not in the body, so its value is placed nowhere; write \`$${arg.name}\` where it belongs (${ids(has.profiles)}).`,
        range: ctx.doc.lines.range(arg.start, arg.end),
      });
    });
  },
};

export const argumentUndeclared: Rule = {
  code: 'argument-undeclared',
  title: 'A `$name` in the body\'s prose is close to, but not, a name in `arguments`, so Claude Code leaves it as it is.',
  defaultSeverity: 'warning',
  check(ctx) {
    const has = withFact(ctx.targets, 'argumentSubstitution');
    const declared = has && declaredArguments(ctx.doc);
    if (!declared || !declared.names.length) return;
    const names = declared.names.map((a) => a.name);
    for (const u of argumentUses(ctx.doc)) {
      // Code is the shell's or a program's; prose `$HOME`, `$PATH` are environment variables.
      if (u.kind !== 'word' || u.code || /^[A-Z0-9_]+$/.test(u.word!) || names.some((n) => usesName([u], n))) continue;
      const near = closest(u.word!, names);
      if (!near) continue;
      ctx.report({
        message: `\`$${u.word}\` is not a declared argument, so Claude Code leaves it as it is; did you mean \`$${near}\`? (${ids(has!.profiles)})`,
        range: ctx.doc.lines.range(u.start, u.end),
        fixes: [{ title: `Change to \`$${near}\``, edits: [replace(ctx.doc, u.start, u.end, '$' + near)], preferred: true }],
      });
    }
  },
};
