import type { AgentProfile, PromptFrame } from '../../profiles/types';
import { lastEntries } from '../fields/entries';
import { stringFor } from '../fields/profileValues';
import type { Rule } from '../types';

interface Hit {
  start: number;
  end: number;
  /** the text that ends the frame, as written */
  tag: string;
  /** `opencode's <skill_content> (the skill tool result)`, one per agent frame it ends */
  frames: string[];
}

/** What ends a frame early: a closing tag of one of its elements, or a `"` in an attribute. */
function enders(f: PromptFrame): { pattern: () => RegExp; frame: (p: AgentProfile) => string }[] {
  if (f.attribute) {
    return [{ pattern: () => /"/g, frame: (p) => `${p.label}'s \`${f.attribute}="…"\` attribute of \`<${f.elements[0]}>\` (${f.where})` }];
  }
  return f.elements.map((el) => ({ pattern: () => new RegExp(`<\\s*/\\s*${el}\\s*>`, 'gi'), frame: (p: AgentProfile) => `${p.label}'s \`<${el}>\` (${f.where})` }));
}

/**
 * Text that ends a frame an agent puts skill text in (profiles' `promptFrames`): the
 * agent does not escape it, so the frame ends there and the text after it reaches the
 * model as if the agent had written it, a prompt-injection pattern.
 */
export const frameBreakout: Rule = {
  code: 'frame-breakout',
  title: 'The name, description or body holds a closing tag (`</skill_content>`) of the frame an agent puts it in unescaped: the rest reads as the agent\'s own text.',
  defaultSeverity: 'warning',
  check(ctx) {
    const { doc } = ctx;
    const hits = new Map<number, Hit>();
    const add = (start: number, end: number, tag: string, frame: string) => {
      const hit = hits.get(start) ?? { start, end, tag, frames: [] };
      if (!hit.frames.includes(frame)) hit.frames.push(frame);
      hits.set(start, hit);
    };
    /** Frame enders in doc.text[from, to); whether there was one. */
    const scan = (p: AgentProfile, f: PromptFrame, from: number, to: number): boolean => {
      const text = doc.text.slice(from, to);
      let found = false;
      for (const e of enders(f)) {
        for (const m of text.matchAll(e.pattern())) {
          add(from + m.index!, from + m.index! + m[0].length, m[0], e.frame(p));
          found = true;
        }
      }
      return found;
    };
    const entries = lastEntries(doc);
    for (const p of ctx.targets) {
      for (const f of p.promptFrames ?? []) {
        if (f.text === 'body') scan(p, f, doc.bodyStart, doc.text.length);
        else if (f.text === 'file') scan(p, f, 0, doc.text.length);
        else {
          const node = entries.find((e) => e.key === f.text)?.value;
          const value = node ? stringFor(p, node) : undefined;
          if (!node || value === undefined) continue;
          const ender = enders(f).find((e) => e.pattern().test(value));
          if (!ender) continue;
          // As written, else (an escape in a quoted scalar; the quotes of the scalar itself) the whole value.
          const inner = node.kind === 'scalar' && (node.style === 'double' || node.style === 'single') ? 1 : 0;
          if (!scan(p, f, node.start + inner, node.end - inner)) add(node.start, node.end, ender.pattern().exec(value)![0], ender.frame(p));
        }
      }
    }
    for (const h of [...hits.values()].sort((a, b) => a.start - b.start)) {
      ctx.report({
        range: doc.lines.range(h.start, h.end),
        message: `\`${h.tag}\` ends ${h.frames.join(', ')}: the agent does not escape it, so the text after it reaches the model outside the frame, as if the agent had written it (a prompt-injection pattern). Reword it${h.tag === '"' ? '' : ' or write `&lt;/…>`'}.`,
      });
    }
  },
};
