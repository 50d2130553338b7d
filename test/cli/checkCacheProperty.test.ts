// Never a stale result: random edits between runs, and after each the cached report
// must equal an uncached one, byte for byte (the check itself, in process: the CLI
// as a child process is covered by checkCache.test.ts).
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { enableReferenceChecks } from '../../server/src/core/references';
import { runCheck } from '../../server/src/cli/commands/check';

enableReferenceChecks();
// Trust stamps of files written just before a run (the default waits 2 s): the edits
// below then also test that a changed file is never taken for unchanged by its stamp,
// same-size rewrites (`# Guide` and `# Guidf`) included.
process.env.SKILLMD_CACHE_RACY_MS = '0';
// A delta index while one skill (or stamp) differs from the whole index, a whole index
// past that: edits take every path between the two (the default, 16, exceeds the tree).
process.env.SKILLMD_CACHE_MIN_DELTA = '1';

const SKILLS = ['skills/alpha', 'skills/beta', 'plugin/skills/gamma'];

/** Pieces of a SKILL.md body: links to files that come and go, shared ones, a script run directly, anchors, a plugin path. */
const PIECES = [
  'Read [the guide](references/guide.md).',
  'See [the other case](references/Guide.md).',
  'Details in [intro](references/guide.md#intro).',
  'Shared: [notes](../shared.md).',
  'Run it:\n\n```bash\n./scripts/run.sh\n```',
  'The plugin readme: `${CLAUDE_PLUGIN_ROOT}/README.md`.',
  'Also `references/extra.md` and [data](assets/data.json).',
];

/** Files of the tree that edits create, change and delete (relative to a skill, or to the root with a leading slash). */
const FILES = ['references/guide.md', 'references/Guide.md', 'references/extra.md', 'scripts/run.sh', 'assets/data.json', '/skills/shared.md', '/plugin/README.md', '/plugin/.claude-plugin/plugin.json'];

const CONTENTS = ['# Guide\n', '# Intro\nSee [more](extra.md).\n', '## intro\n[back](../SKILL.md)\n', '#!/bin/sh\necho hi\n', '{"a": 1}\n', '# Guidf\n'];

type Edit =
  | { kind: 'skill'; skill: number; pieces: number[]; name: boolean; description: boolean }
  | { kind: 'write'; skill: number; file: number; content: number }
  | { kind: 'delete'; skill: number; file: number }
  | { kind: 'chmod'; skill: number; exec: boolean }
  | { kind: 'removeSkill'; skill: number }
  | { kind: 'contract'; skill: number; present: boolean }
  | { kind: 'move'; skill: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('skill' as const), skill: fc.nat(SKILLS.length - 1), pieces: fc.subarray([0, 1, 2, 3, 4, 5, 6]), name: fc.boolean(), description: fc.boolean() }),
  fc.record({ kind: fc.constant('write' as const), skill: fc.nat(SKILLS.length - 1), file: fc.nat(FILES.length - 1), content: fc.nat(CONTENTS.length - 1) }),
  fc.record({ kind: fc.constant('delete' as const), skill: fc.nat(SKILLS.length - 1), file: fc.nat(FILES.length - 1) }),
  fc.record({ kind: fc.constant('chmod' as const), skill: fc.nat(SKILLS.length - 1), exec: fc.boolean() }),
  fc.record({ kind: fc.constant('removeSkill' as const), skill: fc.nat(SKILLS.length - 1) }),
  fc.record({ kind: fc.constant('contract' as const), skill: fc.nat(SKILLS.length - 1), present: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), skill: fc.nat(SKILLS.length - 1) }),
);

function target(root: string, skill: number, file: string): string {
  return file.startsWith('/') ? path.join(root, file) : path.join(root, SKILLS[skill], file);
}

/** Two skills of one folder with `other-name`, or with the shared description, are duplicates (the rules over all skills). */
function writeSkill(root: string, skill: number, pieces: number[], ownName: boolean, ownDescription = true): void {
  const folder = path.basename(SKILLS[skill]);
  const description = ownDescription ? `Does ${folder} things. Use when the user asks for ${folder}.` : 'Does shared things.';
  const text = `---\nname: ${ownName ? folder : 'other-name'}\ndescription: ${description}\n---\n# ${folder}\n\n${pieces.map((p) => PIECES[p]).join('\n\n')}\n`;
  mkdirSync(path.join(root, SKILLS[skill]), { recursive: true });
  writeFileSync(path.join(root, SKILLS[skill], 'SKILL.md'), text);
}

