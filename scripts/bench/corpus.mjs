// Deterministic synthetic corpus of Agent Skills for `npm run bench`.
//
// generateCorpus({skills, seed}) yields {path, data} entries (POSIX relative paths,
// data is a string or a Buffer) in a fixed order; writeCorpus() puts them on disk.
// Everything comes from seeded PRNGs (./prng.mjs): same GENERATOR_VERSION + skills +
// seed => same file list and bytes. Bump GENERATOR_VERSION whenever the output changes
// so stale corpora on disk are regenerated.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRng } from './prng.mjs';

export const GENERATOR_VERSION = 1;

// ---------------------------------------------------------------- vocabulary

export const VERBS = ['analyze', 'build', 'convert', 'deploy', 'debug', 'extract', 'format', 'generate', 'review', 'migrate',
  'monitor', 'optimize', 'profile', 'refactor', 'scaffold', 'summarize', 'test', 'translate', 'validate', 'audit',
  'benchmark', 'document', 'index', 'lint', 'package', 'release', 'render', 'scan', 'sync', 'triage'];
export const NOUNS = ['pdf', 'spreadsheet', 'docker', 'kubernetes', 'terraform', 'api', 'changelog', 'commit', 'database',
  'schema', 'invoice', 'slides', 'image', 'video', 'log', 'metrics', 'pipeline', 'webhook', 'graphql', 'postgres',
  'redis', 'react', 'component', 'figma', 'i18n', 'markdown', 'notebook', 'csv', 'json', 'openapi', 'sql', 'git',
  'pull-request', 'release-notes', 'dependency', 'security', 'aws', 'gcp', 'azure', 'lambda', 'cron', 'email',
  'calendar', 'jira', 'slack', 'excel', 'word', 'mcp-server', 'browser', 'playwright', 'cli', 'rust', 'python', 'go'];
export const QUALIFIERS = ['helper', 'assistant', 'toolkit', 'workflow', 'checker', 'generator', 'manager', 'guide', 'expert',
  'runner', 'reviewer', 'builder', 'inspector', 'kit', 'pro', 'lite', 'v2', 'cli', 'agent', 'skill'];
const TOOLS = ['Read', 'Write', 'Edit', 'Grep', 'Glob', 'Bash', 'Bash(git:*)', 'Bash(python:*)', 'WebFetch', 'WebSearch'];
const FRAGMENTS = [
  'Use when the user asks to {v} {n} files or mentions {n}',
  'Helps {v} {n} artifacts with consistent conventions',
  'Covers setup, configuration and common failure modes for {n}',
  'Use when working with {n} and {n2}, including edge cases',
  'Provides scripts to {v} and {v2} {n} data safely',
  'Triggers on requests such as "{v} my {n}" or "fix the {n2}"',
  'Follows the team style guide and keeps output reproducible',
  'Includes a checklist, worked examples and troubleshooting notes',
  'Do not use for unrelated {n2} tasks or general questions',
  'Works offline, with optional network access for {n} APIs',
  'Supports large inputs by streaming and chunking where possible',
  'Reads references/guide.md for the detailed procedure',
  'Outputs a concise summary followed by the full report',
  'Handles {n} versions 1.x through 4.x (legacy mode included)',
  'Best for repositories that already use {n2} in CI',
];
// Non-ASCII snippets that show up in real descriptions.
const NON_ASCII = ['naïve', 'café', 'résumé', 'Zürich', 'São Paulo', '— fast path', '→ output', '“smart quotes”',
  '日本語のドキュメント', '中文支持', 'Ünïcödé names', 'emoji 🚀', 'français', 'Ελληνικά', 'русский текст', '±5 %', '½ size',
  '한국어', 'naïve → robust', '✓ verified'];
export const HEADINGS = ['Overview', 'Quick start', 'When to use', 'Workflow', 'Step 1: Prepare the input', 'Step 2: Run the script',
  'Configuration', 'Options & flags', 'Examples', 'Troubleshooting', 'FAQ', 'Limitations', 'Output format',
  'Error handling', 'Advanced usage', 'API reference', 'Environment variables', 'Testing', 'Security notes',
  'Performance tips', 'Ünicode handling', 'Known issues (v2.x)', 'Glossary', 'See also'];
