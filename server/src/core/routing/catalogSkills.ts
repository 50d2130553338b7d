import * as path from 'node:path';
import type { CatalogEntry } from '../catalog/types';
import { loadContract } from '../contracts/load';
import type { FileSystem } from '../workspace/fileSystem';
import type { RoutableSkill } from './index';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];

/**
 * The skills of an agent's catalog as routing reads them: the description the agent
 * holds, `when_to_use`, and `trigger_keywords` / `tags` from the frontmatter or, when
 * it has none, from the `skill.yaml` beside it.
 */
export async function routableFromCatalog(fs: FileSystem, skills: readonly Pick<CatalogEntry, 'name' | 'description' | 'whenToUse' | 'extras' | 'dir'>[]): Promise<RoutableSkill[]> {
  const out: RoutableSkill[] = [];
  for (const e of skills) {
    const s: RoutableSkill = { name: e.name, description: e.description, whenToUse: e.whenToUse ?? (typeof e.extras.when_to_use === 'string' ? e.extras.when_to_use : undefined), triggerKeywords: strings(e.extras.trigger_keywords), tags: strings(e.extras.tags) };
    if (!s.triggerKeywords!.length || !s.tags!.length) {
      const c = await loadContract(fs, path.join(e.dir, 'skill.yaml')).catch(() => undefined);
      if (c) {
        if (!s.triggerKeywords!.length) s.triggerKeywords = strings(c.fields.trigger_keywords);
        if (!s.tags!.length) s.tags = strings(c.fields.tags);
        if (!s.whenToUse && typeof c.fields.when_to_use === 'string') s.whenToUse = c.fields.when_to_use;
      }
    }
    out.push(s);
  }
  return out;
}
