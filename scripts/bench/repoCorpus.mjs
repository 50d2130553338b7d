// A repository-shaped corpus for `npm run bench -- --shape repo`: what whole public
// skill repositories look like, unlike corpus.mjs's small flat skills. Skills sit in
// nested folders (categories, plugins with `.claude-plugin/`), bodies run to hundreds
// of lines (some past 500, some long enough for the tokenizer), reference files are
// large (tens to hundreds of KB, many headings, links between them and to shared repo
// docs), scripts import each other, and SKILL.md files link a lot: to files, anchors,
// missing files, other skills' files and the repository's docs.
// Deterministic: same REPO_VERSION + skills + seed => same bytes.
import { createRng } from './prng.mjs';
import {
  ASSET_FILES, HEADINGS, NOUNS, QUALIFIERS, SCRIPT_FILES, SENTENCES, VERBS,
  assetFile, description, scriptFile, slugify, titleCase, yamlDescription,
} from './corpus.mjs';

export const REPO_VERSION = 1;

const CATEGORIES = ['development', 'data', 'devops', 'documents', 'security', 'testing', 'design', 'productivity'];
const REF_NAMES = ['guide.md', 'api-reference.md', 'examples.md', 'troubleshooting.md', 'patterns.md', 'cli.md',
  'configuration.md', 'best-practices.md', 'migration.md', 'schema.md', 'checklist.md', 'glossary.md'];
const DOCS = ['CONTRIBUTING.md', 'docs/style-guide.md', 'docs/conventions.md', 'docs/architecture.md'];

