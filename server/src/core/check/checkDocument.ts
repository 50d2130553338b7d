import * as path from 'node:path';
import type { SkillDocument } from '../document/model';
import { settingsFor, type SkillmdConfig } from '../config/config';
import { getProfile } from '../profiles/registry';
import { inferTargets, type PluginFolderProbe } from '../profiles/targets';
import type { AgentProfile, ProfileId } from '../profiles/types';
import { documentRules } from '../rules/registry';
import type { Rule, RuleContext, RuleReport } from '../rules/types';
import { countTokens } from '../text/tokens';
import type { CancellationToken, Severity, SeveritySetting, SkillDiagnostic } from '../types';
import { internalErrorDiagnostic, INTERNAL_ERROR } from './internalError';
import { findSuppressions, isSuppressed } from './suppressions';

export interface CheckOptions {
  /** explicit targets (CLI `--target`): win over configuration and inference */
  targets?: readonly ProfileId[];
  config?: SkillmdConfig;
  /** folder the config's globs are relative to */
  configDir?: string;
  /** rule severities from the editor; the config file's win */
  ruleSeverities?: Record<string, SeveritySetting>;
  token?: CancellationToken;
  /** looks for a plugin's folder (`.claude-plugin`) above a skill; hosts with a disk give one */
  isPluginFolder?: PluginFolderProbe;
  /** the user's home folder: a skill in an agent folder right below it (`~/.claude/skills`) is the user's own, not a project's */
  homeDir?: string;
  /**
   * false: nobody reads this check's quick fixes (the CLI prints none; the server's index
   * drops them). A hint, not a filter: reference-missing, which reports by the thousand
   * (138,000 on the 10,000-skill bench corpus), then builds none; other rules may still
   * attach theirs.
   */
  fixes?: boolean;
}

export interface SkillSettings {
  targets: AgentProfile[];
  rules: Record<string, SeveritySetting>;
}

// One check asks for a file's settings several times (document rules, reference
// rules, the result); options objects are reused across a run, so memoise per object.
// eslint-disable-next-line no-restricted-syntax -- one options object per run or request, alive as long as it is used
const settingsCache = new WeakMap<CheckOptions, Map<string, SkillSettings>>();

/** Targets and rule severities that apply to one SKILL.md. */
export function resolveSkillSettings(skillFile: string, opts: CheckOptions): SkillSettings {
  let perFile = settingsCache.get(opts);
  if (!perFile) settingsCache.set(opts, (perFile = new Map()));
  let hit = perFile.get(skillFile);
  if (!hit) {
    if (perFile.size > 50000) perFile.clear();
    perFile.set(skillFile, (hit = computeSkillSettings(skillFile, opts)));
  }
  return hit;
}

function computeSkillSettings(skillFile: string, opts: CheckOptions): SkillSettings {
  const rel = opts.configDir ? path.relative(opts.configDir, skillFile).split(path.sep).join('/') : skillFile;
  const fromConfig = opts.config ? settingsFor(opts.config, rel) : { targets: undefined, rules: {} };
  const ids = opts.targets?.length ? opts.targets : fromConfig.targets?.length ? fromConfig.targets : inferTargets(skillFile, opts.isPluginFolder);
  return {
    targets: profilesFor(ids),
    // Shared, not copied, when only one side has rules (nothing changes them).
    rules: !opts.ruleSeverities || isEmpty(opts.ruleSeverities) ? fromConfig.rules : isEmpty(fromConfig.rules) ? opts.ruleSeverities : { ...opts.ruleSeverities, ...fromConfig.rules },
  };
}

// One shared list per set of ids: rules cache what they derive from the targets by
// the list's identity (perTargets), and a run has only a few distinct sets.
const targetLists = new Map<string, AgentProfile[]>();

function profilesFor(ids: readonly ProfileId[]): AgentProfile[] {
  const key = ids.join(',');
  let list = targetLists.get(key);
  if (!list) targetLists.set(key, (list = ids.map((id) => getProfile(id)!).filter(Boolean)));
  return list;
}

/**
 * Whether `o` has no keys, remembered for the last object asked: every skill of a run
 * shares its configuration's `rules` (settingsFor; nobody changes it), and a for-in over
 * a long list, a dictionary-mode object, cost ~8 µs a skill (76 ms on 10,000 skills
 * with 52 codes set).
 */
function isEmpty(o: object): boolean {
  if (o === lastAsked) return lastEmpty;
  let empty = true;
  for (const _ in o) {
    empty = false;
    break;
  }
  lastAsked = o;
  lastEmpty = empty;
  return empty;
}

