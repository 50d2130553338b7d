import type { CheckOptions } from '../check/checkDocument';
import { resolveSkillSettings } from '../check/checkDocument';
import type { SkillDocument } from '../document/model';
import type { AgentProfile } from '../profiles/types';
import type { Severity, SkillDiagnostic } from '../types';
import type { FileSystem } from '../workspace/fileSystem';
import type { RuleInfo } from './fileRules';
import type { RuleReport } from './types';
import { agentUnknown } from './claude/agentUnknown';
import { scriptNoShebang } from './scripts/scriptNoShebang';
import { scriptPipeToShell } from './scripts/scriptPipeToShell';
import { scriptRmVariable } from './scripts/scriptRmVariable';
import { scriptSecret } from './scripts/scriptSecret';

export interface DiskRuleContext {
  readonly fs: FileSystem;
  readonly doc: SkillDocument;
  readonly skillDir: string;
  readonly targets: readonly AgentProfile[];
  readonly opts: CheckOptions;
  report(report: RuleReport): void;
}

/** A rule that reads other files than the SKILL.md (agents, scripts): async, through the injected file system. */
export interface DiskRule {
  code: string;
  title: string;
  defaultSeverity: Severity;
  check(ctx: DiskRuleContext): Promise<void>;
}

/** Every disk rule, in the order their diagnostics are listed. */
export const diskRules: readonly DiskRule[] = [agentUnknown, scriptNoShebang, scriptPipeToShell, scriptRmVariable, scriptSecret];

export const diskRuleInfos: readonly RuleInfo[] = diskRules.map(({ code, title, defaultSeverity }) => ({ code, title, defaultSeverity }));

/**
 * Whether any disk rule is on under these severities, remembered for the last object
 * asked (a run's skills share one): with all of them off, a check skips the async call.
 */
export function anyDiskRuleOn(rules: Readonly<Record<string, string>>): boolean {
  if (rules !== lastRules) {
    lastRules = rules;
    lastOn = diskRules.some((r) => rules[r.code] !== 'off');
  }
  return lastOn;
}

let lastRules: Readonly<Record<string, string>> | undefined;
let lastOn = true;

/** Runs the disk rules over one skill; a rule that throws costs its own diagnostics only. */
export async function runDiskRules(fs: FileSystem, doc: SkillDocument, opts: CheckOptions): Promise<SkillDiagnostic[]> {
  const settings = resolveSkillSettings(doc.path, opts);
  const skillDir = doc.path.slice(0, Math.max(doc.path.lastIndexOf('/'), doc.path.lastIndexOf('\\')));
  const out: SkillDiagnostic[] = [];
  for (const rule of diskRules) {
    const setting = settings.rules[rule.code];
    if (setting === 'off' || opts.token?.isCancellationRequested) continue;
    const report = (r: RuleReport) => out.push({
      code: rule.code,
      severity: setting ?? r.severity ?? rule.defaultSeverity,
      message: r.message,
      file: r.file ?? doc.path,
      range: r.range,
      fixes: r.fixes,
      related: r.related,
      tags: r.tags,
    });
    try {
      await rule.check({ fs, doc, skillDir, targets: settings.targets, opts, report });
    } catch {
      // A file that vanished or cannot be read between listing and reading: nothing to say about it.
    }
  }
  return out;
}
