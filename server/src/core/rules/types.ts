import type { SkillDocument } from '../document/model';
import type { AgentProfile } from '../profiles/types';
import type { Fix, Range, RelatedLocation, Severity } from '../types';

export interface RuleReport {
  message: string;
  range: Range;
  /** defaults to the rule's default severity */
  severity?: Severity;
  fixes?: Fix[];
  related?: RelatedLocation[];
  tags?: ('unnecessary' | 'deprecated')[];
  /** file the range is in; defaults to the SKILL.md */
  file?: string;
}

export interface RuleContext {
  readonly doc: SkillDocument;
  /** absolute folder of the skill */
  readonly skillDir: string;
  /** the folder's own name */
  readonly folderName: string;
  /** `SKILL.md` or `skill.md` */
  readonly fileName: string;
  readonly targets: readonly AgentProfile[];
  /** token count with the project's tokenizer */
  tokens(text: string): number;
  report(report: RuleReport): void;
}

/** A frontmatter/body rule: synchronous and pure over the document. */
export interface Rule {
  /** stable identifier, used in configuration, suppressions and docs */
  code: string;
  /** one line for the README table */
  title: string;
  defaultSeverity: Severity;
  /**
   * The severity of each report is the worst of what the targets do (rejected: error,
   * warned or truncated: warning, ignored: info); `defaultSeverity` is a fallback.
   */
  severityByTarget?: true;
  /**
   * The report is about the whole document (its length), not the text of the line it
   * points at: a `skillmd-disable-next-line` comment above that line only moves the
   * report onto the comment, so editors offer the file-wide `skillmd-disable` alone.
   */
  wholeDocument?: true;
  check(ctx: RuleContext): void;
}
