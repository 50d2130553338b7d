import type { AgentProfile } from './types';

const DOCS = 'https://developers.openai.com/codex/skills';
const LOADER = 'https://github.com/openai/codex/blob/main/codex-rs/core/src/skills/loader.rs';

/** OpenAI Codex CLI. */
export const codex: AgentProfile = {
  id: 'codex',
  label: 'OpenAI Codex',
  docs: DOCS,
  summary: 'OpenAI Codex: name (≤64) and description (≤1024) required; invalid skills are skipped with an error.',
  fileNames: ['SKILL.md'],
  discovery: {
    project: ['.codex/skills', '.agents/skills'],
    user: ['~/.codex/skills', '~/.agents/skills'],
    source: DOCS,
  },
  name: {
    charset: 'any',
    strictHyphens: false,
    maxLength: 64,
    mustMatchFolder: false,
    defaultsToFolder: false,
    onInvalid: 'reject',
    source: LOADER,
  },
  fields: {
    name: { shapes: ['string'], required: true, minLength: 1, maxLength: 64, onInvalid: 'reject', doc: 'Skill name, at most 64 characters (single line).', source: LOADER },
    description: { shapes: ['string'], required: true, minLength: 1, maxLength: 1024, onInvalid: 'reject', doc: 'What the skill does and when to use it, at most 1024 characters (single line in the listing).', source: LOADER },
    metadata: { shapes: ['map'], onInvalid: 'ignore', doc: 'Metadata; `short-description` is shown in the skills picker.', source: LOADER },
    license: { shapes: ['string'], onInvalid: 'ignore', doc: 'License of the skill (not read by Codex).', source: DOCS },
    compatibility: { shapes: ['string'], onInvalid: 'ignore', doc: 'Environment requirements (not read by Codex).', source: DOCS },
    'allowed-tools': { shapes: ['string', 'list'], onInvalid: 'ignore', doc: 'Pre-approved tools (not read by Codex).', source: DOCS },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: LOADER,
  onYamlError: 'reject',
  onDuplicateKey: 'reject',
};