export const SENTENCES = [
  'Run the script from the skill folder so relative paths resolve.',
  'Always confirm the target environment before making changes.',
  'The output is written to stdout as JSON unless `--out` is given.',
  'Keep the original file; write the result next to it with a `.new` suffix.',
  'If the command fails, read the error message and check the troubleshooting section.',
  'Prefer small, reviewable changes over one large rewrite.',
  'Large inputs are processed in chunks of 1,000 rows to bound memory.',
  'Use `--dry-run` first and show the user the plan.',
  'Never commit secrets; read them from the environment instead.',
  'The helper detects the format from the file extension and the first bytes.',
  'Ask the user when the intent is ambiguous rather than guessing.',
  'Results are cached under `.cache/` and reused when inputs are unchanged.',
  'For non-ASCII input (e.g. “Zürich”, 日本語) the encoding must be UTF-8.',
  'Timeouts default to 30 s and can be raised with `--timeout`.',
  'Summarize findings as a table: file, line, severity, message.',
];
const REF_FILES = ['guide.md', 'api.md', 'examples.md', 'troubleshooting.md', 'reference.md', 'forms.md', 'schema.md', 'advanced.md'];
export const SCRIPT_FILES = ['run.py', 'extract.py', 'validate.py', 'convert.py', 'helpers.py', 'setup.sh', 'deploy.sh', 'check.sh'];
export const ASSET_FILES = ['diagram.png', 'template.json', 'logo.svg', 'example.csv', 'template.docx', 'report-template.md'];
const ROOTS = [
  [30, '.claude/skills'], [25, 'skills'], [10, '.github/skills'], [6, '.codex/skills'], [5, '.opencode/skills'],
  [5, '.agents/skills'], [8, 'plugins/{p}/skills'], [6, 'packages/{p}/.claude/skills'], [5, 'tools/agent/skills'],
];
const PACKAGES = ['core', 'web', 'api', 'infra', 'docs', 'data', 'mobile', 'shared'];

// ---------------------------------------------------------------- helpers

function fill(template, rng) {
  const v = rng.pick(VERBS);
  const n = rng.pick(NOUNS);
  return template.replaceAll('{v2}', rng.pick(VERBS)).replaceAll('{v}', v)
    .replaceAll('{n2}', rng.pick(NOUNS)).replaceAll('{n}', n);
}

