// Regenerates the documentation's generated tables from the rule registry, the profile
// tables and the location markers: the rules table of docs/rules.md, the profiles and
// locations tables of docs/agents.md. `npx tsx scripts/docs/generate.ts` (`npm run
// docs`) writes them; `--check` exits 1 when one is out of date.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { profiles } from '../../server/src/core/profiles/registry';
import { LOCATION_MARKERS, type LocationMarker } from '../../server/src/core/profiles/targets';
import type { AgentProfile } from '../../server/src/core/profiles/types';
import { allRules, registerRuleInfo } from '../../server/src/core/rules/catalog';
import type { RuleInfo } from '../../server/src/core/rules/fileRules';
import { renderContractsPage } from './contracts';

const ROOT = join(__dirname, '..', '..');
const CORE = join(ROOT, 'server', 'src', 'core');

function isRuleInfo(x: unknown): x is RuleInfo {
  const o = x as RuleInfo;
  return !!o && typeof o === 'object' && typeof o.code === 'string' && typeof o.title === 'string' && typeof o.defaultSeverity === 'string';
}

/**
 * Rule families outside rules/ (references, catalog, …) register through
 * `registerRuleInfo` at run time. To list them without running them, import every
 * `index.ts` / `rules.ts` under the core and register each exported array of
 * rule infos (`{code, title, defaultSeverity}[]`).
 */
export async function loadRuleFamilies(): Promise<void> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if ((n === 'index.ts' || n === 'rules.ts') && !p.startsWith(join(CORE, 'rules'))) files.push(p);
    }
  };
  if (existsSync(CORE)) walk(CORE);
  for (const f of files) {
    const mod = (await import(pathToFileURL(f).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      if (Array.isArray(v) && v.length > 0 && v.every(isRuleInfo)) registerRuleInfo(...v.map(({ code, title, defaultSeverity }) => ({ code, title, defaultSeverity })));
    }
  }
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function renderRulesTable(rules: readonly RuleInfo[] = allRules()): string {
  const rows = rules.map((r) => `| <a id="rule-${r.code}"></a>\`${r.code}\` | ${r.severityByTarget ? 'by target' : r.defaultSeverity} | ${cell(r.title)} |`);
  return ['| code | severity | what it reports |', '|---|---|---|', ...rows].join('\n');
}

function nameRule(p: AgentProfile): string {
  const n = p.name;
  const parts: string[] = [];
  switch (n.charset) {
    case 'unicode-lower-alnum-hyphen': parts.push('lowercase letters (any script), digits, `-`'); break;
    case 'ascii-lower-alnum-hyphen': parts.push('`a-z0-9-`'); break;
    case 'ascii-alnum-hyphen-underscore': parts.push('`[a-zA-Z0-9]+([-_][a-zA-Z0-9]+)*`'); break;
    default: parts.push('no character rule');
  }
  if (n.strictHyphens && n.charset !== 'ascii-alnum-hyphen-underscore') parts.push('no edge/double `-`');
  if (n.nfkc) parts.push('NFKC');
  if (n.mustMatchFolder) parts.push('= folder');
  if (n.defaultsToFolder) parts.push('defaults to folder');
  if (n.reservedWords?.length) parts.push(`no ${n.reservedWords.map((w) => `"${w}"`).join('/')}`);
  if (n.reservedPrefixes?.length) parts.push(`not \`${n.reservedPrefixes.join('`/`')}…\``);
  return parts.join('; ');
}

const VERB: Record<string, string> = { reject: 'reject', warn: 'warn', truncate: 'truncate', ignore: 'ignore' };

function limits(p: AgentProfile): string {
  const out: string[] = [];
  for (const [k, f] of Object.entries(p.fields)) {
    const max = k === 'name' ? Math.min(f.maxLength ?? Infinity, p.name.maxLength) : f.maxLength;
    if (max !== undefined && max !== Infinity && max < Number.MAX_SAFE_INTEGER) {
      const o = (k === 'name' ? p.name.onTooLong : undefined) ?? f.onTooLong ?? f.onInvalid;
      const how = f.lengthMeasure === 'collapsed-whitespace' ? ', white space collapsed' : '';
      out.push(`\`${k}\` ≤${max} (${VERB[o]}${how})`);
    }
    for (const [ck, cf] of Object.entries(f.children ?? {})) if (cf.maxLength) out.push(`\`${k}.${ck}\` ≤${cf.maxLength} (${VERB[cf.onTooLong ?? cf.onInvalid]})`);
  }
  if (p.listingCap) out.push(`listing: ${p.listingCap.fields.map((f) => `\`${f}\``).join(' + ')} cut at ${p.listingCap.max}`);
  return out.join('; ') || 'none';
}

function discovery(p: AgentProfile): string {
  const dirs = [...p.discovery.project, ...p.discovery.user].map((d) => `\`${d}\``);
  const depth = p.discoveryDepth === 'recursive' ? 'any depth' : p.discoveryDepth === 1 ? 'one level' : p.discoveryDepth ? `≤${p.discoveryDepth} levels` : '';
  return `${dirs.length ? dirs.join(', ') : 'set by the application'}${depth ? ` (${depth})` : ''}`;
}

