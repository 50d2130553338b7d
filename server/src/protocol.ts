// Custom requests of the skillmd language server, shared by the server and the
// VS Code client (other editors send them by name; see README "Editors"). Only
// method names and types here, so neither side pulls in the other's JSON-RPC copy.
export interface IndexStatus {
  /** 'indexing' while the background scan of the workspace runs */
  state: 'idle' | 'indexing' | 'ready';
  /** SKILL.md files found */
  total: number;
  /** files checked so far in the current run */
  done: number;
  /** wall time of the last complete run */
  durationMs?: number;
  /** complete runs so far */
  runs: number;
  /**
   * The reference checks of the indexed skills (off: 'idle'). In the first index run
   * on worker threads they go on after the index is ready, and each skill's
   * diagnostics are completed as its references are checked; otherwise they are done
   * with the index.
   */
  references: {
    state: 'idle' | 'checking' | 'ready';
    /** skills whose references are checked in the current run */
    done: number;
    /** wall time of the last complete run, index included */
    durationMs?: number;
  };
  /** how diagnostics reach the client */
  diagnosticMode: 'pull' | 'push';
}

/** `skillmd/indexStatus` (no params) → IndexStatus: the state of the workspace index. */
export const INDEX_STATUS = 'skillmd/indexStatus';

/** `skillmd/serverStats` params: `reset` starts a new measuring window. */
export interface ServerStatsParams {
  reset?: boolean;
  /** collect garbage (a full GC) before measuring: for leak tests and benchmarks */
  gc?: boolean;
}

/** The server process's memory and how long its event loop was blocked. */
export interface ServerStats {
  rssBytes: number;
  heapUsedBytes: number;
  /**
   * The longest and 99th-percentile event-loop delay since the first `serverStats`
   * request or the last reset (ms): how long requests had to wait for the thread.
   */
  eventLoop: { maxMs: number; p99Ms: number };
}

/** `skillmd/serverStats` ServerStatsParams → ServerStats (monitoring starts with the first call). */
export const SERVER_STATS = 'skillmd/serverStats';

/**
 * `data` of a path completion item: `markdownLink` when it completes a Markdown or HTML
 * link destination, which an editor's own Markdown support may complete too (the VS
 * Code client then keeps VS Code's items and drops these).
 */
export interface CompletionData {
  markdownLink?: boolean;
}

// ---------------------------------------------------------------- catalog and previews
//
// What each agent discovers and the exact text it puts into the model's context.
// Paths are absolute file system paths; `uri` fields are their `file:` URIs.
// `agent` is a profile id or `auto`; omitted or `auto`, the server uses the first of
// `autoAgents` (the agents the workspace's skills target; see CatalogResult).

/** Agents with previews: every one has an index; load and read only where the agent has that tool. */
export const PREVIEW_AGENTS = ['lovia', 'agentskills', 'eino', 'codex', 'claude-code', 'copilot', 'opencode'] as const;

export interface CatalogParams {
  agent?: string;
}

export interface CatalogRoot {
  path: string;
  uri: string;
  /** an agent folder of a workspace folder, or a `roots` entry of .skillmd.json */
  origin: 'workspace' | 'config' | 'explicit';
}

export interface CatalogSkill {
  /** the name the agent uses */
  name: string;
  /** the description as the agent holds it */
  description: string;
  /** SKILL.md */
  path: string;
  uri: string;
  /** the skill folder */
  dir: string;
  /** the root it was found in */
  root: string;
  /** o200k_base tokens of the description (+ when_to_use for Claude Code) */
  tokens: number;
  /** tokens of this skill's own entry in the rendered index (absent when the agent has no renderer or leaves it out) */
  indexTokens?: number;
  /** frontmatter keys other than name/description, as JSON */
  extras: Record<string, unknown>;
  whenToUse?: string;
  context?: string;
  /** errors and warnings of the skill checked against this agent */
  diagnostics: { errors: number; warnings: number; codes: string[] };
}

export interface CatalogExclusion {
  reason: 'invalid' | 'shadowed' | 'filtered' | 'hidden' | 'budget' | 'internal-error';
  /** the name, when one could be read */
  name?: string;
  path: string;
  uri: string;
  root: string;
  /** why, in the agent's own words where known */
  message: string;
  /** shadowed: the SKILL.md that wins */
  winner?: string;
  winnerUri?: string;
  winnerRoot?: string;
}

export interface CatalogResult {
  agent: string;
  roots: CatalogRoot[];
  /** how the agent walks a root, one line */
  discovery: string;
  /** the skills the agent shows, in its discovery order */
  skills: CatalogSkill[];
  /** skills with the same name as an earlier one (the winner is named) */
  shadowed: CatalogExclusion[];
  /** invalid, filtered and hidden skills, with the reason */
  skipped: CatalogExclusion[];
  /** unreadable folders, symlink loops, missing configured roots */
  problems: { path: string; code: string; message: string }[];
  /** sum of `skills[].tokens` */
  tokens: number;
  /** total tokens of the rendered index (default options); absent for agents without a renderer */
  indexTokens?: number;
  tokenizer: string;
  /** bumped whenever this agent's catalog changes */
  version: number;
  /**
   * What `auto` stands for in this workspace: the agents its skills target, as the
   * diagnostics judge them (`--target`/`skillmd.targets`, .skillmd.json `targets` and
   * `overrides`, else where each skill lives: `.claude/skills` → claude-code,
   * `.github/skills` → copilot, …), most skills first, agents a skill names before the
   * open specification (`agentskills`) that other skills default to; `["agentskills"]`
   * without skills. A request with `agent` omitted or `auto` is answered for the first.
   * Sent by servers since the `auto` resolution (absent from older ones).
   */
  autoAgents?: string[];
}

