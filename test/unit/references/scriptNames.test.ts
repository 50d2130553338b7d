// When a used script names another file of its skill (the unused-file hint): by file
// name, or by stem where code names a module, and never by a word of a comment.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { namesFile, scriptText } from '../../../server/src/core/references/scriptNames';

const named = (text: string, files: string[]) => files.filter((f) => namesFile(scriptText(text), `/s/scripts/${f}`));

test('module names: import statements over several lines, `-m pkg.module`, paths and quoted names', () => {
  assert.deepEqual(named('from scripts import (\n    render,\n    parser,\n)\nprint("document ready")\n', ['render.py', 'parser.py', 'document.py']), ['render.py', 'parser.py']);
  assert.deepEqual(named('from scripts import parser, \\\n    render\n# the layout is built here\n', ['render.py', 'parser.py', 'layout.py']), ['render.py', 'parser.py']);
  assert.deepEqual(named('python3 -m scripts.render "$@"\necho "render the styles"\n', ['render.py', 'styles.py']), ['render.py']);
  assert.deepEqual(named("const c = require('./lib/client');\nimport x from \"helpers\";\n// the table\n", ['lib/client.js', 'helpers.js', 'table.js']), ['lib/client.js', 'helpers.js']);
  assert.deepEqual(named('from helpers import x\n', ['helpers/__init__.py', 'other/__init__.py']), ['helpers/__init__.py']);
  assert.deepEqual(named('bash run.sh\n', ['run.sh']), ['run.sh']);
});

test('a long line full of a stem is scanned once (it took seconds per file before)', () => {
  const script = `
const { namesFile, scriptText } = require('./server/src/core/references/scriptNames');
const text = 'data config utils '.repeat(96 * 1024) + '\\n';
const s = scriptText(text);
for (const f of ['data.json', 'config.json', 'utils.js']) if (namesFile(s, '/s/assets/' + f)) throw new Error(f);
process.stdout.write('done');
`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.resolve(__dirname, '../../..'), encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.stdout, 'done', r.signal ? 'killed after 60 s' : r.stderr);
});
