// body-too-long counts UTF-8 bytes from the non-ASCII units only; it must agree with
// the plain per-unit count, including its handling of lone surrogates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { utf8Bytes } from '../../../server/src/core/rules/content/bodyTooLong';
import { utf8Length } from '../../../server/src/core/text/utf8';

test('utf8Bytes equals utf8Length', () => {
  const units = ['a', '\n', '\u007f', '\u0080', 'ü', '\u07ff', '\u0800', '日', '\ud7ff', '\ud83d', '\ude00', '\udbff', '\udc00', '\ue000', '\uffff'];
  const samples = ['', 'plain ascii', 'Grüße — “quoted” 日本語', '😀 emoji', 'lone \ud83d', '\ud83d', '\ude00 low first', '\ud83d\ud83d\ude00', '\ud83dü'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 500; i++) {
    let s = '';
    for (let j = next() % 12; j > 0; j--) s += units[next() % units.length];
    samples.push(s);
  }
  for (const s of samples) assert.equal(utf8Bytes(s), utf8Length(s), JSON.stringify(s));
});
