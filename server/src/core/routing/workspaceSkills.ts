import * as path from 'node:path';
import type { ContractWorkspace } from '../contracts/model';
import type { ConflictSkill } from './conflicts';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The skills an agent routes between: one per SKILL.md, with the `when_to_use`,
 * `trigger_keywords` and `tags` of its frontmatter, else of the `skill.yaml` beside it.
 */
export function routableSkills(ws: ContractWorkspace): ConflictSkill[] {
  return ws.skillMds.map((s) => {
    const c = ws.contracts.find((x) => x.kind === 'skill.yaml' && x.dir === s.dir);
    const out: ConflictSkill = { name: s.name, description: s.description ?? '', whenToUse: s.whenToUse, tags: s.tags, triggerKeywords: s.triggerKeywords, triggerRanges: s.triggerRanges, file: s.file, nameRange: s.nameRange, descriptionRange: s.descriptionRange };
    if (c) {
      if (!s.whenToUse && typeof c.fields.when_to_use === 'string') out.whenToUse = c.fields.when_to_use;
      if (!s.tags.length) out.tags = strings(c.fields.tags);
      if (!s.triggerKeywords.length && strings(c.fields.trigger_keywords).length) {
        const list = c.fields.trigger_keywords as unknown[];
        out.triggerKeywords = list.map((k) => (typeof k === 'string' ? k : ''));
        out.triggerRanges = list.map((_, i) => c.source.valueRange(['trigger_keywords', i]) ?? c.source.range(0, 0));
        out.triggerFile = c.file;
      }
    }
    return out;
  });
}

const within = (p: string, dir: string) => p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/**
 * Skills seen together: those under the catalog roots (the agent folders of the
 * workspace and the configured roots, as the previews discover them) form one
 * catalog; any other skill is seen with its siblings (the folder holding its folder).
 */
export function catalogGroups(skills: readonly ConflictSkill[], catalogRoots: readonly string[]): ConflictSkill[][] {
  const groups = new Map<string, ConflictSkill[]>();
  for (const s of skills) {
    const key = catalogRoots.some((r) => within(s.file, r)) ? '\0catalog' : path.dirname(path.dirname(s.file));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(s);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}
