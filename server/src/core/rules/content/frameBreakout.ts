import type { AgentProfile, PromptFrame } from '../../profiles/types';
import { lastEntries } from '../fields/entries';
import { stringFor } from '../fields/profileValues';
import type { Rule } from '../types';

interface Hit {
  start: number;
  end: number;
  tag: string;
  /** `opencode's <skill_content> (the skill tool result)`, one per agent frame it closes */
  frames: string[];
}

const closing = (element: string) => new RegExp(`<\\s*/\\s*${element}\\s*>`, 'gi');

/**
 * A closing tag of an element an agent wraps the skill's text in (profiles'
 * `promptFrames`): the agent does not escape it, so the frame ends there and the text
 * after it reaches the model as if the agent had written it, a prompt-injection pattern.
 */
export const frameBreakout: Rule = {
  code: 'frame-breakout',
  title: 'The description or body holds a closing tag (`</skill_content>`) of the frame an agent puts it in unescaped: the rest reads as the agent\'s own text.',
  defaultSeverity: 'warning',
  check(ctx) {
    const { doc } = ctx;
    const hits = new Map<number, Hit>();
    const add = (p: AgentProfile, f: PromptFrame, start: number, end: number, tag: string, element: string) => {
      const hit = hits.get(start) ?? { start, end, tag, frames: [] };
      hit.frames.push(`${p.label}'s \`<${element}>\` (${f.where})`);
      hits.set(start, hit);
    };
    /** Closing tags of the frame's elements in doc.text[from, to). */
    const scan = (p: AgentProfile, f: PromptFrame, from: number, to: number): boolean => {
      const text = doc.text.slice(from, to);
      let found = false;
      for (const element of f.elements) {
        for (const m of text.matchAll(closing(element))) {
          add(p, f, from + m.index!, from + m.index! + m[0].length, m[0], element);
          found = true;
        }
      }
      return found;
    };
    const description = lastEntries(doc).find((e) => e.key === 'description');
    for (const p of ctx.targets) {
      for (const f of p.promptFrames ?? []) {
        if (f.text === 'body') scan(p, f, doc.bodyStart, doc.text.length);
        else if (f.text === 'file') scan(p, f, 0, doc.text.length);
        else if (description?.value) {
          const value = stringFor(p, description.value);
          if (value === undefined || !f.elements.some((el) => closing(el).test(value))) continue;
          // The tag as written, else (an escape in a quoted scalar) the whole value.
          if (!scan(p, f, description.value.start, description.value.end)) {
            const element = f.elements.find((el) => closing(el).test(value))!;
            add(p, f, description.value.start, description.value.end, `</${element}>`, element);
          }
        }
      }
    }
    for (const h of [...hits.values()].sort((a, b) => a.start - b.start)) {
      ctx.report({
        range: doc.lines.range(h.start, h.end),
        message: `\`${h.tag}\` closes ${h.frames.join(', ')}: the agent does not escape it, so the text after it reaches the model outside the frame, as if the agent had written it (a prompt-injection pattern). Reword it or write \`&lt;/…>\`.`,
      });
    }
  },
};
