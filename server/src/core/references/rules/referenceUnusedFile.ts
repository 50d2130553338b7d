import * as path from 'node:path';
import type { SkillDocument } from '../../document/model';
import type { Range } from '../../types';
import { childPath } from '../../workspace/childPath';
import { isMarkdownPath } from '../context';
import { baseDirOf } from '../resolve';
import { quote, relFrom, type ResolvedReference, type SkillRun } from '../run';
import { namesFile, scriptText } from '../scriptNames';
import { walkFiles } from '../walk';
import type { ReferenceRule } from './types';

/** Folders whose files should each be referenced from somewhere. */
export const RESOURCE_FOLDERS = ['references', 'scripts', 'assets'];

const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Reported once every document is checked (checkReferences), on the unused file itself. */
export const referenceUnusedFile: ReferenceRule = {
  code: 'reference-unused-file',
  title: 'A file under references/, scripts/ or assets/ is referenced by nothing, so agents never learn of it.',
  defaultSeverity: 'hint',
};

export async function checkUnused(run: SkillRun, alsoUsed: readonly string[]): Promise<void> {
  const candidates = await resourceFiles(run);
  if (!candidates.length) return;
  const used = usedBy(run.checked, run.skillDir);
  for (const f of alsoUsed) used.add(f);
  let unused = candidates.filter((c) => !isUsedIn(used, c, run.skillDir));
  // Named in prose (`then read references/guide.md`, Windows' `scripts\x.ps1`): not a
  // link, but agents do learn of it. Named without its folder (`see check_completeness.py`,
  // `find ~ -name x.mjs`) counts too: agents look for it. Either way it is used, so what
  // it names in turn is (a script's imports, its template).
  unused = unused.filter((c) => {
    const rel = relFrom(run.skillDir, c);
    const named = run.checked.some(([d]) => d.text.includes(rel) || d.text.includes(rel.replace(/\//g, '\\')) || namesBare(d.text, path.basename(c)));
    if (named) used.add(c);
    return !named;
  });
  if (unused.length) unused = await notNamedByScripts(run, unused, new Set(candidates), used);
  for (const file of unused.sort()) {
    run.report(referenceUnusedFile, {
      file,
      range: zero,
      tags: ['unnecessary'],
      message: `${quote(relFrom(run.skillDir, file))} is not referenced from SKILL.md or the files it references, so agents never learn it exists. Link it where it is needed, or delete it.`,
    });
  }
}

/** Every file under the skill's resource folders (each folder walked is a dependency). */
async function resourceFiles(run: SkillRun): Promise<string[]> {
  const top = await run.ctx.listing(run.skillDir);
  const out: string[] = [];
  for (const f of RESOURCE_FOLDERS) {
    if (top?.byName.get(f)?.type !== 'directory') continue;
    const dir = childPath(run.skillDir, f);
    run.deps.add(dir);
    out.push(...(await walkFiles(run.ctx, dir)));
  }
  return out;
}

function isUsedIn(used: Set<string>, file: string, skillDir: string): boolean {
  for (let p = file; p.length > skillDir.length; p = path.dirname(p)) if (used.has(p)) return true;
  return false;
}

/**
 * Scripts and templates are often used by other scripts: a used non-Markdown file that
 * names another file's base name uses it, and what that file names in turn (validate.py
 * imports the `validators` package, whose __init__.py imports base).
 */
async function notNamedByScripts(run: SkillRun, unused: string[], candidates: Set<string>, used: Set<string>): Promise<string[]> {
  let users = [...used].filter((u) => u.startsWith(run.skillDir + path.sep) && !isMarkdownPath(u) && candidates.has(u));
  const read = new Set<string>();
  while (users.length && unused.length) {
    const next: string[] = [];
    for (const u of users) {
      if (!unused.length) break;
      if (read.has(u)) continue;
      read.add(u);
      const t = await run.ctx.readText(u);
      if (!t.ok) continue;
      const script = scriptText(t.text);
      unused = unused.filter((c) => {
        if (!namesFile(script, c) && !namesFolderOf(script.text, c, run.skillDir)) return true;
        if (!isMarkdownPath(c)) next.push(c);
        return false;
      });
    }
    users = next;
  }
  return unused;
}

/**
 * Whether a script names a folder the file lies in, below its resource folder, as a
 * whole: quoted (`Join-Path $PSScriptRoot 'cache-generator'`) or as a path segment
 * (`dotnet build ./cache-generator/`, `lib\\x`), not as a word of a comment. It builds
 * or runs that folder, every file of it. `scripts/` itself names nothing.
 */
function namesFolderOf(text: string, file: string, skillDir: string): boolean {
  const segments = relFrom(skillDir, file).split('/').slice(1, -1);
  return segments.some((name) => {
    if (name.length < 4 || !text.includes(name)) return false;
    const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(['"])${n}\\1|[\\\\/]${n}(?![\\w.-])|(?<![\\w.-])${n}[\\\\/]`).test(text);
  });
}

/** Whether `text` names the file `name` (with an extension, five characters or more) as a word of its own. */
function namesBare(text: string, name: string): boolean {
  if (name.length < 5 || !/\.[A-Za-z0-9]{1,8}$/.test(name)) return false;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = at === 0 ? '' : text[at - 1];
    const after = text[at + name.length] ?? '';
    if (!/[\w./\\-]/.test(before) && !/[\w/-]/.test(after)) return true;
  }
  return false;
}

/** Absolute paths the checked documents' references use (a "did you mean" target counts). */
export function usedBy(checked: readonly [SkillDocument, ResolvedReference[]][], skillDir: string): Set<string> {
  const used = new Set<string>();
  for (const [d, refs] of checked) {
    for (const { ref, resolution: r } of refs) {
      if (r.status === 'missing' && r.suggestion) {
        // "Did you mean" already points at it: not also unused.
        used.add(path.resolve(baseDirOf(ref, d.path, skillDir), r.suggestion.join('/')));
      }
      if (r.status !== 'ok' && r.status !== 'case') continue;
      used.add(r.abs);
      if (r.status === 'ok' && r.real) used.add(r.real);
    }
  }
  return used;
}
