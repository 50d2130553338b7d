// The property every fuzz case must hold (fuzz.test.ts, scripts/fuzz.ts): the check
// of one skill and every renderer over it never throw (a caught throw shows as an
// internal-error diagnostic or exclusion: that fails too), every range of every
// diagnostic and fix edit lies inside its document, and the case is done in time.
import { SkillCatalog } from '../../../server/src/core/catalog/catalog';
import { checkSkillFile } from '../../../server/src/core/check/checkSkillFile';
import { INTERNAL_ERROR } from '../../../server/src/core/check/internalError';
import { decodeText, stripBom } from '../../../server/src/core/document/readSkillFile';
import { profileIds } from '../../../server/src/core/profiles/registry';
import { enableReferenceChecks } from '../../../server/src/core/references';
import { countPreviewTokens, formatPreviewReport, LOAD_AGENTS, READ_AGENTS, RENDER_AGENTS, renderIndex, renderLoad, renderRead } from '../../../server/src/core/render';
import type { Range } from '../../../server/src/core/types';
import { MemoryFileSystem } from '../../../server/src/core/workspace/memoryFileSystem';
import { formatSarif } from '../../../server/src/cli/format/sarif';
import { renderSkill } from '../../../server/src/cli/format/stream';
import type { FuzzCase } from './arbitraries';

/**
 * Generous: an ordinary case takes milliseconds, the worst generated ones about two
 * seconds; this catches hangs and blow-ups. CPU time, not wall time: seven processes
 * on two cores stretched one 2-second case to 18 seconds of wall time.
 */
export const CASE_TIME_LIMIT_MS = 15_000;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const SKILL = '/ws/skills/fuzz/SKILL.md';
const GUIDE = '/ws/skills/fuzz/references/guide.md';

enableReferenceChecks();

/** Line lengths as an editor counts them: \r\n, \r and \n end a line, in UTF-16 units. */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((l) => l.length);
}

function outside(range: Range, lines: number[]): string | undefined {
  const { start, end } = range;
  for (const p of [start, end]) {
    if (!Number.isInteger(p.line) || !Number.isInteger(p.character) || p.line < 0 || p.character < 0) return `bad position ${JSON.stringify(p)}`;
    if (p.line >= lines.length) return `line ${p.line} past the last line ${lines.length - 1}`;
    if (p.character > lines[p.line]) return `character ${p.character} past the end of line ${p.line} (${lines[p.line]} long)`;
  }
  if (start.line > end.line || (start.line === end.line && start.character > end.character)) return `start after end`;
  return undefined;
}

/** The SKILL.md text the check sees (undefined: not a text file). */
function skillText(c: FuzzCase): string | undefined {
  if (typeof c.skill === 'string') return stripBom(c.skill);
  const d = decodeText(c.skill);
  return 'text' in d ? stripBom(d.text) : undefined;
}

/** Checks one case; returns what went wrong, or undefined. */
export async function violation(c: FuzzCase): Promise<string | undefined> {
  const started = cpuMs();
  const fs = new MemoryFileSystem({ [SKILL]: c.skill, [GUIDE]: c.guide, '/ws/skills/fuzz/scripts/x.py': 'print(1)\n', '/ws/skills/other/SKILL.md': '---\nname: other\ndescription: Another skill. Use when testing.\n---\n' });
  const texts = new Map<string, number[]>([[GUIDE, lineLengths(c.guide)]]);
  const text = skillText(c);
  if (text !== undefined) texts.set(SKILL, lineLengths(text));
  try {
    const result = await checkSkillFile(fs, SKILL, { targets: [...profileIds] });
    for (const d of result.diagnostics) {
      if (d.code === INTERNAL_ERROR.code) return d.message;
      const lines = texts.get(d.file);
      const zero = d.range.start.line === 0 && d.range.start.character === 0 && d.range.end.line === 0 && d.range.end.character === 0;
      if (!lines) {
        if (!zero) return `${d.code} on ${d.file}, a file without text here, at ${JSON.stringify(d.range)}`;
        continue;
      }
      const bad = outside(d.range, lines);
      if (bad) return `${d.code} (${d.message}): range ${JSON.stringify(d.range)}: ${bad}`;
      for (const f of d.fixes ?? []) {
        for (const e of f.edits ?? []) {
          const badEdit = outside(e.range, lines);
          if (badEdit) return `${d.code} fix "${f.title}": edit ${JSON.stringify(e.range)}: ${badEdit}`;
        }
      }
    }
    // The CLI's reports of it.
    for (const format of ['text', 'json'] as const) renderSkill(format, '/ws', result);
    JSON.parse(formatSarif({ results: [result], general: [], cwd: '/ws' }));
    for (const agent of RENDER_AGENTS) {
      const catalog = new SkillCatalog({ fs, agent, roots: [{ path: '/ws/skills', origin: 'explicit' }] });
      const snap = await catalog.scan();
      const left = snap.skipped.find((x) => x.reason === 'internal-error');
      if (left) return `${agent} catalog: ${left.message}`;
      const index = renderIndex(snap);
      const omitted = index.omitted.find((x) => x.reason === 'internal-error');
      if (omitted) return `${agent} index: ${omitted.message}`;
      formatPreviewReport(index, countPreviewTokens(index), snap.problems);
      const names = [...new Set([...snap.skills.map((s) => s.name), 'fuzz'])];
      if (LOAD_AGENTS.includes(agent)) for (const n of names) countPreviewTokens(await renderLoad(catalog, fs, n));
      if (READ_AGENTS.includes(agent)) for (const n of names) countPreviewTokens(await renderRead(catalog, fs, n, 'references/guide.md'));
    }
  } catch (e) {
    return `threw: ${(e as Error).stack ?? e}`;
  }
  const ms = cpuMs() - started;
  if (ms > CASE_TIME_LIMIT_MS) return `took ${Math.round(ms)} ms of CPU time, over ${CASE_TIME_LIMIT_MS} ms`;
  return undefined;
}

/** A failing case as a fixture to paste into a test. */
export function asFixture(c: FuzzCase): string {
  const skill = typeof c.skill === 'string' ? JSON.stringify(c.skill) : `Buffer.from(${JSON.stringify(Buffer.from(c.skill).toString('base64'))}, 'base64')`;
  return `{ skill: ${skill}, guide: ${JSON.stringify(c.guide)} }`;
}
