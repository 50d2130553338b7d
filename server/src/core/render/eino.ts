/**
 * CloudWeGo Eino ADK skill middleware — adk/middlewares/skill/{prompt.go,skill.go}.
 * Default: the newest generation found ("Gen B", prompt.go @129953c9 and the 2026
 * skill.go with NewMiddleware / fork_with_context): the list is a mid-conversation
 * reminder message and the tool description has no list. `einoFormat:
 * 'tool-description'` renders the older generation ("Gen A", prompt.go @d4e7a29e,
 * skill.go @3e0eac53) with `<available_skills>` inside the `skill` tool description.
 * See /work/research/renderers.md §3. English prompts; tool name `skill`.
 */
import { einoSplit, einoStripLineNumbers } from '../catalog/agents';
import type { SkillCatalog } from '../catalog/catalog';
import type { CatalogEntry, CatalogSnapshot } from '../catalog/types';
import type { FileSystem } from '../workspace/fileSystem';
import type { PreviewPart, PreviewSkill, ToolPreview } from './types';

/** `systemPrompt` with {tool_name} = skill; appended as instruction + "\n" + this. */
export const EINO_SYSTEM_PROMPT = `
# Skills System

**How to Use Skills (Progressive Disclosure):**

Skills follow a **progressive disclosure** pattern - you see their name and description above, but only read full instructions when needed:

1. **Recognize when a skill applies**: Check if the user's task matches a skill's description
2. **Read the skill's full instructions**: Use the 'skill' tool to load skill
3. **Follow the skill's instructions**: tool result contains step-by-step workflows, best practices, and examples
4. **Access supporting files**: Skills may include helper scripts, configs, or reference docs - use absolute paths

**When to Use Skills:**
- User's request matches a skill's domain (e.g., "research X" -> web-research skill)
- You need specialized knowledge or structured workflows
- A skill provides proven patterns for complex tasks

**Executing Skill Scripts:**
Skills may contain Python scripts or other executable files. Always use absolute paths.

**Example Workflow:**

User: "Can you research the latest developments in quantum computing?"

1. Check available skills -> See "web-research" skill
2. Call 'skill' tool to read the full skill instructions
3. Follow the skill's research workflow (search -> organize -> synthesize)
4. Use any helper scripts with absolute paths

Remember: Skills make you more capable and consistent. When in doubt, check if a skill exists for the task!
`;

/** Gen B `toolDescriptionBase`. */
export const EINO_TOOL_DESCRIPTION = `Execute a skill within the main conversation

When users ask you to perform tasks, check if any of the available skills match. Skills provide specialized capabilities and domain knowledge.

When users reference a "slash command" or "/<something>", they are referring to a skill. Use this tool to invoke it.

How to invoke:
- Set \`skill\` to the exact name of an available skill (no leading slash).
- Set \`args\` to pass optional arguments.
- Some skills are scoped to a directory: their name is prefixed with the directory (e.g. \`apps/web:deploy\`) and their description says which directory they apply to. When a skill name has both a scoped and an unscoped variant, pick by the files you are working on: if the files are under a variant's directory, invoke that variant (most specific directory wins); otherwise invoke the unscoped one.

Important:
- Available skills are listed in system-reminder messages in the conversation
- Only invoke a skill that appears in that list, or one the user explicitly typed as \`/<name>\` in their message. Never guess or invent a skill name from training data; otherwise do not call this tool
- When a skill matches the user's request, this is a BLOCKING REQUIREMENT: invoke the relevant Skill tool BEFORE generating any other response about the task
- NEVER mention a skill without actually calling this tool
- Do not invoke a skill that is already running
- Do not use this tool for built-in CLI commands (like /help, /clear, etc.)
- If you see a <command-name> tag in the current conversation turn, the skill has ALREADY been loaded - follow the instructions directly instead of calling this tool again
`;

/** Gen A `toolDescriptionBase` (ends with `</skills_instructions>\n\n`). */
export const EINO_TOOL_DESCRIPTION_GEN_A = `Execute a skill within the main conversation

<skills_instructions>
When users ask you to perform tasks, check if any of the available skills below can help complete the task more effectively. Skills provide specialized capabilities and domain knowledge.

How to invoke:
- Use this tool with the skill name only (no arguments)
- Examples:
  - \`skill: "pdf"\` - invoke the pdf skill
  - \`skill: "xlsx"\` - invoke the xlsx skill
  - \`skill: "ms-office-suite:pdf"\` - invoke using fully qualified name

Important:
- When a skill is relevant, you must invoke this tool IMMEDIATELY as your first action
- NEVER just announce or mention a skill in your text response without actually calling this tool
- This is a BLOCKING REQUIREMENT: invoke the relevant Skill tool BEFORE generating any other response about the task
- Only use skills listed in <available_skills> below
- Do not invoke a skill that is already running
- Do not use this tool for built-in CLI commands (like /help, /clear, etc.)
</skills_instructions>

`;

export const EINO_REMINDER_PREAMBLE = 'The following skills are available for use with the Skill tool:';

