import { getEntry, resolveNode } from '../../document/values';
import type { Rule } from '../types';

// Phrases that tell an agent *when* to pick the skill.
const WHEN = /\b(use (it |this )?(when|for|to|if|whenever|after|before|on)|when (the )?(user|you|asked|working|you're|you are)|whenever|triggers? (on|when)|if the user|for (tasks|requests|questions) )/i;

export const descriptionQuality: Rule = {
  code: 'description-quality',
  title: '`description` does not say what the skill does and when to use it, or only restates the name.',
  defaultSeverity: 'info',
  check(ctx) {
    const entry = getEntry(ctx.doc, 'description');
    const node = resolveNode(entry?.value);
    if (!node || node.kind !== 'scalar' || typeof node.value !== 'string') return;
    const d = node.value.trim();
    if (d === '') return;
    const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const name = getEntry(ctx.doc, 'name');
    const nameNode = resolveNode(name?.value);
    const nameWords = new Set(words(typeof (nameNode as { value?: unknown })?.value === 'string' ? String((nameNode as { value: string }).value) : ctx.folderName));
    const descWords = words(d).filter((w) => !['a', 'an', 'the', 'skill', 'for', 'of', 'and', 'to'].includes(w));
    if (descWords.length > 0 && descWords.every((w) => nameWords.has(w))) {
      ctx.report({ message: 'The description only restates the name; say what the skill does and when the agent should use it.', range: node.range });
      return;
    }
    if (descWords.length < 4) {
      ctx.report({ message: 'The description is too short for an agent to decide when to use the skill; say what it does and when to use it.', range: node.range });
      return;
    }
    if (!WHEN.test(d)) {
      ctx.report({ message: 'The description does not say when to use the skill; add a "Use when …" sentence so the agent knows when to load it.', range: node.range });
    }
  },
};
