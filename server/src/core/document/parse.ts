import { LineIndex } from '../text/lineIndex';
import { findFrontmatterBounds } from './frontmatterBounds';
import { newFrontmatter, type SkillDocument } from './model';
import { readFlatFrontmatter } from './flatFrontmatter';
import { parseYamlTree } from './yamlTree';

/**
 * Frontmatter larger than this (UTF-16 units) is not parsed: a YAML parse costs about
 * a second and hundreds of MB per 500 KB (100,000 aliases, 50,000 keys), and no agent
 * needs more than a few fields. A skillmd limit, reported by frontmatter-too-large.
 */
export const MAX_FRONTMATTER_PARSE_CHARS = 256 * 1024;

/**
 * Builds the SkillDocument for a SKILL.md. `text` is what the editor holds; a
 * leading BOM is tolerated (VS Code strips it, a raw file read may not).
 */
export function parseSkillDocument(path: string, text: string, version = 0, strippedBom = false): SkillDocument {
  const lines = new LineIndex(text);
  const hasBom = text.charCodeAt(0) === 0xfeff;
  const from = hasBom ? 1 : 0;
  const bounds = findFrontmatterBounds(text, from);
  if (!bounds) {
    const frontmatter = newFrontmatter({ state: 'missing', leadingBlankLines: false, contentStart: from, contentEnd: from });
    return { path, text, lines, hasBom, strippedBom, frontmatter, bodyStart: from, version };
  }
  const frontmatter = newFrontmatter({
    state: 'mapping',
    openRange: lines.range(bounds.openStart, bounds.openEnd),
    closeRange: bounds.terminated ? lines.range(bounds.closeStart, bounds.closeEnd) : undefined,
    leadingBlankLines: bounds.leadingBlankLines,
    contentStart: bounds.contentStart,
    contentEnd: bounds.contentEnd,
  });
  if (bounds.openTrailingSpace || bounds.closeTrailingSpace) {
    frontmatter.delimiterTrailingSpace = [
      ...(bounds.openTrailingSpace ? [lines.range(bounds.openStart + 3, bounds.openEnd)] : []),
      ...(bounds.closeTrailingSpace ? [lines.range(bounds.closeStart + 3, bounds.closeEnd)] : []),
    ];
  }

  if (!bounds.terminated) {
    frontmatter.state = 'unterminated';
    return { path, text, lines, hasBom, strippedBom, frontmatter, bodyStart: bounds.bodyStart, version };
  }
  const yamlText = text.slice(bounds.contentStart, bounds.contentEnd);
  if (yamlText.trim() === '') {
    frontmatter.state = 'empty';
    return { path, text, lines, hasBom, strippedBom, frontmatter, bodyStart: bounds.bodyStart, version };
  }
  if (bounds.contentEnd - bounds.contentStart > MAX_FRONTMATTER_PARSE_CHARS) {
    frontmatter.state = 'too-large';
    return { path, text, lines, hasBom, strippedBom, frontmatter, bodyStart: bounds.bodyStart, version };
  }
  const flat = readFlatFrontmatter(text, bounds.contentStart, bounds.contentEnd, lines);
  if (flat) {
    frontmatter.entries = flat;
    frontmatter.fastPath = true;
    return { path, text, lines, hasBom, strippedBom, frontmatter, bodyStart: bounds.bodyStart, version };
  }
  const { root, problems } = parseYamlTree(text, bounds.contentStart, bounds.contentEnd, lines);
  frontmatter.problems = problems;
  if (root?.kind === 'map') {
    frontmatter.entries = root.entries;
  } else if (root && !(root.kind === 'scalar' && root.value === null)) {
    frontmatter.state = 'not-mapping';
    frontmatter.root = root;
  } else {
    // Only comments: nothing to read.
    frontmatter.state = 'empty';
  }
  return { path, text, lines, hasBom, strippedBom, frontmatter, bodyStart: bounds.bodyStart, version };
}
