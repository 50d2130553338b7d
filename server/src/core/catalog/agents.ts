import * as path from 'node:path';
import type { Scalar } from 'yaml';
import { isAlias, isMap, isScalar, isSeq, parseDocument, visit } from '../lazy/yaml';
import { unresolvedAlias } from '../document/yamlTree';
import { parseSkillDocument } from '../document/parse';
import { pyyamlTabOffsets } from '../document/pyyamlTabs';
import type { SkillDocument, ValueNode } from '../document/model';
import { getEntry, jsString, resolveNode, toJs } from '../document/values';
import { parseWithUniqueKeys } from './uniqueKeys';
import { getProfile } from '../profiles/registry';
import type { AgentProfile, ProfileId } from '../profiles/types';
import { joinWithin, newTextBudget, pyFromNode, pyPlainScalar, pyRepr, pyStr, pyToJson, pyTypeName, pyValueError, type PyValue } from '../render/pyValue';
import { cpLength, goTrimSpace, pyBlank, pyReprStr, pyStrip, rustSplitJoin } from '../render/text';
import type { DiscoveryRules } from './types';

/** How deep a `recursive` walk goes (opencode's `**` has no bound; a walk needs one). */
export const RECURSIVE_DEPTH = 32;

/** How deep `profile`'s discovery looks below a root (1: `<root>/<skill>/SKILL.md`). */
export function depthOf(profile: AgentProfile): number {
  return profile.discoveryDepth === 'recursive' ? RECURSIVE_DEPTH : profile.discoveryDepth ?? 1;
}

/**
 * Per-agent discovery rules, read from the profile tables (`discoveryDepth`,
 * `discoveryWalk`, with their sources); an unknown id walks as the specification does.
 */
export function discoveryRules(agent: ProfileId): DiscoveryRules {
  const p = getProfile(agent) ?? getProfile('agentskills')!;
  const w = p.discoveryWalk;
  return {
    fileNames: w?.fileNames ?? p.fileNames,
    caseInsensitive: w?.caseInsensitive ?? false,
    maxDepth: depthOf(p),
    skipHidden: w?.skipHidden ?? false,
    descendIntoSkills: w?.descendIntoSkills ?? false,
    ...(w?.skipLinkedSkillFiles ? { skipLinkedSkillFiles: true } : {}),
    summary: w?.summary ?? `${depthOf(p)} level(s) below each root`,
  };
}

/** What one agent reads from a SKILL.md for its index. */
export interface AgentMeta {
  name: string;
  description: string;
  /** frontmatter keys other than name/description, as PyYAML would build them */
  extras: [string, PyValue][];
  whenToUse?: string;
  context?: string;
  hidden?: string;
}

/** `fatal`: the agent fails as a whole on this skill (it lists no skill at all), not just skips it. */
export type MetaResult = { ok: true; meta: AgentMeta } | { ok: false; message: string; fatal?: true };

/** Python's `read_text()` turns CRLF and CR into LF. */
export function universalNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Frontmatter keys except name/description, first position and last value per key. */
function extrasOf(doc: SkillDocument, omit: readonly string[] = ['name', 'description']): [string, PyValue][] {
  if (doc.frontmatter.state !== 'mapping' || doc.frontmatter.problems.some((p) => p.severity === 'error')) return [];
  const m = new Map<string, PyValue>();
  const built = new Map();
  for (const e of doc.frontmatter.entries) if (!omit.includes(e.key)) m.set(e.key, pyFromNode(e.value, 0, built));
  return [...m];
}

export function extrasJson(extras: [string, PyValue][]): Record<string, unknown> {
  const budget = { left: 10_000 };
  return Object.fromEntries(extras.map(([k, v]) => [k, pyToJson(v, budget)]));
}

