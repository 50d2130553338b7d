import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEntry, toJs } from '../../../server/src/core/document/values';
import { parse, r } from '../helpers';

describe('parseSkillDocument', () => {
  it('BOM + CRLF: ranges are UTF-16 positions after the BOM', () => {
    const doc = parse('\uFEFF---\r\nname: my-skill\r\ndescription: x\r\n---\r\nbody\r\n');
    assert.equal(doc.hasBom, true);
    assert.equal(doc.frontmatter.state, 'mapping');
    assert.deepEqual(doc.frontmatter.openRange, r(0, 1, 0, 4));
    assert.deepEqual(getEntry(doc, 'name')?.value?.range, r(1, 6, 1, 14));
    assert.equal(doc.text.slice(doc.bodyStart), 'body\r\n');
  });
  it('lone CR line ends (old Mac files) end lines for YAML too', () => {
    const doc = parse('---\rname: my-skill\rdescription: Use when testing.\r---\rbody\r');
    assert.equal(doc.frontmatter.state, 'mapping');
    assert.deepEqual(doc.frontmatter.problems, []);
    assert.deepEqual(getEntry(doc, 'name')?.value?.range, r(1, 6, 1, 14));
    assert.equal(toJs(getEntry(doc, 'description')?.value), 'Use when testing.');
    assert.deepEqual(getEntry(doc, 'description')?.keyRange, r(2, 0, 2, 11));
  });

  it('anchors, aliases and explicit tags are recorded', () => {
    const doc = parse('---\nname: &n my-skill\ndescription: *n\nlicense: !!str MIT\n---\n');
    assert.equal(getEntry(doc, 'name')?.value?.anchor, 'n');
    assert.equal(getEntry(doc, 'description')?.value?.kind, 'alias');
    assert.equal(toJs(getEntry(doc, 'description')?.value), 'my-skill');
    assert.equal(getEntry(doc, 'license')?.value?.tag, 'tag:yaml.org,2002:str');
  });
  it('duplicate keys are kept in order; getEntry returns the last', () => {
    const doc = parse('---\nname: a\nname: b\n---\n');
    assert.deepEqual(doc.frontmatter.entries.map((e) => toJs(e.value)), ['a', 'b']);
    assert.equal(toJs(getEntry(doc, 'name')?.value), 'b');
  });
  it('leading blank lines and unterminated', () => {
    assert.equal(parse('\n---\nname: a\n---\n').frontmatter.leadingBlankLines, true);
    assert.equal(parse('---\nname: a\n').frontmatter.state, 'unterminated');
    assert.equal(parse('---\n---\n').frontmatter.state, 'empty');
    assert.equal(parse('---\n- a\n---\n').frontmatter.state, 'not-mapping');
  });
});
