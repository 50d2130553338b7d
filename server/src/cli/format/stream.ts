import type { SkillCheckResult, SkillFacts } from '../../core/check/checkSkillFile';
import { internalErrorDiagnostic } from '../../core/check/internalError';
import type { SkillDiagnostic } from '../../core/types';
import { counts } from './model';
import { displayPath } from './paths';
import { diagnosticLine, summaryLine } from './text';
import { jsonDiagnostic } from './json';

/**
 * Per-skill pieces of the text and JSON reports, so `check` can print each skill as
 * soon as it is checked (and render it on the thread that checked it) instead of
 * holding every result to the end. Concatenated in order they equal `formatText` /
 * `formatJson` exactly (test/unit/format/stream.test.ts).
 */
export type StreamFormat = 'json' | 'text';

export interface RenderedSkill {
  /** this skill's part of the report ('' when it adds nothing, e.g. text without diagnostics) */
  text: string;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
  /** what the passes over all skills need of it (SkillCheckResult.facts) */
  facts?: SkillFacts;
}

/** Where bytes of a report lie in a file (`check --cache`'s parts), and how to get them. */
export interface FileSlice {
  source: {
    read(at: number, length: number): Uint8Array;
    /** hands the bytes to `write` in chunks; `write` returns true when it keeps a chunk */
    copy(at: number, length: number, write: (chunk: Uint8Array) => boolean): void;
  };
  at: number;
  length: number;
}

/** A part of the report as UTF-8 in memory, or where it lies in the cache file. */
export type ReportBytes = Uint8Array | FileSlice;

export function isFileSlice(b: ReportBytes): b is FileSlice {
  return 'source' in b;
}

/**
 * A skill's facts that `check --cache` left unparsed in its file (CheckCache): a warm
 * run whose skills all stay as they were reuses the passes over all skills as well
 * and never needs them. What the contract pass asks of every skill is at hand.
 */
export interface StoredFacts {
  readonly stored: true;
  /** the SKILL.md (SkillSummary.file) */
  readonly file: string;
  readonly contractFields: boolean;
  load(): SkillFacts;
}

/** A skill's facts as a run holds them: parsed, or still in the cache file. */
export type HeldFacts = SkillFacts | StoredFacts;

export function isStoredFacts(f: HeldFacts): f is StoredFacts {
  return 'stored' in f;
}

/** A RenderedSkill whose text lies, as UTF-8, in the file of `check --cache`. */
export type EncodedSkill = Omit<RenderedSkill, 'text' | 'facts'> & { slice: FileSlice; facts?: HeldFacts };

/**
 * Consecutive skills' part of the report as UTF-8 bytes (what a check thread sends:
 * the main thread only writes it), with their tallies.
 */
export interface RenderedBatch {
  bytes: ReportBytes;
  skills: number;
  invalid: number;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
  /** each skill's facts, in order (undefined: it did not parse) */
  facts: (HeldFacts | undefined)[];
}

/** What goes between two skills' parts of a report. */
export const REPORT_SEPARATOR: Readonly<Record<StreamFormat | 'sarif', string>> = { json: ',\n', text: '', sarif: '' };

/**
 * The one slice of the cache file that holds `parts` already joined, if they lie that
 * way (a warm `check --cache` run: skills in the same order as in the cache file);
 * else undefined. Slices with a separator's room between them: the bytes there are the
 * separator, as the cache's layout puts one after every part but the file's last and
 * before every part an append adds (CheckCache.layout).
 */
function joinedAlready(parts: (RenderedSkill | EncodedSkill)[], sep: string): FileSlice | undefined {
  const first = parts[0] && 'slice' in parts[0] ? parts[0].slice : undefined;
  if (!first) return undefined;
  let end = first.at + first.length;
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i];
    if (!('slice' in p) || p.slice.source !== first.source || p.slice.at !== end + sep.length) return undefined;
    end = p.slice.at + p.slice.length;
  }
  return { source: first.source, at: first.at, length: end - first.at };
}

