// How an index worker's results cross to the main thread. Structured cloning writes
// every key of every object: 10,000 skills with ~60,000 diagnostics made 36 MB of
// messages whose cloning cost both threads ~0.5 CPU-s. Flattened to primitives, a
// diagnostic is its values only, and the main thread rebuilds objects of one shape.
// A batch's strings (codes, severities, messages, files) go once each in a table: on the
// 10,000-skill bench corpus a batch's ~340 diagnostics hold ~25 distinct messages.
import type { SkillDiagnostic } from '../core/types';
import type { SkillSummary } from '../core/rules/skillSet/duplicates';
import type { DiskCheck } from './skillCheck';
import type { FileRecord } from '../core/workspace/recordingFileSystem';
import { StringTable } from '../node/stringTable';

/** Slots per diagnostic in `WireCheck.flat`. */
const SLOTS = 9;

export interface WireCheck {
  file: string;
  name: string;
  dependencies?: string[];
  /**
   * Per diagnostic: code, severity, start line, start character, end line, end
   * character, message, its file (0: the skill file), its other fields (0: none).
   * Packed with a StringTable, code, severity, message and file are its indexes (file: index + 1).
   */
  flat: unknown[];
  /** only the reference checks ran (DiskCheck.referencesOnly) */
  referencesOnly?: true;
  textHash?: number;
  summary?: SkillSummary;
  contractFields?: boolean;
  /** what the check asked of the disk (BatchMessage.record) */
  record?: FileRecord;
  /** the stamps that vouch for its content answers (DiskCheck.stamps) */
  stamps?: FileRecord;
}

type Extra = Omit<SkillDiagnostic, 'code' | 'severity' | 'message' | 'file' | 'range'>;
/** Every other field: a field added to SkillDiagnostic fails to compile here until packed too. */
const EXTRA_FIELDS: Record<keyof Extra, true> = { fixes: true, related: true, tags: true };
void EXTRA_FIELDS;

export { StringTable };

/** A batch's checks and the table their strings are in. */
export interface WireBatch {
  checks: WireCheck[];
  strings: string[];
}

export function packCheck(r: DiskCheck, table?: StringTable): WireCheck {
  if (table) return packWithTable(r, table);
  const flat: unknown[] = [];
  for (const d of r.diagnostics) {
    const { start, end } = d.range;
    flat.push(d.code, d.severity, start.line, start.character, end.line, end.character, d.message, d.file === r.file ? 0 : d.file, extraOf(d));
  }
  return withFields(r, flat);
}

function packWithTable(r: DiskCheck, table: StringTable): WireCheck {
  const flat: unknown[] = [];
  for (const d of r.diagnostics) {
    const { start, end } = d.range;
    const file = d.file === r.file ? 0 : table.ref(d.file) + 1;
    flat.push(table.ref(d.code), table.ref(d.severity), start.line, start.character, end.line, end.character, table.ref(d.message), file, extraOf(d));
  }
  return withFields(r, flat);
}

function extraOf(d: SkillDiagnostic): Extra | 0 {
  if (!d.fixes && !d.related && !d.tags) return 0;
  const rest: Extra = {};
  if (d.fixes) rest.fixes = d.fixes;
  if (d.related) rest.related = d.related;
  if (d.tags) rest.tags = d.tags;
  return rest;
}

function withFields(r: DiskCheck, flat: unknown[]): WireCheck {
  const out: WireCheck = { file: r.file, name: r.name, flat };
  if (r.dependencies) out.dependencies = r.dependencies;
  if (r.referencesOnly) out.referencesOnly = true;
  if (r.textHash !== undefined) out.textHash = r.textHash;
  if (r.summary) out.summary = r.summary;
  if (r.contractFields !== undefined) out.contractFields = r.contractFields;
  return out;
}

export function unpackBatch(b: WireBatch): DiskCheck[] {
  return b.checks.map((w) => unpackCheck(w, b.strings));
}

/** `strings`: the table the check was packed with, if any. */
export function unpackCheck(w: WireCheck, strings?: readonly string[]): DiskCheck {
  const diagnostics: SkillDiagnostic[] = [];
  const f = strings ? resolveStrings(w.flat, strings) : w.flat;
  for (let i = 0; i < f.length; i += SLOTS) {
    const d: SkillDiagnostic = {
      code: f[i] as string,
      severity: f[i + 1] as SkillDiagnostic['severity'],
      message: f[i + 6] as string,
      file: (f[i + 7] as string | 0) || w.file,
      range: { start: { line: f[i + 2] as number, character: f[i + 3] as number }, end: { line: f[i + 4] as number, character: f[i + 5] as number } },
    };
    const rest = f[i + 8] as Extra | 0;
    if (rest) Object.assign(d, rest);
    diagnostics.push(d);
  }
  const out: DiskCheck = { file: w.file, name: w.name, diagnostics };
  if (w.dependencies) out.dependencies = w.dependencies;
  if (w.referencesOnly) out.referencesOnly = true;
  if (w.textHash !== undefined) out.textHash = w.textHash;
  if (w.summary) out.summary = w.summary;
  if (w.record) out.record = w.record;
  if (w.stamps) out.stamps = w.stamps;
  if (w.contractFields !== undefined) out.contractFields = w.contractFields;
  return out;
}

/**
 * A copy of `flat` with its strings (as they are, or numbers into `from`) numbered in
 * `to`: a check packed once moves into another table (the index cache's file).
 */
export function repackStrings(flat: readonly unknown[], from: readonly string[] | undefined, to: StringTable): unknown[] {
  const out = flat.slice();
  const str = (v: unknown) => (typeof v === 'number' && from ? from[v] : (v as string));
  for (let i = 0; i < out.length; i += SLOTS) {
    out[i] = to.ref(str(out[i]));
    out[i + 1] = to.ref(str(out[i + 1]));
    out[i + 6] = to.ref(str(out[i + 6]));
    const file = out[i + 7];
    out[i + 7] = file === 0 ? 0 : to.ref(typeof file === 'number' && from ? from[file - 1] : (file as string)) + 1;
  }
  return out;
}

/** The flat values with the table's strings in place of their indexes (in place: the array is the message's own). */
function resolveStrings(f: unknown[], strings: readonly string[]): unknown[] {
  for (let i = 0; i < f.length; i += SLOTS) {
    f[i] = strings[f[i] as number];
    f[i + 1] = strings[f[i + 1] as number];
    f[i + 6] = strings[f[i + 6] as number];
    const file = f[i + 7] as number;
    f[i + 7] = file === 0 ? 0 : strings[file - 1];
  }
  return f;
}
