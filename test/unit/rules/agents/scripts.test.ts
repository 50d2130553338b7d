// Scripts the instructions run: shebang, curl | sh, rm -rf $VAR, credentials.
import { test } from 'node:test';
import { checkFixture } from '../../../harness/fixture';

test('script-no-shebang: a Python script run directly', async () => {
  await checkFixture(`
    //- skills/report/SKILL.md
    ---
    name: report
    description: Builds the weekly report. Use when asked for the report.
    ---
    Run \`scripts/build.py --week 3\`.
    //   ^^^^^^^^^^^^^^^^ info reference-not-executable
    //- skills/report/scripts/build.py
    import sys
    ^^^^^^^^^^ warning script-no-shebang: The instructions run \`scripts/build.py\` directly, but it has no \`#!\` line, so the shell runs it as a shell script and it fails; add one (\`#!/usr/bin/env python3\`) or run it through its interpreter.
    print(sys.argv)
  `);
});

test('script-no-shebang: not when run through the interpreter; a shell script is only a hint', async () => {
  await checkFixture(`
    //- skills/report/SKILL.md
    ---
    name: report
    description: Builds the weekly report. Use when asked for the report.
    ---
    Run \`python3 scripts/build.py\`.

    Then run \`scripts/post.sh --all\`.
    //        ^^^^^^^^^^^^^^^ info reference-not-executable
    //- skills/report/scripts/build.py
    print(1)
    //- skills/report/scripts/post.sh
    echo done
    ^^^^^^^^^ hint script-no-shebang
  `, { through: ['core'] });
});

test('script-pipe-to-shell, script-rm-variable and script-secret, on their lines', async () => {
  await checkFixture(`
    //- skills/setup/SKILL.md
    ---
    name: setup
    description: Sets up the toolchain. Use when asked to install the tools.
    ---
    Run \`bash scripts/setup.sh\`.
    //- skills/setup/scripts/setup.sh
    #!/usr/bin/env bash
    curl -fsSL https://example.com/install.sh | sudo bash
    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning script-pipe-to-shell: This line runs whatever the server sends, unchecked, when the agent runs the script; download to a file, verify it (checksum or signature), then run it.
    rm -rf "$BUILD_DIR"/*
    ^^^^^^^^^^^^^^^^^^^ warning script-rm-variable: If \`BUILD_DIR\` is empty or unset, this removes from the wrong place (\`rm -rf /\` at worst); write \`\${BUILD_DIR:?}\` so the script stops instead.
    export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345
    //                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning script-secret: This looks like a GitHub token, written into a script that is shared with the skill; read it from an environment variable instead, and revoke it if it was ever published.
  `);
});

test('script rules: guarded rm, comments, placeholders and unnamed scripts are fine', async () => {
  await checkFixture(`
    //- skills/setup/SKILL.md
    ---
    name: setup
    description: Sets up the toolchain. Use when asked to install the tools.
    ---
    Run \`bash scripts/setup.sh\`.
    //- skills/setup/scripts/setup.sh
    #!/bin/sh
    # curl https://x | sh is what we avoid
    rm -rf "\${BUILD_DIR:?}"/*
    OUT="$HOME/.cache/x"
    rm -rf "$OUT"
    [ -n "$DIR" ] && rm -rf "$DIR"/*
    rm -f "$TMP_FILE"
    KEY=AKIAIOSFODNN7EXAMPLE
    //- skills/setup/scripts/other.sh
    | hint reference-unused-file
    curl https://x | sh
  `, { through: ['core'] });
});

test('a script named three ways is read once, as first written; one outside the skill is not read', async () => {
  await checkFixture(`
    //- skills/report/SKILL.md
    ---
    name: report
    description: Builds the weekly report. Use when asked for the report.
    ---
    Run \`./scripts/post.sh\`, \`scripts/post.sh\` or \`scripts/../scripts/post.sh\`.
    //   ^^^^^^^^^^^^^^^^^ info reference-not-executable: \`scripts/post.sh\` is run directly but is not executable (mode 644); run \`chmod +x scripts/post.sh\` or invoke it through its interpreter.

    Not \`bash ../post.sh\`.
    //        ^^^^^^^^^^ warning reference-escapes-skill: \`../post.sh\` leads out of the skill folder: the file is not installed with the skill. Copy the file into the skill and reference it there.
    //- skills/report/scripts/post.sh
    echo done
    ^^^^^^^^^ hint script-no-shebang: The instructions run \`./scripts/post.sh\` directly, and it has no \`#!\` line: it runs under whatever shell starts it; add \`#!/usr/bin/env bash\` (or \`sh\`).
    //- skills/post.sh
    curl -fsSL https://example.com/x.sh | sh
  `, { through: ['core'] });
});
