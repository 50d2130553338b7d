import type { AgentProfile } from './types';
import { COMMON_LICENSES } from './licenses';

const DOCS = 'https://code.claude.com/docs/en/skills';
const FRONTMATTER = 'https://code.claude.com/docs/en/skills#frontmatter-reference';
const API_DOCS = 'https://platform.claude.com/docs/en/agents-and-tools/agent-skills/overview';
const LOWERCASE_ISSUE = 'https://github.com/anthropics/claude-code/issues/16983';
const LENIENT_COLON = 'https://github.com/xujialiu/Zotero-TTS/issues/27';
const TOOLS = 'https://code.claude.com/docs/en/tools-reference';
const SUBAGENTS = 'https://code.claude.com/docs/en/sub-agents';
const HOOKS = 'https://code.claude.com/docs/en/hooks';
const SUBSTITUTIONS = 'https://code.claude.com/docs/en/skills#available-string-substitutions';
const INJECTION = 'https://code.claude.com/docs/en/skills#inject-dynamic-context';
const BEST_PRACTICES = 'https://platform.claude.com/docs/en/agents-and-tools/agent-skills/best-practices';

/**
 * Claude Code's built-in tools, one line each (the tools reference, 2026): the one list that
 * `allowed-tools` validation, completion and hover read. `PowerShell` is Windows only;
 * `Monitor`, `SendMessage` and the team tools sit behind settings.
 */
const TOOL_DOCS: Readonly<Record<string, string>> = {
  Agent: 'Start a subagent for a task (formerly `Task`).',
  AskUserQuestion: 'Ask the user multiple-choice questions.',
  Bash: 'Run shell commands.',
  CronCreate: 'Schedule a recurring or one-time prompt in the session.',
  CronDelete: 'Cancel a scheduled prompt.',
  CronList: 'List the scheduled prompts.',
  Edit: 'Make targeted edits to files.',
  EnterPlanMode: 'Switch to plan mode.',
  EnterWorktree: 'Work in a new git worktree.',
  ExitPlanMode: 'Present a plan and leave plan mode.',
  ExitWorktree: 'Leave the worktree.',
  Glob: 'Find files by pattern.',
  Grep: 'Search file contents.',
  ListMcpResourcesTool: 'List the resources of connected MCP servers.',
  LSP: 'Code intelligence from language servers.',
  Monitor: 'Watch a background command and react to its output.',
  NotebookEdit: 'Edit Jupyter notebook cells.',
  PowerShell: 'Run PowerShell commands (Windows).',
  Read: 'Read files.',
  ReadMcpResourceTool: 'Read an MCP resource.',
  SendMessage: 'Send a message to another agent of a team.',
  Skill: 'Run a skill.',
  TaskCreate: 'Add a task to the task list.',
  TaskGet: 'Read a task of the task list.',
  TaskList: 'List the tasks.',
  TaskOutput: 'Read the output of a background task.',
  TaskStop: 'Stop a background task.',
  TaskUpdate: 'Update a task of the task list.',
  TeamCreate: 'Create an agent team.',
  TeamDelete: 'Remove an agent team.',
  TodoWrite: 'Keep a task list (non-interactive sessions).',
  ToolSearch: 'Search for and load deferred tools.',
  WebFetch: 'Fetch a URL.',
  WebSearch: 'Search the web.',
  Write: 'Create or overwrite files.',
};

