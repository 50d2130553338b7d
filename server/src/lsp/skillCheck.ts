// Checking one SKILL.md as it is on disk: the document rules within the editor's
// limits plus the reference checks. Shared by the index on the main thread (single
// files) and by the index workers (batches).
import * as path from 'node:path';
import { finish, type CheckOptions } from '../core/check/checkDocument';
import { MAX_SKILL_FILE_BYTES, tooLarge as tooLargeMessage, unreadableMessage } from '../core/document/readSkillFile';
import { getString } from '../core/document/values';
import { detach } from '../core/text/detach';
import { checkReferences } from '../core/references';
import type { SkillDiagnostic } from '../core/types';
import type { FileSystem } from '../core/workspace/fileSystem';
import { checkParsed, decodeFile, parseBounded } from './analysis';

export interface DiskCheck {
  file: string;
  /** `name` from the frontmatter, else the folder name */
  name: string;
  diagnostics: SkillDiagnostic[];
  /** paths the reference diagnostics depend on (undefined: no reference check ran) */
  dependencies?: string[];
}

const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export async function checkSkillOnDisk(fs: FileSystem, file: string, opts: CheckOptions, references: boolean, log: (m: string) => void = () => {}): Promise<DiskCheck> {
  const name = path.basename(path.dirname(file));
  let bytes: Uint8Array;
  const tooLarge = (size: number): DiskCheck => ({ file, name, diagnostics: [{ code: 'file-too-large', severity: 'error', file, range: zero, message: tooLargeMessage(size) }] });
  try {
    if (fs.readFileWithin) {
      // One open (and fstat) instead of a stat and then a read.
      const r = await fs.readFileWithin(file, MAX_SKILL_FILE_BYTES);
      if (!('bytes' in r)) {
        if (r.notFile) return { file, name, diagnostics: [{ code: 'file-unreadable', severity: 'error', file, range: zero, message: 'The skill file is not a regular file.' }] };
        return tooLarge(r.size);
      }
      bytes = r.bytes;
    } else {
      const st = await fs.stat(file);
      if (st && st.size > MAX_SKILL_FILE_BYTES) return tooLarge(st.size);
      bytes = await fs.readFile(file);
    }
  } catch (e) {
    return { file, name, diagnostics: [{ code: 'file-unreadable', severity: 'error', file, range: zero, message: unreadableMessage(e) }] };
  }
  const decoded = decodeFile(file, bytes);
  if ('diagnostic' in decoded) return { file, name, diagnostics: [decoded.diagnostic] };
  const parsed = parseBounded(file, decoded.text, 0, decoded.strippedBom);
  let diagnostics = checkParsed(parsed, opts);
  let dependencies: string[] | undefined;
  if (parsed.doc && references) {
    try {
      const refs = await checkReferences(fs, parsed.doc, opts);
      dependencies = refs.dependencies;
      if (refs.diagnostics.length) diagnostics = finish(parsed.doc, [...diagnostics, ...refs.diagnostics]);
    } catch (e) {
      log(`reference check of ${file} failed: ${(e as Error).message}`);
    }
  }
  const fmName = parsed.doc ? getString(parsed.doc, 'name')?.trim() : undefined;
  // Kept per skill by the index: detached, so it does not hold the document's text.
  return { file, name: fmName ? detach(fmName) : name, diagnostics: diagnostics.map(slim), dependencies };
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
