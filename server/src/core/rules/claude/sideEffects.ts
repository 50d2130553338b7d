import { getEntry } from '../../document/values';
import type { Rule } from '../types';
import { insertEntry } from '../edits';
import { bodyLines, SHELL_FENCES } from '../content/bodyLines';
import { modelInvocable } from './invocation';

/** Commands that change something outside the working copy: publish, deploy, push, delete remote state. */
const COMMAND = /\b(git push|(?:npm|yarn|pnpm|cargo|gem|poetry) publish|twine upload|gh (?:release create|pr merge|repo delete)|terraform (?:apply|destroy)|kubectl (?:apply|delete|rollout restart)|helm (?:install|upgrade|uninstall)|(?:vercel|netlify|firebase|flyctl|fly|wrangler|railway|heroku) deploy|vercel --prod|docker push|aws s3 rm)\b/i;
/** A numbered step that starts with such a verb: `1. Deploy to production`, `3. Send the email`. */
const STEP = /^\s*\d+[.)]\s+(?:\*\*)?(Deploy|Publish|Push|Send (?:the |an? )?(?:e-?mail|message|notification|invoice|newsletter|slack|tweet|post))\b/;

/**
 * Claude Code's docs: workflows with side effects (`/deploy`, `/commit`, sending
 * messages) belong behind `disable-model-invocation: true`, so only the user starts them.
 * A suggestion (info): the words say what the body does, not whether it must wait for a user.
 */
export const sideEffectsModelInvoked: Rule = {
  code: 'side-effects-model-invoked',
  title: 'The body deploys, publishes, pushes or sends, yet the model may run the skill on its own (no `disable-model-invocation: true`).',
  defaultSeverity: 'info',
  check(ctx) {
    const who = ctx.targets.filter((t) => t.fields['disable-model-invocation']);
    if (!who.length || !modelInvocable(ctx.doc) || getEntry(ctx.doc, 'disable-model-invocation')) return;
    for (const line of bodyLines(ctx.doc)) {
      // Commands in a shell block are what the agent runs; in prose they are often advice to the user.
      const m = line.fence === undefined ? STEP.exec(line.text) : SHELL_FENCES.has(line.fence) && !/^\s*#/.test(line.text) ? COMMAND.exec(line.text) : null;
      if (!m) continue;
      const at = line.start + m.index + m[0].indexOf(m[1]);
      ctx.report({
        message: `The body has a step with effects outside the project (\`${m[1]}\`), and ${who.map((t) => t.label).join(' and ')} may run the skill on its own; \`disable-model-invocation: true\` leaves it to the user's \`/${ctx.folderName}\`.`,
        range: ctx.doc.lines.range(at, at + m[1].length),
        fixes: [{ title: 'Add `disable-model-invocation: true`', edits: [insertEntry(ctx.doc, 'disable-model-invocation: true')] }],
      });
      return;
    }
  },
};