/** Joins rendered skills (in order) into one batch. */
export function renderBatch(format: StreamFormat, parts: (RenderedSkill | EncodedSkill)[]): RenderedBatch {
  let invalid = 0, errors = 0, warnings = 0, infos = 0, hints = 0;
  const sep = REPORT_SEPARATOR[format].length;
  let size = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.errors) invalid++;
    errors += p.errors;
    warnings += p.warnings;
    infos += p.infos;
    hints += p.hints;
    size += ('slice' in p ? p.slice.length : Buffer.byteLength(p.text, 'utf8')) + (i ? sep : 0);
  }
  const joined = joinedAlready(parts, REPORT_SEPARATOR[format]);
  if (joined) return { bytes: joined, skills: parts.length, invalid, errors, warnings, infos, hints, facts: parts.map((p) => p.facts) };
  // Its own memory (not the shared pool), so it can move to another thread.
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i && sep) at += bytes.write(',\n', at, 'latin1');
    const p = parts[i];
    if ('slice' in p) {
      bytes.set(p.slice.source.read(p.slice.at, p.slice.length), at);
      at += p.slice.length;
    } else at += bytes.write(p.text, at, 'utf8');
  }
  return { bytes, skills: parts.length, invalid, errors, warnings, infos, hints, facts: parts.map((p) => p.facts) };
}



function textLine(cwd: string, d: SkillDiagnostic): string {
  return diagnosticLine(displayPath(cwd, d.file), d);
}

// What JSON.stringify escapes in a string (quotes, backslashes, control characters,
// lone surrogates); any surrogate sends the string the slow way.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(s)`: most report strings need no escape, and the test costs less than the call. */
function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/**
 * The printed path of each file a skill's diagnostics name: most name the SKILL.md,
 * the rest mostly one other file at a time, so each distinct file is made relative once.
 */
function pathsOf(cwd: string, r: SkillCheckResult): (file: string) => string {
  const skillPath = displayPath(cwd, r.file);
  let lastFile = r.file;
  let lastPath = skillPath;
  return (file) => {
    if (file === r.file) return skillPath;
    if (file !== lastFile) {
      lastFile = file;
      lastPath = displayPath(cwd, file);
    }
    return lastPath;
  };
}

/** One skill's part of the report. */
export function renderSkill(format: StreamFormat, cwd: string, r: SkillCheckResult): RenderedSkill {
  const c = counts(r.diagnostics);
  const shown = pathsOf(cwd, r);
  let text: string;
  if (format === 'text') {
    if (r.diagnostics.length) {
      const t: string[] = [];
      for (const d of r.diagnostics) t.push(diagnosticLine(shown(d.file), d) + '\n');
      text = t.join('');
    } else text = '';
  } else {
    // JSON.stringify(skill, null, 2), nested two levels deep (every line indented by
    // four more spaces), written out for this fixed shape; positions are integers, so
    // they print as JSON.stringify prints them. Pieces are joined once (a chain of +=
    // builds a rope that costs more to flatten than to join).
    const t: string[] = ['    {\n      "name": ', quote(r.name), ',\n      "path": ', quote(shown(r.file)), ',\n      "targets": '];
    if (r.targets.length) {
      t.push('[');
      for (let i = 0; i < r.targets.length; i++) t.push(i ? ',\n        ' : '\n        ', quote(r.targets[i]));
      t.push('\n      ]');
    } else t.push('[]');
    t.push(',\n      "valid": ', c.errors === 0 ? 'true' : 'false', ',\n      "diagnostics": ');
    if (r.diagnostics.length) {
      t.push('[');
      for (let i = 0; i < r.diagnostics.length; i++) {
        const d = r.diagnostics[i];
        if (d.related?.length) {
          // Rare (a duplicate key, a contract's other file): JSON.stringify at this depth.
          t.push(i ? ',\n' : '\n', JSON.stringify(jsonDiagnostic(cwd, d), null, 2).replace(/^/gm, '        '));
          continue;
        }
        const { start, end } = d.range;
        t.push(
          i ? ',\n        {\n          "code": ' : '\n        {\n          "code": ', quote(d.code),
          ',\n          "severity": ', quote(d.severity),
          ',\n          "message": ', quote(d.message),
          ',\n          "file": ', quote(shown(d.file)),
          ',\n          "range": {\n            "start": {\n              "line": ', String(start.line),
          ',\n              "character": ', String(start.character),
          '\n            },\n            "end": {\n              "line": ', String(end.line),
          ',\n              "character": ', String(end.character),
          '\n            }\n          }\n        }',
        );
      }
      t.push('\n      ]');
    } else t.push('[]');
    t.push('\n    }');
    text = t.join('');
  }
  return { text, ...c, facts: r.facts };
}