export interface PreviewIndexOptions {
  /** lovia usage rules: absent → configured/default text, null or '' → none */
  usageRules?: string | null;
  /** keep skills whose frontmatter extra matches (key → value; lists: contains) */
  filter?: Record<string, string>;
  einoFormat?: 'reminder' | 'tool-description';
  /** model context window in tokens (Codex and Claude Code budgets) */
  contextWindow?: number;
}

export interface PreviewIndexParams {
  agent?: string;
  options?: PreviewIndexOptions;
}

export interface PreviewLoadParams {
  agent?: string;
  name: string;
}

export interface PreviewReadParams {
  agent?: string;
  name: string;
  /** relative to the skill folder, as the model passes it */
  path: string;
}

export interface PreviewPartResult {
  /** `index`, `listing`, `tool-description`, `reminder`, `tool-result`, … */
  id: string;
  /** where the text goes */
  title: string;
  /** exactly what the agent puts into the context */
  text: string;
  tokens: number;
}

export interface PreviewResult {
  agent: string;
  kind: 'index' | 'load' | 'read';
  /** false when the agent answers with an error text (unknown skill, refused path) */
  ok: boolean;
  parts: PreviewPartResult[];
  /** index: each shown skill's own fragment */
  skills: { name: string; path: string; tokens: number }[];
  /** index: every skill left out, and why; load/read of an unknown name: why it is not loadable */
  omitted: CatalogExclusion[];
  notes: string[];
  /** sum over parts */
  tokens: number;
  tokenizer: string;
  /** the human report (never part of the agent text): parts, tokens per skill and in total, left-out skills */
  report: string;
  /** what `auto` stands for in this workspace (as in CatalogResult) */
  autoAgents?: string[];
}

/** `skillmd/catalog` (CatalogParams) → CatalogResult. The first request per agent scans. */
export const CATALOG = 'skillmd/catalog';
/** `skillmd/previewIndex` (PreviewIndexParams) → PreviewResult: the skill index in the system prompt. */
export const PREVIEW_INDEX = 'skillmd/previewIndex';
/** `skillmd/previewLoad` (PreviewLoadParams) → PreviewResult: what load_skill / the Skill tool returns. */
export const PREVIEW_LOAD = 'skillmd/previewLoad';
/** `skillmd/previewRead` (PreviewReadParams) → PreviewResult: what read_skill_file returns (lovia). */
export const PREVIEW_READ = 'skillmd/previewRead';

export interface CatalogChangedParams {
  /** agents whose catalog changed */
  agents: string[];
}

/** `skillmd/catalogChanged` (server → client notification, CatalogChangedParams). */
export const CATALOG_CHANGED = 'skillmd/catalogChanged';

// ---------------------------------------------------------------- routing

export interface RouteParams {
  /** the user request to route */
  request: string;
  /** the agent whose catalog is searched (default as for the previews) */
  agent?: string;
}

export interface RouteCandidateResult {
  name: string;
  /** TF-IDF cosine of the request with the skill's description, when_to_use and keywords */
  score: number;
  /** the shared terms, heaviest first */
  terms: string[];
  /** the trigger keywords or tags the request matches */
  matched: string[];
  /** the skill's SKILL.md */
  uri: string;
}

export interface RouteResultWire {
  agent: string;
  request: string;
  /** skills whose trigger_keywords or tags match, best first */
  candidates: RouteCandidateResult[];
  /** the other skills that share a term with the request, best first */
  others: RouteCandidateResult[];
}

/** Which skills of an agent's catalog would take a request (`skillmd route`). */
export const ROUTE = 'skillmd/route';

// ---------------------------------------------------------------- new skill
//
// "New Skill…": where a skill can go, and what a name would give there. The server
// answers from the profiles and the rules (the same checks the skill then gets).

export interface NewSkillRoot {
  path: string;
  uri: string;
  /** an agent folder of a workspace folder, or a `roots` entry of .skillmd.json */
  origin: 'workspace' | 'config' | 'explicit';
  /** the folder is there already */
  exists: boolean;
  /** profile ids a skill there is checked against */
  targets: string[];
}

/** `skillmd/newSkillRoots` (no params) → NewSkillRoot[]: the agent folders and configured roots, in catalog order. */
export const NEW_SKILL_ROOTS = 'skillmd/newSkillRoots';

export interface NewSkillParams {
  /** the root folder (absolute path) */
  root: string;
  /** the name, which is also the folder name */
  name: string;
}

export interface NewSkillResult {
  /** `<root>/<name>/SKILL.md` */
  path: string;
  uri: string;
  targets: string[];
  /** errors (the name cannot be used) first, then warnings; empty when every target takes it */
  problems: { severity: 'error' | 'warning' | 'info'; message: string; code?: string }[];
  /** the SKILL.md skeleton: every field its targets require */
  text: string;
  /** the description placeholder in `text`, for the editor to select */
  description: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/** `skillmd/newSkill` (NewSkillParams) → NewSkillResult. Checks only: the client creates the files. */
export const NEW_SKILL = 'skillmd/newSkill';
