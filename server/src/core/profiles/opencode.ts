import type { AgentProfile } from './types';
import { COMMON_LICENSES } from './licenses';

const DOCS = 'https://opencode.ai/docs/skills';
const LOADER = 'https://github.com/anomalyco/opencode/blob/dev/packages/opencode/src/skill/index.ts';
const MARKDOWN = 'https://github.com/anomalyco/opencode/blob/dev/packages/opencode/src/config/markdown.ts';
const GRAY_MATTER = 'https://github.com/jonschlinkert/gray-matter/blob/master/lib/utils.js';

/**
 * opencode, as its loader behaves: the docs' name rules (regex, 1–64, folder
 * match, description 1–1024) are not enforced by the code.
 */
export const opencode: AgentProfile = {
  id: 'opencode',
  label: 'opencode',
  docs: DOCS,
  summary: 'opencode: `name` must be a string; the documented name regex, lengths and folder match are not enforced by the loader; unknown fields ignored.',
  fileNames: ['SKILL.md'],
  fileNamesSource: DOCS,
  discovery: {
    project: ['.opencode/skill', '.opencode/skills', '.claude/skills', '.agents/skills'],
    user: ['~/.config/opencode/skill', '~/.config/opencode/skills', '~/.claude/skills', '~/.agents/skills'],
    source: LOADER,
  },
  discoveryDepth: 'recursive',
  duplicateNames: 'the last loaded wins, with a warning: `.opencode` folders after `.claude` and `.agents`, the project after the home folder; of two folders under one root, either',
  // Each root is scanned in turn and every skill found overwrites the name; inside a root the reads run concurrently.
  duplicateWinner: 'last',
  onViolation: 'wrong shape: silently skipped; YAML error: session error, skipped',
  name: {
    charset: 'any',
    strictHyphens: false,
    maxLength: Number.MAX_SAFE_INTEGER,
    mustMatchFolder: false,
    defaultsToFolder: false,
    onInvalid: 'reject',
    source: LOADER,
  },
  fields: {
    name: {
      shapes: ['string'],
      required: true,
      minLength: 1,
      onInvalid: 'reject',
      doc: 'Skill name; must be a string. The docs also ask for `^[a-z0-9]+(-[a-z0-9]+)*$`, 1–64 characters, equal to the folder name, but the loader does not check that.',
      source: LOADER,
    },
    description: {
      shapes: ['string'],
      required: true,
      onInvalid: 'reject',
      onMissing: 'warn',
      doc: 'What the skill does and when to use it (docs: 1–1024 characters, not enforced). Without it the skill loads but is left out of the listing, so the model never picks it.',
      source: LOADER,
    },
    license: { shapes: ['string'], onInvalid: 'ignore', doc: 'License of the skill.', source: DOCS, suggestions: COMMON_LICENSES },
    compatibility: { shapes: ['string'], onInvalid: 'ignore', doc: 'Environment requirements, e.g. `opencode`.', source: DOCS },
    metadata: { shapes: ['map'], mapValueShape: 'string', onInvalid: 'ignore', doc: 'String-to-string map of extra properties.', source: DOCS },
  },
  unknownFields: 'ignore',
  unknownFieldsSource: DOCS,
  onYamlError: 'reject',
  // js-yaml (via gray-matter) throws on a duplicated mapping key
  onDuplicateKey: 'reject',
  unquotedColon: 'accepted',
  unquotedColonSource: MARKDOWN,
  unquotedColonKeys: '^[a-zA-Z_][a-zA-Z0-9_]*$',
  onLeadingBlankLines: 'reject',
  // Read with readFile(path, 'utf-8'), which keeps U+FEFF; gray-matter strips it before looking for `---`.
  onBom: 'accepted',
  onBomSource: GRAY_MATTER,
  // gray-matter 4 loads with js-yaml 3: `name: 2024-01-01` is a Date, `1_000` a number.
  yaml: { parser: 'gray-matter (js-yaml 3)', scalars: 'js-yaml3', source: GRAY_MATTER },
  notes: [
    'Docs and code disagree: the documented name regex, 1–64 / 1–1024 lengths and folder match are not enforced by the loader; skillmd follows the loader.',
    'Unquoted `: ` in a value: on a YAML error opencode rewrites `key: a: b` lines (keys without `-`) as block scalars and retries.',
    'Scan order: roots are scanned in turn (home `.claude`, `.agents`; those of the project, nearest folder first; then the `.opencode` and config folders) and each skill found replaces the one of its name, so the last wins. Inside one root the files are read concurrently: which of two wins is not fixed (skill/index.ts).',
    'Only `SKILL.md` (the docs: "spelled in all caps"); found at any depth below a skills folder. `.github/skills` is not scanned.',
  ],
};
