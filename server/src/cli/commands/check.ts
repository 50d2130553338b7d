import * as os from 'node:os';
import * as path from 'node:path';
import type { SkillCheckResult } from '../../core/check/checkSkillFile';
import { CheckRunner } from './checkParallel';
import { writeStderr } from '../output';
import { workspaceDiagnostics } from './workspacePass';
import { contractFileKind } from '../../core/contracts/load';
import { ContractFileCollector, type ContractFiles } from '../../core/contracts/discover';
import { cacheFilePath, CheckCache, contentHash } from './checkCache';
import type { WalkOutcome } from '../../node/cachedWalks';
import type { CheckOptions } from '../../core/check/checkDocument';
import { isIgnored } from '../../core/config/config';
import { findConfigFile, loadConfigFile } from '../../core/config/loadConfig';
import { isProfileId, profileIds } from '../../core/profiles/registry';
import type { ProfileId } from '../../core/profiles/types';
import type { SkillDiagnostic } from '../../core/types';
import { fileRules } from '../../core/rules/fileRules';
import { duplicateDiagnostics, type SkillSummary } from '../../core/rules/skillSet/duplicates';
import { findSkillFiles, type SkillListings } from '../../core/workspace/findSkillFiles';
import { NodeFileSystem } from '../../node/nodeFileSystem';
import { MemoListingFileSystem } from '../../core/workspace/memoListingFileSystem';
import { RecordingFileSystem } from '../../core/workspace/recordingFileSystem';
import type { FileSystem } from '../../core/workspace/fileSystem';
import { pluginFolderProbe } from '../../node/pluginFolders';
import { parseArgs, UsageError } from '../args';
import { allDiagnostics, counts, type CheckReport } from '../format/model';
import { isFileSlice, isStoredFacts, ReportWriter, type HeldFacts, type RenderedBatch, type ReportBytes, type StreamFormat } from '../format/stream';
import { formatSarif } from '../format/sarif';

export const CHECK_USAGE = `Usage: skillmd check [paths…] [options]

Checks skills: a path is a skill folder, a SKILL.md, or a folder searched
recursively (node_modules and .git are skipped). Default: the current folder.

Options:
  --target <profile>     check against this agent profile (repeatable):
                         ${profileIds.join(', ')}
  --format <fmt>         text (default), json or sarif
  --max-warnings <n>     exit 1 when there are more than n warnings
  --config <file>        configuration file (default: nearest .skillmd.json)
  --cache                reuse the results of skills whose files did not change
  --cache-location <path>  cache file or folder (default: node_modules/.cache/skillmd/)
  -h, --help             show this help

Exit status: 0 no errors, 1 errors (or too many warnings), 2 usage error,
3 internal error.
`;

const SPEC = {
  target: { value: true, repeat: true },
  format: { value: true },
  'max-warnings': { value: true },
  config: { value: true },
  cache: {},
  'cache-location': { value: true },
  help: { short: 'h' },
};

