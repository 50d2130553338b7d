// How an index worker's results cross to the main thread. Structured cloning writes
// every key of every object: 10,000 skills with ~60,000 diagnostics made 36 MB of
// messages whose cloning cost both threads ~0.5 CPU-s. Flattened to primitives, a
// diagnostic is its values only, and the main thread rebuilds objects of one shape.
import type { SkillDiagnostic } from '../core/types';
import type { SkillSummary } from '../core/rules/skillSet/duplicates';
import type { DiskCheck } from './skillCheck';
import type { FileRecord } from '../core/workspace/recordingFileSystem';

/** Slots per diagnostic in `WireCheck.flat`. */
const SLOTS = 9;

export interface WireCheck {
  file: string;
  name: string;
  dependencies?: string[];
  /**
   * Per diagnostic: code, severity, start line, start character, end line, end
   * character, message, its file (0: the skill file), its other fields (0: none).
   */
  flat: unknown[];
  /** only the reference checks ran (DiskCheck.referencesOnly) */
  referencesOnly?: true;
  textHash?: number;
  summary?: SkillSummary;
  contractFields?: boolean;
  /** what the check asked of the disk (BatchMessage.record) */
  record?: FileRecord;
}

type Extra = Omit<SkillDiagnostic, 'code' | 'severity' | 'message' | 'file' | 'range'>;
/** Every other field: a field added to SkillDiagnostic fails to compile here until packed too. */
const EXTRA_FIELDS: Record<keyof Extra, true> = { fixes: true, related: true, tags: true };
void EXTRA_FIELDS;

export function packCheck(r: DiskCheck): WireCheck {
  const flat: unknown[] = [];
  for (const d of r.diagnostics) {
    let rest: Extra | 0 = 0;
    if (d.fixes || d.related || d.tags) {
      rest = {};
      if (d.fixes) rest.fixes = d.fixes;
      if (d.related) rest.related = d.related;
      if (d.tags) rest.tags = d.tags;
    }
    const { start, end } = d.range;
    flat.push(d.code, d.severity, start.line, start.character, end.line, end.character, d.message, d.file === r.file ? 0 : d.file, rest);
  }
  const out: WireCheck = { file: r.file, name: r.name, flat };
  if (r.dependencies) out.dependencies = r.dependencies;
  if (r.referencesOnly) out.referencesOnly = true;
  if (r.textHash !== undefined) out.textHash = r.textHash;
  if (r.summary) out.summary = r.summary;
  if (r.contractFields !== undefined) out.contractFields = r.contractFields;
  return out;
}

export function unpackCheck(w: WireCheck): DiskCheck {
  const diagnostics: SkillDiagnostic[] = [];
  const f = w.flat;
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
  if (w.contractFields !== undefined) out.contractFields = w.contractFields;
  return out;
}
