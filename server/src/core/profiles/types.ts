/**
 * An agent profile is a declarative table of what one agent reads from SKILL.md.
 * Validation, completion, hover, the README tables and CLI output all derive from
 * these tables; no rule hard-codes an agent's behaviour.
 */

export type ProfileId = 'agentskills' | 'claude-code' | 'copilot' | 'codex' | 'opencode' | 'lovia' | 'eino';

/** YAML shapes a field may take. */
export type ValueShape = 'string' | 'boolean' | 'number' | 'list' | 'map';

/**
 * What the agent does when a field is unknown to it or its value breaks a rule.
 * Ordered from worst to mildest; a diagnostic's severity follows the worst outcome
 * among the targets.
 */
export type Outcome =
  /** the skill is not loaded (or the reference validator fails it) */
  | 'reject'
  /** loaded, but the agent logs a warning or error */
  | 'warn'
  /** loaded; the value is cut to the limit */
  | 'truncate'
  /** loaded; the field is silently not used */
  | 'ignore';

export interface FieldSpec {
  /** accepted YAML shapes; the first is the canonical one used for completion */
  shapes: ValueShape[];
  /** lists: every item must be a string */
  itemShape?: 'string';
  /** maps: every value must be a string */
  mapValueShape?: 'string';
  /** a closed set of values (for strings) */
  values?: readonly string[];
  /** values offered in completion but not enforced (e.g. model aliases) */
  suggestions?: readonly string[];
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** what the agent does when the value is invalid (wrong type, too long, bad value) */
  onInvalid: Outcome;
  /** what the agent does when a length limit is exceeded (defaults to onInvalid) */
  onTooLong?: Outcome;
  /** `<` or `>` forbidden in the value */
  forbidAngleBrackets?: boolean;
  /** Markdown documentation shown in hover and the README */
  doc: string;
  /** where the fact comes from */
  source: string;
  /** a snippet for the value (LSP snippet syntax), used by completion */
  snippet?: string;
  /**
   * how the agent measures the length (default `code-points`: Python `len`, Rust
   * `chars().count()`); `collapsed-whitespace`: after joining all white space runs
   * into one space (Codex); `stripped`: after trimming (skills-ref `name`); `utf16`:
   * JavaScript's `.length`, an emoji counting 2 (VS Code)
   */
  lengthMeasure?: LengthMeasure;
  /** booleans: also `yes`/`no`/`on`/`off`/`1`/`0` in any case (Claude Code) */
  lenientBoolean?: boolean;
  /** what the agent does with XML tags (`<[^>]+>`) in the value (Copilot strips them) */
  onXmlTags?: Outcome;
  /** what the agent does when a required field is missing (defaults to onInvalid) */
  onMissing?: Outcome;
  /** what the agent does with a value of the right shape that is not one of `values` (defaults to onInvalid) */
  onUnknownValue?: Outcome;
  /** nested fields of a map (e.g. Codex `metadata.short-description`) */
  children?: Readonly<Record<string, FieldSpec>>;
}

export type LengthMeasure = 'code-points' | 'collapsed-whitespace' | 'stripped' | 'utf16';

export type NameCharset =
  /** Unicode letters and digits that are lowercase (skills-ref: `isalnum()` + `islower`) */
  | 'unicode-lower-alnum-hyphen'
  /** [a-z0-9-] */
  | 'ascii-lower-alnum-hyphen'
  /** [a-zA-Z0-9] runs joined by single `-` or `_` */
  | 'ascii-alnum-hyphen-underscore'
  /** anything goes */
  | 'any';

export interface NameRule {
  charset: NameCharset;
  /** leading/trailing/doubled hyphens are errors */
  strictHyphens: boolean;
  maxLength: number;
  /** the name is NFKC-normalised before checks (skills-ref) */
  nfkc?: boolean;
  /** the name must equal the skill's folder name */
  mustMatchFolder: boolean;
  /** when `name` is absent the folder name is used */
  defaultsToFolder: boolean;
  /** words that may not appear in the name */
  reservedWords?: readonly string[];
  /** names starting with one of these do not load (Claude Code: `anthropic-skills`) */
  reservedPrefixes?: readonly string[];
  forbidAngleBrackets?: boolean;
  onInvalid: Outcome;
  /** outcome when the folder does not match (defaults to onInvalid) */
  onFolderMismatch?: Outcome;
  /** outcome when the name is longer than maxLength (defaults to onInvalid) */
  onTooLong?: Outcome;
  source: string;
}

/**
 * How the agent's YAML loader types scalars:
 * - `strings`: every scalar is text (strictyaml; Go/Rust loaders decoding into string fields)
 * - `yaml1.1`: PyYAML: `yes`/`no`/`on`/`off` are booleans, numbers and dates typed
 * - `yaml1.2`: JSON-like core schema (`true`/`false`, numbers, `null`)
 * - `js-yaml3`: js-yaml 3 (gray-matter): YAML 1.2 booleans, but YAML 1.1 numbers
 *   (`1_000`, `0b1`, `1:30`) and dates
 */
export type ScalarTyping = 'strings' | 'yaml1.1' | 'yaml1.2' | 'js-yaml3';

