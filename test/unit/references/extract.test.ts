import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSkillDocument } from '../../../server/src/core/document/parse';
import { extractReferences } from '../../../server/src/core/references/extract';
import { FM, r, SKILL_MD } from './helpers';

function refs(body: string, fm = FM) {
  const doc = parseSkillDocument(SKILL_MD, fm + body);
  return extractReferences(doc).map((x) => {
    const flags = [x.tentative ? 'tentative' : '', x.executed ? 'exec' : '', x.variable ? `var=${x.variable}` : ''].filter(Boolean).join(',');
    return `${x.kind} ${JSON.stringify(x.path)}${x.fragment !== undefined ? '#' + x.fragment : ''} ${r(x.range)} path=${r(x.pathRange)}${flags ? ' ' + flags : ''}`;
  });
}

// The frontmatter is 4 lines; the body starts on line 4.
test('inline links and images with fragments, titles, angle brackets and encoding', () => {
  assert.deepEqual(refs('See [g](references/guide.md#usage) and ![logo](assets/my%20logo.png "Logo").\n[s](<references/my guide.md>) [t](references/t.md \'T\')\n'), [
    'link "references/guide.md"#usage 4:8-4:33 path=4:8-4:27',
    'image "assets/my logo.png" 4:47-4:67 path=4:47-4:67',
    'link "references/my guide.md" 5:5-5:27 path=5:5-5:27',
    'link "references/t.md" 5:34-5:49 path=5:34-5:49',
  ]);
});

test('reference-style links resolve to their definition; the definition carries the path', () => {
  assert.deepEqual(refs('Read [the guide][g] or [g][] or [g].\n\n[g]: references/guide.md#top "Guide"\n[u]: https://example.com\n'), [
    'reflink "references/guide.md"#top 4:17-4:18 path=6:5-6:24',
    'reflink "references/guide.md"#top 4:24-4:25 path=6:5-6:24',
    'reflink "references/guide.md"#top 4:33-4:34 path=6:5-6:24',
    'definition "references/guide.md"#top 6:5-6:28 path=6:5-6:24',
  ]);
});

test('HTML href and src; local fragments', () => {
  assert.deepEqual(refs('<img src="assets/a.png" alt="x"> <a href=\'#usage\'>u</a> <a href="https://x.y">x</a>\n'), [
    'html "assets/a.png" 4:10-4:22 path=4:10-4:22',
    'html ""#usage 4:42-4:48 path=4:42-4:42',
  ]);
});

test('URLs, autolinks, mailto and template targets are not file references', () => {
  assert.deepEqual(refs('[a](https://x.y/references/a.md) <https://x.y> [m](mailto:a@b.c) [t]({{url}}) [f](ftp://h/x) [p](//cdn/x.js)\n'), []);
});

test('paths in inline code: known folders, agent variables, command position', () => {
  assert.deepEqual(refs('Run `python scripts/extract.py --in=assets/in.txt`, `./scripts/run.sh -v` or `scripts/x.sh`.\n'), [
    'code "scripts/extract.py" 4:12-4:30 path=4:12-4:30',
    'code "assets/in.txt" 4:36-4:49 path=4:36-4:49',
    'code "./scripts/run.sh" 4:53-4:69 path=4:53-4:69 exec',
    'code "scripts/x.sh" 4:78-4:90 path=4:78-4:90',
  ]);
  assert.deepEqual(refs('Use `{{.BaseDirectory}}/scripts/a.py` and `${CLAUDE_SKILL_DIR}/references/b.md`.\n'), [
    'code "scripts/a.py" 4:5-4:36 path=4:24-4:36 var={{.BaseDirectory}}',
    'code "references/b.md" 4:43-4:78 path=4:63-4:78 var=${CLAUDE_SKILL_DIR}',
  ]);
});

