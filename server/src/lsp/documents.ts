// Open SKILL.md documents: the parsed model and the diagnostics of each version,
// computed lazily and cached, so hover, completion and code actions on the same
// version share one parse.
import * as nodeFs from 'node:fs';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocuments } from 'vscode-languageserver/node';
import { finish, type CheckOptions } from '../core/check/checkDocument';
import type { SkillDocument } from '../core/document/model';
import type { SkillDiagnostic } from '../core/types';
import { checkParsed, parseBounded, type Parsed } from './analysis';
import type { Configuration } from './configuration';
import { isSkillFile, uriToPath } from './convert';

/** The first three bytes of `file` are a UTF-8 BOM (false when it cannot be read). */
function startsWithBom(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = nodeFs.openSync(file, nodeFs.constants.O_RDONLY | nodeFs.constants.O_NONBLOCK);
    const b = Buffer.alloc(3);
    return nodeFs.readSync(fd, b, 0, 3, 0) === 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) nodeFs.closeSync(fd);
  }
}

interface Entry {
  version: number;
  parsed: Parsed;
  /** configuration generation the diagnostics were computed under */
  generation?: number;
  diagnostics?: SkillDiagnostic[];
  /** document rules plus reference checks (which read other files) */
  full?: Promise<SkillDiagnostic[]>;
  fullGeneration?: number;
  /** bumped when a file the references depend on changed */
  refEpoch: number;
}

/** Reference checks of one document (they read other files, so they are async). */
export type ReferenceCheck = (doc: SkillDocument, opts: CheckOptions) => Promise<SkillDiagnostic[]>;

export class SkillDocuments {
  private readonly cache = new Map<string, Entry>();

  /** set by the server: the reference checks added to every open document's diagnostics */
  referenceCheck?: ReferenceCheck;

  constructor(readonly documents: TextDocuments<TextDocument>, private readonly config: Configuration) {}

  /** The open TextDocument when it is a SKILL.md we serve. */
  get(uri: string): TextDocument | undefined {
    const d = this.documents.get(uri);
    return d && isSkill(uri) ? d : undefined;
  }

  isOpenPath(file: string): boolean {
    return this.openPaths().has(file);
  }

  private pathCache: { all: readonly TextDocument[]; set: Set<string> } | undefined;

  openPaths(): Set<string> {
    const all = this.documents.all();
    if (this.pathCache && this.pathCache.all.length === all.length && this.pathCache.all.every((d, i) => d === all[i])) return this.pathCache.set;
    const set = new Set<string>();
    for (const d of all) {
      const p = isSkill(d.uri) ? uriToPath(d.uri) : undefined;
      if (p) set.add(p);
    }
    this.pathCache = { all, set };
    return set;
  }

  /** whether each open document's file on disk starts with a BOM (the editor hides it) */
  private readonly bomOnDisk = new Map<string, boolean>();

  /**
   * The file was saved or changed on disk (its encoding may have changed): look at its
   * first bytes again. True when an open document's diagnostics may change.
   */
  diskChanged(uri: string): boolean {
    if (!this.bomOnDisk.delete(uri)) return false;
    const hit = this.cache.get(uri);
    if (hit) {
      // Parsed again on the next request, under a new resultId.
      hit.version = -1;
      hit.refEpoch++;
    }
    return true;
  }

  private strippedBom(uri: string, text: string): boolean {
    if (text.charCodeAt(0) === 0xfeff) return false;
    let bom = this.bomOnDisk.get(uri);
    if (bom === undefined) {
      bom = startsWithBom(uriToPath(uri)!);
      this.bomOnDisk.set(uri, bom);
    }
    return bom;
  }

  private entry(doc: TextDocument): Entry {
    const hit = this.cache.get(doc.uri);
    if (hit && hit.version === doc.version) return hit;
    const file = uriToPath(doc.uri)!;
    const text = doc.getText();
    const e: Entry = { version: doc.version, parsed: parseBounded(file, text, doc.version, this.strippedBom(doc.uri, text)), refEpoch: hit?.refEpoch ?? 0 };
    this.cache.set(doc.uri, e);
    return e;
  }

  /** The parsed document (undefined when it is over the size limits or not ours). */
  parse(uri: string): SkillDocument | undefined {
    const doc = this.get(uri);
    return doc ? this.entry(doc).parsed.doc : undefined;
  }

  diagnostics(uri: string): { version: number; diagnostics: SkillDiagnostic[] } | undefined {
    const doc = this.get(uri);
    if (!doc) return undefined;
    const e = this.entry(doc);
    if (!e.diagnostics || e.generation !== this.config.generation) {
      e.diagnostics = checkParsed(e.parsed, this.config.optionsFor(uriToPath(uri)!));
      e.generation = this.config.generation;
    }
    return { version: e.version, diagnostics: e.diagnostics };
  }

  /**
   * All diagnostics of the current version: the document rules plus the reference
   * checks (which read the skill's other files through open buffers or the disk).
   * `resultId` changes with the version, the settings and the files it depends on.
   */
  async fullDiagnostics(uri: string): Promise<{ version: number; diagnostics: SkillDiagnostic[]; resultId: string } | undefined> {
    const doc = this.get(uri);
    const base = this.diagnostics(uri);
    if (!doc || !base) return undefined;
    const e = this.entry(doc);
    const resultId = `v${e.version}:g${this.config.generation}:r${e.refEpoch}`;
    const parsed = e.parsed.doc;
    const check = this.referenceCheck;
    if (!check || !parsed) return { ...base, resultId };
    if (!e.full || e.fullGeneration !== this.config.generation) {
      e.fullGeneration = this.config.generation;
      const own = base.diagnostics;
      e.full = check(parsed, this.config.optionsFor(parsed.path)).then(
        (refs) => (refs.length ? finish(parsed, [...own, ...refs]) : own),
        () => own,
      );
    }
    return { version: e.version, diagnostics: await e.full, resultId };
  }

  /** The resultId `fullDiagnostics` would answer now (a stale answer has another). */
  currentResultId(uri: string): string | undefined {
    const doc = this.get(uri);
    if (!doc) return undefined;
    const e = this.entry(doc);
    return `v${e.version}:g${this.config.generation}:r${e.refEpoch}`;
  }

  /** A file the references of `file` depend on changed: re-check them next time. */
  invalidateReferences(file: string): boolean {
    let hit = false;
    for (const e of this.cache.values()) {
      if (e.parsed.doc?.path !== file) continue;
      e.full = undefined;
      e.refEpoch++;
      hit = true;
    }
    return hit;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.bomOnDisk.delete(uri);
  }
}

export function isSkill(uri: string): boolean {
  const p = uriToPath(uri);
  return !!p && isSkillFile(p);
}
