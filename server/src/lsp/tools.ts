// Tool names offered for `allowed-tools` / `disallowed-tools`. Claude Code's
// built-in tools (https://code.claude.com/docs/en/settings#tools-available-to-claude);
// the open specification leaves names to the agent.
export const TOOLS_SOURCE = 'https://code.claude.com/docs/en/settings#tools-available-to-claude';

export const KNOWN_TOOLS: readonly { name: string; doc: string; snippet?: string }[] = [
  { name: 'Read', doc: 'Read files.' },
  { name: 'Write', doc: 'Create or overwrite files.' },
  { name: 'Edit', doc: 'Make targeted edits to files.' },
  { name: 'MultiEdit', doc: 'Several edits to one file at once.' },
  { name: 'Glob', doc: 'Find files by pattern.' },
  { name: 'Grep', doc: 'Search file contents.' },
  { name: 'Bash', doc: 'Run shell commands.' },
  { name: 'Bash(…:*)', doc: 'Run only commands that start with a prefix, e.g. `Bash(git:*)`.', snippet: 'Bash(${1:git}:*)' },
  { name: 'WebFetch', doc: 'Fetch a URL.' },
  { name: 'WebSearch', doc: 'Search the web.' },
  { name: 'NotebookEdit', doc: 'Edit Jupyter notebook cells.' },
  { name: 'Task', doc: 'Start a subagent.' },
  { name: 'TodoWrite', doc: 'Keep a task list.' },
  { name: 'Skill', doc: 'Load another skill.' },
];
