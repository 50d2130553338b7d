import type { AgentProfile, PreviewSources } from './types';
import { COMMON_LICENSES } from './licenses';

const DOCS = 'https://code.visualstudio.com/docs/agent-customization/agent-skills';
const LOADER = 'https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/chat/common/promptSyntax/service/promptsServiceImpl.ts';
// computeSkillDiscoveryInfo since microsoft/vscode#300455 (March 2026): the folder name replaces a missing or different name.
const DISCOVERY = 'https://github.com/microsoft/vscode/blob/00eacc909d2d1c228288ecea53aca4de80064e4f/src/vs/workbench/contrib/chat/common/promptSyntax/service/promptsServiceImpl.ts';
const LOCATIONS = 'https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/chat/common/promptSyntax/config/promptFileLocations.ts';
const YAML = 'https://github.com/microsoft/vscode/blob/main/src/vs/base/common/yaml.ts';
const PARSER = 'https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/chat/common/promptSyntax/promptFileParser.ts';
// skillAttributes: the attributes VS Code's prompt validator accepts in a SKILL.md (and their YAML types).
const ATTRIBUTES = 'https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/chat/common/promptSyntax/languageProviders/promptFileAttributes.ts';
// validateBody: `#tool:` names that are not registered get "Unknown tool or toolset"; a renamed one an info with the new name.
const VALIDATOR = 'https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/chat/common/promptSyntax/languageProviders/promptValidator.ts';
const GITHUB_DOCS = 'https://docs.github.com/en/copilot/how-tos/use-copilot-agents/coding-agent/create-skills';

// The previews (core/render/copilot.ts). The listing: `_getInstructionsWithPatternsList`
// @e06a3cee; the newer filter (no description / disable-model-invocation left out) is in
// later builds of the same function and in its vscode-copilot-chat port; the tool
// reference reaches the model as 'read_file' (prompts captured from VS Code).
const PREVIEW: PreviewSources = {
  index: 'https://github.com/microsoft/vscode/blob/e06a3cee0ed770f3d08ee8d735dbd87d17067e6c/src/vs/workbench/contrib/chat/common/promptSyntax/computeAutomaticInstructions.ts',
  load: 'https://github.com/microsoft/vscode-copilot-chat/blob/09d29579592d47b6a7df007421148983967c577c/src/extension/tools/node/loadSkillTool.ts',
  files: 'the model reads SKILL.md (its path is in <file>) and the files it names with read_file',
};