/** lovia catalog.py `_format_extra` (lovia shows its first 256 characters; the rest is cut early). */
export function loviaFormatExtra(extras: [string, PyValue][]): string {
  const budget = newTextBudget();
  const parts: string[] = [];
  for (const [key, value] of extras) {
    if (budget.left <= 0) break;
    if (value.t === 'none' || (value.t === 'str' && value.v === '') || value.t === 'dict') continue;
    let rendered: string;
    if (value.t === 'list') {
      if (value.v.length === 0) continue;
      rendered = joinWithin(budget, value.v, (x) => pyStr(x, budget));
    } else rendered = pyStr(value, budget);
    parts.push(`${key}: ${rendered}`);
  }
  return parts.join('; ');
}

// ---------------------------------------------------------------- lovia

const LOVIA_NAME = /^[a-zA-Z0-9]+(?:[-_][a-zA-Z0-9]+)*$/;

/** lovia `_parse_frontmatter`: returns the YAML text (or undefined) and the body. */
export function loviaSplit(raw: string): { yaml: string | undefined; body: string } {
  const text = universalNewlines(raw).replace(/^\ufeff+/, '').replace(/^(?:[ \t]*\r?\n)+/, '');
  const open = /^---[ \t\r]*\n/.exec(text);
  if (!open) return { yaml: undefined, body: text };
  const rest = text.slice(open[0].length - 1); // keep the newline so `\n---` finds an empty frontmatter
  const close = /\n---[ \t\r]*(?:\n|$)/.exec(rest.slice(1));
  if (!close) return { yaml: undefined, body: text };
  const closeStart = close.index + 1;
  const fm = rest.slice(1, closeStart).trim();
  const body = rest.slice(closeStart + close[0].length).replace(/^[\n\r]+/, '');
  return { yaml: fm, body };
}

function loviaMeta(_doc: SkillDocument, raw: string, dir: string): MetaResult {
  // The frontmatter as lovia's parser delimits it, read with a YAML 1.1 view of the values.
  const { yaml } = loviaSplit(raw);
  let fm: [string, PyValue][] = [];
  // A YAMLError reads as `{}` (source.py): PyYAML's scanner fails on a tab between tokens.
  if (yaml && !pyyamlTabOffsets(yaml, 1).length) {
    const sub = parseYamlMapping(yaml);
    // source.py catches only yaml.YAMLError: a ValueError leaves _scan, so lovia lists nothing at all.
    if (sub && 'valueError' in sub) return { ok: false, fatal: true, message: `ValueError: ${sub.valueError}` };
    if (sub) fm = sub;
  }
  const get = (k: string): PyValue | undefined => {
    let v: PyValue | undefined;
    for (const [key, val] of fm) if (key === k) v = val;
    return v;
  };
  const nameV: PyValue = get('name') ?? { t: 'str', v: path.basename(dir) };
  if (nameV.t === 'none' || (nameV.t === 'str' && nameV.v === '')) {
    return { ok: false, message: "Skill name must not be empty.  Provide a non-empty name, e.g. 'refund-policy'." };
  }
  if (nameV.t !== 'str') {
    return { ok: false, message: `Skill name must be a string, got ${pyTypeName(nameV)}: ${pyRepr(nameV)}.  Quote the frontmatter value, e.g. name: "2024".` };
  }
  const name = nameV.v;
  const r = pyReprStr(name);
  if (cpLength(name) > 64) return { ok: false, message: `Skill name ${r} is too long (${cpLength(name)} > 64).  Use a shorter name.` };
  if (name.includes('/') || name.includes('\\') || name.includes('..')) {
    return { ok: false, message: `Skill name ${r} must not contain path separators or '..'.  Use a flat name without path characters.` };
  }
  if (!LOVIA_NAME.test(name)) {
    return { ok: false, message: `Skill name ${r} is invalid: only letters, digits, hyphens, and underscores; no consecutive or leading/trailing separators.  Rename to something like 'my-skill-name' or 'My_Skill'.` };
  }
  const d = get('description') ?? { t: 'str', v: '' };
  if (d.t === 'none' || (d.t === 'str' && pyBlank(d.v))) {
    return { ok: false, message: `Skill ${r} has an empty description.  Provide a description explaining what the skill does and when to use it.` };
  }
  if (d.t !== 'str') {
    return { ok: false, message: `Skill ${r} description must be a string, got ${pyTypeName(d)}.  Quote the frontmatter value, e.g. description: "...".` };
  }
  if (cpLength(d.v) > 1024) {
    return { ok: false, message: `Skill ${r} description is too long (${cpLength(d.v)} > 1024).  Shorten the description to at most 1024 characters.` };
  }
  const extras = new Map<string, PyValue>();
  for (const [k, v] of fm) if (k !== 'name' && k !== 'description') extras.set(k, v);
  return { ok: true, meta: { name, description: pyStrip(d.v), extras: [...extras] } };
}

