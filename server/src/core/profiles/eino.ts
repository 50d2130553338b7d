import type { AgentProfile } from './types';

const SOURCE = 'https://github.com/cloudwego/eino/blob/main/adk/middlewares/skill/skill.go';
const BACKEND = 'https://github.com/cloudwego/eino/blob/main/adk/middlewares/skill/filesystem_backend.go';

/** CloudWeGo Eino ADK skill middleware: reads five fields, validates nothing, fails closed. */
export const eino: AgentProfile = {
  id: 'eino',
  label: 'CloudWeGo Eino',
  docs: SOURCE,
  summary: 'CloudWeGo Eino: reads name, description, context, agent and model; no required fields or limits, but one unreadable SKILL.md makes every skill fail to list.',
  fileNames: ['SKILL.md'],
  fileNamesSource: BACKEND,
  discovery: { project: [], user: [], source: BACKEND },
  discoveryDepth: 1,
  discoveryWalk: { fileNames: ['SKILL.md'], summary: 'one level below each root, glob */SKILL.md (Eino filesystem backend)', source: BACKEND },
  duplicateNames: 'first match wins',
  onViolation: 'a YAML or frontmatter error fails List/Get for all skills',
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
    name: { shapes: ['string'], onInvalid: 'reject', doc: 'Skill name passed to the `skill` tool (exact, case-sensitive match). Not required, but a skill without one cannot be called.', source: SOURCE },
    description: { shapes: ['string'], onInvalid: 'reject', doc: 'Shown in the `skill` tool\'s list of skills.', source: SOURCE },
    context: {
      shapes: ['string'],
      values: ['fork', 'fork_with_context'],
      // A list or map fails yaml.v3's unmarshal into the string field (and the listing of
      // every skill with it); another string just runs the skill inline.
      onInvalid: 'reject',
      onUnknownValue: 'ignore',
      doc: '`fork` runs the skill in a new sub-agent; `fork_with_context` also gives it the conversation so far; anything else runs inline. The built-in filesystem backend drops this field.',
      source: SOURCE,
    },
    agent: { shapes: ['string'], onInvalid: 'reject', doc: 'Agent (from `AgentHub`) that runs a forked skill. The built-in filesystem backend drops this field.', source: SOURCE },
    model: { shapes: ['string'], onInvalid: 'reject', doc: 'Model (from `ModelHub`) used by a forked skill. The built-in filesystem backend drops this field.', source: SOURCE },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: SOURCE,
  onYamlError: 'reject',
  onDuplicateKey: 'reject',
  unquotedColon: 'reject',
  unquotedColonSource: BACKEND,
  onLeadingBlankLines: 'accepted',
  // strings.TrimSpace keeps the BOM (not a space), so HasPrefix("---") fails and List fails for every skill.
  // stripLineNumbers runs on the whole file before the frontmatter is split and parsed.
  onLineCutAtTab: 'reject',
  onLineCutAtTabSource: BACKEND,
  onBom: 'reject',
  onBomSource: BACKEND,
  // yaml.v3 decodes a plain `~` or `null` into a string field as "".
  yaml: { parser: 'gopkg.in/yaml.v3', scalars: 'strings', nullWords: true, source: BACKEND },
  notes: [
    'No default folders: the application passes `BaseDir`; only `<BaseDir>/<skill>/SKILL.md` is found.',
    'Every line loses everything up to its first tab (meant to strip `cat -n` line numbers).',
    'The closing delimiter is the first `\\n---` anywhere, even `---foo`.',
  ],
};
