import { internalErrorMessage } from '../check/internalError';
import type { CatalogSnapshot, Exclusion } from '../catalog/types';
import { UnsupportedPreviewError, type IndexPreview } from './types';

/**
 * Renders an index; should a renderer throw (a bug in skillmd) the skills it throws
 * on are found by rendering each alone, left out with the reason, and the index is
 * rendered without them: one skill skillmd cannot render costs that skill, not the
 * preview. Costs nothing while nothing throws.
 */
export function renderIsolated(snapshot: CatalogSnapshot, render: (s: CatalogSnapshot) => IndexPreview): IndexPreview {
  try {
    return render(snapshot);
  } catch (first) {
    if (first instanceof UnsupportedPreviewError) throw first;
    const kept = [];
    const left: Exclusion[] = [];
    for (const s of snapshot.skills) {
      try {
        render({ ...snapshot, skills: [s] });
        kept.push(s);
      } catch (e) {
        left.push({ reason: 'internal-error', name: s.name, path: s.path, root: s.root, message: internalErrorMessage(`the ${snapshot.agent} index entry of this skill`, e) });
      }
    }
    // Not one skill's doing: skillmd itself cannot render this index.
    if (!left.length) throw first;
    const preview = render({ ...snapshot, skills: kept });
    return { ...preview, omitted: [...preview.omitted, ...left] };
  }
}