/**
 * Parses a YAML mapping into PyYAML-like values; undefined when it is not a valid
 * mapping (a YAMLError), `valueError` when safe_load would raise ValueError instead.
 */
export function parseYamlMapping(yamlText: string): [string, PyValue][] | { valueError: string } | undefined {
  const doc = parseSkillDocument('', `---\n${yamlText}\n---\n`);
  if (doc.frontmatter.state === 'empty') return [];
  if (doc.frontmatter.state !== 'mapping' || doc.frontmatter.problems.some((p) => p.severity === 'error')) return undefined;
  // PyYAML types plain keys too: `on:` and `yes:` are both the key True (the dict keeps
  // the first position and the last value), `null:` is None. Quoted keys stay strings.
  const m = new Map<string, [string, PyValue]>();
  const built = new Map();
  for (const e of doc.frontmatter.entries) {
    const raw = doc.text.slice(e.keyStart, e.keyEnd);
    const typed = raw.startsWith('"') || raw.startsWith("'") ? undefined : pyPlainScalar(raw);
    const id = !typed || typed.t === 'str' ? `s:${e.key}` : typed.t === 'bool' ? `n:${typed.v ? 1 : 0}` : typed.t === 'int' || typed.t === 'float' ? `n:${pyStr(typed)}` : `${typed.t}:${pyStr(typed)}`;
    const value = pyFromNode(e.value, 0, built);
    const valueError = (typed && pyValueError(typed)) ?? pyValueError(value);
    if (valueError) return { valueError };
    const had = m.get(id);
    m.set(id, [had ? had[0] : typed && typed.t !== 'str' ? pyStr(typed) : e.key, value]);
  }
  return [...m.values()];
}

// ---------------------------------------------------------------- skills-ref

/** skills-ref parser.py `parse_frontmatter` + `read_properties` (strictyaml: every scalar is a string). */
function agentskillsMeta(raw: string): MetaResult {
  const content = universalNewlines(raw);
  if (!content.startsWith('---')) return { ok: false, message: 'SKILL.md must start with YAML frontmatter (---)' };
  const parts = splitN(content, '---', 2);
  if (parts.length < 3) return { ok: false, message: 'SKILL.md frontmatter not properly closed with ---' };
  const ydoc = parseWithUniqueKeys(parts[1]);
  // strictyaml refuses flow style, anchors and aliases, and tags.
  let refused: string | undefined;
  visit(ydoc, {
    Node(_k, n) {
      const node = n as { flow?: boolean; anchor?: string };
      if (node.flow) refused ??= 'flow style is not allowed (strictyaml)';
      else if (node.anchor || isAlias(n)) refused ??= 'anchors and aliases are not allowed (strictyaml)';
      else if (hasExplicitTag(n)) refused ??= 'tags are not allowed (strictyaml)';
    },
  });
  if (ydoc.errors.length || refused) return { ok: false, message: `Invalid YAML in frontmatter: ${ydoc.errors[0]?.message.split('\n')[0] ?? refused}` };
  const data = ydoc.contents;
  if (!isMap(data)) return { ok: false, message: 'SKILL.md frontmatter must be a YAML mapping' };
  const fields = new Map<string, unknown>();
  for (const pair of data.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const v = pair.value as unknown;
    fields.set(key, isScalar(v) ? strictScalar(v as Scalar) : v ? 'non-string' : '');
  }
  if (!fields.has('name')) return { ok: false, message: 'Missing required field in frontmatter: name' };
  if (!fields.has('description')) return { ok: false, message: 'Missing required field in frontmatter: description' };
  const name = fields.get('name');
  const desc = fields.get('description');
  if (typeof name !== 'string' || name.trim() === '' || name === 'non-string') return { ok: false, message: "Field 'name' must be a non-empty string" };
  if (typeof desc !== 'string' || desc.trim() === '' || desc === 'non-string') return { ok: false, message: "Field 'description' must be a non-empty string" };
  return { ok: true, meta: { name: pyStrip(name), description: pyStrip(desc), extras: [] } };
}