test('paths in fenced shell blocks; other languages only through agent variables', () => {
  const body = [
    '```bash',
    '$ python3 scripts/extract.py --out "assets/out.json" # scripts/comment.py',
    'make && ./scripts/build.sh | tee references/log.md',
    '"${CLAUDE_SKILL_DIR}/scripts/y.sh" arg',
    '```',
    '```python',
    'open("scripts/not-shell.py")',
    'open("{{.BaseDirectory}}/assets/t.json")',
    '```',
    '~~~',
    'scripts/plain.sh',
    '~~~',
    '',
  ].join('\n');
  assert.deepEqual(refs(body), [
    'shell "scripts/extract.py" 5:10-5:28 path=5:10-5:28',
    'shell "assets/out.json" 5:36-5:51 path=5:36-5:51 tentative',
    'shell "./scripts/build.sh" 6:8-6:26 path=6:8-6:26 exec',
    'shell "references/log.md" 6:33-6:50 path=6:33-6:50 tentative',
    'shell "scripts/y.sh" 7:1-7:33 path=7:21-7:33 exec,var=${CLAUDE_SKILL_DIR}',
    'code "assets/t.json" 11:6-11:38 path=11:25-11:38 var={{.BaseDirectory}}',
    'shell "scripts/plain.sh" 14:0-14:16 path=14:0-14:16 exec',
  ]);
});

test('tentative paths in code need an extension or folder; numbers, flags and globs are not paths', () => {
  assert.deepEqual(refs('`config.yaml` `v1.2.3` `--flag` `scripts/*.py` `~/x.md` `/usr/bin/x` `npm install` `lib/util.js`\n'), [
    'code "config.yaml" 4:1-4:12 path=4:1-4:12 tentative',
    'code "lib/util.js" 4:84-4:95 path=4:84-4:95 tentative',
  ]);
});

test('links shown in code name files only if they exist; links in HTML comments are ignored', () => {
  assert.deepEqual(refs('`[x](references/a.md)` and\n```md\n[y](references/b.md)\n```\n<!-- [z](references/c.md)\n[w](references/d.md) -->\n[v](references/e.md)\n'), [
    'code "references/a.md" 4:5-4:20 path=4:5-4:20 tentative',
    'link "references/e.md" 10:4-10:19 path=10:4-10:19',
  ]);
});

test('prose: file names are tentative references (kept only if they exist); folder words and URLs are none', () => {
  const body = 'This skill has references and scripts. See the references folder, scripts/extract.py in prose,\n' +
    'https://example.com/references/x.md and www.example.com. [not a link] (references/a.md) and a [dangling] ref.\n' +
    'Read **FORMS.md**, then @guide.md and _notes.txt_! Not ../up.md, 1.5x or v1.2.3.\n';
  assert.deepEqual(refs(body), [
    'prose "scripts/extract.py" 4:66-4:84 path=4:66-4:84 tentative',
    'prose "www.example.com" 5:40-5:55 path=5:40-5:55 tentative',
    'prose "references/a.md" 5:71-5:86 path=5:71-5:86 tentative',
    'prose "FORMS.md" 6:7-6:15 path=6:7-6:15 tentative',
    'prose "guide.md" 6:25-6:33 path=6:25-6:33 tentative',
    'prose "notes.txt" 6:39-6:48 path=6:39-6:48 tentative',
  ]);
});

test('the frontmatter is skipped', () => {
  assert.deepEqual(refs('[a](references/a.md)\n', '---\nname: x\ndescription: "see [b](references/b.md) and `scripts/c.py`"\n---\n'), [
    'link "references/a.md" 4:4-4:19 path=4:4-4:19',
  ]);
});

test('CRLF, tabs and non-ASCII keep UTF-16 columns', () => {
  // (A tab at the start of the body would make an indented code block.)
  const body = 'Vorab:\tSiehe [Übersicht 😀](references/über.md#größe) und `scripts/ü.py`\r\n[b](references/b.md)\r\n';
  assert.deepEqual(refs(body, FM.replace(/\n/g, '\r\n')), [
    'link "references/über.md"#größe 4:28-4:52 path=4:28-4:46',
    'code "scripts/ü.py" 4:59-4:71 path=4:59-4:71',
    'link "references/b.md" 5:4-5:19 path=5:4-5:19',
  ]);
});

