import * as path from 'node:path';
import type { Fix } from '../../types';
import { writePath } from '../edits';
import { quote } from '../run';
import type { ReferenceRule } from './types';

export const referenceAbsolute: ReferenceRule = {
  code: 'reference-absolute',
  title: 'A reference is an absolute path; agents resolve paths against the skill folder.',
  defaultSeverity: 'error',
  check(doc, ref, res) {
    if (res.status !== 'absolute') return;
    const { skillDir } = doc.run;
    const inside = path.relative(path.dirname(doc.d.path), ref.path);
    const fixes: Fix[] = [];
    if (!path.relative(skillDir, ref.path).startsWith('..') && !path.isAbsolute(inside) && ref.path.startsWith('/')) {
      const rel = inside.split(path.sep).join('/');
      fixes.push({ title: `Use the relative path ${quote(rel)}`, edits: [{ range: ref.pathRange, newText: writePath(doc.d, ref, rel) }], preferred: true });
    }
    doc.report(referenceAbsolute, {
      range: ref.pathRange,
      message: `${quote(ref.path)} is an absolute path; agents resolve references against the skill folder and will not find it on another machine. Use a path relative to ${doc.file ? 'this file' : 'SKILL.md'}.`,
      fixes: fixes.length ? fixes : undefined,
    });
  },
};
