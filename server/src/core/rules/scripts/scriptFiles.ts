import * as path from 'node:path';
import type { SkillDocument } from '../../document/model';
import { extractReferences } from '../../references';
import { descendantPath, isNormalRelative } from '../../workspace/childPath';
import type { FileSystem } from '../../workspace/fileSystem';

/** A script of the skill that its instructions name, read. */
export interface ScriptFile {
  file: string;
  /** the path as the SKILL.md writes it */
  written: string;
  text: string;
  /** the lines, split on first use (most scripts are only searched as a whole) */
  readonly lines: string[];
  firstLine: string;
  /** the body runs it as a command (`scripts/x.py …`, `./scripts/x.sh`), so its shebang picks the interpreter */
  executed: boolean;
  /** a shell script: by extension or shebang */
  shell: boolean;
}

/** A class, not an object literal with a getter: V8 builds such literals on its slow path. */
class Script implements ScriptFile {
  private split?: string[];

  constructor(readonly file: string, readonly written: string, readonly text: string, readonly firstLine: string, readonly executed: boolean, readonly shell: boolean) {}

  get lines(): string[] {
    return (this.split ??= this.text.split(/\r\n|\r|\n/));
  }
}

const SCRIPT_EXT = /\.(sh|bash|zsh|ksh|py|js|mjs|cjs|ts|rb|pl|php|ps1)$/i;
const SHELL_EXT = /\.(sh|bash|zsh|ksh)$/i;
const MAX_BYTES = 256 * 1024;
const STRICT = new TextDecoder('utf-8', { fatal: true });

/** A regular file's bytes unless it is missing, unreadable or over MAX_BYTES: one open where the host can (readFileWithin). */
async function readSmall(fs: FileSystem, file: string): Promise<Uint8Array | undefined> {
  // Many named scripts are not there (yet): a host that knows it from its listings says
  // so without a read that fails (8,800 rejected reads in a check of the 10,000-skill
  // bench corpus). A host that records what a check asks (check --cache) has no such
  // answer, so the read and its answer stay in the record.
  if (fs.knownAbsent?.(file)) return undefined;
  try {
    if (fs.readFileWithin) {
      const r = await fs.readFileWithin(file, MAX_BYTES);
      return 'bytes' in r ? r.bytes : undefined;
    }
    const st = await fs.stat(file);
    return st && st.type === 'file' && st.size <= MAX_BYTES ? await fs.readFile(file) : undefined;
  } catch {
    return undefined; // unreadable: reference-unreadable's business
  }
}

let last: { doc: SkillDocument; fs: FileSystem; scripts: Promise<ScriptFile[]> } | undefined;

/** The scripts the SKILL.md names (inside the skill folder, existing, text), each read once per check. */
export function scriptFiles(fs: FileSystem, doc: SkillDocument, skillDir: string): Promise<ScriptFile[]> {
  if (last?.doc === doc && last.fs === fs) return last.scripts;
  const scripts = readScripts(fs, doc, skillDir);
  last = { doc, fs, scripts };
  return scripts;
}

async function readScripts(fs: FileSystem, doc: SkillDocument, skillDir: string): Promise<ScriptFile[]> {
  // Keyed by the path below the skill folder: most scripts are written that way
  // (`scripts/x.py`), and a key built by concatenation was flattened for every
  // reference (0.1 of the index worker's CPU-s on the 10,000-skill bench corpus).
  const byRel = new Map<string, { written: string; executed: boolean }>();
  const inside = skillDir + path.sep;
  for (const ref of extractReferences(doc, skillDir)) {
    const p = ref.path;
    if (!p || /^[a-z]+:/i.test(p) || (!SCRIPT_EXT.test(p) && !/^(\.\/)?scripts\//.test(p))) continue;
    const rel = belowSkill(p, skillDir, inside);
    if (rel === undefined) continue;
    const seen = byRel.get(rel);
    byRel.set(rel, { written: seen?.written ?? p, executed: (seen?.executed ?? false) || ref.executed });
  }
  const out: ScriptFile[] = [];
  for (const [rel, { written, executed }] of byRel) {
    const file = descendantPath(skillDir, rel);
    const bytes = await readSmall(fs, file);
    if (!bytes) continue;
    let text: string;
    try {
      text = STRICT.decode(bytes);
    } catch {
      continue; // binary: reference-unreadable's business
    }
    if (text.includes('\u0000')) continue;
    const firstLine = /^[^\r\n]*/.exec(text)![0];
    const shell = SHELL_EXT.test(file) || /^#!.*\b(ba|z|k|da)?sh\b/.test(firstLine);
    out.push(new Script(file, written, text, firstLine, executed, shell));
  }
  return out;
}

/**
 * `p` as a path below the skill folder (the SKILL.md's own folder, which every base of
 * its references is), `/`-separated; undefined when it leads outside. A normalized
 * relative path is its own answer.
 */
function belowSkill(p: string, skillDir: string, inside: string): string | undefined {
  const rel = p.startsWith('./') ? p.slice(2) : p;
  if (isNormalRelative(rel)) return rel;
  const file = path.resolve(skillDir, p);
  return file.startsWith(inside) ? file.slice(inside.length).split(path.sep).join('/') : undefined;
}

/** A range on one line of a script. */
export function lineRange(line: number, start: number, end: number) {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** A comment line of a shell or Python script (`# …`), which runs nothing. */
export function isComment(line: string): boolean {
  return /^\s*#/.test(line) && !/^#!/.test(line);
}
