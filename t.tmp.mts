import { cursorAt } from './server/src/core/contracts/cursor';
const t = (s: string) => { const o = s.indexOf('|'); const text = s.replace('|', ''); const c = cursorAt(text, o)!; console.log(JSON.stringify({ parent: c.parent, key: c.key, inValue: c.inValue, prefix: c.prefix, siblings: c.siblings, word: text.slice(c.wordStart, c.wordEnd) })); };
t('id: x\nexecution:\n  timeout: 5s\n  re|\nlifecycle: {}\n');
t('id: x\nexecution:\n  retry_policy:\n    backoff: ex|\n');
t('fallback:\n  - skill: csv|-clean\n    description: x\n');
t('fallback: pdf|-report\n');
t('skills:\n  - name: pdf\n    version: 1.0.0\n  - name: c|\n');
t('v|ersion: 1\n');
t('fallback:\n  - csv|\n');
