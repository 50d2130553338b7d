import type { SkillReference } from '../extract';
import { isInside, type Resolution } from '../resolve';
import { quote, type DocumentRun } from '../run';
import { reportOutsideMissing } from './referenceMissing';
import type { ReferenceRule } from './types';

export const referenceEscapesSkill: ReferenceRule = {
  code: 'reference-escapes-skill',
  title: 'A reference leads out of the skill folder (`..` or a symbolic link): the file is not installed with the skill, and read_skill_file refuses it (paths in code: warning, if the file exists).',
  defaultSeverity: 'error',
  check(doc, ref, res) {
    if (res.status === 'escapes') return escapes(doc, ref, res.abs);
    if (res.status === 'ok' && res.symlinkOutside && !doc.run.inOwnPlugin(res.symlinkOutside)) {
      doc.report(referenceEscapesSkill, {
        range: ref.pathRange,
        message: `${quote(ref.path)} is a symbolic link to ${res.symlinkOutside}, outside the skill folder: the link breaks when the skill is installed${refusal(doc)}. Copy the file into the skill.`,
      });
    }
  },
};

function refusal(doc: DocumentRun): string {
  return doc.run.refusingTool ? `, and ${doc.run.refusingTool} refuses it` : '';
}

async function escapes(doc: DocumentRun, ref: SkillReference, abs: Extract<Resolution, { status: 'escapes' }>['abs']): Promise<void> {
  const run = doc.run;
  const st = await run.ctx.stat(abs);
  const exists = !!st && !(st instanceof Error);
  // Not there at all: that is what to say, wherever the skill is installed.
  if (!exists && !(st instanceof Error)) return reportOutsideMissing(doc, ref, abs);
  // A plugin is installed whole: a file elsewhere in it is there.
  if (run.inOwnPlugin(abs)) return;
  // A skill kept in a project's agent folder is read in place: a file of the project
  // works there, it just does not travel with the skill.
  if (exists && run.project && !run.refusingTool && isInside(run.project, abs)) {
    const where = run.personal
      ? 'lies in your home folder, outside the skill folder: agents on this machine read it'
      : 'lies in this project, outside the skill folder: agents working here read it';
    doc.report(referenceEscapesSkill, { range: ref.pathRange, severity: 'info', message: `${quote(ref.path)} ${where}, but a copy of the skill elsewhere goes without it.` });
    return;
  }
  doc.report(referenceEscapesSkill, {
    range: ref.pathRange,
    severity: ref.kind === 'code' || ref.kind === 'shell' ? 'warning' : undefined,
    message: `${quote(ref.path)} leads out of the skill folder: the file is not installed with the skill${refusal(doc)}. Copy the file into the skill and reference it there.`,
  });
}
