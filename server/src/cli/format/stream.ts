import type { SkillCheckResult } from '../../core/check/checkSkillFile';
import type { SkillDiagnostic } from '../../core/types';
import { counts } from './model';
import { displayPath } from './paths';

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
}


function diag(cwd: string, d: SkillDiagnostic) {
  return { code: d.code, severity: d.severity, message: d.message, file: displayPath(cwd, d.file), range: d.range };
}

function textLine(cwd: string, d: SkillDiagnostic): string {
  return `${displayPath(cwd, d.file)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${d.message}`;
}

/** One skill's part of the report. */
export function renderSkill(format: StreamFormat, cwd: string, r: SkillCheckResult): RenderedSkill {
  const c = counts(r.diagnostics);
  let text: string;
  if (format === 'text') {
    text = r.diagnostics.length ? r.diagnostics.map((d) => textLine(cwd, d)).join('\n') + '\n' : '';
  } else {
    // JSON.stringify(skill, null, 2), nested two levels deep (every line indented by
    // four more spaces), written out for this fixed shape.
    const q = JSON.stringify;
    let t = '    {\n      "name": ' + q(r.name) + ',\n      "path": ' + q(displayPath(cwd, r.file)) + ',\n      "targets": ';
    if (r.targets.length) {
      t += '[';
      for (let i = 0; i < r.targets.length; i++) t += (i ? ',\n        ' : '\n        ') + q(r.targets[i]);
      t += '\n      ]';
    } else t += '[]';
    t += ',\n      "valid": ' + (c.errors === 0) + ',\n      "diagnostics": ';
    if (r.diagnostics.length) {
      t += '[';
      for (let i = 0; i < r.diagnostics.length; i++) {
        const d = r.diagnostics[i];
        const { start, end } = d.range;
        t += (i ? ',\n' : '\n') +
          '        {\n          "code": ' + q(d.code) +
          ',\n          "severity": ' + q(d.severity) +
          ',\n          "message": ' + q(d.message) +
          ',\n          "file": ' + q(displayPath(cwd, d.file)) +
          ',\n          "range": {\n            "start": {\n              "line": ' + q(start.line) +
          ',\n              "character": ' + q(start.character) +
          '\n            },\n            "end": {\n              "line": ' + q(end.line) +
          ',\n              "character": ' + q(end.character) +
          '\n            }\n          }\n        }';
      }
      t += '\n      ]';
    } else t += '[]';
    text = t + '\n    }';
  }
  return { text, ...c };
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
  private started = false;
  private general: SkillDiagnostic[] = [];

  constructor(private readonly format: StreamFormat, private readonly cwd: string, private readonly write: (s: string) => void) {}

  begin(general: SkillDiagnostic[]): void {
    this.general = general;
    const c = counts(general);
    this.errors += c.errors;
    this.warnings += c.warnings;
    this.infos += c.infos;
    if (this.format === 'text' && general.length) this.write(general.map((d) => textLine(this.cwd, d)).join('\n') + '\n');
  }

  skill(r: RenderedSkill): void {
    this.skills++;
    if (r.errors) this.invalid++;
    this.errors += r.errors;
    this.warnings += r.warnings;
    this.infos += r.infos;
    if (this.format === 'text') {
      if (r.text) this.write(r.text);
    } else {
      this.write((this.started ? ',\n' : '{\n  "skills": [\n') + r.text);
      this.started = true;
    }
  }

  /** Writes the end of the report; returns the totals. */
  end(): { errors: number; warnings: number } {
    if (this.format === 'text') {
      const c = this;
      const n = this.skills;
      this.write(
        `${n} skill${n === 1 ? '' : 's'} checked, ${this.invalid} invalid: ${c.errors} error${c.errors === 1 ? '' : 's'}, ${c.warnings} warning${c.warnings === 1 ? '' : 's'}, ${c.infos} info\n`,
      );
    } else {
      const tail = JSON.stringify(
        { problems: this.general.map((d) => diag(this.cwd, d)), summary: { skills: this.skills, errors: this.errors, warnings: this.warnings } },
        null,
        2,
      );
      this.write((this.started ? '\n  ],\n' : '{\n  "skills": [],\n') + tail.slice(2) + '\n');
    }
    return { errors: this.errors, warnings: this.warnings };
  }
}
