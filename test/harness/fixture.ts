// Fixture tests in the style of rust-analyzer's: a tree of files written inline, with
// marker lines under the text a diagnostic must cover, instead of hand-counted
// line/column numbers. The same fixture is checked by the core (in memory), the CLI
// (a child process over a temp folder) and the language server (over stdio), and each
// face must report exactly the marked diagnostics, no more and no fewer.
//
//   await checkFixture(`
//     //- skills/my-skill/SKILL.md
//     ---
//     name: my-skill
//     description: Does things. Use when testing.
//     ---
//     See [guide](references/gide.md).
//     //          ^^^^^^^^^^^^^^^^^^ error reference-missing: …Did you mean `references/guide.md`?
//     //- skills/my-skill/references/guide.md
//     # Guide
//   `);
//
// The syntax (docs/testing.md has the long form):
// - `//- <path>` starts a file (a path relative to the fixture's root). Without one, the
//   whole text is `skills/my-skill/SKILL.md`. The common indentation is removed first.
// - A marker line annotates the closest text line above it: carets under the range,
//   then `<severity> <code>`, then optionally `: <message>`. With a message, it must
//   equal the diagnostic's message, where `…` stands for any text; without one, the
//   message is not compared. Markers start with `//` (carets from column 2 on) or, for
//   a range that starts in column 0 or 1, with the carets themselves.
// - A range over several lines: carets to the end of its first line and `(to +N:C)`
//   after the code: N lines further down, UTF-16 column C. An empty range: one `|`
//   instead of carets. A marker right below a `//-` line is on the file's first line.
// On a mismatch the assertion shows the fixture as that face saw it, ready to paste.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSkillFile } from '../../server/src/core/check/checkSkillFile';
import type { CheckOptions } from '../../server/src/core/check/checkDocument';
import { findConfigFile, loadConfigFile } from '../../server/src/core/config/loadConfig';
import type { ProfileId } from '../../server/src/core/profiles/types';
import { enableReferenceChecks } from '../../server/src/core/references';
import { checkSkillSet } from '../../server/src/core/rules/skillSet/duplicates';
import type { Range, SkillDiagnostic } from '../../server/src/core/types';
import { findSkillFiles } from '../../server/src/core/workspace/findSkillFiles';
import { MemoryFileSystem } from '../../server/src/core/workspace/memoryFileSystem';
import { runCli } from '../cli/helpers';
import { startServer, type Diag } from '../lsp/client';

export type Face = 'core' | 'cli' | 'server';

export interface FixtureOptions {
  /** `--target` for each (CLI), `targets` setting (server), `targets` option (core) */
  targets?: ProfileId[];
  /** which faces check the fixture; default all three */
  through?: Face[];
}

/** One expected or actual diagnostic, positioned in the fixture's files. */
export interface Mark {
  file: string;
  range: Range;
  severity: string;
  code: string;
  /** undefined: not compared */
  message?: string;
}

export interface ParsedFixture {
  files: Map<string, string>;
  marks: Mark[];
}

const DEFAULT_FILE = 'skills/my-skill/SKILL.md';
const MARKER = /^(?:\/\/ *| *)(\^+|\|) (error|warning|info|hint) ([\w-]+)(?: \(to \+(\d+):(\d+)\))?(?:: (.*))?$/;
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** Removes the indentation all non-blank lines share, and a leading and trailing blank line. */
export function dedent(text: string): string {
  const lines = text.replace(/^[ \t]*\n/, '').replace(/\n[ \t]*$/, '\n').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

export function parseFixture(fixture: string): ParsedFixture {
  const files = new Map<string, string>();
  const marks: Mark[] = [];
  let file: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (file !== undefined || lines.length) files.set(file ?? DEFAULT_FILE, lines.join('\n'));
  };
  for (const line of dedent(fixture).split('\n')) {
    const header = /^\/\/- (\S+)$/.exec(line);
    if (header) {
      flush();
      [file, lines] = [header[1], []];
      continue;
    }
    const m = MARKER.exec(line);
    if (!m) {
      lines.push(line);
      continue;
    }
    const at = Math.max(0, lines.length - 1);
    const start = { line: at, character: line.indexOf(m[1][0]) };
    const end = m[1] === '|' ? start
      : m[4] !== undefined ? { line: at + Number(m[4]), character: Number(m[5]) }
      : { line: at, character: start.character + m[1].length };
    marks.push({ file: file ?? DEFAULT_FILE, range: { start, end }, severity: m[2], code: m[3], message: m[6] });
  }
  flush();
  if (!files.size) files.set(DEFAULT_FILE, '');
  return { files, marks };
}