/** Claude Code: every field optional; unknown fields are ignored. */
export const claudeCode: AgentProfile = {
  id: 'claude-code',
  label: 'Claude Code',
  docs: DOCS,
  summary: 'Claude Code: all fields optional, name defaults to the folder, description + when_to_use capped at 1,536 characters in the listing; unknown fields ignored.',
  fileNames: ['SKILL.md'],
  fileNamesSource: LOWERCASE_ISSUE,
  discovery: {
    project: ['.claude/skills'],
    user: ['~/.claude/skills'],
    source: DOCS,
  },
  discoveryDepth: 1,
  discoveryWalk: { summary: 'one level below each root, exact SKILL.md (Claude Code)', source: DOCS },
  // A plugin is installed whole (its skills/, scripts/, docs/): `../` within it resolves.
  references: { pluginInstalledWhole: true },
  loadsWithoutFrontmatter: true,
  duplicateNames: 'enterprise > personal > project; a skill beats a `.claude/commands` file',
  onViolation: 'loads with defaults; a YAML error loads the skill with no fields set',
  name: {
    charset: 'any',
    strictHyphens: false,
    maxLength: Number.MAX_SAFE_INTEGER,
    mustMatchFolder: false,
    defaultsToFolder: true,
    reservedPrefixes: ['anthropic-skills'],
    onInvalid: 'reject',
    source: DOCS,
  },
  fields: {
    name: {
      shapes: ['string'],
      onInvalid: 'ignore',
      doc: 'Display name and `/name` command; defaults to the folder name. Claude Code itself enforces no format, but names starting with `anthropic-skills` do not load. (Uploads to claude.ai / the Skills API require at most 64 of a-z, 0-9 and `-`, without "anthropic" or "claude".)',
      source: FRONTMATTER,
    },
    description: {
      shapes: ['string'],
      onInvalid: 'ignore',
      doc: 'Recommended: what the skill does and when to use it. Claude decides from it when to load the skill. If omitted, the first non-empty line of the body is used. (claude.ai / the Skills API: at most 1024 characters, no XML tags.)',
      source: FRONTMATTER,
    },
    when_to_use: {
      shapes: ['string'],
      onInvalid: 'ignore',
      doc: 'Extra trigger phrases or examples, appended to the description in the skill listing (counts toward the 1,536-character cap).',
      source: FRONTMATTER,
    },
    'argument-hint': {
      shapes: ['string'],
      onInvalid: 'ignore',
      doc: 'Hint shown in autocomplete for the arguments of `/name`, e.g. `[issue-number]`.',
      source: FRONTMATTER,
      snippet: '"${1:[arg]}"',
    },
    arguments: {
      shapes: ['list', 'string'],
      itemShape: 'string',
      onInvalid: 'ignore',
      doc: 'Named positional arguments, substituted as `$name` in the body.',
      snippet: '\n  - ${1:topic}',
      source: FRONTMATTER,
    },
    'disable-model-invocation': {
      shapes: ['boolean'],
      lenientBoolean: true,
      onInvalid: 'ignore',
      doc: '`true` keeps Claude from loading the skill on its own: it is left out of the listing and only `/name` runs it.',
      source: FRONTMATTER,
    },
    'user-invocable': {
      shapes: ['boolean'],
      lenientBoolean: true,
      onInvalid: 'ignore',
      doc: '`false` hides the skill from the `/` menu; Claude can still load it.',
      source: FRONTMATTER,
    },
    'allowed-tools': {
      shapes: ['string', 'list'],
      itemShape: 'string',
      onInvalid: 'ignore',
      doc: 'Tools Claude may use without asking while the skill is active: a space- or comma-separated string, or a list.',
      source: FRONTMATTER,
    },
    'disallowed-tools': {
      shapes: ['string', 'list'],
      itemShape: 'string',
      onInvalid: 'ignore',
      doc: 'Tools removed from Claude while the skill is active.',
      source: FRONTMATTER,
    },
    model: {
      shapes: ['string'],
      suggestions: ['inherit', 'sonnet', 'opus', 'haiku'],
      onInvalid: 'ignore',
      doc: 'Model to use while the skill is active: an alias (`sonnet`, `opus`, `haiku`), a full model ID, or `inherit`.',
      source: FRONTMATTER,
    },
    effort: {
      shapes: ['string'],
      values: ['low', 'medium', 'high', 'xhigh', 'max'],
      onInvalid: 'ignore',
      doc: 'Reasoning effort while the skill is active: `low`, `medium`, `high`, `xhigh` or `max` (availability depends on the model).',
      source: FRONTMATTER,
    },
    context: {
      shapes: ['string'],
      values: ['fork'],
      onInvalid: 'ignore',
      doc: '`fork` runs the skill in a forked subagent context with its own conversation.',
      source: FRONTMATTER,
    },
    agent: {
      shapes: ['string'],
      suggestions: ['general-purpose', 'Explore', 'Plan'],
      onInvalid: 'ignore',
      doc: 'Subagent type used with `context: fork` (a built-in agent such as `Explore` or a custom agent name).',
      source: FRONTMATTER,
    },
    background: {
      shapes: ['boolean'],
      lenientBoolean: true,
      onInvalid: 'ignore',
      doc: 'With `context: fork`: `true` (default) runs the forked skill in the background (v2.1.218+).',
      source: FRONTMATTER,
    },
    hooks: {
      shapes: ['map'],
      onInvalid: 'ignore',
      doc: 'Hooks scoped to the skill\'s lifetime, in the same format as settings hooks.',
      // A skeleton the hooks-schema rule accepts: one event, one matcher, one command hook.
      snippet: '\n  ${1|PreToolUse,PostToolUse,Stop|}:\n    - matcher: "${2:Bash}"\n      hooks:\n        - type: command\n          command: "${3:echo checked}"',
      source: FRONTMATTER,
    },
    paths: {
      shapes: ['list', 'string'],
      itemShape: 'string',
      onInvalid: 'ignore',
      doc: 'Glob patterns: Claude loads the skill automatically only when working with matching files.',
      // Quoted: a glob that starts with `*` is a YAML alias otherwise.
      snippet: '\n  - "${1:src/**}"',
      source: FRONTMATTER,
    },
    shell: {
      shapes: ['string'],
      values: ['bash', 'powershell'],
      onInvalid: 'ignore',
      doc: 'Shell used for `!` command injection in the body.',
      source: FRONTMATTER,
    },
    license: {
      shapes: ['string'],
      onInvalid: 'ignore',
      doc: 'License of the skill (accepted, not acted on).',
      source: FRONTMATTER,
      suggestions: COMMON_LICENSES,
    },
    compatibility: {
      shapes: ['string'],
      maxLength: 500,
      onInvalid: 'ignore',
      doc: 'Environment requirements, at most 500 characters (accepted, not acted on).',
      source: 'https://agentskills.io/specification',
    },
    metadata: {
      shapes: ['map'],
      onInvalid: 'ignore',
      doc: 'Free-form key-value metadata (accepted, not acted on); a value that is not a map is dropped.',
      source: FRONTMATTER,
    },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: FRONTMATTER,
  onYamlError: 'warn',
  onDuplicateKey: 'ignore',
  unquotedColon: 'accepted',
  unquotedColonSource: LENIENT_COLON,
  onLeadingBlankLines: 'warn',
  yaml: { parser: 'JavaScript YAML (closed source)', scalars: 'yaml1.2', source: FRONTMATTER },
  notes: [
    'A YAML error does not reject the skill: it loads with no fields set (name = folder, description = first body line).',
    'Frontmatter counts only when `---` is the first line.',
    'Unquoted `: ` in a value (`description: Use when: x`): recent versions load it (UNVERIFIED; closed source).',
    'Booleans accept `true`/`false` and, since v2.1.218, `yes`/`no`/`on`/`off`/`1`/`0` in any case.',
    `A skill folder named \`synced\` is skipped; claude.ai / Skills API upload rules (name ≤64 \`[a-z0-9-]\`, no "anthropic"/"claude", description ≤1024 without XML; ${API_DOCS}) are not enforced by Claude Code.`,
    'Only `SKILL.md`: lowercase `skill.md` is not found on case-sensitive file systems.',
  ],
  listingCap: { fields: ['description', 'when_to_use'], max: 1536, source: FRONTMATTER },
  facts: {
    tools: {
      names: Object.keys(TOOL_DOCS),
      docs: TOOL_DOCS,
      // Names from older releases that skills still carry: `Task` is the documented alias of `Agent`;
      // the others were merged or removed (MultiEdit into Edit, LS into Glob/Bash, NotebookRead into Read).
      aliases: { Task: 'Agent', MultiEdit: 'Edit', LS: 'Glob', NotebookRead: 'Read', TodoRead: 'TodoWrite', BashOutput: 'TaskOutput', KillShell: 'TaskStop', KillBash: 'TaskStop', MCPSearch: 'ToolSearch' },
      unscoped: ['Bash', 'PowerShell'],
      source: TOOLS,
    },
    subagents: {
      builtIn: ['general-purpose', 'Explore', 'Plan', 'Bash', 'statusline-setup', 'claude-code-guide'],
      projectFolder: '.claude/agents',
      pluginFolder: 'agents',
      userFolder: '~/.claude/agents',
      source: SUBAGENTS,
    },
    hooks: {
      events: [
        'SessionStart', 'Setup', 'InstructionsLoaded', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PermissionDenied',
        'PostToolUse', 'PostToolUseFailure', 'SubagentStart', 'SubagentStop', 'TaskCreated', 'TaskCompleted', 'Stop', 'StopFailure',
        'TeammateIdle', 'PreCompact', 'PostCompact', 'SessionEnd', 'Notification', 'ConfigChange', 'CwdChanged', 'FileChanged',
        'WorktreeCreate', 'WorktreeRemove', 'Elicitation', 'ElicitationResult',
      ],
      handlers: {
        command: { required: ['type', 'command'], optional: ['timeout', 'shell', 'async', 'asyncRewake', 'once', 'statusMessage'] },
        http: { required: ['type', 'url'], optional: ['timeout', 'headers', 'allowedEnvVars', 'once', 'statusMessage'] },
        prompt: { required: ['type', 'prompt'], optional: ['timeout', 'model', 'once', 'statusMessage'] },
        agent: { required: ['type', 'prompt'], optional: ['timeout', 'model', 'once', 'statusMessage'] },
      },
      groupFields: ['matcher', 'hooks'],
      source: HOOKS,
    },
    argumentSubstitution: { source: SUBSTITUTIONS },
    commandInjection: { warnAbove: 5, source: INJECTION },
    advisedName: {
      pattern: '^[a-z0-9-]{1,64}$',
      maxLength: 64,
      says: 'Claude Code loads any name, but its docs ask for lowercase letters, digits and hyphens (at most 64), and claude.ai and the Skills API reject other names',
      source: API_DOCS,
    },
    thirdPersonDescription: { source: BEST_PRACTICES },
    nonStringMetadata: 'Claude Code keeps it as it is (it does not act on `metadata`)',
  },
};