/** GitHub-style heading slug (what `#anchor` links point at). */
export function slugify(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

export function titleCase(slug) {
  return slug.split('-').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

export function description(rng, minLen, maxLen) {
  const target = rng.int(minLen, maxLen);
  const parts = [];
  let len = 0;
  const nonAscii = rng.chance(0.2);
  while (len < target) {
    let s = fill(rng.pick(FRAGMENTS), rng);
    if (nonAscii && rng.chance(0.35)) s += ` (${rng.pick(NON_ASCII)})`;
    parts.push(s);
    len += s.length + 2;
  }
  let text = parts.join('. ') + '.';
  if (text.length > target) {
    // cut at a word boundary so lengths spread evenly over [minLen, maxLen]
    const cut = text.lastIndexOf(' ', target - 1);
    text = text.slice(0, cut > minLen ? cut : target - 1).replace(/[\s,.(]+$/, '') + '.';
    if (text.length < minLen) text = parts.join('. ').slice(0, minLen - 1) + '.';
  }
  return text;
}

/** Emits `description:` in one of the YAML styles seen in the wild. */
export function yamlDescription(rng, text) {
  const style = rng.weighted([[60, 'plain'], [15, 'double'], [10, 'single'], [10, 'folded'], [5, 'literal']]);
  // A plain scalar must not contain ": " or " #" and must not start with an indicator.
  if (style === 'plain' && !/: | #|^["'>|@`&*!%{[-]/.test(text)) return [`description: ${text}`];
  if (style === 'single') return [`description: '${text.replaceAll("'", "''")}'`];
  if (style === 'folded' || style === 'literal') {
    const words = text.split(' ');
    const lines = [];
    let cur = '';
    for (const w of words) {
      if (cur && cur.length + w.length + 1 > 76) { lines.push(cur); cur = w; } else cur = cur ? `${cur} ${w}` : w;
    }
    if (cur) lines.push(cur);
    return [style === 'folded' ? 'description: >-' : 'description: |', ...lines.map((l) => `  ${l}`)];
  }
  return [`description: "${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`];
}

function pngBytes(rng) {
  const n = rng.int(200, 3000);
  const buf = Buffer.alloc(n);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buf, 0);
  for (let i = 8; i < n; i++) buf[i] = Math.floor(rng.next() * 256);
  return buf;
}

function referenceFile(rng, name) {
  const headings = rng.sample(HEADINGS, rng.int(3, 12));
  const lines = [`# ${titleCase(name.replace(/\.md$/, ''))}`, ''];
  const target = rng.skewed(20, 220);
  let h = 0;
  while (lines.length < target || h < headings.length) {
    if (h < headings.length && (rng.chance(0.25) || lines.length >= target)) {
      lines.push('', `## ${headings[h++]}`, '');
      continue;
    }
    const kind = rng.int(0, 9);
    if (kind < 6) lines.push(rng.pick(SENTENCES));
    else if (kind < 8) lines.push(`- ${rng.pick(SENTENCES)}`);
    else lines.push('```bash', `python scripts/${rng.pick(SCRIPT_FILES.filter((f) => f.endsWith('.py')))} --help`, '```');
  }
  return { text: lines.join('\n') + '\n', headings };
}

export function scriptFile(rng, name) {
  const lines = [];
  if (name.endsWith('.py')) {
    lines.push('#!/usr/bin/env python3', `"""${titleCase(name.replace('.py', ''))} helper for this skill."""`,
      'import argparse', 'import json', 'import sys', '', '');
    const fns = rng.int(1, 6);
    for (let i = 0; i < fns; i++) {
      lines.push(`def step_${i}(data):`, `    """${rng.pick(SENTENCES).replaceAll('`', '')}"""`);
      for (let j = rng.int(2, 10); j > 0; j--) lines.push(`    data = [x for x in data if x is not None]  # pass ${j}`);
      lines.push('    return data', '', '');
    }
    lines.push('def main():', '    p = argparse.ArgumentParser()', '    p.add_argument("input")',
      '    p.add_argument("--dry-run", action="store_true")', '    args = p.parse_args()',
      '    print(json.dumps({"ok": True, "input": args.input}))', '', '', 'if __name__ == "__main__":', '    sys.exit(main())');
  } else {
    lines.push('#!/usr/bin/env bash', 'set -euo pipefail', '', 'cd "$(dirname "$0")/.."');
    for (let j = rng.int(3, 30); j > 0; j--) lines.push(`echo "step ${j}: ${rng.pick(VERBS)} ${rng.pick(NOUNS)}"`);
    lines.push('python3 scripts/run.py "$@"');
  }
  return lines.join('\n') + '\n';
}

export function assetFile(rng, name) {
  if (name.endsWith('.png') || name.endsWith('.docx')) return pngBytes(rng);
  if (name.endsWith('.json')) return JSON.stringify({ name: rng.pick(NOUNS), version: rng.int(1, 9), fields: rng.sample(NOUNS, 4) }, null, 2) + '\n';
  if (name.endsWith('.svg')) return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="${rng.int(5, 30)}"/></svg>\n`;
  if (name.endsWith('.csv')) {
    const rows = ['id,name,value'];
    for (let i = rng.int(3, 40); i > 0; i--) rows.push(`${i},${rng.pick(NOUNS)},${rng.int(0, 1000)}`);
    return rows.join('\n') + '\n';
  }
  return `# Report template\n\n## Summary\n\n{{summary}}\n\n## Details\n\n{{details}}\n`;
}

// ---------------------------------------------------------------- one skill

/**
 * Files of one skill, relative to its folder. `kind` says which flaw (if any) was
 * planted; it is recorded in the corpus manifest so checkers can be compared.
 */
function skill(rng, folder) {
  const files = [];
  const refs = rng.sample(REF_FILES, rng.weighted([[25, 0], [30, 1], [25, 2], [12, 3], [8, 4]]));
  const scripts = rng.sample(SCRIPT_FILES, rng.weighted([[35, 0], [30, 1], [20, 2], [15, 3]]));
  const assets = rng.sample(ASSET_FILES, rng.weighted([[55, 0], [30, 1], [15, 2]]));
  const refHeadings = new Map();
  for (const r of refs) {
    const { text, headings } = referenceFile(rng, r);
    refHeadings.set(r, headings);
    files.push([`references/${r}`, text]);
  }
  for (const s of scripts) files.push([`scripts/${s}`, scriptFile(rng, s)]);
  for (const a of assets) files.push([`assets/${a}`, assetFile(rng, a)]);

  // Planted flaws: a few percent in total, like real corpora.
  const kind = rng.weighted([
    [900, 'ok'], [25, 'name-mismatch'], [8, 'bad-name'], [6, 'missing-description'], [3, 'empty-description'],
    [25, 'unknown-fields'], [7, 'yaml-colon'], [4, 'unterminated'], [3, 'no-frontmatter'], [3, 'bad-indent'],
    [2, 'duplicate-key'], [3, 'description-too-long'],
  ]);
  let name = folder;
  if (kind === 'name-mismatch') name = `${folder}-${rng.pick(QUALIFIERS)}`;
  if (kind === 'bad-name') {
    name = rng.pick([folder.toUpperCase(), folder.replaceAll('-', '_'), `${folder}-`, `-${folder}`,
      `${folder}--x`, titleCase(folder), `${folder}-${'x'.repeat(60)}`]);
  }
  const fm = [];
  fm.push(`name: ${name}`);
  const desc = description(rng, 80, kind === 'description-too-long' ? 1400 : 900);
  if (kind === 'description-too-long') fm.push(...yamlDescription(rng, desc.padEnd(1100, ' more detail.')));
  else if (kind === 'yaml-colon') fm.push(`description: Use when: ${desc.replaceAll(': ', ' - ')}`);
  else if (kind === 'empty-description') fm.push(rng.pick(['description:', 'description: ""', "description: ''"]));
  else if (kind !== 'missing-description') fm.push(...yamlDescription(rng, desc));
  if (kind === 'duplicate-key') fm.push(`name: ${folder}-copy`);
  if (rng.chance(0.3)) fm.push(`license: ${rng.pick(['MIT', 'Apache-2.0', 'Proprietary. LICENSE.txt has complete terms'])}`);
  if (rng.chance(0.1)) fm.push(`compatibility: Requires python3 and network access to the ${rng.pick(NOUNS)} API`);
  if (rng.chance(0.25)) fm.push(`allowed-tools: ${rng.sample(TOOLS, rng.int(1, 4)).join(' ')}`);
  if (rng.chance(0.25)) {
    fm.push('metadata:');
    const ind = kind === 'bad-indent' ? '\t' : '  ';
    fm.push(`${ind}author: ${rng.pick(['acme', 'jane-doe', 'Ödön Kovács', 'platform-team'])}`);
    fm.push(`${kind === 'bad-indent' ? '    ' : '  '}version: "${rng.int(0, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}"`);
  } else if (kind === 'bad-indent') {
    fm.push('metadata:', '\tauthor: acme', '  version: 1.0');
  }
  if (rng.chance(0.08)) fm.push(`argument-hint: "[${rng.pick(NOUNS)}-file]"`);
  if (rng.chance(0.05)) fm.push('disable-model-invocation: true');
  if (kind === 'unknown-fields') {
    fm.push(...rng.sample([`tags: [${rng.sample(NOUNS, 3).join(', ')}]`, `category: ${rng.pick(NOUNS)}`,
      `version: ${rng.int(1, 3)}.0`, 'author: someone', `triggers:\n  - ${rng.pick(VERBS)} ${rng.pick(NOUNS)}`], rng.int(1, 3)));
  }

  const body = skillBody(rng, name, refs, refHeadings, scripts, assets);
  let text;
  if (kind === 'no-frontmatter') text = `${body}`;
  else if (kind === 'unterminated') text = `---\n${fm.join('\n')}\n${body}`;
  else text = `---\n${fm.join('\n')}\n---\n\n${body}`;
  if (rng.chance(0.02)) text = text.replaceAll('\n', '\r\n');
  if (rng.chance(0.005)) text = `\ufeff${text}`;
  files.unshift(['SKILL.md', text]);
  return { files, kind };
}

function skillBody(rng, name, refs, refHeadings, scripts, assets) {
  const target = rng.weighted([[50, [20, 80]], [35, [80, 160]], [15, [160, 300]]]);
  const targetLines = rng.int(target[0], target[1]);
  const lines = [`# ${titleCase(name.replace(/[^a-zA-Z0-9-]/g, '-'))}`, ''];
  const sections = rng.sample(HEADINGS, rng.int(3, 9));
  let s = 0;
  const pyScripts = scripts.filter((f) => f.endsWith('.py'));
  const shScripts = scripts.filter((f) => f.endsWith('.sh'));
  const link = () => {
    const r = rng.next();
    if (refs.length && r < 0.45) return `[the ${refs[0].replace('.md', '')} notes](references/${rng.pick(refs)})`;
    if (refs.length && r < 0.75) {
      const ref = rng.pick(refs);
      return `[details](references/${ref}#${slugify(rng.pick(refHeadings.get(ref)))})`;
    }
    if (r < 0.8) return `[missing guide](references/${rng.pick(['missing.md', 'old-guide.md', 'GUIDE.md'])})`;
    if (refs.length && r < 0.84) return `[broken anchor](references/${refs[0]}#no-such-heading)`;
    if (r < 0.92) return `[docs](https://example.com/${rng.pick(NOUNS)}/docs)`;
    return `[section below](#${slugify(rng.pick(sections))})`;
  };
  while (lines.length < targetLines) {
    if (s < sections.length && (rng.chance(0.12) || lines.length > targetLines - 6)) {
      lines.push('', `## ${sections[s++]}`, '');
      continue;
    }
    const k = rng.int(0, 19);
    if (k < 7) lines.push(rng.pick(SENTENCES));
    else if (k < 10) lines.push(`${rng.pick(SENTENCES)} See ${link()}.`);
    else if (k < 12) lines.push(`- ${rng.pick(SENTENCES)}`);
    else if (k < 13) lines.push(`${rng.int(1, 9)}. Run \`scripts/${rng.pick(pyScripts.length ? pyScripts : ['run.py'])}\` on the input.`);
    else if (k < 15) {
      const cmds = [];
      for (let i = rng.int(1, 4); i > 0; i--) {
        const r = rng.next();
        if (r < 0.07) cmds.push('python scripts/missing_helper.py --check');
        else if (pyScripts.length && r < 0.55) cmds.push(`python scripts/${rng.pick(pyScripts)} input.json --out result.json`);
        else if (shScripts.length && r < 0.8) cmds.push(`bash scripts/${rng.pick(shScripts)}`);
        else cmds.push(`${rng.pick(['git status', 'npm test', 'ls -la', 'jq . result.json'])}`);
      }
      lines.push('', '```bash', ...cmds, '```', '');
    } else if (k < 16 && assets.length) {
      const a = rng.pick(assets);
      lines.push(a.endsWith('.png') || a.endsWith('.svg') ? `![${rng.pick(NOUNS)} diagram](assets/${a})` : `Start from the template in \`assets/${a}\`.`);
    } else if (k < 17) lines.push('', `| Option | Meaning |`, `|---|---|`, `| \`--dry-run\` | show the plan only |`, `| \`--out\` | output path |`, '');
    else if (k < 18) lines.push('', `> **Note:** ${rng.pick(SENTENCES)}`, '');
    else lines.push(`Use \`scripts/${rng.pick(scripts.length ? scripts : ['run.py'])}\` for the ${rng.pick(VERBS)} step.`);
  }
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------- the corpus

/**
 * Yields every file of the corpus as {path, data}. Skills are grouped into "repos"
 * (repo-0001/…) with one or two skill roots each; some repos also have a .git/ and a
 * node_modules/ holding skills that every tool is expected to skip.
 */
export function* generateCorpus({ skills = 10000, seed = 1 } = {}) {
  const layout = createRng(`layout:${seed}`);
  let made = 0;
  let repo = 0;
  while (made < skills) {
    repo++;
    const repoName = `repo-${String(repo).padStart(4, '0')}`;
    const size = Math.min(skills - made, layout.skewed(1, 60, 2));
    const roots = [];
    for (let i = layout.chance(0.25) ? 2 : 1; i > 0; i--) {
      roots.push(layout.weighted(ROOTS).replace('{p}', layout.pick(PACKAGES)));
    }
    yield { path: `${repoName}/README.md`, data: `# ${repoName}\n\nSkills for the ${layout.pick(NOUNS)} team.\n` };
    if (layout.chance(0.5)) yield { path: `${repoName}/LICENSE`, data: 'MIT License\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n' };
    if (layout.chance(0.3)) {
      yield { path: `${repoName}/.git/HEAD`, data: 'ref: refs/heads/main\n' };
      yield { path: `${repoName}/.git/config`, data: '[core]\n\trepositoryformatversion = 0\n\tbare = false\n' };
    }
    if (layout.chance(0.05)) {
      yield { path: `${repoName}/node_modules/some-skill-pack/skills/vendored/SKILL.md`, data: '---\nname: vendored\ndescription: Must be skipped by every tool because it lives in node_modules.\n---\n\n# Vendored\n' };
      yield { path: `${repoName}/node_modules/some-skill-pack/package.json`, data: '{"name":"some-skill-pack","version":"1.0.0"}\n' };
    }
    const used = new Set();
    for (let i = 0; i < size; i++, made++) {
      const rng = createRng(`skill:${seed}:${made}`);
      let folder = `${rng.pick(VERBS)}-${rng.pick(NOUNS)}${rng.chance(0.5) ? `-${rng.pick(QUALIFIERS)}` : ''}`;
      while (used.has(folder)) folder = `${folder}-${rng.int(2, 99)}`;
      used.add(folder);
      const root = roots[rng.int(0, roots.length - 1)];
      const { files, kind } = skill(rng, folder);
      for (const [rel, data] of files) yield { path: `${repoName}/${root}/${folder}/${rel}`, data, kind: rel === 'SKILL.md' ? kind : undefined };
    }
  }
}

/** Summary of a generated corpus: file count, bytes, sha256 over (path, bytes) in order, flaw counts. */
export function describeCorpus(opts, onFile) {
  const hash = createHash('sha256');
  let files = 0, bytes = 0, skillFiles = 0;
  const kinds = {};
  for (const f of (opts.generate ?? generateCorpus)(opts)) {
    const buf = typeof f.data === 'string' ? Buffer.from(f.data, 'utf8') : f.data;
    hash.update(f.path); hash.update('\0'); hash.update(buf); hash.update('\0');
    files++; bytes += buf.length;
    if (f.kind) { skillFiles++; kinds[f.kind] = (kinds[f.kind] ?? 0) + 1; }
    if (onFile) onFile(f.path, buf);
  }
  return { files, bytes, skills: skillFiles, sha256: hash.digest('hex'), kinds };
}

/**
 * Ensures `<outDir>/corpus-<skills>/` holds the corpus for (version, skills, seed).
 * Reuses it when the stamp file `<outDir>/corpus-<skills>.stamp.json` matches;
 * otherwise generates into a temp folder and renames it into place.
 */
export function ensureCorpus({ outDir, skills = 10000, seed = 1, log = () => {}, shape }) {
  // shape: undefined (this file's corpus) or {name, version, generate} (e.g. repoCorpus.mjs).
  const version = shape ? `${shape.name}-${shape.version}` : GENERATOR_VERSION;
  const dir = join(outDir, shape ? `corpus-${shape.name}-${skills}` : `corpus-${skills}`);
  const stampPath = `${dir}.stamp.json`;
  if (existsSync(stampPath) && existsSync(dir)) {
    try {
      const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
      if (stamp.version === version && stamp.skills === skills && stamp.seed === seed) {
        return { dir, reused: true, generateMs: 0, ...stamp };
      }
    } catch { /* regenerate */ }
  }
  log(`generating corpus: ${skills} skills, seed ${seed} -> ${dir}`);
  const t0 = performance.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const made = new Set();
  const info = describeCorpus({ skills, seed, generate: shape?.generate }, (rel, buf) => {
    const p = join(tmp, rel);
    const d = dirname(p);
    if (!made.has(d)) { mkdirSync(d, { recursive: true }); made.add(d); }
    writeFileSync(p, buf);
  });
  rmSync(stampPath, { force: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  const stamp = { version, skills, seed, ...info };
  writeFileSync(stampPath, JSON.stringify(stamp, null, 2) + '\n');
  const generateMs = performance.now() - t0;
  log(`generated ${info.files} files (${(info.bytes / 1e6).toFixed(1)} MB) in ${(generateMs / 1000).toFixed(1)} s`);
  return { dir, reused: false, generateMs, ...stamp };
}
