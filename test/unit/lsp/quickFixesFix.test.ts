// Every quick fix the editor offers for a set of broken documents, applied: the file
// still parses, the fixed problem is gone, and no new error appears. Real-ish
// documents, a few of them copied from public skills (agentskillexchange,
// awesome-copilot), inline so the test owns its fixtures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeAction } from 'vscode-languageserver/node';
import { checkParsed, parseBounded } from '../../../server/src/lsp/analysis';
import { FIX_ALL_KIND, provideCodeActions } from '../../../server/src/lsp/codeActions';
import { pathToUri, toLspDiagnostic } from '../../../server/src/lsp/convert';
import type { ProfileId } from '../../../server/src/core/profiles/types';
import type { SkillDiagnostic } from '../../../server/src/core/types';
import { applyEdits } from '../helpers';

interface Fixture { name: string; file: string; text: string; targets?: ProfileId[] }

const longBody = (lines: number) => Array.from({ length: lines }, (_, i) => `Step ${i + 1}: do the next thing.`).join('\n') + '\n';

const FIXTURES: Fixture[] = [
  {
    name: 'agentskillexchange apache-spark-job-manager: title-case name, empty description, unknown fields',
    file: '/s/apache-spark-job-manager/SKILL.md',
    text: '---\nname: "Apache Spark Job Manager"\nslug: "apache-spark-job-manager"\ndescription: ""\ngithub_stars: 43119\nverification: "security_reviewed"\nsource: "https://github.com/apache/spark"\nauthor: "apache"\ncategory: "Data Extraction & Transformation"\nframework: "Custom Agents"\ntool_ecosystem:\n  github_repo: "apache/spark"\n  github_stars: 43119\n---\n\n# Apache Spark Job Manager\n\n\n\n## Prerequisites\n\nJava, Scala, Python\n',
  },
  {
    name: 'agentskillexchange acf-to-gutenberg-block-migrator: quoted title-case name, unknown fields',
    file: '/s/acf-to-gutenberg-block-migrator/SKILL.md',
    text: '---\nname: "ACF to Gutenberg Block Migrator"\nslug: "acf-to-gutenberg-block-migrator"\ndescription: "Converts Advanced Custom Fields field groups into native Gutenberg blocks using the ACF Block API v2 and @wordpress/scripts build pipeline. Maps ACF repeaters, groups, and flexible content to InnerBlocks and block attributes with server-side rendering via acf_register_block_type()."\nverification: "security_reviewed"\nsource: "https://www.advancedcustomfields.com/"\nauthor: "WP Engine"\ncategory: "WordPress & CMS"\nframework: "Codex"\n---\n\n# ACF to Gutenberg Block Migrator\n\nConverts Advanced Custom Fields field groups into native Gutenberg blocks.\n',
    targets: ['agentskills', 'codex'],
  },
  {
    name: 'awesome-copilot qdrant-monitoring/setup: name differs from the folder',
    file: '/s/qdrant-monitoring/setup/SKILL.md',
    text: "---\nname: qdrant-monitoring-setup\ndescription: \"Guides Qdrant monitoring setup including Prometheus scraping, health probes, Hybrid Cloud metrics, alerting, and log centralization. Use when someone asks 'how to set up monitoring', 'Prometheus config' or 'audit logging'.\"\n---\n\n# How to Set Up Qdrant Monitoring\n\nGet Prometheus scraping working first, then health probes, then alerting.\n",
    targets: ['copilot'],
  },
  {
    name: 'awesome-copilot mvvm-toolkit-messenger: angle brackets in the description',
    file: '/s/mvvm-toolkit-messenger/SKILL.md',
    text: "---\nname: mvvm-toolkit-messenger\ndescription: 'CommunityToolkit.Mvvm Messenger pub/sub for decoupled communication between ViewModels. Covers IRecipient<TMessage>, RequestMessage<T> and ValueChangedMessage<T>. Use across WPF, WinUI 3 and .NET MAUI.'\n---\n\n# CommunityToolkit.Mvvm Messenger\n\nPub/sub messaging for ViewModels.\n",
    targets: ['copilot', 'agentskills'],
  },
  { name: 'no frontmatter, a heading first', file: '/s/pdf-tools/SKILL.md', text: '# Fill PDF forms with the form fields found\n\nRead the form, then fill it.\n' },
  { name: 'no frontmatter, HTML first, CRLF and a BOM', file: '/s/html-first/SKILL.md', text: '\ufeff<div align="center">\r\n\r\n# Tool\r\n</div>\r\n' },
  { name: 'no frontmatter, folder name that is not a skill name', file: '/s/My_Tools/SKILL.md', text: 'Use these tools when the user asks for them.\n' },
  { name: 'a body over 500 lines', file: '/s/long-one/SKILL.md', text: '---\nname: long-one\ndescription: A long skill. Use when testing long bodies.\n---\n' + longBody(620) },
  { name: 'a body over 500 lines and no frontmatter', file: '/s/long-bare/SKILL.md', text: 'Use this when testing a long body without frontmatter.\n' + longBody(600), targets: ['claude-code'] },
  { name: 'an unquoted colon in the description', file: '/s/colon/SKILL.md', text: '---\nname: colon\ndescription: Does things: many of them. Use when testing.\n---\nBody.\n' },
  { name: 'a tab in the indentation', file: '/s/tabbed/SKILL.md', text: '---\nname: tabbed\ndescription: Indents with a tab. Use when testing.\nmetadata:\n\tversion: "1"\n---\nBody.\n' },
  {
    name: 'a duplicate key and an upper-case name',
    file: '/s/dup-key/SKILL.md',
    text: '---\nname: Dup-Key\ndescription: Has a key twice. Use when testing.\nlicense: MIT\nlicense: Apache-2.0\n---\nBody.\n',
    targets: ['agentskills', 'claude-code'],
  },
  {
    name: 'Claude Code fields with wrong values, CRLF',
    file: '/s/cc-fields/SKILL.md',
    text: '---\r\nname: cc-fields\r\ndescription: Checks Claude Code fields. Use when testing.\r\ncontext: forked\r\nmodel: gpt-5\r\nallowed-tools: Bash, Reed\r\nuser-invocable: "yes"\r\n---\r\nBody.\r\n',
    targets: ['claude-code'],
  },
  { name: 'empty frontmatter', file: '/s/empty-fm/SKILL.md', text: '---\n---\n# Empty\n' },
  { name: 'a description over the length limit', file: '/s/too-long/SKILL.md', text: `---\nname: too-long\ndescription: ${'Use when testing lengths. '.repeat(60)}\n---\nBody.\n` },
];

