import type { Exclusion } from '../catalog/types';
import type { ProfileId } from '../profiles/types';

/** One piece of text the agent puts into the model's context, byte for byte. */
export interface PreviewPart {
  /** stable id (`index`, `tool-description`, `reminder`, `tool-result`, …) */
  id: string;
  /** where the text goes, for people */
  title: string;
  text: string;
}

/** A skill's own fragment of an index (for per-skill token counts). */
export interface PreviewSkill {
  name: string;
  path: string;
  text: string;
}

export interface IndexPreview {
  agent: ProfileId;
  /** false when the agent fails instead of listing skills (Eino: one unreadable SKILL.md) */
  ok?: boolean;
  parts: PreviewPart[];
  skills: PreviewSkill[];
  /** every skill left out of the index, and why */
  omitted: Exclusion[];
  /** provenance, caveats, budget cuts */
  notes: string[];
}

export interface ToolPreview {
  agent: ProfileId;
  /** false when the agent answers with an error (unknown skill, refused path) */
  ok: boolean;
  parts: PreviewPart[];
  notes: string[];
}

export interface RenderOptions {
  /** lovia `usage_rules`: undefined → default text, null or '' → none, string → verbatim */
  usageRules?: string | null;
  /** Eino generation: 'reminder' (newest, default) or 'tool-description' (older `<available_skills>` in the tool) */
  einoFormat?: 'reminder' | 'tool-description';
  /** model context window in tokens (Codex and Claude Code budgets); undefined = unknown */
  contextWindow?: number;
  /** Claude Code `skillListingMaxDescChars` (default 1536) */
  claudeMaxDescChars?: number;
}

/** Agents with a renderer (of their index, at least). */
export const RENDER_AGENTS: readonly ProfileId[] = ['lovia', 'agentskills', 'eino', 'codex', 'claude-code', 'copilot', 'opencode'];
/** Agents whose skill-loading tool (or injection) has a renderer. */
export const LOAD_AGENTS: readonly ProfileId[] = ['lovia', 'eino', 'codex', 'claude-code', 'copilot', 'opencode'];
/** Agents with a tool that reads a skill's files (the others use general file tools). */
export const READ_AGENTS: readonly ProfileId[] = ['lovia'];

/** A preview skillmd cannot produce (an agent without that tool, a file too large to read). */
export class UnsupportedPreviewError extends Error {}
