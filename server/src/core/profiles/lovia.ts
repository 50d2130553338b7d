import type { AgentProfile } from './types';

const MODEL = 'https://github.com/cymoo/lovia/blob/main/lovia/plugins/skills/model.py';
const SOURCE = 'https://github.com/cymoo/lovia/blob/main/lovia/plugins/skills/source.py';

/** lovia (Python agent framework): lenient names, extras kept and shown in the index. */
export const lovia: AgentProfile = {
  id: 'lovia',
  label: 'lovia',
  docs: SOURCE,
  summary: 'lovia: name [a-zA-Z0-9]+([-_][a-zA-Z0-9]+)* ≤64 defaulting to the folder, description required ≤1024, other keys shown as extras in the index.',
  fileNames: ['SKILL.md'],
  fileNamesSource: SOURCE,
  discovery: { project: [], user: [], source: SOURCE },
  discoveryDepth: 1,
  // source.py tests only `entry / "SKILL.md"` (skill.md matches only on case-insensitive disks).
  discoveryWalk: { fileNames: ['SKILL.md'], summary: 'one level below each root, exact SKILL.md (lovia source.py)', source: SOURCE },
  // read_skill_file joins the path to the skill folder and refuses one that leaves it.
  references: { refusesOutsideSkill: 'read_skill_file' },
  duplicateNames: 'first found wins; the later one is skipped with a warning',
  onViolation: 'skill skipped; a warning is logged once',
  name: {
    charset: 'ascii-alnum-hyphen-underscore',
    strictHyphens: true,
    maxLength: 64,
    mustMatchFolder: false,
    defaultsToFolder: true,
    onInvalid: 'reject',
    source: MODEL,
  },
  fields: {
    name: {
      shapes: ['string'],
      minLength: 1,
      maxLength: 64,
      onInvalid: 'reject',
      doc: 'Skill name; defaults to the folder name. ASCII letters (any case) and digits joined by single `-` or `_`, at most 64 characters, no `/`, `\\` or `..`. Must be a string: quote `name: "2024"`.',
      source: MODEL,
    },
    description: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      maxLength: 1024,
      onInvalid: 'reject',
      doc: 'Shown after the name in the skills index; required, at most 1024 characters (counted before trimming). Must be a string: `description: yes` is a boolean.',
      source: MODEL,
    },
  },
  unknownFields: 'extra',
  unknownFieldsSource: MODEL,
  onYamlError: 'reject',
  onDuplicateKey: 'ignore',
  unquotedColon: 'reject',
  unquotedColonSource: SOURCE,
  onLeadingBlankLines: 'accepted',
  // _parse_frontmatter strips U+FEFF before looking for `---` (an older version did not, and skipped the skill).
  onBom: 'accepted',
  onBomSource: SOURCE,
  // A YAMLError reads as `{}`: the skill is then skipped for an empty description.
  // _parse_frontmatter catches yaml.YAMLError only, and _scan does not catch ValueError.
  yaml: {
    parser: 'PyYAML safe_load',
    scalars: 'yaml1.1',
    onTabs: 'reject',
    onValueError: 'reject',
    valueErrorEffect: 'its scan stops, so the agent run fails and no skill is listed at all',
    source: SOURCE,
  },
  notes: [
    'No default folders: the application passes the skill roots; only `<root>/<skill>/SKILL.md` is found.',
    'A YAML error or non-mapping frontmatter reads as `{}`, so the skill is skipped for an empty description.',
    'Leading white space before `---` is tolerated.',
    'A value PyYAML cannot construct (`released: 2024-13-45`) raises ValueError, which nothing catches: listing skills fails for every skill.',
  ],
};