/**
 * strictyaml gives every scalar as its text: a plain scalar's lines folded as YAML
 * folds them (`a\n  b` is `a b`), never converted to a number or boolean.
 */
function strictScalar(s: Scalar): string {
  if (typeof s.source === 'string') return s.source;
  return s.value === null || s.value === undefined ? '' : String(s.value);
}

/** `!!str x`, `!custom x`: the parser sets a node's tag only where one is written. */
function hasExplicitTag(n: unknown): boolean {
  return typeof (n as { tag?: unknown }).tag === 'string';
}

/** Python `s.split(sep, maxsplit)`. */
function splitN(s: string, sep: string, max: number): string[] {
  const out: string[] = [];
  let from = 0;
  while (out.length < max) {
    const i = s.indexOf(sep, from);
    if (i < 0) break;
    out.push(s.slice(from, i));
    from = i + sep.length;
  }
  out.push(s.slice(from));
  return out;
}

// ---------------------------------------------------------------- Eino

/** Eino filesystem_backend.go `parseFrontmatter`: (frontmatter, content). */
export function einoSplit(raw: string): { yaml: string; content: string } | { error: string } {
  const data = goTrimSpace(raw);
  if (!data.startsWith('---')) return { error: 'file does not start with frontmatter delimiter' };
  const rest = data.slice(3);
  const idx = rest.indexOf('\n---');
  if (idx < 0) return { error: 'frontmatter closing delimiter not found' };
  const yaml = goTrimSpace(rest.slice(0, idx));
  let content = rest.slice(idx + 4);
  if (content.startsWith('\n')) content = content.slice(1);
  return { yaml, content: goTrimSpace(content) };
}

/**
 * Eino filesystem_backend.go `stripLineNumbers`, applied to the whole file before it is
 * split: every line loses everything up to its first tab (meant for `cat -n` output).
 */
export function einoStripLineNumbers(data: string): string {
  if (data.indexOf('\t') === -1) return data;
  return data.split('\n').map((line) => {
    const tab = line.indexOf('\t');
    return tab === -1 ? line : line.slice(tab + 1);
  }).join('\n');
}

/**
 * The Go error of Eino's `loadSkillFromFile` (the YAML message is the `yaml`
 * package's, not yaml.v3's). One such skill fails List and Get for every skill.
 */
