import { picomatch } from '../lazy/picomatch';
import { isProfileId } from '../profiles/registry';
import { referenceRuleInfos } from '../references/rules';
import { allRules } from '../rules/catalog';
import { closest } from '../text/similarity';
import type { ProfileId } from '../profiles/types';
import type { SeveritySetting } from '../types';

let ruleCodes: Set<string> | undefined;

/** Every rule code a config may set (the reference rules whether or not a host enabled them). */
function knownRuleCodes(): Set<string> {
  return (ruleCodes ??= new Set([...allRules(), ...referenceRuleInfos].map((r) => r.code)));
}

/** `.skillmd.json` in the workspace root, merged with editor settings. */
export interface SkillmdConfig {
  /** profiles every skill is checked against; replaces the location-inferred ones */
  targets?: ProfileId[];
  /** rule code -> severity (or 'off') */
  rules?: Record<string, SeveritySetting>;
  /** globs (relative to the config's folder) of skills or files to skip */
  ignore?: string[];
  /** extra skill roots for discovery, relative to the config's folder */
  roots?: string[];
  /** per-glob settings, later ones win */
  overrides?: { files: string | string[]; targets?: ProfileId[]; rules?: Record<string, SeveritySetting> }[];
  /** usage rules text for lovia's index (null = none) */
  usageRules?: string | null;
  /** routing conflicts: the similarity (0–1) above which two skills are reported */
  routing?: { threshold?: number };
}

export interface ResolvedSettings {
  targets: ProfileId[] | undefined;
  rules: Record<string, SeveritySetting>;
}

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint', 'off']);

/** Validates a parsed config; returns problems as readable sentences. */
export function validateConfig(raw: unknown): { config: SkillmdConfig; problems: string[] } {
  const problems: string[] = [];
  const config: SkillmdConfig = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { config, problems: ['the configuration must be a JSON object'] };
  const o = raw as Record<string, unknown>;
  const targets = (v: unknown, where: string): ProfileId[] | undefined => {
    if (v === undefined) return undefined;
    const list = typeof v === 'string' ? [v] : v;
    if (!Array.isArray(list)) {
      problems.push(`${where} must be a list of profile names`);
      return undefined;
    }
    const out: ProfileId[] = [];
    for (const t of list) {
      if (typeof t === 'string' && isProfileId(t)) out.push(t);
      else problems.push(`${where}: unknown profile ${JSON.stringify(t)}`);
    }
    return out;
  };
  const rules = (v: unknown, where: string): Record<string, SeveritySetting> | undefined => {
    if (v === undefined) return undefined;
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      problems.push(`${where} must be an object of rule code to severity`);
      return undefined;
    }
    const out: Record<string, SeveritySetting> = {};
    for (const [k, s] of Object.entries(v)) {
      if (!knownRuleCodes().has(k)) {
        // A misspelt code would silently do nothing.
        const near = closest(k, knownRuleCodes());
        problems.push(`${where}.${k}: unknown rule code${near ? `; did you mean "${near}"?` : ''}`);
      } else if (typeof s === 'string' && SEVERITIES.has(s)) out[k] = s as SeveritySetting;
      else problems.push(`${where}.${k}: severity must be error, warning, info, hint or off`);
    }
    return out;
  };
  const strings = (v: unknown, where: string): string[] | undefined => {
    if (v === undefined) return undefined;
    if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v as string[];
    problems.push(`${where} must be a list of strings`);
    return undefined;
  };
  config.targets = targets(o.targets, 'targets');
  config.rules = rules(o.rules, 'rules');
  config.ignore = strings(o.ignore, 'ignore');
  config.roots = strings(o.roots, 'roots');
  if (o.usageRules === null || typeof o.usageRules === 'string') config.usageRules = o.usageRules;
  else if (o.usageRules !== undefined) problems.push('usageRules must be a string or null');
  if (o.routing !== undefined) {
    const r = o.routing as Record<string, unknown> | null;
    const t = r && typeof r === 'object' && !Array.isArray(r) ? r.threshold : undefined;
    if (!r || typeof r !== 'object' || Array.isArray(r) || Object.keys(r).some((k) => k !== 'threshold')) problems.push('routing must be an object { threshold }');
    else if (t !== undefined && (typeof t !== 'number' || !(t > 0 && t <= 1))) problems.push('routing.threshold must be a number above 0 and at most 1');
    else config.routing = t === undefined ? {} : { threshold: t };
  }
  if (o.overrides !== undefined && !Array.isArray(o.overrides)) problems.push('overrides must be an array of { files, targets?, rules? }');
  if (Array.isArray(o.overrides)) {
    config.overrides = [];
    o.overrides.forEach((ov, i) => {
      if (!ov || typeof ov !== 'object') return problems.push(`overrides[${i}] must be an object`);
      const r = ov as Record<string, unknown>;
      const files = typeof r.files === 'string' ? [r.files] : strings(r.files, `overrides[${i}].files`);
      if (!files) return problems.push(`overrides[${i}].files is required`);
      config.overrides!.push({ files, targets: targets(r.targets, `overrides[${i}].targets`), rules: rules(r.rules, `overrides[${i}].rules`) });
    });
  }
  for (const k of Object.keys(o)) {
    if (!['targets', 'rules', 'ignore', 'roots', 'overrides', 'usageRules', 'routing', '$schema'].includes(k)) problems.push(`unknown setting "${k}"`);
  }
  return { config, problems };
}

/**
 * Settings for one file: top-level settings, then matching overrides in order.
 * `relPath` is relative to the configuration's folder, with `/` separators.
 */
export function settingsFor(config: SkillmdConfig, relPath: string): ResolvedSettings {
  let targets = config.targets;
  // The configuration's own object unless an override adds rules: a copy per skill of a
  // long \`rules\` list cost 0.2 s on 10,000 skills. Callers never change it.
  let rules = config.rules ?? NO_RULES;
  for (const ov of config.overrides ?? []) {
    const globs = Array.isArray(ov.files) ? ov.files : [ov.files];
    if (!globs.some((g) => matchGlob(g, relPath))) continue;
    if (ov.targets) targets = ov.targets;
    if (ov.rules) rules = { ...rules, ...ov.rules };
  }
  return { targets, rules };
}

const NO_RULES: Record<string, SeveritySetting> = Object.freeze({});

const globCache = new Map<string, (s: string) => boolean>();

export function matchGlob(glob: string, relPath: string): boolean {
  let m = globCache.get(glob);
  if (!m) {
    const matcher = picomatch(glob, { dot: true });
    // A folder glob (`vendor/**` or `vendor`) also matches everything inside.
    const inside = picomatch(glob.replace(/\/+$/, '') + '/**', { dot: true });
    m = (s: string) => matcher(s) || inside(s);
    globCache.set(glob, m);
  }
  return m(relPath);
}

export function isIgnored(config: SkillmdConfig, relPath: string): boolean {
  return (config.ignore ?? []).some((g) => matchGlob(g, relPath));
}
