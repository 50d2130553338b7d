import type { AgentProfile, PreviewSources } from './types';
import { COMMON_LICENSES } from './licenses';

const DOCS = 'https://opencode.ai/docs/skills';
const LOADER = 'https://github.com/anomalyco/opencode/blob/dev/packages/opencode/src/skill/index.ts';
const MARKDOWN = 'https://github.com/anomalyco/opencode/blob/dev/packages/opencode/src/config/markdown.ts';
const GRAY_MATTER = 'https://github.com/jonschlinkert/gray-matter/blob/master/lib/utils.js';

// The previews (core/render/opencode.ts). SystemPrompt.skills (session/system.ts) is not
// stored at a pinned upstream commit; its two lines are the same in every stored copy.
const PREVIEW: PreviewSources = {
  index: 'https://github.com/anomalyco/opencode/blob/a2cc772e5579e2bcd330c86a790462cf44dc67ca/packages/opencode/src/skill/index.ts (Skill.fmt) + packages/opencode/src/session/system.ts (SystemPrompt.skills)',
  toolDescription: 'https://github.com/anomalyco/opencode/blob/12863c1de3c0e9a1a2f990f7c980f57a85cc6b87/packages/opencode/src/tool/skill.txt (nothing appended: https://github.com/sst/opencode/blob/9dc1388d62a1ced4876f6d4597a26490c7352d10/packages/opencode/src/tool/registry.ts)',
  load: 'https://github.com/anomalyco/opencode/blob/f3d530a26bb93f51f8e0b2ccdbc664e8cf2c4265/packages/opencode/src/tool/skill.ts',
  files: 'its skill tool result lists up to 10 files of the folder (`rg --files`, SKILL.md excluded; packages/opencode/src/file/ripgrep.ts @03aa388f); the model reads them with its read tool',
};

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
  discoveryWalk: { fileNames: ['SKILL.md'], descendIntoSkills: true, summary: 'recursive (**/SKILL.md), exact SKILL.md (opencode)', source: LOADER },
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
  preview: PREVIEW,
  // core/render/opencode.ts: only <location> is escaped (escapeHtml); name, description and body are not.
  promptFrames: [
    { text: 'name', elements: ['name', 'skill', 'available_skills'], where: 'the <available_skills> list of the system prompt' },
    { text: 'description', elements: ['description', 'skill', 'available_skills'], where: 'the <available_skills> list of the system prompt' },
    { text: 'name', elements: ['skill_content'], attribute: 'name', where: 'the skill tool result' },
    { text: 'body', elements: ['skill_content'], where: 'the skill tool result' },
  ],
  notes: [
    'Docs and code disagree: the documented name regex, 1–64 / 1–1024 lengths and folder match are not enforced by the loader; skillmd follows the loader.',
    'Unquoted `: ` in a value: on a YAML error opencode rewrites `key: a: b` lines (keys without `-`) as block scalars and retries.',
    'Scan order: roots are scanned in turn (home `.claude`, `.agents`; those of the project, nearest folder first; then the `.opencode` and config folders) and each skill found replaces the one of its name, so the last wins. Inside one root the files are read concurrently: which of two wins is not fixed (skill/index.ts).',
    'Only `SKILL.md` (the docs: "spelled in all caps"); found at any depth below a skills folder. `.github/skills` is not scanned.',
  ],
};
