import type { AgentProfile } from './types';

const SOURCE = 'https://pypi.org/project/lovia/';

/** lovia (Python agent framework): lenient names, extras kept and shown in the index. */
export const lovia: AgentProfile = {
  id: 'lovia',
  label: 'lovia',
  docs: SOURCE,
  summary: 'lovia: name [a-zA-Z0-9]+([-_][a-zA-Z0-9]+)* ≤64 defaulting to the folder, description ≤1024, other keys shown as extras in the index.',
  fileNames: ['SKILL.md', 'skill.md'],
  discovery: { project: ['skills'], user: [], source: SOURCE },
  name: {
    charset: 'ascii-alnum-hyphen-underscore',
    strictHyphens: true,
    maxLength: 64,
    mustMatchFolder: false,
    defaultsToFolder: true,
    onInvalid: 'reject',
    source: SOURCE,
  },
  fields: {
    name: { shapes: ['string'], maxLength: 64, onInvalid: 'reject', doc: 'Skill name; defaults to the folder name. Letters and digits joined by single `-` or `_`, at most 64 characters.', source: SOURCE },
    description: { shapes: ['string'], required: true, minLength: 1, maxLength: 1024, onInvalid: 'reject', doc: 'Shown after the name in the `## Skills` index, on one line; at most 1024 characters.', source: SOURCE },
  },
  unknownFields: 'extra',
  unknownFieldsSource: SOURCE,
  onYamlError: 'reject',
  onDuplicateKey: 'ignore',
};
