// Overlapping preview requests: the document shows the newest asked, whatever order the
// server answers in (a refresh after an agent pick racing the next open of the same tab
// once left the read preview on the previous skill).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PreviewOrder } from '../../../client/src/catalog/previewOrder';

test('a refresh that was asked for the shown skill and answers after the next open is dropped', () => {
  const o = new PreviewOrder<string, string>();
  assert.ok(o.settle('read', o.open('read', 'pdf-forms')));
  const open = o.open('read', 'zz-named');
  const refresh = o.refresh('read')!;
  assert.deepEqual(refresh.req, 'zz-named', 're-asks for the newest request, not the one shown');
  assert.equal(o.settle('read', open), true);
  assert.equal(o.settle('read', refresh.ticket), true, 'the refresh of the same skill is fresher: shown');
});

test('a refresh asked before an open does not show when it answers last', () => {
  const o = new PreviewOrder<string, string>();
  o.settle('read', o.open('read', 'pdf-forms'));
  const refresh = o.refresh('read')!;
  assert.equal(refresh.req, 'pdf-forms');
  const open = o.open('read', 'zz-named');
  assert.equal(o.settle('read', open), true);
  assert.equal(o.settle('read', refresh.ticket), false);
});

test('an open answered after a newer refresh of the same request is dropped (the refresh is fresher)', () => {
  const o = new PreviewOrder<string, string>();
  const open = o.open('read', 'zz-named');
  const refresh = o.refresh('read')!;
  assert.equal(o.settle('read', refresh.ticket), true);
  assert.equal(o.settle('read', open), false);
});

test('two opens of a kind: the later asked wins in either answer order; kinds are apart', () => {
  const o = new PreviewOrder<string, string>();
  const a = o.open('load', 'a');
  const b = o.open('load', 'b');
  const i = o.open('index', 'lovia');
  assert.equal(o.settle('load', a), false, 'b was asked after a');
  assert.equal(o.settle('load', b), true);
  assert.equal(o.settle('index', i), true);
  const c = o.open('load', 'c');
  const d = o.open('load', 'd');
  assert.equal(o.settle('load', d), true);
  assert.equal(o.settle('load', c), false);
});

test('a kind never opened has nothing to refresh', () => {
  assert.equal(new PreviewOrder<string, string>().refresh('index'), undefined);
});

test('a failed open leaves refreshes on the skill shown', () => {
  const o = new PreviewOrder<string, string>();
  o.settle('read', o.open('read', 'pdf-forms'));
  o.failed('read', o.open('read', 'no-such-skill'));
  assert.equal(o.refresh('read')!.req, 'pdf-forms');
});
