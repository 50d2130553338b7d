import type { Range } from '../types';
import type { LineIndex } from '../text/lineIndex';

export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded';

interface NodeBase {
  range: Range;
  /** offsets into the whole document text */
  start: number;
  end: number;
  /** `&name` written on this node (YAML parser only) */
  anchor?: string;
  /** an explicit tag written on this node, e.g. `!!str` (YAML parser only) */
  tag?: string;
}

export interface ScalarNode extends NodeBase {
  kind: 'scalar';
  value: string | number | boolean | null | bigint | Date | unknown;
  style: ScalarStyle;
  /** the source text of the scalar, including quotes */
  source: string;
}

export interface SeqNode extends NodeBase {
  kind: 'seq';
  items: ValueNode[];
  flow: boolean;
}

export interface MapNode extends NodeBase {
  kind: 'map';
  entries: FrontmatterEntry[];
  flow: boolean;
}

export interface AliasNode extends NodeBase {
  kind: 'alias';
  /** the node the alias points at, or undefined if the anchor is unknown */
  target: ValueNode | undefined;
}

export type ValueNode = ScalarNode | SeqNode | MapNode | AliasNode;

export interface FrontmatterEntry {
  key: string;
  keyRange: Range;
  keyStart: number;
  keyEnd: number;
  /** null for `key:` with nothing after it */
  value: ValueNode | null;
  /** where a value sits or would sit (empty range after the colon when missing) */
  valueRange: Range;
  /** start of the key's line .. start of the line after the entry: what deleting it removes */
  lineStart: number;
  lineEnd: number;
}

export interface YamlProblem {
  message: string;
  code: string;
  range: Range;
  start: number;
  end: number;
  severity: 'error' | 'warning';
}

export type FrontmatterState =
  /** no `---` opening line at all */
  | 'missing'
  /** opened but never closed */
  | 'unterminated'
  /** YAML that is not a mapping (a list, a scalar) */
  | 'not-mapping'
  /** nothing between the delimiters */
  | 'empty'
  /** over MAX_FRONTMATTER_PARSE_CHARS: not parsed (rule frontmatter-too-large) */
  | 'too-large'
  | 'mapping';

export interface Frontmatter {
  state: FrontmatterState;
  /** range of the opening `---` line (if any) */
  openRange?: Range;
  /** range of the closing delimiter line (if any) */
  closeRange?: Range;
  /** blank lines come before the opening `---` (agents then see no frontmatter) */
  leadingBlankLines: boolean;
  /** `--- ` with trailing white space on a delimiter line */
  delimiterTrailingSpace?: readonly Range[];
  /** offsets of the YAML text between the delimiters */
  contentStart: number;
  contentEnd: number;
  /** top-level entries in source order (duplicates kept) */
  entries: FrontmatterEntry[];
  /** the root node when the YAML is not a mapping */
  root?: ValueNode;
  problems: YamlProblem[];
  /** true when the fast flat-mapping reader produced this (no YAML library involved) */
  fastPath?: boolean;
}

/**
 * A Frontmatter with every field present, in one order: documents built on different
 * paths (no frontmatter, fast reader, YAML, referenced Markdown) then share one object
 * shape, and the rules that read them stay monomorphic (each new shape cost V8 a
 * deoptimization and a recompile of the rule).
 */
export function newFrontmatter(f: Pick<Frontmatter, 'state' | 'leadingBlankLines' | 'contentStart' | 'contentEnd'> & Partial<Frontmatter>): Frontmatter {
  return {
    state: f.state,
    openRange: f.openRange,
    closeRange: f.closeRange,
    leadingBlankLines: f.leadingBlankLines,
    delimiterTrailingSpace: f.delimiterTrailingSpace,
    contentStart: f.contentStart,
    contentEnd: f.contentEnd,
    entries: f.entries ?? [],
    root: f.root,
    problems: f.problems ?? [],
    fastPath: f.fastPath ?? false,
  };
}

export interface SkillDocument {
  /** absolute path of the SKILL.md */
  path: string;
  text: string;
  lines: LineIndex;
  hasBom: boolean;
  /**
   * The file on disk starts with a UTF-8 byte order mark that the reader removed from
   * `text`, as editors do (then `hasBom` is false): agents that read the raw bytes
   * still see it.
   */
  strippedBom: boolean;
  frontmatter: Frontmatter;
  /** offset where the Markdown body starts */
  bodyStart: number;
  /** text version for editor documents; 0 for files read from disk */
  version: number;
}