/**
 * Fixes that cannot leave the file free of new errors, and why. Keyed by fixture name
 * and action title.
 */
const EXCEPTIONS: Record<string, string> = {
  // The folder is not a valid skill name: the name Add frontmatter takes from it is
  // reported (name-format), which the user then fixes by renaming folder and name.
  'no frontmatter, folder name that is not a skill name / Add frontmatter': 'name-format',
};

const errorCounts = (list: SkillDiagnostic[]) => {
  const m = new Map<string, number>();
  for (const d of list) if (d.severity === 'error') m.set(d.code, (m.get(d.code) ?? 0) + 1);
  return m;
};

function actionsFor(f: Fixture, text: string) {
  const parsed = parseBounded(f.file, text, 1);
  const diagnostics = checkParsed(parsed, { targets: f.targets });
  const uri = pathToUri(f.file);
  const list: { action: CodeAction; diagnostic?: SkillDiagnostic }[] = [];
  for (const d of diagnostics) {
    const lsp = toLspDiagnostic(d, 1);
    const actions = provideCodeActions(
      { textDocument: { uri }, range: lsp.range, context: { diagnostics: [lsp], only: ['quickfix'] } },
      { uri, file: f.file, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
    );
    for (const action of actions) list.push({ action, diagnostic: d });
  }
  const all = provideCodeActions(
    { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: [FIX_ALL_KIND] } },
    { uri, file: f.file, doc: parsed.doc, diagnostics, version: 1, caps: { documentChanges: false, resourceOperations: false }, versionOf: () => 1 },
  );
  for (const action of all) list.push({ action });
  return { diagnostics, list, uri };
}

for (const f of FIXTURES) {
  test(`every quick fix fixes without a new error: ${f.name}`, () => {
    const { diagnostics, list, uri } = actionsFor(f, f.text);
    assert.ok(list.length > 0, 'the fixture has something to fix');
    const before = errorCounts(diagnostics);
    const problems: string[] = [];
    for (const { action, diagnostic } of list) {
      const edits = action.edit?.changes?.[uri];
      // Only edits of this file (renames need a client with file operations: not here).
      if (!edits || Object.keys(action.edit!.changes!).length !== 1) continue;
      const fixed = applyEdits(f.text, edits);
      const parsed = parseBounded(f.file, fixed, 2);
      if (!parsed.doc) problems.push(`${action.title}: the fixed file does not parse`);
      const after = checkParsed(parsed, { targets: f.targets });
      const allowed = EXCEPTIONS[`${f.name} / ${action.title}`];
      for (const [code, n] of errorCounts(after)) {
        if (n > (before.get(code) ?? 0) && code !== allowed) problems.push(`${action.title}: new ${code} error (${n} after, ${before.get(code) ?? 0} before)`);
      }
      // The problem the fix was offered for is gone (a rename elsewhere cannot show here).
      if (diagnostic) {
        const count = (l: SkillDiagnostic[]) => l.filter((d) => d.code === diagnostic.code).length;
        if (count(after) >= count(diagnostics)) problems.push(`${action.title}: ${diagnostic.code} is still reported (${count(after)})`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('"Add frontmatter" writes a description that is not empty: the first line of prose, else a sentence to replace', () => {
  const fixed = (f: Fixture) => {
    const { list, uri } = actionsFor(f, f.text);
    const add = list.find((a) => a.action.title === 'Add frontmatter')!;
    return applyEdits(f.text, add.action.edit!.changes![uri]);
  };
  assert.equal(fixed(FIXTURES[4]), '---\nname: pdf-tools\ndescription: Fill PDF forms with the form fields found\n---\n# Fill PDF forms with the form fields found\n\nRead the form, then fill it.\n');
  assert.equal(fixed(FIXTURES[5]), '\ufeff---\r\nname: html-first\r\ndescription: Say what this skill does and when to use it.\r\n---\r\n<div align="center">\r\n\r\n# Tool\r\n</div>\r\n');
});

test('body-too-long is suppressed for the whole file only: a comment above its line would move it', () => {
  const f = FIXTURES[7];
  const titles = actionsFor(f, f.text).list.filter((a) => a.diagnostic?.code === 'body-too-long').map((a) => a.action.title);
  assert.deepEqual(titles, ['Suppress `body-too-long` in this file']);
});
