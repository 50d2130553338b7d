import type { ProfileId } from '../profiles/types';

/** A folder searched for skills. */
export interface SkillRoot {
  /** absolute path */
  path: string;
  /** where the root comes from: an agent folder of a workspace folder, the configuration, or the caller */
  origin: 'workspace' | 'config' | 'explicit';
}

/** How an agent walks a root (from the profile tables and the research notes). */
export interface DiscoveryRules {
  /** skill file names, in preference order */
  fileNames: readonly string[];
  /** compare file names case-insensitively (VS Code Copilot) */
  caseInsensitive: boolean;
  /** how deep below the root a skill folder may sit (1 = `<root>/<skill>/SKILL.md`) */
  maxDepth: number;
  /** folders starting with `.` are not entered (Codex) */
  skipHidden: boolean;
  /** a skill folder's sub-folders are searched for more skills (Codex, opencode) */
  descendIntoSkills: boolean;
  /** a SKILL.md that is a symbolic link is not read (Codex follows linked folders only) */
  skipLinkedSkillFiles?: boolean;
  /** one line for reports */
  summary: string;
}

export interface DiagnosticsSummary {
  errors: number;
  warnings: number;
  /** rule codes of the errors and warnings, first occurrence order */
  codes: string[];
}

/** A skill the agent loads (it may still be left out of the index: see `CatalogSnapshot`). */
export interface CatalogEntry {
  /** the name the agent uses for it */
  name: string;
  /** the description as the agent holds it (stripped / one-lined / fallback per agent) */
  description: string;
  /** absolute SKILL.md path as discovered */
  path: string;
  /** absolute skill folder as discovered */
  dir: string;
  /** the skill folder with symlinks resolved (what lovia, skills-ref and Codex print) */
  realDir: string;
  /** the SKILL.md with symlinks resolved */
  realPath: string;
  /** the root it was found in */
  root: string;
  /** frontmatter keys other than name/description, as JSON values (dates as text) */
  extras: Record<string, unknown>;
  /** lovia's `_format_extra(extra)` before one-lining ('' when nothing is shown) */
  extrasText: string;
  /** Claude Code `when_to_use` */
  whenToUse?: string;
  /** `context` frontmatter value (fork / fork_with_context) */
  context?: string;
  /** the agent hides it from the model's index (e.g. `disable-model-invocation: true`) */
  hidden?: string;
  /** o200k_base tokens of the description */
  tokens: number;
  diagnostics: DiagnosticsSummary;
}

/** `internal-error`: a bug in skillmd while reading the skill (not the agent's doing). */
export type ExclusionReason = 'invalid' | 'shadowed' | 'filtered' | 'hidden' | 'budget' | 'internal-error';

/** A skill left out of what the agent shows, and why. */
export interface Exclusion {
  reason: ExclusionReason;
  /** the name, when one could be read */
  name?: string;
  /** absolute SKILL.md path */
  path: string;
  root: string;
  /** human-readable reason (the agent's own message where known) */
  message: string;
  /** invalid in a way that makes the agent fail as a whole: it lists no skill at all */
  fatal?: true;
  /** shadowed: the SKILL.md that won */
  winner?: string;
  winnerRoot?: string;
}

export interface ScanProblemReport {
  path: string;
  code: 'folder-unreadable' | 'symlink-loop' | 'root-missing';
  message: string;
}

export interface CatalogSnapshot {
  agent: ProfileId;
  roots: SkillRoot[];
  rules: DiscoveryRules;
  /** skills the agent shows, in the agent's discovery order */
  skills: CatalogEntry[];
  /** loaded skills with the same name as an earlier one */
  shadowed: Exclusion[];
  /** invalid, filtered and hidden skills */
  skipped: Exclusion[];
  /** folders that could not be read, symlink loops, missing roots */
  problems: ScanProblemReport[];
  /** sum of `tokens` over `skills` */
  tokens: number;
  tokenizer: string;
}

export interface FileChange {
  path: string;
  type: 'created' | 'changed' | 'deleted';
}

/** lovia's `SkillFilter`: true keeps the skill. */
export type SkillFilter = (entry: CatalogEntry) => boolean;