/** GitHub Copilot in VS Code (and the Copilot coding agent / CLI). */
export const copilot: AgentProfile = {
  id: 'copilot',
  label: 'GitHub Copilot (VS Code)',
  docs: DOCS,
  summary: 'GitHub Copilot in VS Code: the skill is named after its folder (a missing or different `name` is replaced); a skill without description loads but the model cannot tell when to use it; over-long values are truncated and XML tags stripped; unknown fields ignored.',
  fileNames: ['SKILL.md', 'skill.md'],
  fileNamesSource: LOADER,
  discovery: {
    project: ['.github/skills', '.agents/skills', '.claude/skills'],
    user: ['~/.copilot/skills', '~/.agents/skills', '~/.claude/skills'],
    source: LOCATIONS,
  },
  discoveryDepth: 1,
  // The loader compares the file name case-insensitively (so skill.md and Skill.md load).
  discoveryWalk: { fileNames: ['SKILL.md'], caseInsensitive: true, summary: 'one level below each root, SKILL.md in any case (VS Code)', source: LOADER },
  duplicateNames: 'first found wins; workspace before user; the other is skipped with a warning',
  onViolation: 'duplicate names and parse errors: skipped and logged; a missing or different name: the folder name is used (debug log); over-long values truncated, XML tags stripped',
  name: {
    charset: 'ascii-lower-alnum-hyphen',
    strictHyphens: false,
    maxLength: 64,
    mustMatchFolder: true,
    defaultsToFolder: true,
    // Not skipped any more: VS Code names the skill after its folder instead.
    onInvalid: 'warn',
    onFolderMismatch: 'warn',
    onTooLong: 'warn',
    source: DISCOVERY,
  },
  fields: {
    name: {
      shapes: ['string'],
      required: false,
      minLength: 1,
      maxLength: 64,
      // truncateAgentSkillName / truncateAgentSkillDescription cut by JavaScript's `.length`.
      lengthMeasure: 'utf16',
      onInvalid: 'warn',
      onXmlTags: 'truncate',
      doc: 'Lowercase letters, numbers and hyphens, at most 64 characters, equal to the folder name. VS Code cuts a longer name to 64 characters and removes XML tags; a missing name, or one that then differs from the folder name, is replaced by the folder name (the `/` command and the listing use it).',
      source: DISCOVERY,
    },
    description: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 1024,
      lengthMeasure: 'utf16',
      onInvalid: 'warn',
      // Loaded without one: listed with no description, so the model cannot tell when to use it.
      onMissing: 'warn',
      onTooLong: 'truncate',
      onXmlTags: 'truncate',
      doc: 'What the skill does and when to use it, at most 1024 characters (VS Code cuts a longer one and removes XML tags). Copilot reads it to decide when to load the skill; a skill without one still loads, but is never picked.',
      source: DISCOVERY,
    },
    'argument-hint': {
      shapes: ['string'],
      onInvalid: 'ignore',
      doc: 'Hint shown in chat when the skill is invoked as a `/` command.',
      source: DOCS,
    },
    'user-invocable': {
      shapes: ['boolean'],
      onInvalid: 'ignore',
      doc: '`false` hides the skill from the `/` menu; it can still load automatically. (Older docs spelled it `user-invokable`.)',
      source: DOCS,
    },
    'user-invokable': {
      shapes: ['boolean'],
      onInvalid: 'ignore',
      doc: 'Older spelling of `user-invocable` (VS Code docs before mid-2026); prefer `user-invocable`.',
      source: 'https://github.com/microsoft/vscode-docs/blob/main/docs/copilot/customization/agent-skills.md',
    },
    'disable-model-invocation': {
      shapes: ['boolean'],
      onInvalid: 'ignore',
      doc: '`true` means the skill loads only when invoked as a `/` command.',
      source: DOCS,
    },
    context: {
      shapes: ['string'],
      values: ['fork'],
      onInvalid: 'ignore',
      doc: 'Experimental: `fork` runs the skill as a subagent (needs `github.copilot.chat.skillTool.enabled`).',
      source: DOCS,
    },
    license: { shapes: ['string', 'map'], onInvalid: 'ignore', doc: 'License of the skill (Copilot CLI / coding agent); VS Code\'s validator takes a string or a map.', source: GITHUB_DOCS, suggestions: COMMON_LICENSES },
    compatibility: { shapes: ['string', 'map'], onInvalid: 'ignore', doc: 'Environment requirements; VS Code\'s validator accepts it (a string or a map) and does not act on it.', source: ATTRIBUTES },
    metadata: { shapes: ['map'], onInvalid: 'ignore', doc: 'Additional metadata; VS Code\'s validator accepts a map and does not act on it.', source: ATTRIBUTES },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: LOADER,
  onYamlError: 'reject',
  onDuplicateKey: 'warn',
  unquotedColon: 'truncated',
  unquotedColonSource: YAML,
  onLeadingBlankLines: 'reject',
  // readFile + VSBuffer.toString() keep U+FEFF (vscode#272389), and the parser wants `---` as the first line.
  onBom: 'reject',
  onBomSource: PARSER,
  yaml: { parser: 'VS Code tolerant YAML parser (vs/base/common/yaml.ts)', scalars: 'yaml1.2', onAnchors: 'reject', source: YAML },
  // PromptBody: `#file:` (any case) then the path up to white space or `#`; relative to the
  // file's folder (resolveFilePath; `/x` absolute, `scheme:/` a URI); none inside a Markdown
  // link; the validator warns "File '<path>' not found at '<where>'" and the link provider links it.
  references: { fileMentions: PARSER },
  preview: PREVIEW,
  // core/render/copilot.ts: the skill tool puts the file in unescaped; the <skills>
  // listing has no such frame, since tags are stripped from descriptions (onXmlTags).
  promptFrames: [{ text: 'file', elements: ['skill_instructions'], where: 'the skill tool result' }],
  facts: {
    toolReferences: {
      // Built-in tool sets and the tools VS Code itself registers (extensions and MCP servers add `<set>/<tool>` names).
      known: ['agent', 'edit', 'execute', 'read', 'search', 'todo', 'vscode', 'web', 'agent/runSubagent', 'edit/editFiles', 'edit/createFile',
        'edit/createDirectory', 'edit/editNotebook', 'execute/runInTerminal', 'execute/getTerminalOutput', 'execute/runTask', 'execute/createAndRunTask',
        'execute/getTaskOutput', 'read/readFile', 'read/problems', 'read/terminalSelection', 'read/terminalLastCommand', 'search/codebase',
        'search/fileSearch', 'search/textSearch', 'search/listDirectory', 'search/usages', 'search/changes', 'web/fetch', 'web/githubRepo'],
      // legacyToolReferenceFullNames of VS Code's own tools.
      renamed: { runSubagent: 'agent/runSubagent', todos: 'todo', fetch: 'web/fetch', githubRepo: 'web/githubRepo', codebase: 'search/codebase',
        editFiles: 'edit/editFiles', problems: 'read/problems', usages: 'search/usages', changes: 'search/changes', runInTerminal: 'execute/runInTerminal',
        'runCommands/getTerminalOutput': 'execute/getTerminalOutput', 'runCommands/terminalSelection': 'read/terminalSelection',
        'runTasks/getTaskOutput': 'execute/getTaskOutput', 'runTasks/createAndRunTask': 'execute/createAndRunTask' },
      source: VALIDATOR,
    },
    nonStringMetadata: 'VS Code accepts any map there and does not read it',
  },
  notes: [
    'VS Code compares the file name case-insensitively, so `skill.md` loads there; GitHub docs (CLI, coding agent) require `SKILL.md`.',
    'Only string values are read: `name: 123` counts as missing.',
    'Unquoted `: ` in a value: the value ends at the inner `: ` (inferred from the parser source; UNVERIFIED by execution).',
    'A UTF-8 BOM before `---` hides the frontmatter from skill discovery, which reads the file from disk (microsoft/vscode#336155); a SKILL.md open in an editor is read from the editor, without it. Before VS Code took the BOM into the decoded text (microsoft/vscode#272389, late 2025) it loaded.',
    'Names with characters other than a-z, 0-9 and `-` "silently fail to load" (docs); no charset check was found in the loader source.',
  ],
};
