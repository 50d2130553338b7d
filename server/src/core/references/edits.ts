import type { SkillDocument } from '../document/model';
import type { SkillReference } from './extract';

/** Whether the reference is written in Markdown/HTML link syntax (percent-encoding applies). */
export function isLinkKind(ref: SkillReference): boolean {
  return ref.kind === 'link' || ref.kind === 'image' || ref.kind === 'definition' || ref.kind === 'html';
}

/**
 * The text to write in place of a reference's path part for a new `/`-separated path,
 * keeping the way it was written: a leading `./`, percent-encoding, `<…>` brackets.
 */
export function writePath(doc: SkillDocument, ref: SkillReference, newPath: string): string {
  let p = newPath;
  if (ref.dotSlash && !p.startsWith('./') && !p.startsWith('../')) p = './' + p;
  if (!ref.dotSlash && p.startsWith('./')) p = p.slice(2);
  if (isLinkKind(ref)) {
    const angle = doc.text[ref.start - 1] === '<' && ref.kind !== 'html';
    if (ref.percentEncoded) p = p.split('/').map((s) => (s === '.' || s === '..' ? s : encodeURIComponent(s))).join('/');
    else if (!angle && ref.kind !== 'html') p = p.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
  } else if (/\s/.test(p) && !/\s/.test(ref.raw)) {
    // A path in code that gains a space needs quoting to stay one shell word.
    p = `"${p}"`;
  }
  return p;
}