export function renderEinoIndex(skills: readonly CatalogEntry[], format: 'reminder' | 'tool-description' = 'reminder'): { parts: PreviewPart[]; skills: PreviewSkill[]; notes: string[] } {
  const notes: string[] = [];
  const parts: PreviewPart[] = [{ id: 'system-prompt', title: 'appended to the agent instruction (instruction + "\\n" + this)', text: EINO_SYSTEM_PROMPT }];
  if (format === 'tool-description') {
    // text/template with {{- trims, no HTML escaping, no location.
    const per = skills.map((e) => ({ name: e.name, path: e.path, text: `\n<skill>\n<name>\n${e.name}\n</name>\n<description>\n${e.description}\n</description>\n</skill>` }));
    parts.push({ id: 'tool-description', title: '`skill` tool description (Eino Gen A)', text: `${EINO_TOOL_DESCRIPTION_GEN_A}\n<available_skills>${per.map((p) => p.text).join('')}\n</available_skills>\n` });
    notes.push('Eino Gen A format (prompt.go @d4e7a29e): the list is part of the skill tool description.');
    return { parts, skills: per, notes };
  }
  parts.push({ id: 'tool-description', title: '`skill` tool description (Eino Gen B)', text: EINO_TOOL_DESCRIPTION });
  const per = skills.map((e) => ({ name: e.name, path: e.path, text: `\n- ${e.name}: ${e.description}` }));
  if (skills.length === 0) notes.push('no skills: Eino inserts no reminder message');
  else parts.push({ id: 'reminder', title: 'system-reminder message inserted after the last user message (Eino Gen B)', text: EINO_REMINDER_PREAMBLE + per.map((p) => p.text).join('') });
  notes.push('Eino Gen B format (prompt.go @129953c9): later runs list only skills whose md5(name+"\\0"+description) changed.');
  return { parts, skills: per, notes };
}

/**
 * The error of Eino's `list` when a SKILL.md cannot be loaded: the first such file in
 * path order (Glob sorts), for List and Get alike. Nothing is listed or loaded then.
 */
export function einoListFailure(snapshot: CatalogSnapshot): string | undefined {
  const invalid = snapshot.skipped.filter((x) => x.reason === 'invalid').sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return invalid.length ? invalid[0].message : undefined;
}

export const EINO_FAILURE_NOTE = 'Eino loads every SKILL.md for each List and Get: one that fails makes the `skill` tool fail for all skills, and the agent run stops with this error.';

export function einoErrorPart(failure: string, prefix = 'failed to list skills: failed to list skills'): PreviewPart {
  return { id: 'error', title: 'Go error: the agent run fails (Eino lists no skill)', text: `${prefix}: ${failure}` };
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The `skill` tool's result; `context: fork` runs the content in a sub-agent. */
export async function renderEinoLoad(catalog: SkillCatalog, fs: FileSystem, name: string): Promise<ToolPreview> {
  const failure = einoListFailure(catalog.snapshot());
  if (failure) {
    return {
      agent: 'eino', ok: false,
      parts: [{ id: 'tool-error', title: 'Go error returned by the tool (the ADK reports it, it is not a text result)', text: `failed to get skill: failed to list skills: ${failure}` }],
      notes: [EINO_FAILURE_NOTE],
    };
  }
  const e = await catalog.lookup(name);
  if (!e) {
    return {
      agent: 'eino', ok: false,
      parts: [{ id: 'tool-error', title: 'Go error returned by the tool (the ADK reports it, it is not a text result)', text: `failed to get skill: skill not found: ${name}` }],
      notes: [],
    };
  }
  const split = einoSplit(einoStripLineNumbers(strict.decode(await fs.readFile(e.path))));
  const body = 'content' in split ? split.content : '';
  // BaseDirectory = filepath.Dir(path) of the SKILL.md as the backend lists it (absolute, links kept).
  const content = `Launching skill: ${e.name}\nBase directory for this skill: ${e.dir}\n\n${body}`;
  const notes = ['`{{.BaseDirectory}}` in a body is not substituted by Eino core; it stays literal.'];
  if (e.context === 'fork' || e.context === 'fork_with_context') {
    notes.push('The stock filesystem backend (@c098ae22) keeps only name and description, so `context` takes effect only with a backend that keeps it.');
    const withHistory = e.context === 'fork_with_context';
    return {
      agent: 'eino', ok: true,
      parts: [
        {
          id: 'sub-agent-input',
          title: withHistory ? 'forked sub-agent: parent history + this tool message' : 'forked sub-agent: a clean context with this one user message',
          text: content,
        },
        {
          id: 'tool-result',
          title: 'tool result after the sub-agent finishes ({result} = its non-empty message contents joined by "\\n")',
          text: `Skill "${e.name}" completed (sub-agent execution).\n\nResult:\n{result}`,
        },
      ],
      notes,
    };
  }
  return { agent: 'eino', ok: true, parts: [{ id: 'tool-result', title: '`skill` tool result', text: content }], notes };
}