export async function runCheck(argv: string[], cwd: string, write: (s: string | Uint8Array) => void): Promise<number> {
  const args = parseArgs(argv, SPEC);
  if (args.options.help) {
    write(CHECK_USAGE);
    return 0;
  }
  const format = (args.options.format as string | undefined) ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`--format must be text, json or sarif, not "${format}"`);
  const targets = (args.options.target as string[] | undefined) ?? [];
  for (const t of targets) if (!isProfileId(t)) throw new UsageError(`unknown --target "${t}"; profiles: ${profileIds.join(', ')}`);
  let maxWarnings: number | undefined;
  if (args.options['max-warnings'] !== undefined) {
    const given = String(args.options['max-warnings']).trim();
    // Number('') is 0: an empty value is a usage error, not a limit of zero.
    maxWarnings = given === '' ? NaN : Number(given);
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) throw new UsageError('--max-warnings needs a whole number ≥ 0');
  }

  // One listing per folder for the whole run: the walk, the contract pass and the
  // cache's replays ask for the same folders. One stat per path too: the skills of a
  // repository each ask for its `.git` (4,258 stats of 1,838 paths on the bench corpus).
  const fs = new MemoListingFileSystem(new NodeFileSystem({ sync: true, stamps: !!args.options.cache }), { stats: true });
  const configPath = args.options.config ? path.resolve(cwd, args.options.config as string) : await findConfigFile(fs, cwd);
  // No quick fixes: no report prints them.
  const opts: CheckOptions = { targets: targets as ProfileId[], isPluginFolder: pluginFolderProbe(), homeDir: os.homedir(), fixes: false };
  if (configPath) {
    const loaded = await loadConfigFile(fs, configPath);
    if (loaded.problems.length) throw new UsageError(`invalid configuration ${configPath}:\n  ${loaded.problems.join('\n  ')}`);
    opts.config = loaded.config;
    opts.configDir = loaded.dir;
  }

  const roots = args.positionals.length ? args.positionals : ['.'];
  const general: SkillDiagnostic[] = [];
  const seen = new Set<string>();
  const exclude = opts.config?.ignore?.length
    ? (p: string) => isIgnored(opts.config!, path.relative(opts.configDir!, p).split(path.sep).join('/'))
    : undefined;
  // The walk finds every skill first; they are checked and printed in walk order as they
  // finish (text and JSON), after the problems not tied to a skill; SARIF is assembled at the end.
  // Many small pieces: hand them on in chunks of about 64 KiB.
  let chunk: string[] = [];
  let chunkLength = 0;
  const flush = () => {
    if (chunk.length) write(chunk.join(''));
    chunk = [];
    chunkLength = 0;
  };
  const buffered = (s: string) => {
    chunk.push(s);
    if ((chunkLength += s.length) >= 65536) flush();
  };
  // Rendered batches (UTF-8 from the checking thread) are written as they are; parts
  // from the cache file go from the file to stdout in chunks (CacheParts.copy).
  const bytes = (b: ReportBytes) => {
    const slice = isFileSlice(b) ? b : undefined;
    if (b.length < 8192) {
      const mem = slice ? slice.source.read(slice.at, slice.length) : (b as Uint8Array);
      buffered(Buffer.from(mem.buffer, mem.byteOffset, mem.byteLength).toString('utf8'));
      return;
    }
    flush();
    if (!slice) return write(b as Uint8Array);
    // Each chunk is written before the next is read (output.ts): none is kept.
    slice.source.copy(slice.at, slice.length, (chunk) => (write(chunk), false));
  };
  const writer = format === 'sarif' ? undefined : new ReportWriter(format as StreamFormat, cwd, buffered, bytes);
  const results: SkillCheckResult[] = [];
  // The key holds everything but the disk that the report depends on.
  const cache = args.options.cache
    ? CheckCache.open(
        cacheFilePath(cwd, args.options['cache-location'] as string | undefined),
        [format, cwd, targets, opts.config ?? null, opts.configDir ?? null, opts.homeDir ?? null],
        path.dirname(__filename),
        format as StreamFormat | 'sarif',
      )
    : undefined;
  // Each skill's facts, for the passes over all skills (none reads a SKILL.md again).
  const facts: (HeldFacts | undefined)[] = [];
  const runner = new CheckRunner(opts, __filename, writer ? { format: format as StreamFormat, cwd } : { format: 'result' }, (o) => {
    if ('facts' in o && Array.isArray(o.facts)) facts.push(...o.facts);
    else facts.push((o as SkillCheckResult).facts);
    if (!writer) results.push(o as SkillCheckResult);
    else writer.batch(o as RenderedBatch);
  }, cache, fs);
  // The walk goes first: knowing how many skills there are tells the runner early
  // whether worker threads will pay (checkParallel.ts).
  const found: [string, SkillListings | undefined][] = [];
  const onFile = (f: string, listings: SkillListings | undefined) => {
    // A contract given as a path (`check a/x.skill.yaml`) is checked by the workspace pass.
    if (seen.has(f) || contractFileKind(f)) return;
    seen.add(f);
    found.push([f, listings]);
  };
  const seenProblems = new Set<string>();
  // The walk lists every folder: the contract pass takes its files from those listings
  // instead of walking each root again (undefined: it walks that root itself).
  const contractFiles: (ContractFiles | undefined)[] = [];
  for (const r of roots) {
    const abs = path.resolve(cwd, r);
    // A walk replayed from the cache hands on no listings: the checks list what they need.
    const replayed = await cache?.walks.replay(abs, cache.answers, fs, opts.isPluginFolder);
    if (replayed) for (const f of replayed.files) onFile(f, undefined);
    const scan = replayed ?? (await walkRoot(fs, abs, exclude, onFile, cache));
    contractFiles.push(scan.contracts);
    for (const p of scan.problems) {
      // Overlapping paths (`check a a/b`) walk some folders twice: one report each.
      const key = `${p.code}\0${p.path}\0${p.message}`;
      if (seenProblems.has(key)) continue;
      seenProblems.add(key);
      general.push({
        code: p.code,
        severity: fileRules.find((r) => r.code === p.code)?.defaultSeverity ?? 'error',
        message: p.message,
        file: p.path,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      });
    }
  }
  if (writer) {
    writer.begin(general);
  }
  runner.expect(found.length);
  for (let i = 0; i < found.length; i++) {
    await runner.add(found[i][0], found[i][1]);
    found[i] = ['', undefined];
  }
  await runner.finish();
  const plain = new Set<string>();
  for (const f of facts) if (f && !f.contractFields) plain.add(isStoredFacts(f) ? f.file : f.summary.file);
  const across = await workspaceDiagnostics(fs, cwd, roots.map((r) => path.resolve(cwd, r)), opts, exclude, plain, contractFiles);
  if (writer) writer.more(across);
  else general.push(...across);
  // Rules over the whole set of skills, once every skill is checked; before the cache
  // is saved, which keeps their result (printed after the contracts' diagnostics).
  const set = seen.size > 1 ? skillSetDiagnostics(facts, [...seen], cache) : [];
  const unsaved = cache?.save();
  if (unsaved) writeStderr(`skillmd: the cache was not saved: ${unsaved}\n`);
  // For tests and the bench: which skills were checked again.
  if (cache && process.env.SKILLMD_CACHE_STATS) {
    writeStderr(`skillmd cache: ${cache.reused} reused, ${cache.checked} checked\n`);
    writeStderr(`skillmd cache stamps: ${cache.answers.trusted} paths unchanged by their stamps, ${cache.answers.reread} files read again (changed or new)\n`);
    if (seen.size > 1) writeStderr(`skillmd cache skill set: ${cache.skillSetReused ? 'reused' : 'computed'}\n`);
    writeStderr(`skillmd cache walks: ${cache.walks.replayed} replayed, ${cache.walks.walked} walked\n`);
  }
  if (writer) writer.more(set);
  else general.push(...set);
  let c: { errors: number; warnings: number };
  if (writer) {
    c = writer.end();
    flush();
  }
  else {
    const report: CheckReport = { results, general, cwd };
    write(formatSarif(report));
    c = counts(allDiagnostics(report));
  }
  if (c.errors > 0) return 1;
  if (maxWarnings !== undefined && c.warnings > maxWarnings) return 1;
  return 0;
}

