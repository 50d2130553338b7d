// What a path-like word is: a reference the agent or a renderer follows, a mention, an
// example, a template, an output. One table of the decisions, each row naming the
// fixture (test/unit/references/certainty.test.ts) that proves it, then the small
// predicates the extractor and the check use to take them.

/** How sure the extractor is that a written path names a file the skill needs. */
export type Certainty =
  /** followed by the agent or a renderer (a link, an image, a script run): checked strictly */
  | 'followed'
  /** named in code (`references/guide.md`): a missing file is reported, at a lower severity */
  | 'named'
  /** a folder or extensionless name in code: reported only with a near name that exists */
  | 'mentioned'
  /** may be anything (an output, an example, a template): a reference only if it exists */
  | 'tentative';

export interface Decision {
  /** the fixture's test name in certainty.test.ts */
  fixture: string;
  when: string;
  then: Certainty;
}

/** The decisions, in the order the extractor takes them. */
export const DECISIONS: readonly Decision[] = [
  { fixture: 'output paths', when: 'the word after an output flag (`-o`, `--output`, `--out-dir`…) or a redirection', then: 'tentative' },
  { fixture: 'output paths', when: 'inline code after "save/write/export… to/in/under"', then: 'tentative' },
  { fixture: 'templates: quoted and fenced', when: 'a link in a block quote introduced by "template/example/format…:"', then: 'tentative' },
  { fixture: 'templates: quoted and fenced', when: 'a link in a fenced block that is not shell', then: 'tentative' },
  { fixture: 'templates: a copied template file', when: 'a link inside a Markdown file under templates/ or assets/ (resolved where it is copied)', then: 'tentative' },
  { fixture: 'identifiers that look like paths', when: 'a placeholder (`<name>.md`, `{id}`, `references/filename.md`, `your-file.md`)', then: 'tentative' },
  { fixture: 'identifiers that look like paths', when: 'a folder or an extensionless name under a known folder in code (`resources/list`, `scripts/azd`, `examples/policies/`)', then: 'mentioned' },
  { fixture: 'bare script names', when: 'a bare name an interpreter runs (`python check.py`): missing, but one file of the skill has the name', then: 'named' },
  { fixture: 'links are followed', when: 'a Markdown link, image, definition or HTML src/href', then: 'followed' },
  { fixture: '#file: mentions', when: '`#file:path` in the body, for a target that attaches the file (Copilot in VS Code)', then: 'followed' },
  { fixture: '#file: mentions', when: '`#file:path` for the other targets, or in a chat prompt shown to the user (`/fix #file:app.ts`)', then: 'tentative' },
  { fixture: 'links are followed', when: 'a script run directly (`scripts/x.sh`, `./x.sh`, `${CLAUDE_SKILL_DIR}/x`)', then: 'followed' },
];

/** Flags whose value is a file or folder the command writes. */
const OUTPUT_FLAG = /^(?:-o|--output|--out|--output-dir|--output-directory|--out-dir|--outdir|--output-file|--outfile|--out-file|--dest|--destination|--save-to|--save)$/;

/** Whether the shell word `word` (`-o`, `--output`, `--output=x`: the part before `=`) is an output flag. */
export function isOutputFlag(word: string): boolean {
  const eq = word.indexOf('=');
  return OUTPUT_FLAG.test(eq === -1 ? word : word.slice(0, eq));
}

/** Prose that ends by saying where something is written: "save the icons to ", "written under ". */
const OUTPUT_LEAD = /\b(?:sav(?:e|es|ed|ing)|writ(?:e|es|ten|ing)|wrote|output(?:s|ted)?|export(?:s|ed|ing)?|stor(?:e|es|ed|ing)|generat(?:e|es|ed|ing)|emit(?:s|ted)?|download(?:s|ed)?|put(?:s)?)\b[^`.;:!?]{0,40}?\b(?:to|in|into|under|at|as)\s+$/i;

/** The preposition OUTPUT_LEAD ends with, looked for first in the last few characters (most spans have none). */
const LEAD_TAIL = /(?:^|\s)(?:to|in|into|under|at|as)\s+$/i;

/** Whether the prose just before an inline code span (`before`) says the path is written to. */
export function isOutputLead(before: string): boolean {
  return LEAD_TAIL.test(before.slice(-8)) && OUTPUT_LEAD.test(before);
}

/** A line that introduces a template or an example shown below it ("Use this template:"). */
const TEMPLATE_INTRO = /\b(?:templates?|examples?|formats?|samples?|skeletons?|like this|as follows)\b[^\n]*:\s*$/i;

export function introducesTemplate(line: string): boolean {
  return TEMPLATE_INTRO.test(line);
}

/**
 * `<name>`, `{id}` (not `${VAR}`), `[topic]`, `...` anywhere in the path, or a file or
 * folder named as a stand-in (`filename.md`, `your-topic.md`, `xxx`, `foo`): one regex,
 * as every extracted path is tested.
 */
const PLACEHOLDER = /<[^<>/]*>|(?<!\$)\{[^{}/]*\}|\[[^[\]/]*\]|\.\.\.|\u2026|(?:^|\/)(?:file-?name|file_name|filename|your[-_][\w-]+|some[-_]?file|x{2,}|foo|bar|baz|placeholder)(?:\.[^/.]*)?(?:\/|$)/i;

/** Whether a written path is a pattern to fill in (`references/<name>.md`, `references/filename.md`). */
export function isPlaceholder(path: string): boolean {
  return MAY_BE_PLACEHOLDER.test(path) && PLACEHOLDER.test(path);
}

/** What every placeholder holds, tested first: a cheap regex, and most paths fail it. */
const MAY_BE_PLACEHOLDER = /[<{[\u2026]|\.\.\.|f(?:ile|oo)|your|some|xx|ba[rz]|placeholder/i;

/** Interpreters whose first path argument is the script they run. */
const INTERPRETERS = new Set(['python', 'python3', 'py', 'node', 'bash', 'sh', 'zsh', 'ruby', 'perl', 'php', 'pwsh', 'powershell', 'deno', 'bun', 'tsx', 'ts-node', 'Rscript', 'julia', 'lua', 'uv', 'uvx']);

export function isInterpreter(word: string): boolean {
  return INTERPRETERS.has(word);
}

/** Folders whose Markdown files are templates, copied elsewhere before use. */
const TEMPLATE_FOLDERS = new Set(['templates', 'template', 'assets', 'skeletons']);

/**
 * Whether a Markdown file of the skill (its skill-relative path) is a template: its
 * links point next to the copy the instructions make, not next to the template.
 */
export function isTemplateFile(rel: string): boolean {
  const segs = rel.split('/');
  for (let i = 0; i < segs.length - 1; i++) if (TEMPLATE_FOLDERS.has(segs[i].toLowerCase())) return true;
  return /template/i.test(segs[segs.length - 1]);
}
