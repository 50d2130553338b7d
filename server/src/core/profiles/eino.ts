import type { AgentProfile } from './types';

const SOURCE = 'https://github.com/cloudwego/eino/tree/main/adk/middlewares/skill';

/** CloudWeGo Eino ADK skill middleware: reads five fields, nothing else. */
export const eino: AgentProfile = {
  id: 'eino',
  label: 'CloudWeGo Eino',
  docs: SOURCE,
  summary: 'CloudWeGo Eino: reads name, description, context (fork, fork_with_context), agent and model; ignores the rest.',
  fileNames: ['SKILL.md'],
  discovery: { project: ['skills'], user: [], source: SOURCE },
  name: {
    charset: 'any',
    strictHyphens: false,
    maxLength: Number.MAX_SAFE_INTEGER,
    mustMatchFolder: false,
    defaultsToFolder: false,
    onInvalid: 'reject',
    source: SOURCE,
  },
  fields: {
    name: { shapes: ['string'], required: true, minLength: 1, onInvalid: 'reject', doc: 'Skill name passed to the `skill` tool.', source: SOURCE },
    description: { shapes: ['string'], required: true, onInvalid: 'reject', doc: 'Shown in the `skill` tool\'s `<available_skills>` list.', source: SOURCE },
    context: { shapes: ['string'], values: ['fork', 'fork_with_context'], onInvalid: 'ignore', doc: '`fork` runs the skill in a new sub-agent; `fork_with_context` gives the sub-agent the conversation so far.', source: SOURCE },
    agent: { shapes: ['string'], onInvalid: 'ignore', doc: 'Name of the agent that runs a forked skill.', source: SOURCE },
    model: { shapes: ['string'], onInvalid: 'ignore', doc: 'Model used by a forked skill.', source: SOURCE },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: SOURCE,
  onYamlError: 'reject',
  onDuplicateKey: 'reject',
};
