import type { SkillDocument } from '../../document/model';
import type { SkillReference } from '../extract';
import { quote, relFrom, type SkillRun } from '../run';
import type { ReferenceRule } from './types';

/** Reported while the check follows links (checkReferences), not per reference. */
export const referenceTooDeep: ReferenceRule = {
  code: 'reference-too-deep',
  title: 'A Markdown file is reached only through links from other referenced files (more than one link from SKILL.md); agents read such files partially, if at all.',
  defaultSeverity: 'info',
};

/** A Markdown file reached only through other referenced files, `depth` links away from SKILL.md. */
export function reportTooDeep(run: SkillRun, from: SkillDocument, ref: SkillReference, rel: string, depth: number): void {
  run.report(referenceTooDeep, {
    file: from.path,
    range: ref.pathRange,
    message: `${quote(rel)} is ${depth} links away from SKILL.md (through ${quote(relFrom(run.skillDir, from.path))}): agents read a file that a referenced file references only partially, if at all. Link it from SKILL.md.`,
  });
}
