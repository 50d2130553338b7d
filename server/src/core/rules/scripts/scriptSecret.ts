import type { DiskRule } from '../diskRules';
import { lineRange, scriptFiles } from './scriptFiles';

/** Credential formats with a fixed, recognisable shape (prefix and length), so a match is rarely anything else. */
const SECRETS: [string, RegExp][] = [
  ['an AWS access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['a GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})\b/],
  ['an Anthropic API key', /\bsk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{40,}/],
  ['an OpenAI API key', /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{40,}/],
  ['a Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['a Slack token', /\bxox[abprs]-[0-9A-Za-z-]{20,}/],
  ['a Slack webhook', /https:\/\/hooks\.slack\.com\/services\/T[0-9A-Z]+\/B[0-9A-Z]+\/[0-9A-Za-z]{20,}/],
  ['a Stripe secret key', /\b[sr]k_live_[0-9A-Za-z]{20,}/],
  ['a private key', /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/],
];
/** Documentation placeholders: `AKIAIOSFODNN7EXAMPLE`, `sk-xxxx…`, `<your key>`. */
const PLACEHOLDER = /EXAMPLE|x{6,}|X{6,}|0{10,}|your[_-]?(?:api[_-]?)?key|\.\.\./i;

export const scriptSecret: DiskRule = {
  code: 'script-secret',
  title: 'A script the instructions run holds what looks like a credential (an API key, token or private key).',
  defaultSeverity: 'warning',
  async check(ctx) {
    for (const s of await scriptFiles(ctx.fs, ctx.doc, ctx.skillDir)) {
      // No pattern crosses a line: none in the text, none in a line (most scripts).
      if (!SECRETS.some(([, re]) => re.test(s.text))) continue;
      s.lines.forEach((line, i) => {
        for (const [what, re] of SECRETS) {
          const m = re.exec(line);
          if (!m || PLACEHOLDER.test(m[0])) continue;
          ctx.report({
            file: s.file,
            message: `This looks like ${what}, written into a script that is shared with the skill; read it from an environment variable instead, and revoke it if it was ever published.`,
            range: lineRange(i, m.index, m.index + m[0].length),
          });
          return;
        }
      });
    }
  },
};