/** A large Markdown reference: many sections, code, tables, links to its siblings and anchors in them. */
function bigReference(rng, name, siblings, headingsOf) {
  const headings = rng.sample(HEADINGS, rng.int(6, HEADINGS.length));
  headingsOf.set(name, headings);
  const lines = [`# ${titleCase(name.replace(/\.md$/, ''))}`, ''];
  const target = rng.weighted([[60, [60, 250]], [30, [250, 800]], [10, [800, 2000]]]);
  const n = rng.int(target[0], target[1]);
  let h = 0;
  while (lines.length < n) {
    if (h < headings.length && rng.chance(0.04)) {
      lines.push('', `## ${headings[h++]}`, '');
      continue;
    }
    const k = rng.int(0, 15);
    if (k < 7) lines.push(rng.pick(SENTENCES));
    else if (k < 9 && siblings.length) {
      const other = rng.pick(siblings);
      const hs = headingsOf.get(other);
      lines.push(`${rng.pick(SENTENCES)} See [${other}](${other}${hs && rng.chance(0.5) ? `#${slugify(rng.pick(hs))}` : ''}).`);
    } else if (k < 11) lines.push('```bash', `python ../scripts/${rng.pick(SCRIPT_FILES.filter((f) => f.endsWith('.py')))} --input data.json`, '```');
    else if (k < 12) lines.push('', '| Field | Type | Meaning |', '|---|---|---|', `| \`${rng.pick(NOUNS)}\` | string | ${rng.pick(SENTENCES)} |`, '');
    else if (k < 13) lines.push(`- \`${rng.pick(NOUNS)}/${rng.pick(VERBS)}\`: ${rng.pick(SENTENCES)}`);
    else lines.push(`${rng.int(1, 20)}. ${rng.pick(SENTENCES)}`);
  }
  return lines.join('\n') + '\n';
}

function skillBody(rng, { name, refs, headingsOf, scripts, assets, docsUp, otherSkill }) {
  const target = rng.weighted([[45, [60, 200]], [35, [200, 450]], [12, [450, 700]], [8, [1200, 2500]]]);
  const n = rng.int(target[0], target[1]);
  const lines = [`# ${titleCase(name)}`, ''];
  const sections = rng.sample(HEADINGS, rng.int(5, 14));
  let s = 0;
  const link = () => {
    const r = rng.next();
    if (refs.length && r < 0.4) return `[${rng.pick(VERBS)} notes](references/${rng.pick(refs)})`;
    if (refs.length && r < 0.65) {
      const ref = rng.pick(refs);
      return `[details](references/${ref}#${slugify(rng.pick(headingsOf.get(ref)))})`;
    }
    if (r < 0.7) return `[old notes](references/${rng.pick(['legacy.md', 'GUIDE.md', 'v1/notes.md'])})`;
    if (r < 0.78) return `[the style guide](${docsUp}${rng.pick(DOCS)})`;
    if (otherSkill && r < 0.82) return `[a sibling skill](../${otherSkill}/SKILL.md)`;
    if (r < 0.9) return `[upstream](https://github.com/example/${rng.pick(NOUNS)}/blob/main/README.md)`;
    return `[below](#${slugify(rng.pick(sections))})`;
  };
  while (lines.length < n) {
    if (s < sections.length && (rng.chance(0.06) || lines.length > n - 8)) {
      lines.push('', `## ${sections[s++]}`, '');
      continue;
    }
    const k = rng.int(0, 19);
    if (k < 6) lines.push(rng.pick(SENTENCES));
    else if (k < 10) lines.push(`${rng.pick(SENTENCES)} See ${link()} and ${link()}.`);
    else if (k < 12) lines.push(`- ${rng.pick(SENTENCES)} (${link()})`);
    else if (k < 14 && scripts.length) {
      lines.push('', '```bash', ...rng.sample(scripts, rng.int(1, Math.min(3, scripts.length))).map((f) =>
        f.endsWith('.py') ? `python scripts/${f} --out result.json` : f.endsWith('.sh') ? `./scripts/${f}` : `node scripts/${f}`), '```', '');
    } else if (k < 15 && assets.length) lines.push(`Start from \`assets/${rng.pick(assets)}\`.`);
    else if (k < 16) lines.push('', '| Step | Command |', '|---|---|', `| ${rng.pick(VERBS)} | \`scripts/${rng.pick(scripts.length ? scripts : ['run.py'])}\` |`, '');
    else if (k < 17) lines.push('', '```text', 'references/', '├── guide.md', '└── examples.md', '```', '');
    else lines.push(`Read \`references/${rng.pick(refs.length ? refs : ['guide.md'])}\` before the ${rng.pick(VERBS)} step.`);
  }
  return lines.join('\n') + '\n';
}

function moduleScript(rng, name, siblings) {
  if (!name.endsWith('.js')) return scriptFile(rng, name);
  const lines = ["'use strict';"];
  for (const o of rng.sample(siblings.filter((f) => f.endsWith('.js') && f !== name), rng.int(0, 2))) lines.push(`const ${o.replace(/\W/g, '_')} = require('./${o.replace(/\.js$/, '')}');`);
  for (let i = rng.int(5, 60); i > 0; i--) lines.push(`exports.step${i} = (x) => x.filter(Boolean).map((v) => v * ${i});`);
  return lines.join('\n') + '\n';
}

/** One skill's files, relative to its folder. */
function repoSkill(rng, folder, ctx) {
  const files = [];
  const refs = rng.sample(REF_NAMES, rng.weighted([[30, 0], [30, 1], [25, 3], [15, 6]]));
  const headingsOf = new Map();
  for (const r of refs) files.push([`references/${r}`, bigReference(rng, r, refs.filter((x) => x !== r && headingsOf.has(x)), headingsOf)]);
  if (refs.length && rng.chance(0.2)) files.push(['references/v1/notes.md', `# Notes\n\n${rng.pick(SENTENCES)}\n`]);
  const scripts = rng.sample([...SCRIPT_FILES, 'index.js', 'client.js', 'format.js'], rng.weighted([[35, 0], [35, 1], [20, 3], [10, 6]]));
  for (const sc of scripts) files.push([`scripts/${sc}`, moduleScript(rng, sc, scripts), sc.endsWith('.sh')]);
  const assets = rng.sample(ASSET_FILES, rng.weighted([[60, 0], [30, 1], [10, 3]]));
  for (const a of assets) files.push([`assets/${a}`, assetFile(rng, a)]);
  const fm = [`name: ${rng.chance(0.03) ? `${folder}-${rng.pick(QUALIFIERS)}` : folder}`, ...yamlDescription(rng, description(rng, 120, 1000))];
  if (rng.chance(0.4)) fm.push(`license: ${rng.pick(['MIT', 'Apache-2.0'])}`);
  if (rng.chance(0.3)) fm.push('metadata:', `  author: ${rng.pick(['acme', 'platform-team'])}`, `  version: "${rng.int(1, 3)}.${rng.int(0, 9)}"`);
  if (rng.chance(0.2)) fm.push(`allowed-tools: ${rng.sample(['Read', 'Write', 'Bash', 'Grep', 'Glob'], rng.int(1, 3)).join(' ')}`);
  const body = skillBody(rng, { name: folder, refs, headingsOf, scripts, assets, docsUp: ctx.docsUp, otherSkill: ctx.otherSkill });
  files.unshift(['SKILL.md', `---\n${fm.join('\n')}\n---\n\n${body}`]);
  return files;
}

/** Yields every file as {path, data, kind?, mode?} in a fixed order (kind marks a SKILL.md). */
export function* generateRepoCorpus({ skills = 2000, seed = 1 } = {}) {
  const layout = createRng(`repo-layout:${seed}`);
  let made = 0;
  let repo = 0;
  while (made < skills) {
    repo++;
    const repoName = `repo-${String(repo).padStart(3, '0')}`;
    const size = Math.min(skills - made, layout.int(20, 150));
    const style = layout.weighted([[45, 'categories'], [30, 'plugins'], [25, 'github']]);
    yield { path: `${repoName}/README.md`, data: `# ${repoName}\n\nA collection of agent skills.\n` };
    for (const d of DOCS) yield { path: `${repoName}/${d}`, data: `# ${titleCase(d.replace(/.*\//, '').replace('.md', ''))}\n\n${SENTENCES.join('\n\n')}\n` };
    const used = new Set();
    let previous;
    for (let i = 0; i < size; i++, made++) {
      const rng = createRng(`repo-skill:${seed}:${made}`);
      let folder = `${rng.pick(VERBS)}-${rng.pick(NOUNS)}`;
      while (used.has(folder)) folder = `${folder}-${rng.int(2, 99)}`;
      used.add(folder);
      let base;
      let docsUp;
      if (style === 'categories') {
        base = `skills/${CATEGORIES[i % CATEGORIES.length]}/${folder}`;
        docsUp = '../../../';
      } else if (style === 'plugins') {
        const plugin = `plugin-${Math.floor(i / 12)}`;
        if (i % 12 === 0) yield { path: `${repoName}/plugins/${plugin}/.claude-plugin/plugin.json`, data: `{"name": "${plugin}", "version": "1.0.0"}\n` };
        base = `plugins/${plugin}/skills/${folder}`;
        docsUp = '../../../../';
      } else {
        base = `.github/skills/${folder}`;
        docsUp = '../../../';
      }
      const otherSkill = previous && previous.dir === base.replace(/[^/]+$/, '') ? previous.folder : undefined;
      for (const [rel, data] of repoSkill(rng, folder, { docsUp, otherSkill })) {
        yield { path: `${repoName}/${base}/${rel}`, data, kind: rel === 'SKILL.md' ? 'repo' : undefined };
      }
      previous = { dir: base.replace(/[^/]+$/, ''), folder };
    }
  }
}

/** The shape ensureCorpus takes for this generator. */
export const repoShape = { name: 'repo', version: REPO_VERSION, generate: generateRepoCorpus };
