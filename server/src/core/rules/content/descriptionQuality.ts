import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { stringFor } from '../fields/profileValues';
import { agentskills } from '../../profiles/agentskills';
import { forEachLowerWord } from './words';

/** Words and phrases that tell an agent *when* (or for what) to pick the skill. */
const TRIGGER = /\b(when(ever)?|if (the |a )?(user|you|agent|someone)|use (it |this (skill )?)?(for|to|on|with|in|after|before)|(useful|ideal|best|designed|great|suited|intended|built|meant) (for|when|to)|(a |good |strong )fit for|helps?|triggers?|triggered|invoke|for (tasks|requests|questions|teams|agents|users|developers|projects|workflows))\b/i;

const STOP = new Set(['a', 'an', 'the', 'skill', 'for', 'of', 'and', 'to']);
/** Below this many words a description needs a trigger phrase; longer ones describe enough. */
const SHORT_WORDS = 12;
/** Common English words: TRIGGER is English, so a description with letters outside ASCII and none of these is not held to it. */
const ENGLISH = new Set(['a', 'an', 'the', 'to', 'and', 'or', 'for', 'of', 'with', 'in', 'on', 'use', 'this', 'that', 'is', 'it', 'from', 'by', 'your']);
/** Scripts written without spaces between words: each character counts as a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;

/**
 * Heuristics only (info): a description that restates the name, is only a few
 * words, or is short and never says when to use the skill. Long descriptions
 * that explain what the skill does are not flagged.
 */
export const descriptionQuality: Rule = {
  code: 'description-quality',
  title: '`description` only restates the name, is very short, or is short and never says when to use the skill.',
  defaultSeverity: 'info',
  check(ctx) {
    const entry = getEntry(ctx.doc, 'description');
    if (!entry?.value) return;
    const d = stringFor(ctx.targets[0] ?? agentskills, entry.value)?.trim();
    if (!d) return;
    const nameEntry = getEntry(ctx.doc, 'name');
    const name = (nameEntry?.value && stringFor(ctx.targets[0] ?? agentskills, nameEntry.value)) || ctx.folderName;
    const nameWords = new Set<string>();
    forEachLowerWord(name, (w) => {
      nameWords.add(w);
      return true;
    });
    // Once a word is not in the name and there are SHORT_WORDS of them, no outcome below can change.
    // 使用 p5.js 创作… is one run of letters: count its characters instead.
    const unspaced = /[^\x00-\x7f]/.test(d) ? d.match(UNSPACED)?.length ?? 0 : 0;
    let count = unspaced;
    let descCount = 0;
    let allInName = true;
    // Text in another language usually has letters outside ASCII; English words settle it.
    let english = !/[^\x00-\x7f]/.test(d);
    forEachLowerWord(d, (w) => {
      count++;
      if (!english && ENGLISH.has(w)) english = true;
      if (!STOP.has(w)) {
        descCount++;
        if (allInName && !nameWords.has(w)) allInName = false;
      }
      return allInName || count < SHORT_WORDS;
    });
    const range = entry.value.range;
    if (descCount > 0 && allInName) {
      ctx.report({ message: 'The description only restates the name; say what the skill does and when the agent should use it.', range });
    } else if (count < 4) {
      ctx.report({ message: 'The description is too short for an agent to decide when to use the skill; say what it does and when to use it.', range });
    } else if (count < SHORT_WORDS && english && !TRIGGER.test(d)) {
      ctx.report({ message: 'The description does not say when to use the skill; add "Use when …" so the agent knows when to load it.', range });
    }
  },
};