function yaml(p: AgentProfile): string {
  const parts = [p.yaml?.parser ?? 'YAML'];
  parts.push(`error: ${p.onYamlError}`);
  parts.push(`\`a: b: c\`: ${p.unquotedColon ?? 'reject'}`);
  if (p.onBom) parts.push(`a BOM before \`---\`: ${p.onBom}`);
  if (p.yaml?.onFlowStyle) parts.push('no flow style');
  if (p.yaml?.onTabs) parts.push(`a tab between tokens: ${p.yaml.onTabs}`);
  if (p.onInnerDelimiter) parts.push(`\`---\` inside the frontmatter: ${p.onInnerDelimiter}`);
  if (p.onLineCutAtTab) parts.push(`a tab in a line (the line is cut up to it): ${p.onLineCutAtTab}`);
  if (p.yaml?.scalars === 'strings') parts.push('scalars read as strings');
  return parts.join('; ');
}

export function renderProfilesTable(list: readonly AgentProfile[] = profiles): string {
  const head = [
    '| profile | fields read | required | name rule | limits | unknown fields | discovery | `skill.md` | YAML |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const rows = list.map((p) => {
    const fields = Object.keys(p.fields).map((f) => `\`${f}\``).join(', ');
    const required = Object.entries(p.fields).filter(([, f]) => f.required).map(([k]) => `\`${k}\``).join(', ') || 'none';
    const unknown = p.unknownFields === 'extra' ? 'kept as extras' : p.unknownFields;
    const lower = p.fileNames.includes('skill.md') ? 'yes' : 'no';
    return `| [\`${p.id}\`](${p.docs}) | ${cell(fields)} | ${required} | ${cell(nameRule(p))} | ${cell(limits(p))} | ${unknown} | ${cell(discovery(p))} | ${lower} | ${cell(yaml(p))} |`;
  });
  const notes = list.map((p) => {
    const lines = [`- **${p.id}** — ${cell(p.summary)}`];
    if (p.onViolation) lines.push(`  On a violation: ${cell(p.onViolation)}.`);
    if (p.duplicateNames) lines.push(`  Same name twice: ${cell(p.duplicateNames)}.`);
    for (const n of p.notes ?? []) lines.push(`  - ${cell(n)}`);
    const sources = [...new Set([p.docs, p.discovery.source, p.name.source, p.unknownFieldsSource, p.unquotedColonSource, p.onBomSource, p.onLineCutAtTabSource, p.yaml?.source, ...Object.values(p.fields).map((f) => f.source)].filter(Boolean))];
    lines.push(`  Sources: ${sources.map((s) => `<${s}>`).join(', ')}`);
    return lines.join('\n');
  });
  return [...head, ...rows, '', ...notes].join('\n');
}

/** Where a skill lives → the profile inferred for it, from the markers the checks use. */
export function renderLocationsTable(markers: readonly LocationMarker[] = LOCATION_MARKERS): string {
  const rows = markers.map((m) => `| ${m.location} | \`${m.profile}\` |`);
  return ['| location | profile |', '|---|---|', ...rows, '| anywhere else | `agentskills` |'].join('\n');
}

function replaceRegion(text: string, name: string, content: string, file: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`${file} has no ${start} … ${end} region`);
  return `${text.slice(0, i + start.length)}\n${content}\n${text.slice(j)}`;
}

const DOCS = join(ROOT, 'docs');
/** Each generated page and the regions it holds. */
export const GENERATED: Readonly<Record<string, readonly ('rules' | 'profiles' | 'locations')[]>> = {
  [join(DOCS, 'rules.md')]: ['rules'],
  [join(DOCS, 'agents.md')]: ['locations', 'profiles'],
};
/** The page with the rules table and its `#rule-CODE` anchors (diagnostics link there). */
export const RULES_PAGE = join(DOCS, 'rules.md');

/** `text` (the content of `file`, one of GENERATED) with its regions regenerated. */
export async function generateDoc(file: string, text: string): Promise<string> {
  await loadRuleFamilies();
  const render = { rules: renderRulesTable, profiles: () => renderProfilesTable(), locations: () => renderLocationsTable() };
  let out = text;
  for (const region of GENERATED[file] ?? []) out = replaceRegion(out, region, render[region](), file);
  return out;
}

export const CONTRACTS_PAGE = join(ROOT, 'docs', 'contracts.md');

async function main(): Promise<void> {
  let stale = false;
  // docs/contracts.md is generated whole from the contract schema and the rule registry.
  const page = renderContractsPage();
  const pageNow = existsSync(CONTRACTS_PAGE) ? readFileSync(CONTRACTS_PAGE, 'utf8') : '';
  if (page !== pageNow) {
    stale = true;
    if (!process.argv.includes('--check')) writeFileSync(CONTRACTS_PAGE, page);
    console.log(`docs/contracts.md ${process.argv.includes('--check') ? 'is out of date' : 'updated'}`);
  }
  for (const file of Object.keys(GENERATED)) {
    const current = readFileSync(file, 'utf8');
    const next = await generateDoc(file, current);
    if (next === current) continue;
    stale = true;
    if (!process.argv.includes('--check')) writeFileSync(file, next);
    console.log(`${file.slice(ROOT.length + 1)} ${process.argv.includes('--check') ? 'is out of date' : 'updated'}`);
  }
  if (stale && process.argv.includes('--check')) {
    console.error('generated tables are out of date: run `npm run docs`.');
    process.exit(1);
  }
  if (!stale) console.log('docs up to date');
}

if (require.main === module) void main();
