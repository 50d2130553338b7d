import type { AgentProfile } from './types';
import { COMMON_LICENSES } from './licenses';

const SPEC = 'https://agentskills.io/specification';
const GUIDE = 'https://agentskills.io/client-implementation/integrating-skills';
const VALIDATOR = 'https://github.com/agentskills/agentskills/blob/main/skills-ref/src/skills_ref/validator.py';
const PARSER = 'https://github.com/agentskills/agentskills/blob/main/skills-ref/src/skills_ref/parser.py';
const STRICTYAML = 'https://hitchdev.com/strictyaml/why/flow-style-removed/';

/**
 * The open specification, as its reference validator `skills-ref` applies it
 * (`skills-ref validate`): six known fields, anything else is an error; YAML read
 * with strictyaml (every scalar is a string; flow style, anchors, tags rejected).
 */
export const agentskills: AgentProfile = {
  id: 'agentskills',
  label: 'Agent Skills specification (skills-ref)',
  docs: SPEC,
  summary: 'The open agentskills.io specification, checked as skills-ref validates it: six known fields, anything else is an error.',
  fileNames: ['SKILL.md', 'skill.md'],
  discovery: { project: ['.agents/skills'], user: ['~/.agents/skills'], source: GUIDE },
  discoveryDepth: 1,
  // The client guide: "within each skills directory, look for subdirectories containing a
  // file named exactly SKILL.md" (one level, its figure too); its "max depth of 4-6
  // levels" bounds a runaway scan, it is no discovery depth. skills-ref's find_skill_md
  // takes SKILL.md, else skill.md, in a skill's folder.
  discoveryWalk: { summary: 'one level below each root (client guide), SKILL.md then skill.md (skills-ref find_skill_md)', source: GUIDE },
  duplicateNames: 'not defined; the client guide recommends project over user, with a warning',
  onViolation: 'skills-ref validate lists every error; read_properties raises on the first',
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
      lengthMeasure: 'stripped',
      onInvalid: 'reject',
      doc: 'The skill identifier: 1–64 lowercase letters (any script), digits and hyphens, no leading, trailing or doubled hyphen; must equal the folder name (both NFKC-normalised).',
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
      // The spec says a string; skills-ref's validator does not check it.
      onInvalid: 'warn',
      doc: 'The license name, or the name of a bundled license file.',
      source: SPEC,
      snippet: '${1:MIT}',
      suggestions: COMMON_LICENSES,
    },
    compatibility: {
      shapes: ['string'],
      maxLength: 500,
      onInvalid: 'reject',
      doc: 'Environment requirements (intended product, system packages, network access), at most 500 characters. (The spec says 1–500; skills-ref accepts an empty value.)',
      source: VALIDATOR,
    },
    metadata: {
      shapes: ['map'],
      // The spec says a map; skills-ref reads it only when it is one, and validates nothing.
      onInvalid: 'warn',
      doc: 'Arbitrary key-value map for properties the specification does not define; skills-ref turns every key and value into a string.',
      source: PARSER,
      snippet: '\n  ${1:author}: ${2:value}',
    },
    'allowed-tools': {
      shapes: ['string', 'list'],
      itemShape: 'string',
      onInvalid: 'reject',
      doc: 'Pre-approved tools the skill may use (experimental): a space-delimited string, or (newer spec) a list of strings.',
      source: SPEC,
      snippet: '${1:Bash(git:*) Read}',
    },
  },
  unknownFields: 'reject',
  unknownFieldsSource: VALIDATOR,
  onYamlError: 'reject',
  onDuplicateKey: 'reject',
  unquotedColon: 'reject',
  unquotedColonSource: PARSER,
  onLeadingBlankLines: 'reject',
  // read_text() keeps the BOM, and parse_frontmatter wants `---` first.
  onBom: 'reject',
  // parse_frontmatter: content.split("---", 2), so the first `---` after the opening one ends the frontmatter.
  onInnerDelimiter: 'reject',
  onBomSource: PARSER,
  yaml: { parser: 'strictyaml', scalars: 'strings', onFlowStyle: 'reject', onAnchors: 'reject', onTags: 'reject', source: STRICTYAML },
  facts: {
    nonStringMetadata: 'skills-ref turns it into text without a word (a list becomes `[\'a\', \'b\']`)',
    allowedToolsString: { source: SPEC },
  },
  notes: [
    'skills-ref reads `SKILL.md`, else `skill.md`.',
    'The file must start with `---` (no blank line or BOM before it).',
    'strictyaml: `metadata.revision: 3` is read as the string "3"; `[a, b]` flow style, anchors and tags are errors.',
  ],
};