function einoMeta(raw: string, file: string): MetaResult {
  const split = einoSplit(einoStripLineNumbers(raw));
  if ('error' in split) return { ok: false, message: `failed to load skill from ${file}: failed to parse frontmatter: ${split.error}` };
  const ydoc = parseWithUniqueKeys(split.yaml);
  if (ydoc.errors.length) return { ok: false, message: `failed to load skill from ${file}: failed to unmarshal frontmatter: ${ydoc.errors[0].message.split('\n')[0]}` };
  // yaml.v3 fails on an alias to no anchor (`globs: **/*.*`); `yaml` only when the value is read.
  const dangling = unresolvedAlias(ydoc);
  if (dangling) return { ok: false, message: `failed to load skill from ${file}: failed to unmarshal frontmatter: yaml: unknown anchor '${dangling.source}' referenced` };
  // yaml.v3 into FrontMatter's string fields: a scalar gives its text (`1.0` stays
  // `1.0`), null gives "", a sequence or mapping is an unmarshal error (all are listed).
  const fields: Record<string, string> = {};
  const errors: string[] = [];
  if (isMap(ydoc.contents)) {
    for (const pair of ydoc.contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!EINO_STRING_FIELDS.has(key)) continue;
      const v = isAlias(pair.value) ? pair.value.resolve(ydoc) : pair.value;
      if (isScalar(v)) fields[key] = v.value === null || v.value === undefined ? '' : typeof v.source === 'string' ? v.source : String(v.value);
      else if (isSeq(v) || isMap(v)) {
        const line = split.yaml.slice(0, v.range?.[0] ?? 0).split('\n').length;
        errors.push(`line ${line}: cannot unmarshal !!${isSeq(v) ? 'seq' : 'map'} into string`);
      } else fields[key] = '';
    }
  }
  if (errors.length) return { ok: false, message: `failed to load skill from ${file}: failed to unmarshal frontmatter: yaml: unmarshal errors:\n  ${errors.join('\n  ')}` };
  return { ok: true, meta: { name: fields.name ?? '', description: fields.description ?? '', extras: [], context: fields.context } };
}

/** The fields of Eino's FrontMatter struct, all Go strings. */
const EINO_STRING_FIELDS = new Set(['name', 'description', 'context', 'agent', 'model']);

// ---------------------------------------------------------------- Codex

/**
 * A scalar as a loader that decodes into a string field reads it (serde_yaml, Go
 * yaml.v3): its text as written (`007`, `1.0`, `true`), never a number or boolean;
 * undefined for null (`~`, `null`, nothing); a sequence or mapping is not a string.
 */
function stringFieldValue(node: ValueNode | null | undefined): string | undefined | { notString: 'sequence' | 'mapping' } {
  const n = resolveNode(node);
  if (!n) return undefined;
  if (n.kind === 'seq') return { notString: 'sequence' };
  if (n.kind === 'map') return { notString: 'mapping' };
  if (n.kind !== 'scalar' || n.value === null || n.value === undefined) return undefined;
  // Quoted and block scalars, and plain text, are strings already; a plain number or
  // boolean is one token, so its source is its text.
  return typeof n.value === 'string' ? n.value : n.source.trim();
}

