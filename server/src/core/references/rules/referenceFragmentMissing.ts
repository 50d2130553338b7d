import { closest } from '../../text/similarity';
import { findAnchor, type Anchor } from '../anchors';
import { isMarkdownPath } from '../context';
import type { SkillReference } from '../extract';
import { quote, type DocumentRun } from '../run';
import { after, type Pending } from '../settled';
import { reportUnreadableText } from './referenceUnreadable';
import type { ReferenceRule } from './types';

export const referenceFragmentMissing: ReferenceRule = {
  code: 'reference-fragment-missing',
  title: 'A `#fragment` names no heading or anchor of the target Markdown file.',
  defaultSeverity: 'warning',
  check(doc, ref, res) {
    if ((res.status !== 'ok' && res.status !== 'case') || !ref.fragment || res.type !== 'file' || !isMarkdownPath(res.abs)) return;
    const abs = res.abs;
    return after(doc.anchorsOf(abs), (a) => ('ok' in a ? reportUnreadableText(doc, ref, a) : checkFragment(doc, ref, abs, a)));
  },
};

/** `[x](#local)`: a fragment of the document itself, whose anchors are at hand. */
export function checkLocalFragment(doc: DocumentRun, ref: SkillReference): Pending<void> {
  if (!ref.fragment) return;
  const own = doc.anchorsOf(doc.d.path);
  if (!(own instanceof Promise) && !('ok' in own)) checkFragment(doc, ref, doc.d.path, own);
}

function checkFragment(doc: DocumentRun, ref: SkillReference, target: string, a: { anchors: Anchor[]; truncated: boolean }): void {
  const fragment = ref.fragment!;
  if (!fragment || findAnchor(a.anchors, fragment)) return;
  // A heading past the part read may exist: say nothing rather than guess.
  if (a.truncated) return;
  const ids = a.anchors.map((x) => x.id);
  const near = closest(fragment, ids) ?? longer(fragment, ids);
  const fragStart = ref.start + ref.raw.indexOf('#', ref.pathEnd - ref.start) + 1;
  const range = doc.d.lines.range(fragStart, ref.end);
  const where = target === doc.d.path ? (doc.file ? 'this file' : 'SKILL.md') : target === doc.run.doc.path ? 'SKILL.md' : quote(ref.path);
  const listed = a.anchors.length ? ` Headings: ${a.anchors.slice(0, 5).map((x) => '#' + x.id).join(', ')}${a.anchors.length > 5 ? ', …' : ''}.` : ' It has no headings.';
  doc.report(referenceFragmentMissing, {
    range,
    message: `#${fragment} matches no heading in ${where}.${near ? ` Did you mean #${near}?` : listed}`,
    fixes: near ? [{ title: `Change to #${near}`, edits: [{ range, newText: near }], preferred: true }] : undefined,
  });
}

/**
 * The one heading whose anchor is the fragment with words after it, or a number before
 * it: the heading grew (`## Content Trust (deprecated)` for `#content-trust`) or was
 * numbered (`## 2. Setup` for `#setup`), which no edit distance reaches. Not words
 * before it: `#usage` is seldom `## Commercial usage` (real skills that dropped a
 * README's Usage section).
 */
function longer(fragment: string, ids: readonly string[]): string | undefined {
  const hits = ids.filter((id) => id.startsWith(fragment + '-') || (id.endsWith('-' + fragment) && /^\d+-$/.test(id.slice(0, -fragment.length))));
  return hits.length === 1 ? hits[0] : undefined;
}