function apply(root: string, e: Edit): void {
  switch (e.kind) {
    case 'skill':
      return writeSkill(root, e.skill, e.pieces, e.name, e.description);
    case 'write': {
      const f = target(root, e.skill, FILES[e.file]);
      mkdirSync(path.dirname(f), { recursive: true });
      return writeFileSync(f, CONTENTS[e.content]);
    }
    case 'delete':
      return rmSync(target(root, e.skill, FILES[e.file]), { force: true });
    case 'chmod':
      try {
        chmodSync(target(root, e.skill, 'scripts/run.sh'), e.exec ? 0o755 : 0o644);
      } catch {
        // No script there now.
      }
      return;
    case 'removeSkill':
      return rmSync(path.join(root, SKILLS[e.skill]), { recursive: true, force: true });
    case 'contract': {
      // A contract appears or goes (the walk finds contracts; a stale walk would miss it).
      const f = path.join(root, SKILLS[e.skill], 'skill.yaml');
      if (!e.present) return rmSync(f, { force: true });
      mkdirSync(path.dirname(f), { recursive: true });
      return writeFileSync(f, `name: ${path.basename(SKILLS[e.skill])}\ntimeout: soon\n`);
    }
    case 'move': {
      // The skill's folder moves aside, or back: another path, the same contents.
      const home = path.join(root, SKILLS[e.skill]);
      const aside = `${home}-moved`;
      if (existsSync(aside) && !existsSync(home)) return renameSync(aside, home);
      if (existsSync(home) && !existsSync(aside)) return renameSync(home, aside);
      return;
    }
  }
}

async function report(root: string, args: string[], format = 'json', paths = ['.']): Promise<string> {
  let out = '';
  const status = await runCheck(['--format', format, ...args, ...paths], root, (s) => (out += typeof s === 'string' ? s : Buffer.from(s).toString('utf8')));
  return `${status}\n${out}`;
}

/** What a round checks: everything, one folder of skills, or two skills in either order (the cache keeps the others). */
const SCOPES = [['.'], ['skills'], ['skills/alpha', 'skills/beta'], ['skills/beta', 'skills/alpha']];

test('a cached report equals an uncached one after any sequence of edits', async () => {
  const round = fc.record({ edits: fc.array(edit, { maxLength: 3 }), scope: fc.nat(SCOPES.length - 1) });
  await fc.assert(
    fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 6 }), async (rounds) => {
      const root = mkdtempSync(path.join(tmpdir(), 'skillmd-cache-prop-'));
      try {
        // Every kind of file there to begin with, so that edits change as often as they create.
        for (let s = 0; s < SKILLS.length; s++) {
          writeSkill(root, s, [0, 3, 4], true);
          for (const [file, content] of [[0, 1], [3, 3]]) apply(root, { kind: 'write', skill: s, file, content });
        }
        apply(root, { kind: 'write', skill: 0, file: 5, content: 0 });
        // JSON (rendered parts in the cache) and SARIF (results in the cache), each its own cache.
        const json = ['--cache', '--cache-location', path.join(root, '.cache-json')];
        const sarif = ['--cache', '--cache-location', path.join(root, '.cache-sarif')];
        assert.equal(await report(root, json), await report(root, []));
        assert.equal(await report(root, sarif, 'sarif'), await report(root, [], 'sarif'));
        for (const round of rounds) {
          for (const e of round.edits) apply(root, e);
          const paths = SCOPES[round.scope].filter((p) => existsSync(path.join(root, p)));
          if (!paths.length) continue;
          assert.equal(await report(root, json, 'json', paths), await report(root, [], 'json', paths), JSON.stringify(round));
          assert.equal(await report(root, sarif, 'sarif', paths), await report(root, [], 'sarif', paths), JSON.stringify(round));
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }),
    { numRuns: 60 },
  );
});
