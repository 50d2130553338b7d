// Language-server face of "New Skill…" (`skillmd/newSkillRoots`, `skillmd/newSkill`):
// the roots a skill can go in and the verdict of the targets' rules on a name, for
// a client that asks as the name is typed. The client writes the files.
import * as path from 'node:path';
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import type { SkillRoot } from '../core/catalog/types';
import { resolveSkillSettings } from '../core/check/checkDocument';
import { checkNewSkill } from '../core/scaffold/newSkill';
import type { FileSystem } from '../core/workspace/fileSystem';
import { NEW_SKILL, NEW_SKILL_ROOTS, type NewSkillParams, type NewSkillResult, type NewSkillRoot } from '../protocol';
import type { Configuration } from './configuration';
import { pathToUri } from './convert';

export interface NewSkillHost {
  fs: FileSystem;
  config: Configuration;
  /** the catalog's roots: every workspace folder's agent folders, then configured roots */
  roots(): SkillRoot[];
  /** resolves once settings and .skillmd.json files are loaded */
  ready?: Promise<unknown>;
}

export function registerNewSkill(connection: Pick<Connection, 'onRequest'>, host: NewSkillHost): void {
  const exists = async (p: string) => (await host.fs.stat(p).catch(() => undefined)) !== undefined;

  connection.onRequest(NEW_SKILL_ROOTS, async (): Promise<NewSkillRoot[]> => {
    await host.ready;
    return Promise.all(host.roots().map(async (r) => {
      // A placeholder skill in the root: its targets are any new skill's there.
      const probe = path.join(r.path, 'new-skill', 'SKILL.md');
      const targets = resolveSkillSettings(probe, host.config.optionsFor(probe)).targets.map((t) => t.id);
      return { path: r.path, uri: pathToUri(r.path), origin: r.origin, exists: await exists(r.path), targets };
    }));
  });

  connection.onRequest(NEW_SKILL, async (params: NewSkillParams): Promise<NewSkillResult> => {
    await host.ready;
    if (typeof params?.root !== 'string' || !path.isAbsolute(params.root) || typeof params.name !== 'string') {
      throw new ResponseError(ErrorCodes.InvalidParams, 'skillmd/newSkill needs { root: an absolute path, name: a string }');
    }
    const root = path.resolve(params.root);
    const r = await checkNewSkill(root, params.name, host.config.optionsFor(path.join(root, params.name, 'SKILL.md')), exists);
    return {
      path: r.file,
      uri: pathToUri(r.file),
      targets: r.targets.map((t) => t.id),
      problems: r.problems.map((p) => ({ severity: p.severity === 'hint' ? 'info' : p.severity, message: p.message, ...(p.code ? { code: p.code } : {}) })),
      text: r.skeleton.text,
      description: r.skeleton.description,
    };
  });
}
