// Claude Code: `$ARGUMENTS`, `$0`…, `$name` against `arguments` and `argument-hint`.
import { test } from 'node:test';
import { checkFixture } from '../../../harness/fixture';

test('argument-hint-missing: the body reads the arguments without a hint', async () => {
  await checkFixture(`
    //- .claude/skills/fix-issue/SKILL.md
    ---
    name: fix-issue
    description: Fixes a GitHub issue by number. Use when asked to fix an issue.
    ---
    Fix issue $ARGUMENTS following our coding standards.
    //        ^^^^^^^^^^ hint argument-hint-missing: The body reads the arguments of \`/fix-issue\` (\`$ARGUMENTS\`), but no \`argument-hint\` tells the user what to type; autocomplete shows it (claude-code).
  `);
});

test('argument-unused: a declared name the body never writes', async () => {
  await checkFixture(`
    //- .claude/skills/migrate/SKILL.md
    ---
    name: migrate
    description: Migrates a component between frameworks. Use when asked to port a component.
    arguments:
      - component
      - target
    //  ^^^^^^ warning argument-unused: The argument \`target\` is declared but \`$target\` is not in the body, so its value is placed nowhere; write \`$target\` where it belongs (claude-code).
    ---
    Migrate $component to the new framework.
  `);
});

test('argument-undeclared: a $name close to a declared one', async () => {
  await checkFixture(`
    //- .claude/skills/migrate/SKILL.md
    ---
    name: migrate
    description: Migrates a component between frameworks. Use when asked to port a component.
    arguments: component framework
    //                   ^^^^^^^^^ warning argument-unused
    ---
    Migrate $component to $framwork.
    //                    ^^^^^^^^^ warning argument-undeclared: \`$framwork\` is not a declared argument, so Claude Code leaves it as it is; did you mean \`$framework\`? (claude-code)
  `);
});

test('arguments: shell variables, $HOME and $1 in code are not arguments', async () => {
  await checkFixture(`
    //- .claude/skills/count/SKILL.md
    ---
    name: count
    description: Counts lines in files. Use when asked how long files are.
    arguments: [path]
    ---
    Count the lines of $path, using \`awk '{print $1}'\` and $HOME.

    \`\`\`bash
    for f in "$@"; do wc -l "$f" $1; done
    echo $pth
    \`\`\`
  `, { through: ['core'] });
});

test('arguments: $ARGUMENTS[1] and $1 count for the second name; a hint or arguments field silences the hint', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Renames one component to another (a). Use when asked to rename.
    arguments: [from, to]
    ---
    Rename $from to $ARGUMENTS[1].
    //- .claude/skills/b/SKILL.md
    ---
    name: b
    description: Renames one component to another (b). Use when asked to rename.
    argument-hint: "[from] [to]"
    ---
    Rename $0 to $1.
    //- .claude/skills/c/SKILL.md
    ---
    name: c
    description: Renames one component to another (c). Use when asked to rename.
    user-invocable: false
    ---
    Rename $ARGUMENTS.
  `, { through: ['core'] });
});

test('argument-hint-missing: $1 in prose counts, in a shell block it does not', async () => {
  await checkFixture(`
    //- .claude/skills/a/SKILL.md
    ---
    name: a
    description: Renames one component to another. Use when asked to rename.
    ---
    \`\`\`sh
    mv $1 $2
    \`\`\`
    Rename $1 to $2.
    //     ^^ hint argument-hint-missing
    //- .claude/skills/b/SKILL.md
    ---
    name: b
    description: Prices cloud plans. Use when asked what a plan costs.
    ---
    From $0.01 a call; $0 CAC for organic; $30/month; $5 per seat.
    | Channel | Now | Next |
    | Ads | $[X] | $0 |
  `, { through: ['core'] });
});
