import type { AgentProfile } from './types';

const DOCS = 'https://developers.openai.com/codex/skills';
const LOADER = 'https://github.com/openai/codex/blob/main/codex-rs/core/src/skills/loader.rs';

/** OpenAI Codex (CLI, IDE, app). */
export const codex: AgentProfile = {
  id: 'codex',
  label: 'OpenAI Codex',
  docs: DOCS,
  summary: 'OpenAI Codex: description required, name defaults to the folder; over 64/1024 characters (after collapsing white space) the skill is skipped; no naming rule.',
  // core/render/codex.ts: the listing line and the injected file are not escaped.
  promptFrames: [
    { text: 'name', elements: ['skills_instructions'], where: 'the skills section of the developer message' },
    { text: 'description', elements: ['skills_instructions'], where: 'the skills section of the developer message' },
    { text: 'name', elements: ['name', 'skill'], where: 'the user message injected for a `$name` mention' },
    { text: 'file', elements: ['skill'], where: 'the user message injected for a `$name` mention' },
  ],
  fileNames: ['SKILL.md'],
  fileNamesSource: LOADER,
  discovery: {
    project: ['.agents/skills', '.codex/skills'],
    user: ['~/.agents/skills', '~/.codex/skills', '/etc/codex/skills'],
    source: LOADER,
  },
  discoveryDepth: 6,
  // loader.rs: breadth first, hidden folders skipped, a symlink followed only when it is a folder.
  discoveryWalk: {
    fileNames: ['SKILL.md'], skipHidden: true, descendIntoSkills: true, skipLinkedSkillFiles: true,
    summary: 'recursive up to 6 levels, hidden folders skipped, exact SKILL.md, not a linked one (Codex loader.rs)', source: LOADER,
  },
  duplicateNames: 'all kept (de-duplicated by path only), ordered repo < user < system < admin (UNVERIFIED for the newest loader)',
  duplicateWinner: 'all',
  onViolation: 'skill skipped; the error is listed at startup ("Skipped loading N skill(s)")',
  name: {
    charset: 'any',
    strictHyphens: false,
    maxLength: 64,
    mustMatchFolder: false,
    defaultsToFolder: true,
    onInvalid: 'reject',
    source: LOADER,
  },
  fields: {
    name: {
      shapes: ['string'],
      maxLength: 64,
      lengthMeasure: 'collapsed-whitespace',
      onInvalid: 'reject',
      doc: 'Skill name, at most 64 characters after white space is collapsed; defaults to the folder name (older Codex required it). No character rule.',
      source: LOADER,
    },
    description: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 1024,
      lengthMeasure: 'collapsed-whitespace',
      onInvalid: 'reject',
      doc: 'What the skill does and when to use it, at most 1024 characters after white space (line breaks included) is collapsed to single spaces.',
      source: LOADER,
    },
    metadata: {
      shapes: ['map'],
      // A struct field: serde_yaml fails on a scalar or a list there, and the skill is skipped.
      onInvalid: 'reject',
      doc: 'Only `short-description` is read (shown in the skills picker, at most 1024 characters).',
      source: LOADER,
      children: {
        'short-description': {
          shapes: ['string'],
          maxLength: 1024,
          lengthMeasure: 'collapsed-whitespace',
          onInvalid: 'reject',
          doc: 'Short description shown in the skills picker, at most 1024 characters.',
          source: LOADER,
        },
      },
    },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: LOADER,
  onYamlError: 'reject',
  onDuplicateKey: 'reject',
  // serde's derived visitor rejects a duplicate of a field it reads; unknown keys go to IgnoredAny.
  duplicateKeysChecked: ['name', 'description', 'metadata'],
  unquotedColon: 'accepted',
  unquotedColonSource: LOADER,
  onLeadingBlankLines: 'reject',
  // read_to_string keeps the BOM; the first line's trim() does not remove it (not White_Space).
  onBom: 'reject',
  onBomSource: LOADER,
  // Option<String> fields: serde_yaml reads a plain `~` or `null` as None.
  yaml: { parser: 'serde_yaml', scalars: 'strings', nullWords: true, source: LOADER },
  notes: [
    'Only `SKILL.md` (exact case); found up to 6 levels below a skills folder; hidden folders skipped.',
    'Unquoted `: ` in a value: newer Codex quotes the value and retries; older releases skip the skill.',
    'Empty frontmatter is an error ("missing YAML frontmatter delimited by ---").',
  ],
};
