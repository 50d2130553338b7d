// Diagnostics of files that are gone (issue 18: after a rename the Problems panel kept
// the old path's errors until a restart). Renamed, moved and deleted files and folders,
// from the editor (workspace/didRenameFiles, didDeleteFiles, with the documents closed
// and reopened) and from outside (didChangeWatchedFiles as `mv`, `rm -r` and `git
// checkout` produce them: a folder's event, not its files'), lose their diagnostics at
// once: push mode publishes an empty list, pull mode answers the next workspace pull
// with an empty report for each vanished URI (also to a client that sends no previous
// result ids) and asks for a refresh.
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { makeWorkspace, removeWorkspace, startServer, uriOf, type Diag, type TestClient } from './client';

const CREATED = 1;
const DELETED = 3;

/** A skill whose name is not its folder's (an error), with an unused file (a hint on that file). */
const skill = (name: string) => `---\nname: ${name}\ndescription: Skill ${name}. Use when testing renames.\n---\n# ${name}\n`;

interface WorkspaceReport { items: { uri: string; kind: string; resultId?: string; items?: Diag[] }[] }

for (const mode of ['push', 'pull'] as const) {
  describe(`vanished files lose their diagnostics (${mode})`, () => {
    let root: string;
    let c: TestClient;
    /** the workspace pull's result ids so far (pull mode), as VS Code keeps them */
    let previous: { uri: string; value: string }[] = [];
    const u = (rel: string) => uriOf(join(root, rel));

    beforeEach(async () => {
      root = makeWorkspace({
        'skills/alpha/SKILL.md': skill('old-alpha'),
        'skills/alpha/references/unused.md': '# Unused\n',
        'skills/beta/SKILL.md': skill('old-beta'),
        'skills/gamma/SKILL.md': skill('old-gamma'),
      });
      c = await startServer({ root, mode });
      await c.waitForIndex();
      previous = [];
      shownPull.clear();
      // What the client shows before: an error on each SKILL.md, a hint on the unused file.
      assert.deepEqual(await shown(), {
        [u('skills/alpha/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/alpha/references/unused.md')]: ['reference-unused-file'],
        [u('skills/beta/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/gamma/SKILL.md')]: ['name-folder-mismatch'],
      });
    });
    afterEach(async () => {
      await c.stop();
      removeWorkspace(root);
    });

    /** Every URI with diagnostics as the client shows them now (codes). */
    async function shown(): Promise<Record<string, string[]>> {
      const out: Record<string, string[]> = {};
      if (mode === 'push') {
        // Let the server's publishes arrive.
        await new Promise((r) => setTimeout(r, 300));
        for (const [uri, list] of c.published) {
          const last = list[list.length - 1];
          if (last.diagnostics.length) out[uri] = last.diagnostics.map((d) => String(d.code));
        }
        return sorted(out);
      }
      const report = await c.request<WorkspaceReport>('workspace/diagnostic', { previousResultIds: previous });
      const state = new Map(previous.map((p) => [p.uri, p]));
      for (const item of report.items) {
        if (item.kind === 'full') {
          if (item.resultId) state.set(item.uri, { uri: item.uri, value: item.resultId });
          else state.delete(item.uri);
          shownPull.set(item.uri, (item.items ?? []).map((d) => String(d.code)));
        }
      }
      previous = [...state.values()];
      for (const [uri, codes] of shownPull) if (codes.length) out[uri] = codes;
      return sorted(out);
    }
    /** what a pull client shows: the last full report per URI */
    const shownPull = new Map<string, string[]>();
    const sorted = (o: Record<string, string[]>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

    const watched = (changes: [string, number][]) => c.notify('workspace/didChangeWatchedFiles', { changes: changes.map(([rel, type]) => ({ uri: u(rel), type })) });

    test('a folder moved from outside (mv): the folder deleted, another created', async () => {
      renameSync(join(root, 'skills/alpha'), join(root, 'skills/old-alpha'));
      await watched([['skills/alpha', DELETED], ['skills/old-alpha', CREATED]]);
      assert.deepEqual(await settled(), {
        [u('skills/beta/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/gamma/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/old-alpha/references/unused.md')]: ['reference-unused-file'],
      });
    });

    test('a folder deleted from outside (rm -r): only the folder\'s event', async () => {
      rmSync(join(root, 'skills/alpha'), { recursive: true });
      await watched([['skills/alpha', DELETED]]);
      assert.deepEqual(await settled(), {
        [u('skills/beta/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/gamma/SKILL.md')]: ['name-folder-mismatch'],
      });
    });

    test('git checkout: files deleted and created, folders among them', async () => {
      rmSync(join(root, 'skills/beta'), { recursive: true });
      rmSync(join(root, 'skills/alpha/SKILL.md'));
      mkdirSync(join(root, 'skills/delta'));
      writeFileSync(join(root, 'skills/delta/SKILL.md'), skill('delta'));
      await watched([['skills/beta/SKILL.md', DELETED], ['skills/beta', DELETED], ['skills/alpha/SKILL.md', DELETED], ['skills/delta/SKILL.md', CREATED], ['skills/delta', CREATED]]);
      assert.deepEqual(await settled(), {
        [u('skills/gamma/SKILL.md')]: ['name-folder-mismatch'],
      });
    });

    test('a folder renamed in the editor (workspace/didRenameFiles alone)', async () => {
      renameSync(join(root, 'skills/beta'), join(root, 'skills/old-beta'));
      await c.notify('workspace/didRenameFiles', { files: [{ oldUri: u('skills/beta'), newUri: u('skills/old-beta') }] });
      assert.deepEqual(await settled(), {
        [u('skills/alpha/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/alpha/references/unused.md')]: ['reference-unused-file'],
        [u('skills/gamma/SKILL.md')]: ['name-folder-mismatch'],
      });
    });

    test('a SKILL.md open in the editor while its folder is renamed: closed, reopened under the new path', async () => {
      const oldFile = join(root, 'skills/gamma/SKILL.md');
      const opened = await c.open(oldFile, skill('old-gamma'));
      renameSync(join(root, 'skills/gamma'), join(root, 'skills/old-gamma'));
      await c.close(opened);
      await c.notify('workspace/didRenameFiles', { files: [{ oldUri: u('skills/gamma'), newUri: u('skills/old-gamma') }] });
      await c.open(join(root, 'skills/old-gamma/SKILL.md'), skill('old-gamma'));
      if (mode === 'pull') {
        const own = await c.request<{ items: Diag[] }>('textDocument/diagnostic', { textDocument: { uri: u('skills/old-gamma/SKILL.md') } });
        assert.deepEqual(own.items, []);
      }
      assert.deepEqual(await settled(), {
        [u('skills/alpha/SKILL.md')]: ['name-folder-mismatch'],
        [u('skills/alpha/references/unused.md')]: ['reference-unused-file'],
        [u('skills/beta/SKILL.md')]: ['name-folder-mismatch'],
      });
    });

    test('files deleted in the editor (workspace/didDeleteFiles alone): a SKILL.md and a folder', async () => {
      rmSync(join(root, 'skills/beta/SKILL.md'));
      rmSync(join(root, 'skills/alpha'), { recursive: true });
      await c.notify('workspace/didDeleteFiles', { files: [{ uri: u('skills/beta/SKILL.md') }, { uri: u('skills/alpha') }] });
      assert.deepEqual(await settled(), {
        [u('skills/gamma/SKILL.md')]: ['name-folder-mismatch'],
      });
    });

    if (mode === 'pull') {
      test('a client that sends no previous result ids still gets the empty reports, and a refresh', async () => {
        const refreshes = c.messages.filter((m) => m === 'refresh').length;
        rmSync(join(root, 'skills/alpha'), { recursive: true });
        await watched([['skills/alpha', DELETED]]);
        await c.until(() => c.messages.filter((m) => m === 'refresh').length > refreshes, 'a refresh');
        const report = await c.request<WorkspaceReport>('workspace/diagnostic', { previousResultIds: [] });
        const empty = report.items.filter((i) => i.kind === 'full' && !i.items?.length).map((i) => i.uri).sort();
        assert.deepEqual(empty, [u('skills/alpha/SKILL.md'), u('skills/alpha/references/unused.md')]);
      });
    }

    /** What the client shows once the server is done with the change. */
    async function settled(): Promise<Record<string, string[]>> {
      await c.waitForIndex();
      await new Promise((r) => setTimeout(r, 100));
      return shown();
    }
  });
}
