import { INTERNAL_ERROR } from '../check/internalError';
import type { Severity } from '../types';

/** Problems found before a document exists (reading and scanning), listed for docs and SARIF. */
export interface RuleInfo {
  code: string;
  title: string;
  defaultSeverity: Severity;
  /** the severity follows what the targets do (see Rule) */
  severityByTarget?: true;
}

export const fileRules: readonly RuleInfo[] = [
  { code: 'file-unreadable', title: 'The skill file cannot be read (permissions, not a regular file).', defaultSeverity: 'error' },
  { code: 'file-binary', title: 'The skill file is binary, not Markdown text.', defaultSeverity: 'error' },
  { code: 'file-encoding', title: 'The skill file is not valid UTF-8.', defaultSeverity: 'error' },
  { code: 'file-too-large', title: 'The skill file is larger than 5 MiB.', defaultSeverity: 'error' },
  { code: 'folder-unreadable', title: 'A folder cannot be read while looking for skills.', defaultSeverity: 'error' },
  { code: 'symlink-loop', title: 'A symbolic link leads back into a folder being scanned.', defaultSeverity: 'warning' },
  { code: 'symlink-outside', title: 'A symbolic link leads out of the folder being checked (or the workspace folder); skillmd does not follow it.', defaultSeverity: 'warning' },
  { code: 'folder-too-deep', title: 'A folder more than 32 levels below the scanned root is not searched for skills.', defaultSeverity: 'warning' },
  { code: 'path-not-found', title: 'A path given to check does not exist.', defaultSeverity: 'error' },
  { code: 'path-ignored', title: 'A path given to check matches an `ignore` glob of the configuration, so nothing under it is checked.', defaultSeverity: 'info' },
  INTERNAL_ERROR,
  { code: 'editor-limit', title: 'The editor checks less of a very large SKILL.md (frontmatter over 1,000 lines or 128 KiB, or a document over 1 MiB) to stay responsive; `skillmd check` checks it fully.', defaultSeverity: 'warning' },
];
