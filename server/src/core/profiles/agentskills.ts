import type { AgentProfile } from './types';

const SPEC = 'https://agentskills.io/specification';
const VALIDATOR = 'https://github.com/agentskills/agentskills/blob/main/skills-ref/src/skills_ref/validator.py';

/** The open specification, as its reference validator `skills-ref` applies it. */
export const agentskills: AgentProfile = {
  id: 'agentskills',
  label: 'Agent Skills specification (skills-ref)',
  docs: SPEC,
  summary: 'The open agentskills.io specification, checked as skills-ref validates it: six known fields, anything else is an error.',
  fileNames: ['SKILL.md', 'skill.md'],
  discovery: { project: ['.agents/skills', 'skills'], user: [], source: SPEC },
  name: {
    charset: 'unicode-lower-alnum-hyphen',
    strictHyphens: true,
    maxLength: 64,
    nfkc: true,
    mustMatchFolder: true,
    defaultsToFolder: false,
    onInvalid: 'reject',
    source: VALIDATOR,
  },
  fields: {
    name: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 64,
      onInvalid: 'reject',
      doc: 'The skill identifier: 1–64 lowercase letters, digits and hyphens, no leading, trailing or doubled hyphen; must equal the folder name.',
      source: VALIDATOR,
    },
    description: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 1024,
      onInvalid: 'reject',
      doc: 'What the skill does and when to use it (1–1024 characters). Agents put it in the system prompt to decide when to load the skill.',
      source: VALIDATOR,
    },
    license: {
      shapes: ['string'],
      onInvalid: 'reject',
      doc: 'The license name, or the name of a bundled license file.',
      source: SPEC,
      snippet: '${1:MIT}',
    },
    compatibility: {
      shapes: ['string'],
      maxLength: 500,
      minLength: 1,
      onInvalid: 'reject',
      doc: 'Environment requirements (intended product, system packages, network access), at most 500 characters.',
      source: VALIDATOR,
    },
    metadata: {
      shapes: ['map'],
      mapValueShape: 'string',
      onInvalid: 'reject',
      doc: 'Arbitrary key-value map (string to string) for properties the specification does not define.',
      source: SPEC,
      snippet: '\n  ${1:author}: ${2:value}',
    },
    'allowed-tools': {
      shapes: ['string'],
      onInvalid: 'reject',
      doc: 'Space-delimited list of pre-approved tools the skill may use (experimental).',
      source: SPEC,
      snippet: '${1:Bash(git:*) Read}',
    },
  },
  unknownFields: 'reject',
  unknownFieldsSource: VALIDATOR,
  onYamlError: 'reject',
  onDuplicateKey: 'ignore',
};