let lastAsked: object | undefined;
let lastEmpty = true;

/** The rules a check runs under a set of severities, each with its setting (undefined: the rule's own). */
interface RulePlan {
  readonly from: readonly Rule[];
  readonly severities: Record<string, SeveritySetting>;
  readonly rules: Rule[];
  readonly settings: (Severity | undefined)[];
  /** whether internal-error is on */
  readonly internalErrors: boolean;
}

let lastPlan: RulePlan | undefined;

/**
 * The rules not turned off, with their settings, remembered for the last pair asked:
 * a run's skills share one `rules` object (settingsFor), and looking each of ~100 codes
 * up in a configuration's long list, a dictionary-mode object, for every skill cost
 * ~5 µs a skill.
 */
function planFor(from: readonly Rule[], severities: Record<string, SeveritySetting>): RulePlan {
  if (lastPlan?.from === from && lastPlan.severities === severities) return lastPlan;
  const overrides = isEmpty(severities) ? undefined : severities;
  const plan: RulePlan = { from, severities, rules: [], settings: [], internalErrors: overrides?.[INTERNAL_ERROR.code] !== 'off' };
  for (const rule of from) {
    const setting = overrides?.[rule.code];
    if (setting === 'off') continue;
    plan.rules.push(rule);
    plan.settings.push(setting as Severity | undefined);
  }
  return (lastPlan = plan);
}

let withAdded: readonly Rule[] = documentRules;

/**
 * Adds a document rule after the built-in ones, for every later check. Only the CLI's
 * internal test hook uses it (SKILLMD_INTERNAL_TEST_HOOKS, docs/internal.md): its tests
 * add a rule that throws to prove a bug costs one diagnostic, not the run.
 */
export function addDocumentRule(rule: Rule): void {
  withAdded = [...withAdded, rule];
}

/** Runs every document rule over a SKILL.md. Pure: reads nothing but `doc`. */
export function checkDocument(doc: SkillDocument, opts: CheckOptions = {}, rules: readonly Rule[] = withAdded): SkillDiagnostic[] {
  const settings = resolveSkillSettings(doc.path, opts);
  const skillDir = path.dirname(doc.path);
  const out: SkillDiagnostic[] = [];
  let current: Rule = rules[0];
  const ctx: RuleContext = {
    doc,
    skillDir,
    folderName: path.basename(skillDir),
    fileName: path.basename(doc.path),
    targets: settings.targets,
    tokens: countTokens,
    report(r: RuleReport) {
      out.push({
        code: current.code,
        severity: r.severity ?? current.defaultSeverity,
        message: r.message,
        file: r.file ?? doc.path,
        range: r.range,
        fixes: r.fixes,
        related: r.related,
        tags: r.tags,
      });
    },
  };
  const plan = planFor(rules, settings.rules);
  for (let i = 0; i < plan.rules.length; i++) {
    if (opts.token?.isCancellationRequested) break;
    const rule = plan.rules[i];
    const setting = plan.settings[i];
    current = rule;
    const before = out.length;
    try {
      rule.check(ctx);
    } catch (e) {
      // A bug in one rule costs that rule's result, not the skill's or the run's.
      if (plan.internalErrors) out.push(internalErrorDiagnostic(doc.path, `rule \`${rule.code}\``, e));
      continue;
    }
    if (setting) for (let j = before; j < out.length; j++) out[j].severity = setting;
  }
  return finish(doc, out);
}

/** Drops suppressed diagnostics and orders the rest by position (sorting `diagnostics` in place). */
export function finish(doc: SkillDocument, diagnostics: SkillDiagnostic[]): SkillDiagnostic[] {
  // Looking for suppression comments scans the whole text: skip it when there is nothing to drop.
  let sup: ReturnType<typeof findSuppressions> | undefined;
  try {
    sup = diagnostics.length ? findSuppressions(doc) : undefined;
  } catch (e) {
    diagnostics.push(internalErrorDiagnostic(doc.path, 'the suppression comments (`skillmd-disable`)', e));
  }
  const kept = sup && (sup.file || sup.lines.size) ? diagnostics.filter((d) => d.file !== doc.path || !isSuppressed(sup, d)) : diagnostics;
  return kept.sort(byPosition);
}

/** The order `finish` gives diagnostics: by start position (a stable sort keeps ties in order). */
export function byPosition(a: SkillDiagnostic, b: SkillDiagnostic): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}
