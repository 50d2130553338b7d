import { quote } from '../run';
import { after } from '../settled';
import type { ReferenceRule } from './types';

export const referenceNotExecutable: ReferenceRule = {
  code: 'reference-not-executable',
  title: 'A script run directly by path lacks the executable bit.',
  defaultSeverity: 'info',
  check(doc, ref, res) {
    if ((res.status !== 'ok' && res.status !== 'case') || !ref.executed || res.type !== 'file') return;
    const { abs, rel } = res;
    if (!doc.run.enabled(referenceNotExecutable) || doc.unexecutable.has(abs)) return;
    return after(doc.run.ctx.statNow(abs), (st) => {
      if (!st || st instanceof Error || st.mode === 0 || (st.mode & 0o111) !== 0 || doc.unexecutable.has(abs)) return;
      // One chmod fixes every run of a script: reported at its first run in each file.
      doc.unexecutable.add(abs);
      doc.report(referenceNotExecutable, {
        range: ref.pathRange,
        message: `${quote(rel)} is run directly but is not executable (mode ${(st.mode & 0o777).toString(8)}); run \`chmod +x ${rel}\` or invoke it through its interpreter.`,
      });
    });
  },
};
