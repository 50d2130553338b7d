import type { AgentProfile } from './types';

const DOCS = 'https://code.visualstudio.com/docs/copilot/customization/agent-skills';

/** GitHub Copilot in VS Code (and the Copilot coding agent / CLI). */
export const copilot: AgentProfile = {
  id: 'copilot',
  label: 'GitHub Copilot (VS Code)',
  docs: DOCS,
  summary: 'GitHub Copilot in VS Code: name and description required, name must match the folder, unknown fields ignored.',
  fileNames: ['SKILL.md'],
  discovery: {
    project: ['.github/skills', '.claude/skills', '.agents/skills'],
    user: ['~/.copilot/skills', '~/.claude/skills', '~/.agents/skills'],
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
    name: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 64,
      onInvalid: 'reject',
      doc: 'Unique identifier: lowercase letters, numbers and hyphens, at most 64 characters; must match the folder name.',
      source: DOCS,
    },
    description: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 1024,
      onInvalid: 'reject',
      doc: 'What the skill does and when to use it, at most 1024 characters. Copilot reads it to decide when to load the skill.',
      source: DOCS,
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
      doc: '`false` hides the skill from the `/` menu; it can still load automatically.',
      source: DOCS,
    },
    'disable-model-invocation': {
      shapes: ['boolean'],
      onInvalid: 'ignore',
      doc: '`true` means the skill loads only when invoked as a `/` command.',
      source: DOCS,
    },
    license: { shapes: ['string'], onInvalid: 'ignore', doc: 'License of the skill.', source: DOCS },
    compatibility: { shapes: ['string'], maxLength: 500, onInvalid: 'ignore', doc: 'Environment requirements.', source: DOCS },
    metadata: { shapes: ['map'], onInvalid: 'ignore', doc: 'Arbitrary key-value metadata.', source: DOCS },
    'allowed-tools': { shapes: ['string', 'list'], itemShape: 'string', onInvalid: 'ignore', doc: 'Pre-approved tools (from the open specification).', source: DOCS },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: DOCS,
  onYamlError: 'reject',
  onDuplicateKey: 'ignore',
};
