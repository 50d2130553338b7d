import type { PreviewPart } from './types';

/**
 * skillmd's own header before each part when several are shown in one text (the CLI's
 * stdout without --part): `==> id: title <==`. Agent text may hold any line, so a line
 * of a part that begins like a header (after any backslashes) is shown with one more
 * leading backslash: no part text can start a header line, and removing one backslash
 * from each such line gives the exact text back.
 */
const HEADER_LIKE = /^\\*==> /;

export function partHeader(p: PreviewPart): string {
  return `==> ${p.id}: ${p.title} <==`;
}

export interface JoinedParts {
  text: string;
  /** 1-based line numbers, per part, of the lines shown with one more backslash */
  escaped: { id: string; lines: number[] }[];
}

export function joinParts(parts: readonly PreviewPart[]): JoinedParts {
  const escaped: JoinedParts['escaped'] = [];
  const blocks = parts.map((p) => {
    const lines = p.text.split('\n');
    const marked: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (!HEADER_LIKE.test(lines[i])) continue;
      lines[i] = '\\' + lines[i];
      marked.push(i + 1);
    }
    if (marked.length) escaped.push({ id: p.id, lines: marked });
    return `${partHeader(p)}\n${lines.join('\n')}`;
  });
  return { text: blocks.join('\n'), escaped };
}

/** The report's note for the lines joinParts marked. */
export function escapedNote(e: JoinedParts['escaped'][number]): string {
  return `part ${e.id}: line${e.lines.length === 1 ? '' : 's'} ${e.lines.join(', ')} of the agent text begin${e.lines.length === 1 ? 's' : ''} like a part header ("==> "), so ${e.lines.length === 1 ? 'it is' : 'they are'} shown with one more leading "\\" here; --part ${e.id} prints the exact text`;
}
