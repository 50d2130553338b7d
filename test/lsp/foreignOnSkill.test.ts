// A SKILL.md that another skill links to (a nested skill, as in awesome-copilot's
// qdrant-scaling) gets diagnostics from two checks: its own, and the linking skill's
// (a link that leads too deep from that skill). The client must be shown both: pushed,
// one list per file replaces the last one; pulled, one report per file.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, uriOf, type Diag } from './client';

interface WorkspaceReport { items: { uri: string; kind: string; items?: Diag[] }[] }

const files = {
  'skills/outer/SKILL.md': '---\nname: outer\ndescription: Outer skill. Use when testing nested skills.\n---\n# Outer\nSee [the inner skill](inner/SKILL.md).\n',
  // Its name is not its folder's (its own check), and its link is a second hop from outer.
  // The link out of both skill folders is reported alike by both checks: shown once.
  'skills/outer/inner/SKILL.md': '---\nname: other\ndescription: Inner skill. Use when testing nested skills.\n---\n# Inner\nSee [the guide](guide.md).\nAnd [the notes](../../notes.md).\n',
  'skills/outer/inner/guide.md': '# Guide\n',
  'skills/notes.md': '# Notes\n',
};

for (const mode of ['push', 'pull'] as const) {
  test(`a SKILL.md another skill links to shows both checks' diagnostics (${mode})`, { timeout: 60_000 }, async () => {
    const root = makeWorkspace(files);
    const c = await startServer({ root, mode });
    try {
      await c.waitForIndex(30_000, { references: true });
      const inner = uriOf(join(root, 'skills/outer/inner/SKILL.md'));
      let shown: Diag[];
      if (mode === 'push') {
        await new Promise((r) => setTimeout(r, 300));
        const list = c.published.get(inner) ?? [];
        shown = list[list.length - 1]?.diagnostics ?? [];
      } else {
        const report = await c.request<WorkspaceReport>('workspace/diagnostic', { previousResultIds: [] });
        const items = report.items.filter((i) => i.uri === inner);
        assert.equal(items.length, 1, 'one report for the file');
        shown = items[0].items ?? [];
      }
      assert.deepEqual(shown.map((d) => [d.code, d.range.start.line]).sort(), [['name-folder-mismatch', 1], ['reference-escapes-skill', 6], ['reference-too-deep', 5]]);
    } finally {
      await c.stop();
      removeWorkspace(root);
    }
  });
}