function codexMeta(doc: SkillDocument, raw: string, dir: string): MetaResult {
  // extract_frontmatter: first line trim() == "---", closing line trim() == "---", non-empty.
  // Rust's trim() removes White_Space only (goTrimSpace), not a BOM as JavaScript's does.
  const lines = raw.split(/\r?\n/);
  if (goTrimSpace(lines[0] ?? '') !== '---') return { ok: false, message: 'missing YAML frontmatter delimited by ---' };
  let close = -1;
  for (let i = 1; i < lines.length; i++) if (goTrimSpace(lines[i]) === '---') { close = i; break; }
  if (close < 0 || lines.slice(1, close).join('\n').trim() === '') return { ok: false, message: 'missing YAML frontmatter delimited by ---' };
  const err = doc.frontmatter.problems.find((p) => p.severity === 'error');
  if (err) {
    // Newer Codex quotes prose values that broke the YAML and parses again; if that
    // fails too, the first error stands.
    const repaired = codexRepairScalars(lines.slice(1, close).join('\n'));
    const again = repaired === undefined ? undefined : parseSkillDocument(doc.path, `---\n${repaired}\n---\n`);
    if (!again || again.frontmatter.problems.some((p) => p.severity === 'error')) return { ok: false, message: `invalid YAML: ${err.message}` };
    doc = again;
  }
  const nameV = stringFieldValue(getEntry(doc, 'name')?.value);
  const descV = stringFieldValue(getEntry(doc, 'description')?.value);
  for (const [key, v] of [['name', nameV], ['description', descV]] as const) {
    if (typeof v === 'object') return { ok: false, message: `invalid YAML: ${key}: invalid type: ${v.notString}, expected a string` };
  }
  // `metadata` is a struct: a scalar or a list there fails the whole frontmatter.
  const meta = resolveNode(getEntry(doc, 'metadata')?.value);
  if (meta && (meta.kind === 'seq' || (meta.kind === 'scalar' && meta.value !== null))) {
    return { ok: false, message: `invalid YAML: metadata: invalid type: ${meta.kind === 'seq' ? 'sequence' : 'string'}, expected struct SkillMetadata` };
  }
  const short = meta?.kind === 'map' ? stringFieldValue(meta.entries.find((e) => e.key === 'short-description')?.value) : undefined;
  if (typeof short === 'object') return { ok: false, message: `invalid YAML: metadata.short-description: invalid type: ${short.notString}, expected a string` };
  // The folder name stands in for a name that is missing or only white space.
  const name = rustSplitJoin((nameV as string | undefined) ?? '') || rustSplitJoin(path.basename(dir)) || 'skill';
  const description = rustSplitJoin((descV as string | undefined) ?? '');
  if (description === '') return { ok: false, message: 'missing field `description`' };
  if (cpLength(name) > 64) return { ok: false, message: 'invalid name: exceeds maximum length of 64 characters' };
  if (cpLength(description) > 1024) return { ok: false, message: 'invalid description: exceeds maximum length of 1024 characters' };
  return { ok: true, meta: { name, description, extras: extrasOf(doc) } };
}

/**
 * Codex's repair of prose frontmatter (loader.rs `repair_frontmatter_scalar_fields`),
 * line by line: an unquoted `key: value` whose value holds `: `, or starts with
 * `[`, `{`, `@` or a backtick and is no valid YAML on its own, is single-quoted (a
 * trailing ` # comment` kept outside). Block scalars, quoted values and other lines
 * stay. undefined when nothing changed.
 */
export function codexRepairScalars(frontmatter: string): string | undefined {
  let changed = false;
  let blockIndent = -1;
  const out: string[] = [];
  for (const line of frontmatter.split('\n')) {
    const indent = /^ */.exec(line)![0].length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) {
        out.push(line);
        continue;
      }
      blockIndent = -1;
    }
    const colon = line.indexOf(':');
    const key = colon === -1 ? '' : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1);
    if (colon === -1 || key.trim() === '' || (value !== '' && !/^\s/.test(value))) {
      out.push(line);
      continue;
    }
    const rest = value.replace(/^\s+/, '');
    const lead = value.slice(0, value.length - rest.length);
    // A comment starts at a `#` that begins the value or follows white space.
    const hash = /(?:^|\s)#/.exec(rest);
    const commentAt = hash ? rest.slice(0, hash.index + (hash[0].length - 1)).trimEnd().length : rest.length;
    const scalar = rest.slice(0, commentAt).trimEnd();
    const comment = rest.slice(commentAt);
    const first = scalar[0];
    if (first === undefined || first === "'" || first === '"') {
      out.push(line);
      continue;
    }
    if (first === '|' || first === '>') {
      blockIndent = indent;
      out.push(line);
      continue;
    }
    const colonSeparator = /:\s/.test(scalar);
    const badFlowLike = '[{@`'.includes(first) && parseDocument(scalar).errors.length > 0;
    if (!colonSeparator && !badFlowLike) {
      out.push(line);
      continue;
    }
    out.push(`${key}:${lead}'${scalar.replace(/'/g, "''")}'${comment}`);
    changed = true;
  }
  return changed ? out.join('\n') : undefined;
}

// ---------------------------------------------------------------- Claude Code

