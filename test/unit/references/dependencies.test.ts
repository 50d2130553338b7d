import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { DependencyIndex } from '../../../server/src/core/references/dependencies';

/**
 * The definition, by brute force over every skill and target: a skill depends on every
 * path in its own folder, and on its targets outside it (each one, the folders above
 * it, what is inside it). A folder holding the skill's own folder is not a dependency:
 * moving it moves SKILL.md too, which a host handles as that file's own event.
 */
function naiveDependents(deps: Map<string, string[]>, changed: string): string[] {
  const out = new Set<string>();
  const prefix = changed + path.sep;
  for (const [skill, targets] of deps) {
    const dir = path.dirname(skill);
    const inside = (p: string) => p === dir || p.startsWith(dir + path.sep);
    for (const t of targets) {
      if (inside(t)) continue;
      if (t === changed || t.startsWith(prefix) || changed.startsWith(t + path.sep)) out.add(skill);
    }
    if (inside(changed)) out.add(skill);
  }
  return [...out].sort();
}

test('dependentsOf walks folders and agrees with the brute-force definition', () => {
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  const names = ['a', 'b', 'skills', 'references', 'scripts', 'x.md', 'y.py', 'guide.md'];
  const randomPath = () => '/' + Array.from({ length: 1 + rand(5) }, () => names[rand(names.length)]).join('/');
  const index = new DependencyIndex();
  const model = new Map<string, string[]>();
  for (let round = 0; round < 400; round++) {
    const skill = path.join(randomPath(), 'SKILL.md');
    if (rand(5) === 0 && model.size) {
      const victim = [...model.keys()][rand(model.size)];
      index.remove(victim);
      model.delete(victim);
    } else {
      const targets = Array.from({ length: rand(4) }, () => (rand(2) ? path.join(path.dirname(skill), names[rand(names.length)], names[rand(names.length)]) : randomPath()));
      index.update(skill, targets);
      model.set(skill, targets);
    }
    for (let q = 0; q < 5; q++) {
      const changed = rand(3) ? randomPath() : path.dirname(skill);
      assert.deepEqual(index.dependentsOf(changed), naiveDependents(model, changed), `changed ${changed}`);
    }
  }
  assert.equal(index.size, model.size);
});
