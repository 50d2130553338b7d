// Checking one SKILL.md as it is on disk: the document rules within the editor's
// limits plus the reference checks. Shared by the index on the main thread (single
// files) and by the index workers (batches).
import * as path from 'node:path';
import { finish, resolveSkillSettings, type CheckOptions } from '../core/check/checkDocument';
import { applySeverities } from '../core/check/severity';
import { readSkillText } from '../core/document/readSkillFile';
import { getString } from '../core/document/values';
import { detach } from '../core/text/detach';
import { checkReferences } from '../core/references';
import { runDiskRules } from '../core/rules/diskRules';
import type { SkillDocument } from '../core/document/model';
import type { SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import type { FileRecord } from '../core/workspace/recordingFileSystem';
import { checkParsed, parseBounded } from './analysis';
import { summarizeSkill, type SkillSummary } from '../core/rules/skillSet/duplicates';
import { hasContractFields } from '../core/contracts/model';

export interface DiskCheck {
  file: string;
  /** `name` from the frontmatter, else the folder name */
  name: string;
  diagnostics: SkillDiagnostic[];
  /** paths the reference diagnostics depend on (undefined: no reference check ran) */
  dependencies?: string[];
  /** only the document rules ran: the reference checks come later (index workers) */
  referencesPending?: boolean;
  /** only the reference checks ran: `diagnostics` are theirs (see checkSkillOnDisk) */
  referencesOnly?: boolean;
  /** a hash of the bytes checked: a file checked in two steps must have been the same file both times */
  textHash?: number;
  /** what the duplicate rules need of it (absent when it did not parse), so the server's skill set need not read it again */
  summary?: SkillSummary;
  /** whether its frontmatter has a contract-only field (the contract pass reads only such files, unless it needs every skill) */
  contractFields?: boolean;
  /** with an index cache: what the check asked of the disk (lsp/indexCache.ts) */
  record?: FileRecord;
  /** with it, per question about a file's contents, the file's stamp read before it (RecordingFileSystem.stamps) */
  stamps?: FileRecord;
}

/** The document rules' result for a skill file, and its parse when references can still be checked. */
interface DocumentCheck {
  result: DiskCheck;
  doc?: SkillDocument;
}

/**
 * `references`: also run the reference checks; 'only': run nothing else, for a file
 * whose document rules ran before (the result holds the reference diagnostics and
 * `referencesOnly`, or the file's problem if it cannot be read or parsed now).
 */
export async function checkSkillOnDisk(fs: FileSystem, file: string, opts: CheckOptions, references: boolean | 'only', log: (m: string) => void = () => {}): Promise<DiskCheck> {
  const only = references === 'only';
  const first = await checkSkillDocument(fs, file, opts, !only);
  // Over the limits: no reference checks, and the first check said why.
  if (only && !first.doc && !first.result.diagnostics.length) return { ...first.result, referencesOnly: true };
  if (!references || !first.doc) return first.result;
  const r = await checkSkillReferences(fs, first, opts, log);
  if (only) r.referencesOnly = true;
  return r;
}

/**
 * Reads (as the CLI does: core/document/readSkillFile) and parses (within the editor's
 * limits) a skill file and runs the document rules (unless `rules` is false):
 * everything but the reference checks.
 */
async function checkSkillDocument(fs: FileSystem, file: string, opts: CheckOptions, rules = true): Promise<DocumentCheck> {
  const name = path.basename(path.dirname(file));
  const decoded = await readSkillText(fs, file);
  // Its severity is the file's setting, as in the CLI (limits' are, in checkParsed).
  if ('diagnostic' in decoded) return { result: { file, name, diagnostics: applySeverities([decoded.diagnostic], resolveSkillSettings(file, opts).rules) } };
  const parsed = parseBounded(file, decoded.text, 0, decoded.strippedBom);
  const diagnostics = rules ? checkParsed(parsed, opts) : [];
  const fmName = parsed.doc ? getString(parsed.doc, 'name')?.trim() : undefined;
  // Kept per skill by the index: detached, so it does not hold the document's text.
  const result: DiskCheck = { file, name: fmName ? detach(fmName) : name, diagnostics: diagnostics.map(slim), textHash: hashBytes(decoded.bytes) };
  // The second step of a two-step check keeps the first's summary (the same text).
  if (parsed.doc && rules) {
    result.summary = summarizeSkill(parsed.doc, opts);
    result.contractFields = hasContractFields(parsed.doc.text);
  }
  return { result, doc: parsed.doc };
}

/** Adds the reference checks to a skill file's document check. */
async function checkSkillReferences(fs: FileSystem, first: DocumentCheck, opts: CheckOptions, log: (m: string) => void = () => {}): Promise<DiskCheck> {
  const { result, doc } = first;
  if (!doc) return result;
  try {
    const refs = await checkReferences(fs, doc, opts);
    const extra = [...refs.diagnostics, ...(await runDiskRules(fs, doc, opts))];
    const diagnostics = extra.length ? finish(doc, [...result.diagnostics, ...extra.map(slim)]) : result.diagnostics;
    return { ...result, diagnostics, dependencies: refs.dependencies };
  } catch (e) {
    log(`reference check of ${result.file} failed: ${(e as Error).message}`);
    return result;
  }
}

/**
 * What the index keeps of a diagnostic: no fixes. Tens of thousands of diagnostics
 * of closed files would otherwise hold their fixes (edits, files to create); quick
 * fixes come from the editor's buffer once the file is opened.
 */
function slim(d: SkillDiagnostic): SkillDiagnostic {
  if (!d.fixes) return d;
  const { fixes: _fixes, ...rest } = d;
  return rest;
}

/**
 * FNV-1a over the bytes, a 32-bit word at a time (the last few bytes one by one),
 * folded with the length. Per character, FNV over the decoded text cost 0.57 of the
 * index worker's 9.2 CPU-s on the 10,000-skill bench corpus (both steps hash every
 * SKILL.md); by words, 0.14 in the same profile. It tells one step's file from
 * another's, nothing more.
 */
export function hashBytes(bytes: Uint8Array): number {
  // Int32Array needs an aligned start, and the words must not depend on where the file
  // sits (a preread file lies anywhere in its batch's buffer): a copy costs a memcpy.
  const b = bytes.byteOffset & 3 ? bytes.slice() : bytes;
  const n = b.length;
  const words = n >> 2;
  let h = (0x811c9dc5 ^ n) >>> 0;
  let g = 0x01000193 ^ n;
  const w = new Int32Array(b.buffer, b.byteOffset, words);
  // Two lanes (even and odd words) that the CPU runs side by side: each step of one
  // lane waits for its previous step, so one lane left the hash at half speed.
  // The shift mixes high bits down: words differing only there must not collide as often.
  let k = 0;
  for (; k + 1 < words; k += 2) {
    h = Math.imul(h ^ w[k], 0x01000193) ^ (h >>> 15);
    g = Math.imul(g ^ w[k + 1], 0x01000193) ^ (g >>> 15);
  }
  if (k < words) h = Math.imul(h ^ w[k], 0x01000193) ^ (h >>> 15);
  h = Math.imul(h ^ g, 0x01000193) ^ (g >>> 13);
  for (let i = words * 4; i < n; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}