/** The agent's YAML dialect: what it does with syntax beyond plain `key: value`. */
export interface YamlDialect {
  /** the loader, e.g. "strictyaml", "PyYAML safe_load" */
  parser: string;
  scalars: ScalarTyping;
  /** `[a, b]` / `{a: b}` */
  onFlowStyle?: Outcome;
  /** `&anchor` / `*alias` */
  onAnchors?: Outcome;
  /** `!tag` */
  onTags?: Outcome;
  /** a tab between tokens (`a: b<TAB>c`, a tab after `key:`), which PyYAML's scanner refuses */
  onTabs?: Outcome;
  /** with `scalars: 'strings'`: a plain `~`, `null`, `Null` or `NULL` is still null (serde_yaml's Option, yaml.v3), not the text */
  nullWords?: boolean;
  /**
   * a plain scalar the loader types but cannot construct (`2024-13-45`, `0b_`):
   * PyYAML raises ValueError, which is not a YAMLError
   */
  onValueError?: Outcome;
  /** what that error does to the agent, in a few words (README, diagnostics) */
  valueErrorEffect?: string;
  source: string;
}

/**
 * `description: Use when: the user asks` (an unquoted `: ` inside a value):
 * - `reject`: a YAML error (the agent's usual YAML-error outcome applies)
 * - `accepted`: the agent retries with the value quoted and reads it whole
 * - `truncated`: the agent's tolerant parser stops the value at the inner `: `
 */
export type UnquotedColonHandling = 'reject' | 'accepted' | 'truncated';

export interface ListingCap {
  /** fields whose values are joined into the listing entry */
  fields: readonly string[];
  max: number;
  source: string;
}

export interface AgentProfile {
  id: ProfileId;
  label: string;
  /** the agent's documentation of skills */
  docs: string;
  /** skill file names the agent loads, in preference order */
  fileNames: readonly string[];
  fileNamesSource?: string;
  /** folders where the agent discovers skills, relative to the project / home */
  discovery: { project: readonly string[]; user: readonly string[]; source: string };
  name: NameRule;
  /** every frontmatter field the agent reads, including name and description */
  fields: Readonly<Record<string, FieldSpec>>;
  /** what happens to fields not in `fields`: 'extra' = kept and shown in the index */
  unknownFields: Outcome | 'extra';
  unknownFieldsSource: string;
  /** what happens when the frontmatter is not valid YAML */
  onYamlError: Outcome;
  /** what happens with duplicate keys (Go yaml.v3 rejects, PyYAML/JS keep the last) */
  onDuplicateKey: Outcome;
  /** only duplicates of these keys get `onDuplicateKey`; others keep the last (serde's derived structs check their own fields only) */
  duplicateKeysChecked?: readonly string[];
  /** how an unquoted `: ` inside a value is handled (default `reject`) */
  unquotedColon?: UnquotedColonHandling;
  unquotedColonSource?: string;
  /** `accepted` only for keys matching this regular expression (opencode: no `-` in the key) */
  unquotedColonKeys?: string;
  /** the YAML loader's dialect (default: YAML 1.2, everything allowed) */
  yaml?: YamlDialect;
  /** what happens when blank lines precede the opening `---` (default `reject`: no frontmatter seen) */
  onLeadingBlankLines?: Outcome | 'accepted';
  /**
   * what happens when a frontmatter line holds a tab and the agent cuts every line of
   * the file up to its first tab before parsing (Eino strips `cat -n` line numbers)
   */
  onLineCutAtTab?: Outcome;
  /** what happens when `---` appears inside the frontmatter and the agent splits the file at the first one (skills-ref) */
  onInnerDelimiter?: Outcome;
  onLineCutAtTabSource?: string;
  /**
   * the skill loads from a SKILL.md without frontmatter: named after its folder, described
   * by the body (Claude Code); otherwise such a file is no skill for the agent
   */
  loadsWithoutFrontmatter?: boolean;
  /** what happens when the file starts with a UTF-8 byte order mark (undefined: no claim) */
  onBom?: Outcome | 'accepted';
  onBomSource?: string;
  /** how the agent reaches a skill's other files (the reference checks read these facts) */
  references?: {
    /** a skill inside a plugin is installed with the whole plugin, so the plugin's other files are there too */
    pluginInstalledWhole?: boolean;
    /** the tool that reads skill files refuses paths outside the skill folder: its name, for the message */
    refusesOutsideSkill?: string;
    /** `#file:<path>` in the body attaches the file, resolved against the holding file's folder: the source */
    fileMentions?: string;
  };
  /** how deep below a discovery folder SKILL.md is found: 1 = `<dir>/<skill>/SKILL.md`; 'recursive' = any depth */
  discoveryDepth?: number | 'recursive';
  /** how the agent's discovery walks a skills folder, beyond the depth (the catalog reads it: catalog/agents.ts) */
  discoveryWalk?: DiscoveryWalk;
  /** which of two skills with the same name is used */
  duplicateNames?: string;
  /**
   * The same, for the catalog and previews: the first found (in the catalog's root
   * order) wins, the last found wins, or all are kept (default `first`).
   */
  duplicateWinner?: 'first' | 'last' | 'all';
  /** what the agent does when a skill is invalid, in one line (README) */
  onViolation?: string;
  /** known facts and caveats (docs vs code, unverified points), shown in the README */
  notes?: readonly string[];
  listingCap?: ListingCap;
  /** where the previews' text comes from (the renderers in core/render follow these) */
  preview?: PreviewSources;
  /** elements the agent wraps skill text in without escaping it (rule frame-breakout; the renderers emit them) */
  promptFrames?: readonly PromptFrame[];
  /** what the agent does with the skill's tools, arguments, hooks and body (the advisory rules read these) */
  facts?: SkillFacts;
  /** one-line summary for CLI/README */
  summary: string;
}

