import type { RuleInfo } from '../rules/fileRules';

/** Stable codes of the reference checks (configuration, suppressions, docs). */
export const REFERENCE_RULES = {
  missing: {
    code: 'reference-missing',
    title: 'A referenced file or folder does not exist (links: error; paths named in code: warning, folders and extensionless names only with a near name).',
    defaultSeverity: 'error',
  },
  caseMismatch: {
    code: 'reference-case-mismatch',
    title: 'A reference differs in letter case from the file on disk; agents on case-sensitive systems will not find it.',
    defaultSeverity: 'error',
  },
  fragmentMissing: {
    code: 'reference-fragment-missing',
    title: 'A `#fragment` names no heading or anchor of the target Markdown file.',
    defaultSeverity: 'warning',
  },
  escapes: {
    code: 'reference-escapes-skill',
    title: 'A reference leads out of the skill folder (`..` or a symbolic link): the file is not installed with the skill, and read_skill_file refuses it (paths in code: warning, if the file exists).',
    defaultSeverity: 'error',
  },
  absolute: {
    code: 'reference-absolute',
    title: 'A reference is an absolute path; agents resolve paths against the skill folder.',
    defaultSeverity: 'error',
  },
  backslash: {
    code: 'reference-backslash',
    title: 'A reference uses `\\` separators; use `/`, which works on every system.',
    defaultSeverity: 'warning',
  },
  tooDeep: {
    code: 'reference-too-deep',
    title: 'A Markdown file is reached only through links from other referenced files (more than one link from SKILL.md); agents read such files partially, if at all.',
    defaultSeverity: 'info',
  },
  unusedFile: {
    code: 'reference-unused-file',
    title: 'A file under references/, scripts/ or assets/ is referenced by nothing, so agents never learn of it.',
    defaultSeverity: 'hint',
  },
  notExecutable: {
    code: 'reference-not-executable',
    title: 'A script run directly by path lacks the executable bit.',
    defaultSeverity: 'info',
  },
  unreadable: {
    code: 'reference-unreadable',
    title: 'A referenced file cannot be read as text (binary, not UTF-8, permissions) to check its #fragment, or is not a regular file at all (a pipe, socket or device).',
    defaultSeverity: 'warning',
  },
  codexIcon: {
    code: 'reference-codex-icon',
    title: 'An icon in agents/openai.yaml that Codex ignores: an absolute path, or a path outside the skill\'s assets/.',
    defaultSeverity: 'warning',
  },
} as const satisfies Record<string, RuleInfo>;

export const referenceRuleInfos: RuleInfo[] = Object.values(REFERENCE_RULES).map((r) => ({ ...r }));
