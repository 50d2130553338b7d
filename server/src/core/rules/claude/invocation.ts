import type { SkillDocument } from '../../document/model';
import { getEntry, resolveNode } from '../../document/values';

const TRUE = /^(true|yes|on|1)$/i;
const FALSE = /^(false|no|off|0)$/i;

/** A boolean field as Claude Code reads it (`yes`/`on`/`1` too, any case); undefined when absent or not a boolean. */
export function booleanField(doc: SkillDocument, key: string): boolean | undefined {
  const n = resolveNode(getEntry(doc, key)?.value);
  if (!n || n.kind !== 'scalar') return undefined;
  if (typeof n.value === 'boolean') return n.value;
  const s = String(n.value).trim();
  return TRUE.test(s) ? true : FALSE.test(s) ? false : undefined;
}

/** Whether the model may load the skill on its own (no `disable-model-invocation: true`). */
export function modelInvocable(doc: SkillDocument): boolean {
  return booleanField(doc, 'disable-model-invocation') !== true;
}

/** Whether the skill is a `/name` command (no `user-invocable: false`). */
export function userInvocable(doc: SkillDocument): boolean {
  return booleanField(doc, 'user-invocable') !== false;
}