function claudeMeta(doc: SkillDocument, dir: string): MetaResult {
  // The command name is the folder name; YAML errors leave the metadata empty (body still loads).
  const usable = doc.frontmatter.state === 'mapping' && !doc.frontmatter.problems.some((p) => p.severity === 'error');
  const val = (k: string) => (usable ? toJs(getEntry(doc, k)?.value) : undefined);
  const body = doc.text.slice(doc.bodyStart);
  const d = val('description');
  let description = typeof d === 'string' ? d : d === undefined || d === null ? '' : jsString(d);
  if (description === '') description = body.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  const w = val('when_to_use');
  const dmi = val('disable-model-invocation');
  const ctx = val('context');
  return {
    ok: true,
    meta: {
      name: path.basename(dir),
      description,
      whenToUse: typeof w === 'string' && w !== '' ? w : undefined,
      context: typeof ctx === 'string' ? ctx : undefined,
      hidden: dmi === true || dmi === 'true' ? 'disable-model-invocation: true (Claude never sees the description)' : undefined,
      extras: extrasOf(doc),
    },
  };
}

// ---------------------------------------------------------------- Copilot / opencode

function genericMeta(agent: ProfileId, doc: SkillDocument, dir: string): MetaResult {
  const st = doc.frontmatter.state;
  if (st !== 'mapping' || doc.frontmatter.problems.some((p) => p.severity === 'error')) {
    return { ok: false, message: st === 'mapping' ? `YAML error: ${doc.frontmatter.problems[0].message}` : `frontmatter ${st}` };
  }
  const n = toJs(getEntry(doc, 'name')?.value);
  const d = toJs(getEntry(doc, 'description')?.value);
  if (agent === 'copilot') {
    // computeSkillDiscoveryInfo: the folder name stands in for a missing or different name.
    const folder = path.basename(dir);
    // truncateAgentSkillDescription: XML tags removed (`/<[^>]+>/g`), then cut to 1024 UTF-16 units.
    const clean = typeof d === 'string' ? d.replace(/<[^>]+>/g, '') : '';
    const description = clean.length > 1024 ? clean.slice(0, 1024) : clean;
    const hidden = toJs(getEntry(doc, 'disable-model-invocation')?.value) === true ? 'disable-model-invocation: true' : description === '' ? 'no description (the model cannot tell when to use it)' : undefined;
    return { ok: true, meta: { name: folder, description, extras: extrasOf(doc), hidden } };
  }
  if (typeof n !== 'string' || n === '') return { ok: false, message: 'missing name' };
  if (d !== undefined && d !== null && typeof d !== 'string') return { ok: false, message: 'description is not a string' };
  return { ok: true, meta: { name: n, description: typeof d === 'string' ? d : '', extras: extrasOf(doc), hidden: typeof d !== 'string' ? 'no description (left out of the listing)' : undefined } };
}

/** Reads what `agent` takes from a parsed SKILL.md; `raw` is the decoded file text. */
export function readAgentMeta(agent: ProfileId, doc: SkillDocument, raw: string, file: string): MetaResult {
  const dir = path.dirname(file);
  switch (agent) {
    case 'lovia':
      return loviaMeta(doc, raw, dir);
    case 'agentskills':
      return agentskillsMeta(raw);
    case 'eino':
      return einoMeta(raw, file);
    case 'codex':
      return codexMeta(doc, raw, dir);
    case 'claude-code':
      return claudeMeta(doc, dir);
    case 'copilot':
      // VS Code reads a closed SKILL.md with its BOM, and the first line is then not `---`.
      if (raw.charCodeAt(0) === 0xfeff) return { ok: false, message: 'no frontmatter: the file starts with a UTF-8 byte order mark, so VS Code does not find `---` on the first line (unless the file is open in an editor); the skill has no description' };
      return genericMeta(agent, doc, dir);
    default:
      return genericMeta(agent, doc, dir);
  }
}

