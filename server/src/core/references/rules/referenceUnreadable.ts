import type { TextRead } from '../context';
import type { SkillReference } from '../extract';
import { quote, type DocumentRun } from '../run';
import type { ReferenceRule } from './types';

export const referenceUnreadable: ReferenceRule = {
  code: 'reference-unreadable',
  title: 'A referenced file cannot be read as text (binary, not UTF-8, permissions) to check its #fragment, or is not a regular file at all (a pipe, socket or device).',
  defaultSeverity: 'warning',
  check(doc, ref, res) {
    if (res.status === 'unreadable') {
      doc.report(referenceUnreadable, { range: ref.pathRange, message: `${quote(ref.path)} cannot be checked: ${res.detail}.` });
    } else if ((res.status === 'ok' || res.status === 'case') && res.type === 'other') {
      // An agent that opens a FIFO waits for a writer that never comes.
      doc.report(referenceUnreadable, {
        range: ref.pathRange,
        message: `${quote(res.rel)} is a pipe, socket or device, not a regular file: an agent that reads it hangs or fails. Point the reference at a regular file.`,
      });
    }
  },
};

/** The target of a `#fragment` could not be read as text (reported by the fragment check, which reads it). */
export function reportUnreadableText(doc: DocumentRun, ref: SkillReference, a: TextRead): void {
  // reference-escapes-skill already says the link leaves the skill folder.
  if (!a.ok && a.problem === 'outside') return;
  doc.report(referenceUnreadable, {
    range: ref.range,
    message: `${quote(ref.path)} cannot be read as text to find #${ref.fragment} (${a.ok ? '' : `${a.problem}: ${a.detail}`}); link to a Markdown file or drop the fragment.`,
  });
}
