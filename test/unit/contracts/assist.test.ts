// Completion, hover and skill names in a contract being typed; `|` marks the cursor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contractCompletion, contractHover, skillNameAt, type AssistOptions } from '../../../server/src/core/contracts/assist';
import { cursorAt } from '../../../server/src/core/contracts/cursor';

const at = (marked: string) => ({ text: marked.replace('|', ''), offset: marked.indexOf('|') });
const where = (marked: string) => {
  const { text, offset } = at(marked);
  const c = cursorAt(text, offset)!;
  return { parent: c.parent, key: c.key, inValue: c.inValue, prefix: c.prefix, word: text.slice(c.wordStart, c.wordEnd) };
};

test('the cursor: its mapping from the indentation above, its key, whether a value is typed', () => {
  assert.deepEqual(where('id: x\nexecution:\n  timeout: 5s\n  re|\n'), { parent: ['execution'], key: undefined, inValue: false, prefix: 're', word: 're' });
  assert.deepEqual(where('execution:\n  retry_policy:\n    backoff: ex|\n'), { parent: ['execution', 'retry_policy'], key: 'backoff', inValue: true, prefix: 'ex', word: 'ex' });
  assert.deepEqual(where('fallback:\n  - skill: csv|-clean\n'), { parent: ['fallback', 0], key: 'skill', inValue: true, prefix: 'csv', word: 'csv-clean' });
  assert.deepEqual(where('skills:\n  - name: a\n    vers|ion: 1.0.0\n'), { parent: ['skills', 0], key: 'version', inValue: false, prefix: 'vers', word: 'version' });
  assert.deepEqual(where('fallback:\n  - csv|\n'), { parent: ['fallback', 0], key: undefined, inValue: true, prefix: 'csv', word: 'csv' });
});

const contract: AssistOptions = { schema: 'contract', skillNames: ['csv-clean', 'pdf-report'] };

test('completion offers the fields the mapping lacks, enum values, booleans and skill names', () => {
  const fields = (m: string) => { const { text, offset } = at(m); return contractCompletion(text, offset, contract).map((i) => i.label); };
  assert.deepEqual(fields('execution:\n  rate_limit:\n    requests_per_minute: 5\n    |\n'), ['burst_capacity']);
  assert.deepEqual(fields('execution:\n  auth_required: |\n'), ['true', 'false']);
  assert.deepEqual(fields('fallback: |\n'), ['csv-clean', 'pdf-report']);
  assert.deepEqual(fields('status: |\n'), ['draft', 'experimental', 'beta', 'stable', 'active', 'deprecated', 'retired']);
  assert.deepEqual(fields('# a comment |\n'), []);
});

test('hover names the field path, its type and description; skill names under the cursor', () => {
  const { text, offset } = at('lifecycle:\n  health_check:\n    timeout|_ms: 5\n');
  assert.equal(contractHover(text, offset, contract)?.markdown, '**`lifecycle.health_check.timeout_ms`** — integer\n\nTime limit of the health check in milliseconds; not longer than the execution timeout.');
  const n = at('fallback:\n  - skill: pdf-re|port\n    description: x\n');
  assert.deepEqual(skillNameAt(n.text, n.offset, contract), { name: 'pdf-report', start: 21, end: 31 });
  const reg = at('skills:\n  - name: pdf|\n');
  assert.equal(skillNameAt(reg.text, reg.offset, { schema: 'registry' })?.name, 'pdf');
});

test('flow mappings and sequences: fields, enum values and skill names inside `{…}` and `[…]`, hover and names there too', () => {
  const labels = (m: string) => { const { text, offset } = at(m); return contractCompletion(text, offset, contract).map((i) => i.label); };
  assert.deepEqual(labels('execution: {timeout: 5s, re|}\n'), ['timeout_ms', 'retries', 'retry_policy', 'retry_backoff', 'isolation', 'auth_required', 'rate_limit']);
  assert.deepEqual(labels('execution: {timeout: 5s, isolation: con|}\n'), ['none', 'process', 'thread', 'container', 'sandbox', 'vm']);
  assert.deepEqual(labels('execution: {retry_policy: {backoff: |}}\n'), ['none', 'fixed', 'linear', 'exponential']);
  assert.deepEqual(labels('execution: {auth_required: |, retries: 1}\n'), ['true', 'false']);
  assert.deepEqual(labels('fallback: [{skill: csv|}]\n'), ['csv-clean', 'pdf-report']);
  assert.deepEqual(labels('fallback:\n  - {skill: p|, description: x}\n'), ['csv-clean', 'pdf-report']);
  // The keys after the cursor count as written; inside a quoted value nothing is offered.
  assert.deepEqual(labels('execution: { |, timeout: 5s, retries: 1 }\n'), ['timeout_ms', 'retry_policy', 'retry_backoff', 'isolation', 'auth_required', 'rate_limit']);
  assert.deepEqual(labels('execution: {timeout: "5s, |"}\n'), []);
  const item = (() => { const { text, offset } = at('execution: {timeout: 5s, re|}\n'); return contractCompletion(text, offset, contract).find((i) => i.label === 'retries')!; })();
  assert.deepEqual([item.insertText, item.start, item.end], ['retries: ', 25, 27]);
  assert.deepEqual(where('lifecycle: {health_check: {timeout|_ms: 5}}\n'), { parent: ['lifecycle', 'health_check'], key: 'timeout_ms', inValue: false, prefix: 'timeout', word: 'timeout_ms' });
  const h = at('lifecycle: {health_check: {timeout|_ms: 5}}\n');
  assert.deepEqual(contractHover(h.text, h.offset, contract), { markdown: '**`lifecycle.health_check.timeout_ms`** — integer\n\nTime limit of the health check in milliseconds; not longer than the execution timeout.', start: 27, end: 37 });
  const n = at('fallback: [csv-clean, pdf-re|port]\n');
  assert.deepEqual(skillNameAt(n.text, n.offset, contract), { name: 'pdf-report', start: 22, end: 32 });
});
