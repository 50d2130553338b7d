// Child process of the bench's "render" section: discovers every skill of a corpus
// (each top-level folder is a workspace folder with the agent skill roots inside),
// then times renderIndex per agent on the discovered catalog. Prints one JSON line.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { SkillCatalog, workspaceRoots } from '../../server/src/core/catalog/catalog';
import { renderIndex } from '../../server/src/core/render/index';
import { NodeFileSystem } from '../../server/src/node/nodeFileSystem';

const AGENTS = ['lovia', 'agentskills', 'eino', 'codex', 'claude-code'] as const;

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2]);
  const runs = Number(process.argv[3] ?? 5);
  const folders = [dir, ...readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(dir, d.name))];
  const roots = workspaceRoots(folders);
  const out: Record<string, unknown> = {};
  for (const agent of AGENTS) {
    const catalog = new SkillCatalog({ fs: new NodeFileSystem({ sync: true }), agent, roots, check: false });
    const t0 = performance.now();
    const snap = await catalog.scan();
    const discoverMs = performance.now() - t0;
    renderIndex(snap); // warm-up: first-call JIT
    const times: number[] = [];
    let chars = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const preview = renderIndex(snap);
      times.push(performance.now() - t);
      chars = preview.parts.reduce((n, p) => n + p.text.length, 0);
    }
    times.sort((a, b) => a - b);
    out[agent] = { skills: snap.skills.length, omitted: snap.skipped.length + snap.shadowed.length, discoverMs, renderMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], chars };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

void main();
