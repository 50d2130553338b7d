import type { AgentProfile } from './types';

const DOCS = 'https://opencode.ai/docs/skills';

/** opencode. */
export const opencode: AgentProfile = {
  id: 'opencode',
  label: 'opencode',
  docs: DOCS,
  summary: 'opencode: name ^[a-z0-9]+(-[a-z0-9]+)*$ (1–64) matching the folder, description 1–1024; unknown fields ignored.',
  fileNames: ['SKILL.md'],
  discovery: {
    project: ['.opencode/skill', '.opencode/skills', '.claude/skills', '.agents/skills'],
    user: ['~/.config/opencode/skill', '~/.config/opencode/skills', '~/.claude/skills', '~/.agents/skills'],
    source: DOCS,
  },
  name: {
    charset: 'ascii-lower-alnum-hyphen',
    strictHyphens: true,
    maxLength: 64,
    mustMatchFolder: true,
    defaultsToFolder: false,
    onInvalid: 'reject',
    source: DOCS,
  },
  fields: {
    name: { shapes: ['string'], required: true, minLength: 1, maxLength: 64, onInvalid: 'reject', doc: 'Lowercase alphanumeric words joined by single hyphens, 1–64 characters, equal to the folder name.', source: DOCS },
    description: { shapes: ['string'], required: true, minLength: 1, maxLength: 1024, onInvalid: 'reject', doc: 'What the skill does and when to use it, 1–1024 characters.', source: DOCS },
    license: { shapes: ['string'], onInvalid: 'ignore', doc: 'License of the skill.', source: DOCS },
    compatibility: { shapes: ['string'], onInvalid: 'ignore', doc: 'Environment requirements, e.g. `opencode`.', source: DOCS },
    metadata: { shapes: ['map'], mapValueShape: 'string', onInvalid: 'ignore', doc: 'String-to-string map of extra properties.', source: DOCS },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: DOCS,
  onYamlError: 'reject',
  onDuplicateKey: 'ignore',
};