test('backslashes and nested parentheses in destinations', () => {
  assert.deepEqual(refs('[a](references\\guide.md) [b](references/a_(1).md) [c](references/x\\(y\\).md)\n'), [
    'link "references\\\\guide.md" 4:4-4:23 path=4:4-4:23',
    'link "references/a_(1).md" 4:29-4:48 path=4:29-4:48',
    'link "references/x(y).md" 4:54-4:74 path=4:54-4:74',
  ]);
});

test('after `cd` in a shell block relative paths are not the skill\'s (agent variables still are)', () => {
  assert.deepEqual(refs('```bash\nscripts/a.sh\ncd my-agent\n./scripts/fork.sh . x\n"$CLAUDE_SKILL_DIR/scripts/b.sh"\n```\n```sh\nscripts/c.sh\n```\n'), [
    'shell "scripts/a.sh" 5:0-5:12 path=5:0-5:12 exec',
    'shell "scripts/b.sh" 8:1-8:31 path=8:19-8:31 exec,var=$CLAUDE_SKILL_DIR',
    'shell "scripts/c.sh" 11:0-11:12 path=11:0-11:12 exec',
  ]);
});

test('ranges are computed on first read and equal the eager ones (CRLF, BOM, non-ASCII, reference-style links)', () => {
  const text = '\uFEFF' + FM.replace(/\n/g, '\r\n') + 'Über [a][g] 😀 [g] `{{.BaseDirectory}}/scripts/ü.py#x`\r\n\r\n[g]: <references/ü ber.md#top>\r\n';
  const doc = parseSkillDocument(SKILL_MD, text);
  const all = extractReferences(doc);
  assert.deepEqual(all.map((x) => x.kind), ['reflink', 'reflink', 'code', 'definition']);
  for (const x of all) {
    assert.deepEqual(x.range, doc.lines.range(x.start, x.end));
    assert.deepEqual(x.pathRange, doc.lines.range(x.pathStart, x.pathEnd));
    assert.equal(x.range, x.range);
  }
  // A reference-style link edits its definition's path.
  assert.deepEqual(all[0].pathRange, all[3].pathRange);
  assert.equal(all[0].path, 'references/ü ber.md');
});

test('known folders in any case, but not spelled with look-alike letters; a lone path in inline code is a mention', () => {
  assert.deepEqual(refs('`SCRIPTS/a.sh` `Assets/x.PNG` `ſcripts/b.sh` `ｓcripts/d.sh` `scripts/c.sh \u00a0` `scripts/e.sh \u00a0x` `2.5x` `v2.zip` `x.abcdefghi`\n'), [
    'code "SCRIPTS/a.sh" 4:1-4:13 path=4:1-4:13',
    'code "Assets/x.PNG" 4:16-4:28 path=4:16-4:28',
    'code "ſcripts/b.sh" 4:31-4:43 path=4:31-4:43 tentative',
    'code "ｓcripts/d.sh" 4:46-4:58 path=4:46-4:58 tentative',
    'code "scripts/c.sh" 4:61-4:73 path=4:61-4:73',
    'code "scripts/e.sh" 4:78-4:90 path=4:78-4:90 exec',
    'code "v2.zip" 4:103-4:109 path=4:103-4:109 tentative',
  ]);
});

test('a document\'s references are extracted once per skill folder, and only the last few documents are kept', () => {
  const doc = parseSkillDocument(SKILL_MD, FM + 'See [g](references/guide.md).\n');
  const first = extractReferences(doc);
  assert.equal(extractReferences(doc), first, 'asked again: the same list');
  const other = extractReferences(doc, '/other/skill');
  assert.notEqual(other, first, 'another skill folder: its own list');
  assert.equal(extractReferences(doc), first);
  // Four other documents later the first is let go (a WeakMap kept every document
  // alive through young-generation collections): extracted anew, equal.
  for (let i = 0; i < 4; i++) extractReferences(parseSkillDocument(SKILL_MD, FM + `Doc ${i}.\n`));
  const again = extractReferences(doc);
  assert.notEqual(again, first);
  assert.deepEqual(again, first);
});
