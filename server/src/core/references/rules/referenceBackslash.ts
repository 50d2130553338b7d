import { writePath } from '../edits';
import { quote } from '../run';
import type { ReferenceRule } from './types';

export const referenceBackslash: ReferenceRule = {
  code: 'reference-backslash',
  title: 'A reference uses `\\` separators; use `/`, which works on every system.',
  defaultSeverity: 'warning',
  check(doc, ref) {
    if (!ref.path.includes('\\') || /^[A-Za-z]:\\/.test(ref.path)) return;
    const fixed = ref.path.replace(/\\/g, '/');
    doc.report(referenceBackslash, {
      range: ref.pathRange,
      message: `${quote(ref.path)} uses \`\\\` as a separator; agents on Linux and macOS read it as part of a file name. Write ${quote(fixed)}.`,
      fixes: [{ title: `Use ${quote(fixed)}`, edits: [{ range: ref.pathRange, newText: writePath(doc.d, ref, fixed) }], preferred: true }],
    });
  },
};