/**
 * `renderSkill`, or, should it throw (a bug), the skill with one internal-error
 * diagnostic in place of the ones that could not be printed: the report goes on.
 */
export function renderSkillIsolated(format: StreamFormat, cwd: string, r: SkillCheckResult): RenderedSkill {
  try {
    return renderSkill(format, cwd, r);
  } catch (e) {
    const fault = internalErrorDiagnostic(r.file, `the ${format} report of this skill's ${r.diagnostics.length} diagnostics`, e);
    return renderSkill(format, cwd, { ...r, diagnostics: [fault] });
  }
}

/**
 * Writes a report skill by skill: `begin` once the problems not tied to a skill are
 * known, `skill` for each skill in order, `end` for the summary.
 */
export class ReportWriter {
  private skills = 0;
  private invalid = 0;
  private errors = 0;
  private warnings = 0;
  private infos = 0;
  private hints = 0;
  private started = false;
  private general: SkillDiagnostic[] = [];

  constructor(
    private readonly format: StreamFormat,
    private readonly cwd: string,
    private readonly write: (s: string) => void,
    private readonly writeBytes: (b: ReportBytes) => void = (b) => {
      const mem = isFileSlice(b) ? b.source.read(b.at, b.length) : b;
      write(Buffer.from(mem.buffer, mem.byteOffset, mem.byteLength).toString('utf8'));
    },
  ) {}

  begin(general: SkillDiagnostic[]): void {
    this.general = general;
    const c = counts(general);
    this.errors += c.errors;
    this.warnings += c.warnings;
    this.infos += c.infos;
    this.hints += c.hints;
    if (this.format === 'text' && general.length) this.write(general.map((d) => textLine(this.cwd, d)).join('\n') + '\n');
  }

  /** Problems found after the skills (contracts, registries, routing): listed with those of `begin`. */
  more(diags: SkillDiagnostic[]): void {
    if (!diags.length) return;
    this.general = [...this.general, ...diags];
    const c = counts(diags);
    this.errors += c.errors;
    this.warnings += c.warnings;
    this.infos += c.infos;
    this.hints += c.hints;
    if (this.format === 'text') this.write(diags.map((d) => textLine(this.cwd, d)).join('\n') + '\n');
  }

  skill(r: RenderedSkill): void {
    this.skills++;
    if (r.errors) this.invalid++;
    this.errors += r.errors;
    this.warnings += r.warnings;
    this.infos += r.infos;
    this.hints += r.hints;
    if (this.format === 'text') {
      if (r.text) this.write(r.text);
    } else {
      this.write((this.started ? ',\n' : '{\n  "skills": [\n') + r.text);
      this.started = true;
    }
  }

  /** Like `skill` for each skill of the batch. */
  batch(b: RenderedBatch): void {
    if (!b.skills) return;
    this.skills += b.skills;
    this.invalid += b.invalid;
    this.errors += b.errors;
    this.warnings += b.warnings;
    this.infos += b.infos;
    this.hints += b.hints;
    if (this.format === 'json') {
      this.write(this.started ? ',\n' : '{\n  "skills": [\n');
      this.started = true;
    }
    if (b.bytes.length) this.writeBytes(b.bytes);
  }

  /** Writes the end of the report; returns the totals. */
  end(): { errors: number; warnings: number } {
    if (this.format === 'text') {
      this.write(summaryLine(this.skills, this.invalid, { errors: this.errors, warnings: this.warnings, infos: this.infos, hints: this.hints }) + '\n');
    } else {
      const tail = JSON.stringify(
        { problems: this.general.map((d) => jsonDiagnostic(this.cwd, d)), summary: { skills: this.skills, errors: this.errors, warnings: this.warnings } },
        null,
        2,
      );
      this.write((this.started ? '\n  ],\n' : '{\n  "skills": [],\n') + tail.slice(2) + '\n');
    }
    return { errors: this.errors, warnings: this.warnings };
  }
}
