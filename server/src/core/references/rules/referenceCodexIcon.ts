import { LineIndex } from '../../text/lineIndex';
import { childPath } from '../../workspace/childPath';
import { CODEX_METADATA_DIR, CODEX_METADATA_FILE, codexIcons, type CodexIcon } from '../codexIcons';
import { resolveReferenceNow } from '../resolve';
import { quote, type SkillRun } from '../run';
import { referenceCaseMismatch } from './referenceCaseMismatch';
import { referenceMissing } from './referenceMissing';
import type { ReferenceRule } from './types';

export const referenceCodexIcon: ReferenceRule = {
  code: 'reference-codex-icon',
  title: 'An icon in agents/openai.yaml that Codex ignores: an absolute path, or a path outside the skill\'s assets/.',
  defaultSeverity: 'warning',
};

/** The icons `agents/openai.yaml` gives Codex (see codexIcons.ts); returns the files they use. */
export async function checkCodexIcons(run: SkillRun): Promise<string[]> {
  const { ctx, skillDir } = run;
  const dir = childPath(skillDir, CODEX_METADATA_DIR);
  const file = childPath(dir, CODEX_METADATA_FILE);
  // Also when missing: creating it changes the check.
  run.deps.add(file);
  const top = await ctx.listing(skillDir);
  if (top?.byName.get(CODEX_METADATA_DIR)?.type !== 'directory') return [];
  const inAgents = await ctx.listing(dir);
  if (inAgents?.byName.get(CODEX_METADATA_FILE)?.type !== 'file') return [];
  const t = await ctx.readText(file);
  if (!t.ok) return [];
  const used: string[] = [];
  for (const icon of codexIcons(t.text, new LineIndex(t.text))) {
    const abs = await checkIcon(run, file, icon);
    if (abs) used.push(abs);
  }
  return used;
}

/** One icon's checks; returns the file it uses, if any. */
async function checkIcon(run: SkillRun, file: string, icon: CodexIcon): Promise<string | undefined> {
  if (icon.ignored) {
    run.report(referenceCodexIcon, {
      file,
      range: icon.range,
      message: `Codex ignores \`${icon.field}\`: ${quote(icon.path)} is ${icon.ignored}. Keep the icon under the skill's assets/ and write a relative path (\`assets/icon.svg\`).`,
    });
    return undefined;
  }
  if (icon.shared) return undefined;
  const res = await resolveReferenceNow(run.ctx, run.skillDir, run.skillDir, icon.path);
  const what = icon.field === 'icon_small' ? 'small icon' : 'large icon';
  if (res.status === 'ok' && res.type !== 'file') {
    run.report(referenceCodexIcon, { file, range: icon.range, message: `Codex shows no ${what}: ${quote(icon.path)} is a folder, not an image file.` });
  } else if (res.status === 'ok') return res.abs;
  else if (res.status === 'case') {
    run.report(referenceCaseMismatch, { file, range: icon.range, severity: 'warning', message: `${quote(icon.path)} differs in letter case from ${quote(res.rel)} on disk; on case-sensitive file systems Codex shows no ${what}. Write ${quote(res.rel)}.` });
    return res.abs;
  } else if (res.status === 'missing') {
    run.report(referenceMissing, { file, range: icon.range, severity: 'warning', message: `${quote(icon.path)} does not exist in the skill folder, so Codex shows no ${what}. Add the file or correct the path.` });
  }
  return undefined;
}
