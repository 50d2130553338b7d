import { writePath } from '../edits';
import { quote } from '../run';
import { inCode, type ReferenceRule } from './types';

export const referenceCaseMismatch: ReferenceRule = {
  code: 'reference-case-mismatch',
  title: 'A reference differs in letter case from the file on disk; agents on case-sensitive systems will not find it.',
  defaultSeverity: 'error',
  check(doc, ref, res) {
    if (res.status !== 'case') return;
    const actual = res.fixedSegments.join('/');
    doc.report(referenceCaseMismatch, {
      range: ref.pathRange,
      severity: inCode(ref) ? 'warning' : undefined,
      message: `${quote(ref.path)} differs in letter case from ${quote(actual)} on disk; agents run on case-sensitive file systems where it is not found. Write ${quote(actual)}.`,
      fixes: [{ title: `Change to ${quote(actual)}`, edits: [{ range: ref.pathRange, newText: writePath(doc.d, ref, actual) }], preferred: true }],
    });
  },
};