/** A message pattern: `…` matches any text; everything else literally. */
function messageMatches(pattern: string | undefined, message: string): boolean {
  if (pattern === undefined) return true;
  const re = new RegExp('^' + pattern.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*') + '$');
  return re.test(message.replace(/\n/g, '\\n'));
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The marker line for `m`, whose first line of text is `text` (for the caret run's end). */
function markerLine(m: Mark, text: string): string {
  const { start, end } = m.range;
  const empty = start.line === end.line && start.character === end.character;
  const to = start.line === end.line ? text.length >= end.character ? end.character : text.length : Math.max(text.length, start.character + 1);
  const carets = empty ? '|' : '^'.repeat(Math.max(1, to - start.character));
  const lead = start.character >= 2 ? '//' + ' '.repeat(start.character - 2) : ' '.repeat(start.character);
  const span = start.line === end.line ? '' : ` (to +${end.line - start.line}:${end.character})`;
  return `${lead}${carets} ${m.severity} ${m.code}${span}${m.message === undefined ? '' : ': ' + m.message}`;
}

/** The fixture text again, its markers made from `marks` (in a stable order). */
export function renderFixture(files: Map<string, string>, marks: Mark[]): string {
  const out: string[] = [];
  const names = [...files.keys()];
  for (const extra of marks) if (!files.has(extra.file) && !names.includes(extra.file)) names.push(extra.file);
  for (const name of names) {
    out.push(`//- ${name}`);
    const lines = (files.get(name) ?? '').split('\n');
    const mine = marks.filter((m) => m.file === name).sort((a, b) =>
      a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.code.localeCompare(b.code) || a.range.end.line - b.range.end.line || a.range.end.character - b.range.end.character);
    lines.forEach((text, i) => {
      out.push(text);
      for (const m of mine) if (m.range.start.line === i) out.push(markerLine(m, text));
    });
    for (const m of mine) if (m.range.start.line >= lines.length) out.push(markerLine(m, ''));
  }
  return out.join('\n');
}

/** Actual diagnostics as marks; a message is shown the way the matching expectation wrote it. */
export function toMarks(expected: Mark[], actual: Mark[]): Mark[] {
  const left = [...expected];
  return actual.map((a) => {
    const i = left.findIndex((e) => e.file === a.file && e.code === a.code && e.severity === a.severity && sameRange(e.range, a.range) && messageMatches(e.message, a.message ?? ''));
    if (i < 0) return { ...a, message: a.message?.replace(/\n/g, '\\n') };
    const [e] = left.splice(i, 1);
    return { ...a, message: e.message };
  });
}

/** Checks the fixture through each face; every face must report exactly its markers. */
export async function checkFixture(fixture: string, opts: FixtureOptions = {}): Promise<void> {
  const parsed = parseFixture(fixture);
  const expected = renderFixture(parsed.files, parsed.marks);
  for (const face of opts.through ?? ['core', 'cli', 'server']) {
    const actual = await FACES[face](parsed.files, opts);
    assert.equal(renderFixture(parsed.files, toMarks(parsed.marks, actual)), expected, `diagnostics through the ${face}`);
  }
}

const FACES: Record<Face, (files: Map<string, string>, opts: FixtureOptions) => Promise<Mark[]>> = { core: viaCore, cli: viaCli, server: viaServer };

const ROOT = '/w';

function mark(file: string, d: { range: Range; severity: string; code: string; message: string }): Mark {
  return { file, range: d.range, severity: d.severity, code: d.code, message: d.message };
}

/** The core's one check path over an in-memory copy of the fixture. */
async function viaCore(files: Map<string, string>, opts: FixtureOptions): Promise<Mark[]> {
  enableReferenceChecks();
  const fs = new MemoryFileSystem();
  for (const [name, text] of files) fs.writeFile(path.posix.join(ROOT, name), text);
  // A folder holding `.claude-plugin/` makes a plugin, as the CLI's and server's disk probe sees it.
  const folders = new Set([...files.keys()].flatMap((name) => name.split('/').slice(0, -1).map((_, i, segs) => path.posix.join(ROOT, ...segs.slice(0, i + 1)))));
  const check: CheckOptions = { targets: opts.targets, isPluginFolder: (dir, name) => folders.has(path.posix.join(dir, name)) };
  const configFile = await findConfigFile(fs, ROOT + '/' + [...files.keys()][0]);
  if (configFile) {
    const loaded = await loadConfigFile(fs, configFile);
    Object.assign(check, { config: loaded.config, configDir: loaded.dir });
  }
  const out: Mark[] = [];
  const scan = await findSkillFiles(fs, ROOT, {});
  for (const p of scan.problems) out.push({ file: path.posix.relative(ROOT, p.path), range: zero, severity: 'error', code: p.code, message: p.message });
  for (const file of scan.files) {
    const result = await checkSkillFile(fs, file, check);
    for (const d of result.diagnostics as SkillDiagnostic[]) out.push(mark(path.posix.relative(ROOT, d.file), d));
  }
  // The rules over the whole set, as the CLI runs them after its last skill.
  if (scan.files.length > 1) for (const d of await checkSkillSet(fs, scan.files, check)) out.push(mark(path.posix.relative(ROOT, d.file), d));
  return out;
}

const zero: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function writeTree(files: Map<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'skillmd-fixture-'));
  for (const [name, text] of files) {
    const p = path.join(root, name);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return root;
}

/** `skillmd check . --format json` as a child process in a temp copy of the fixture. */
async function viaCli(files: Map<string, string>, opts: FixtureOptions): Promise<Mark[]> {
  const root = writeTree(files);
  try {
    const args = ['check', '.', '--format', 'json', ...(opts.targets ?? []).flatMap((t) => ['--target', t])];
    const r = runCli(args, root);
    assert.ok(r.status === 0 || r.status === 1, `skillmd check exited ${r.status}: ${r.stderr}`);
    const report = JSON.parse(r.stdout) as { skills: { diagnostics: JsonDiag[] }[]; problems?: JsonDiag[] };
    const all = [...(report.problems ?? []), ...report.skills.flatMap((s) => s.diagnostics)];
    return all.map((d) => mark(path.isAbsolute(d.file) ? path.relative(root, d.file) : d.file, d));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

interface JsonDiag {
  file: string;
  range: Range;
  severity: string;
  code: string;
  message: string;
}

/** The language server over stdio: the workspace diagnostics of a pull client after the index. */
async function viaServer(files: Map<string, string>, opts: FixtureOptions): Promise<Mark[]> {
  const root = writeTree(files);
  const c = await startServer({ root, mode: 'pull', settings: opts.targets ? { targets: opts.targets } : {} });
  try {
    await c.waitForIndex(30_000);
    const ws = await c.request<{ items: { uri: string; items?: Diag[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    return ws.items.flatMap((item) => (item.items ?? []).map((d) =>
      mark(path.relative(root, fileURLToPath(item.uri)), { range: d.range, severity: SEVERITY[d.severity ?? 1], code: String(d.code), message: d.message })));
  } finally {
    await c.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
