import { registerSkillFileCheck } from '../check/checkSkillFile';
import { registerRuleInfo } from '../rules/catalog';
import { checkReferences } from './check';
import type { DependencyIndex } from './dependencies';
import { referenceRuleInfos } from './rules';

export { checkReferences, resolveAll, usedPaths, RESOURCE_FOLDERS, type ReferenceCheckResult, type ResolvedReference } from './check';
export { extractReferences, KNOWN_FOLDERS, type SkillReference, type ReferenceKind } from './extract';
export { collectAnchors, githubSlug, Slugger, findAnchor, type Anchor } from './anchors';
export { ReferenceContext, MAX_TARGET_BYTES } from './context';
export { resolveReference, type Resolution } from './resolve';
export { REFERENCE_RULES, referenceRuleInfos } from './rules';
export { DependencyIndex } from './dependencies';
export * from './providers';

let enabled = false;
let sharedIndex: DependencyIndex | undefined;

/**
 * Adds the reference checks to every `checkSkillFile` run (CLI and server) and lists
 * their rules for docs and SARIF. Idempotent. With `index`, each run records the
 * paths the SKILL.md depends on, for re-checking dependents on file events.
 */
export function enableReferenceChecks(options: { index?: DependencyIndex } = {}): void {
  if (options.index) sharedIndex = options.index;
  if (enabled) return;
  enabled = true;
  registerRuleInfo(...referenceRuleInfos);
  registerSkillFileCheck(async (fs, doc, opts) => {
    const result = await checkReferences(fs, doc, opts);
    sharedIndex?.update(doc.path, result.dependencies);
    return result.diagnostics;
  });
}
