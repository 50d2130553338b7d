import { agentskills } from './agentskills';
import { claudeCode } from './claudeCode';
import { codex } from './codex';
import { copilot } from './copilot';
import { eino } from './eino';
import { lovia } from './lovia';
import { opencode } from './opencode';
import type { AgentProfile, ProfileId } from './types';

export const profiles: readonly AgentProfile[] = [agentskills, claudeCode, copilot, codex, opencode, lovia, eino];

// Field tables are looked up by frontmatter keys, which authors choose: without a
// prototype, `constructor:` or `toString:` is an unknown field, not Object's method.
for (const p of profiles) {
  Object.setPrototypeOf(p.fields, null);
  for (const f of Object.values(p.fields)) if (f.children) Object.setPrototypeOf(f.children, null);
}

const byId = new Map<string, AgentProfile>(profiles.map((p) => [p.id, p]));

export function getProfile(id: string): AgentProfile | undefined {
  return byId.get(id);
}

export function isProfileId(id: string): id is ProfileId {
  return byId.has(id);
}

export const profileIds: readonly ProfileId[] = profiles.map((p) => p.id);