/**
 * Walks `root`, handing each skill file to `onFile` with its listings as it is found.
 * With a cache the walk's questions are recorded with what it found, for the next run
 * to replay (cachedWalks.ts).
 */
async function walkRoot(fs: FileSystem, root: string, exclude: ((p: string) => boolean) | undefined, onFile: (f: string, listings: SkillListings | undefined) => void, cache: CheckCache | undefined): Promise<WalkOutcome> {
  const contracts = new ContractFileCollector(exclude, root);
  const recording = cache ? new RecordingFileSystem(fs, contentHash) : undefined;
  const scan = await findSkillFiles(recording ?? fs, root, { exclude, keepListings: true, onFile, onListing: (dir, entries, linked) => contracts.listing(dir, entries, linked) });
  const outcome = { files: scan.files, problems: scan.problems, contracts: contracts.result() };
  if (recording) cache!.walks.keep(root, recording.record(), outcome);
  return outcome;
}

/**
 * The rules over the whole set of skills (`files`, in the order of `facts`): the result
 * a warm `--cache` run saved when it still holds (CheckCache.skillSet), else computed.
 */
function skillSetDiagnostics(facts: readonly (HeldFacts | undefined)[], files: readonly string[], cache: CheckCache | undefined): SkillDiagnostic[] {
  const kept = cache?.skillSet(files);
  if (kept) return kept;
  const summaries: SkillSummary[] = [];
  for (const f of facts) if (f) summaries.push(isStoredFacts(f) ? f.load().summary : f.summary);
  const set = duplicateDiagnostics(summaries);
  cache?.keepSkillSet(files, set);
  return set;
}
