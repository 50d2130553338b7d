import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { childPath, descendantPath, relativeSlash } from '../../../server/src/core/workspace/childPath';

// Shortcuts for path.join and path.relative: they must agree with them on every input, the
// unusual ones (trailing or double separators, dot segments) included.
const dirs = ['/a', '/a/b', '/', '/a/', '/a//b', '/a/./b', '/a/../b', 'rel/dir', '/s k/é'];

test('childPath equals path.join', () => {
  for (const dir of dirs) for (const name of ['x', 'x.md', '.hidden', '..', '.', 'a/b', '']) {
    assert.equal(childPath(dir, name), path.join(dir, name), `${dir} + ${name}`);
  }
});

test('descendantPath equals path.join', () => {
  for (const dir of dirs) for (const rel of ['x', 'references/x.md', 'a/b/c', '', 'a//b', 'a/./b', 'a/../b', '/abs', 'a/', '..']) {
    assert.equal(descendantPath(dir, rel), path.join(dir, rel), `${dir} + ${rel}`);
  }
});

test('relativeSlash equals path.relative with / separators', () => {
  for (const dir of dirs) for (const rest of ['x', 'references/x.md', 'a/b/c', '', 'a//b', 'a/./b', 'a/../b', 'a/', '..', '../c', 'é/ü.md']) {
    for (const abs of [dir + '/' + rest, dir + rest, '/elsewhere/' + rest]) {
      assert.equal(relativeSlash(dir, abs), path.relative(dir, abs).split(path.sep).join('/'), `${dir} -> ${abs}`);
    }
  }
});