/**
 * An element an agent puts skill text inside, unescaped: a closing tag of it in that text
 * ends the frame early, and what follows reads to the model as the agent's own words.
 */
export interface PromptFrame {
  /** what of the skill goes inside: the name or description (frontmatter), the body, or SKILL.md whole */
  text: 'name' | 'description' | 'body' | 'file';
  /** the enclosing elements, innermost first */
  elements: readonly string[];
  /** the text is the value of this attribute of the innermost element (`name="…"`): a `"` ends it */
  attribute?: string;
  /** where the text goes, for messages (`the skill tool result`) */
  where: string;
}

/** How an agent walks a skills folder for SKILL.md files (the depth is `discoveryDepth`). */
export interface DiscoveryWalk {
  /** the file names discovery looks for, in preference order, when they differ from `fileNames` (which validation reads) */
  fileNames?: readonly string[];
  /** file names compared in any letter case (VS Code) */
  caseInsensitive?: boolean;
  /** folders starting with `.` are not entered */
  skipHidden?: boolean;
  /** a skill folder's sub-folders are searched for more skills */
  descendIntoSkills?: boolean;
  /** a SKILL.md that is a symbolic link is not read (only linked folders are followed) */
  skipLinkedSkillFiles?: boolean;
  /** one line for reports (the catalog's `discovery`) */
  summary: string;
  source: string;
}

/** Source (repository, path, commit) of each text an agent puts into the context. */
export interface PreviewSources {
  /** the skill listing */
  index: string;
  /** the skill tool's description, when it is separate from the listing */
  toolDescription?: string;
  /** what the skill tool (or injection) returns */
  load?: string;
  /** how the model reaches a skill's other files */
  files: string;
}

/**
 * Facts about how an agent *uses* a skill, beyond which fields it reads: the checks
 * that fields make sense together (tools, subagents, hooks, substitutions) read them
 * here, so a rule fires only for the agents whose table has the fact.
 */
export interface SkillFacts {
  /** tool names accepted in `allowed-tools` / `disallowed-tools` */
  tools?: ToolFacts;
  /** subagents a forked skill (`context: fork`, `agent`) can run in */
  subagents?: SubagentFacts;
  /** the `hooks` field's schema */
  hooks?: HookFacts;
  /** `$ARGUMENTS`, `$0`…, `$name` are replaced in the body before the model reads it */
  argumentSubstitution?: { source: string };
  /** `` !`command` `` in the body runs before the model reads it; more than `warnAbove` is reported */
  commandInjection?: { warnAbove: number; source: string };
  /** a name rule the agent's docs ask for although its loader takes any name (Claude Code: claude.ai / the Skills API reject others) */
  advisedName?: { pattern: string; maxLength: number; says: string; source: string };
  /** the docs advise a description in the third person ("Processes files…", not "I can…") */
  thirdPersonDescription?: { source: string };
  /** `#tool:<name>` in the body names a tool (VS Code) */
  toolReferences?: ToolReferenceFacts;
  /** what the agent does with a `metadata` value that is not a string, in a few words */
  nonStringMetadata?: string;
  /** the spec's form of `allowed-tools`: one space-separated string */
  allowedToolsString?: { source: string };
}

export interface ToolFacts {
  /** built-in tool names, case-sensitive (the keys of `docs`) */
  names: readonly string[];
  /** what each built-in tool does, in one line (completion and hover show it) */
  docs: Readonly<Record<string, string>>;
  /** older names the agent still accepts, with the current one */
  aliases?: Readonly<Record<string, string>>;
  /** tools that can do anything unless scoped with `Tool(spec)` */
  unscoped: readonly string[];
  source: string;
}

export interface SubagentFacts {
  builtIn: readonly string[];
  /** folders holding `<name>.md` agents: relative to the project, the plugin, and home */
  projectFolder: string;
  pluginFolder: string;
  userFolder: string;
  source: string;
}

export interface HookFacts {
  events: readonly string[];
  /** handler `type` values and the fields each takes (`type` included) */
  handlers: Readonly<Record<string, { required: readonly string[]; optional: readonly string[] }>>;
  /** fields of a matcher group */
  groupFields: readonly string[];
  source: string;
}

export interface ToolReferenceFacts {
  /** built-in tool sets and tools, as `#tool:` writes them */
  known: readonly string[];
  /** old names and the name VS Code asks for instead */
  renamed: Readonly<Record<string, string>>;
  source: string;
}
