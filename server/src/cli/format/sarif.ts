import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { allRules, ruleDocsUrl } from '../../core/rules/catalog';
import { INTERNAL_ERROR } from '../../core/check/internalError';
import type { Severity, SkillDiagnostic } from '../../core/types';
import { allDiagnostics, type CheckReport } from './model';
import { displayPath } from './paths';
import { VERSION } from '../version';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

/** SARIF 2.1.0; columns are 1-based UTF-16 code units (SARIF's default columnKind). */
export function formatSarif(report: CheckReport): string {
  const rules = allRules();
  const index = new Map(rules.map((r, i) => [r.code, i]));
  const all = allDiagnostics(report);
  const locations = (d: SkillDiagnostic) => {
    const r = d.range;
    return [{
      physicalLocation: {
        artifactLocation: artifactLocation(report.cwd, d.file),
        region: {
          startLine: r.start.line + 1,
          startColumn: r.start.character + 1,
          endLine: r.end.line + 1,
          endColumn: r.end.character + 1,
        },
      },
    }];
  };
  const results = all.map((d) => ({
    ruleId: d.code,
    ...(index.has(d.code) ? { ruleIndex: index.get(d.code) } : {}),
    level: LEVEL[d.severity],
    message: { text: d.message },
    locations: locations(d),
    // The other side of a cross-file problem (a similar skill, a duplicate id).
    ...(d.related?.length ? { relatedLocations: d.related.map((x, id) => ({ id, message: { text: x.message }, physicalLocation: { artifactLocation: artifactLocation(report.cwd, x.file), region: { startLine: x.range.start.line + 1, startColumn: x.range.start.character + 1, endLine: x.range.end.line + 1, endColumn: x.range.end.character + 1 } } })) } : {}),
  }));
  // A bug in skillmd is a result (it marks the file whose check is incomplete) and also
  // what SARIF has for the tool's own failures: a notification of the invocation.
  const internal = all.filter((d) => d.code === INTERNAL_ERROR.code);
  const invocation = {
    executionSuccessful: internal.length === 0,
    ...(internal.length ? {
      toolExecutionNotifications: internal.map((d) => ({
        level: 'error',
        message: { text: d.message },
        locations: locations(d),
        descriptor: { id: INTERNAL_ERROR.code, ...(index.has(INTERNAL_ERROR.code) ? { index: index.get(INTERNAL_ERROR.code) } : {}) },
      })),
    } : {}),
  };
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'skillmd',
          version: VERSION,
          informationUri: 'https://github.com/skillmd/skillmd',
          rules: rules.map((r) => ({
            id: r.code,
            name: r.code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
            shortDescription: { text: r.title },
            helpUri: ruleDocsUrl(r.code),
            defaultConfiguration: { level: LEVEL[r.defaultSeverity] },
          })),
        },
      },
      invocations: [invocation],
      originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileUri(report.cwd).replace(/\/?$/, '/') } },
      results,
    }],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

/**
 * Below the working folder: relative to %SRCROOT%, each segment percent-encoded (a `#`
 * or `?` in a folder name would otherwise start a fragment or a query). Elsewhere: an
 * absolute file URI.
 */
function artifactLocation(cwd: string, file: string): { uri: string; uriBaseId?: string } {
  const shown = displayPath(cwd, file);
  if (path.isAbsolute(shown)) return { uri: pathToFileUri(shown) };
  return { uri: shown.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

function pathToFileUri(p: string): string {
  return pathToFileURL(p).href;
}
