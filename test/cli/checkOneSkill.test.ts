// `skillmd check <one skill>` (pre-commit hooks, editors that spawn the CLI) checks that
// skill alone: its siblings are neither checked nor compared with it, unless contracts,
// registries or routing need the whole set (docs/cli.md).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import { makeTree, runCli } from './helpers';

const FM = (name: string) => `---\nname: ${name}\ndescription: Formats ${name} reports. Use when the user asks for a ${name} report.\n---\n# ${name}\n`;

test('check of one skill reports nothing about its siblings; the folder check compares them', () => {
  const dir = makeTree({
    'skills/alpha/SKILL.md': FM('alpha'),
    // Same name as alpha (duplicate-skill-name when both are checked) and a broken frontmatter file beside it.
    'skills/beta/SKILL.md': FM('alpha'),
    'skills/gamma/SKILL.md': '---\nname: [gamma\n---\n',
  });
  try {
    const codes = (args: string[]) => {
      const r = JSON.parse(runCli(['check', '--format', 'json', ...args], dir).stdout) as { skills: { path: string; diagnostics: { code: string }[] }[]; problems?: { code: string; file: string }[] };
      const out: string[] = [];
      for (const s of r.skills) for (const d of s.diagnostics) out.push(`${s.path.replace(/\\/g, '/')} ${d.code}`);
      for (const d of r.problems ?? []) out.push(`${d.file.replace(/\\/g, '/')} ${d.code}`);
      return out.sort();
    };
    const one = codes(['skills/alpha']);
    assert.deepEqual(one.filter((l) => !l.startsWith('skills/alpha/')), []);
    assert.ok(!one.some((l) => l.includes('duplicate-skill-name')), one.join('\n'));
    const all = codes(['skills']);
    assert.ok(all.includes('skills/alpha/SKILL.md duplicate-skill-name'), all.join('\n'));
    assert.ok(all.includes('skills/beta/SKILL.md duplicate-skill-name'), all.join('\n'));
    assert.ok(all.some((l) => l.startsWith('skills/gamma/SKILL.md ')), all.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
