import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFix, check, only, r, view } from '../helpers';

const fm = (...lines: string[]) => `---\n${lines.join('\n')}\n---\n`;

describe('name-format', () => {
  it('one diagnostic for several problems, one fix; tab after the colon', () => {
    const text = '---\nname:\tMy_Skill\ndescription: A test skill for checking\n---\n';
    const [d] = only('name-format', text, { targets: ['agentskills', 'lovia'] });
    assert.deepEqual(view(d), {
      code: 'name-format', severity: 'error',
      message: 'Skill name `My_Skill` must be lowercase and may only contain lowercase letters, digits and hyphens; use `my-skill` (rejected by agentskills).',
      range: r(1, 6, 1, 14),
    });
    assert.equal(applyFix(text, d), '---\nname:\tmy-skill\ndescription: A test skill for checking\n---\n');
  });
  it('a block-scalar name (`>-`, CRLF, BOM): the fix replaces the value and keeps the line break before `---`', () => {
    const text = '\ufeff---\r\ndescription: x\r\nname: >-\r\n  My Skill\r\n---\r\nbody\r\n';
    const [d] = only('name-format', text, { targets: ['agentskills'] });
    assert.deepEqual(d.range, r(2, 6, 3, 10));
    assert.equal(applyFix(text, d), '\ufeff---\r\ndescription: x\r\nname: my-skill\r\n---\r\nbody\r\n');
    // The same through the fast path's `|` reader, with a key after it.
    const lf = fm('name: |', '  My Skill', 'description: x');
    assert.equal(applyFix(lf, only('name-format', lf, { targets: ['agentskills'] })[0]), fm('name: my-skill', 'description: x'));
  });
  it('the suggested name counts code points: 41 of them stay whole, none is cut in half', () => {
    const name = 'A' + '𠀀'.repeat(40);
    const [d] = only('name-format', fm(`name: ${name}`, 'description: x'), { targets: ['agentskills'], path: '/s/Bad Folder/SKILL.md' });
    assert.match(d.message, new RegExp(`use \`a${'𠀀'.repeat(40)}\``));
    const long = 'B' + '𠀀'.repeat(70);
    const [e] = only('name-format', fm(`name: ${long}`, 'description: x'), { targets: ['agentskills'], path: '/s/Bad Folder/SKILL.md' });
    assert.ok(e.message.includes(`use \`b${'𠀀'.repeat(63)}\``), e.message);
  });
  it('lovia: separators', () => {
    const [d] = only('name-format', fm('name: my__skill', 'description: A test skill'), { targets: ['lovia'], path: '/s/my__skill/SKILL.md' });
    assert.equal(d.message, 'Skill name `my__skill` cannot contain consecutive `-` or `_`; use `my-skill` (rejected by lovia).');
  });
  it('emoji name: UTF-16 range', () => {
    const [d] = only('name-format', fm('name: 😀 Bad', 'description: A test skill'));
    assert.deepEqual(d.range, r(1, 6, 1, 12));
    assert.equal(d.message, 'Skill name `😀 Bad` must be lowercase and may only contain lowercase letters, digits and hyphens; use `my-skill` (rejected by agentskills).');
  });
  it('a target that wants the folder name: the fix is the folder name, which also ends name-folder-mismatch', () => {
    const text = fm('name: ACF Extended for Forms', 'description: A test skill');
    const path = '/s/acf-extended-forms/SKILL.md';
    const [d] = only('name-format', text, { targets: ['agentskills'], path });
    assert.equal(d.message, 'Skill name `ACF Extended for Forms` must be lowercase and may only contain lowercase letters, digits and hyphens; use `acf-extended-forms` (rejected by agentskills).');
    const fixed = applyFix(text, d);
    assert.equal(fixed, fm('name: acf-extended-forms', 'description: A test skill'));
    assert.deepEqual(check(fixed, { targets: ['agentskills'], path }).map((x) => x.code).filter((c) => c.startsWith('name-')), []);
    // No target compares name and folder: a slug of the name itself.
    const [own] = only('name-format', text, { targets: ['lovia'], path: '/s/other-folder/SKILL.md' });
    assert.match(own.message, /; use `acf-extended-for-forms` \(/);
  });
  it('no rule for codex, opencode, eino, claude-code', () => {
    assert.deepEqual(only('name-format', fm('name: My Skill!', 'description: x'), { targets: ['codex', 'opencode', 'eino', 'claude-code'] }), []);
  });
});

describe('name-folder-mismatch', () => {
  it('message, fix to the folder name', () => {
    const text = fm('name: other', 'description: A test skill');
    const [d] = only('name-folder-mismatch', text, { targets: ['copilot'] });
    assert.deepEqual(view(d), {
      code: 'name-folder-mismatch', severity: 'warning',
      message: 'Skill name `other` does not match its folder `my-skill`; make them equal (reported by copilot).',
      range: r(1, 6, 1, 11),
    });
    assert.equal(applyFix(text, d), fm('name: my-skill', 'description: A test skill'));
    assert.deepEqual(d.fixes?.[1].change?.renames, [{ from: '/skills/my-skill', to: '/skills/other' }]);
  });
  it('copilot compares after stripping XML tags', () => {
    assert.deepEqual(only('name-folder-mismatch', fm('name: my-<b>skill', 'description: x'), { targets: ['copilot'] }), []);
  });
  it('not required by lovia, codex, opencode', () => {
    assert.deepEqual(only('name-folder-mismatch', fm('name: other', 'description: x'), { targets: ['lovia', 'codex', 'opencode'] }), []);
  });
});

describe('field-too-long', () => {
  it('copilot truncates the description (warning) and strips tags', () => {
    const text = fm('name: my-skill', `description: <b>${'x'.repeat(1030)}</b>`);
    const ds = check(text, { targets: ['copilot'] }).filter((d) => d.code !== 'description-quality');
    assert.deepEqual(ds.map(view), [
      { code: 'field-too-long', severity: 'warning', message: '`description` is 1037 characters, over the limit of 1024; shorten it (truncated by copilot).', range: r(2, 13, 2, 1050) },
      { code: 'angle-brackets', severity: 'warning', message: '`description` contains `<` or `>`; XML tags are removed before use (stripped by copilot).', range: r(2, 13, 2, 1050) },
    ]);
  });
  it('codex counts after collapsing white space and skips the skill', () => {
    const text = `---\nname: my-skill\ndescription: |\n${'  word\n\n'.repeat(300)}---\n`;
    const [d] = only('field-too-long', text, { targets: ['codex'] });
    assert.equal(d.severity, 'error');
    assert.equal(d.message, '`description` is 1499 characters after collapsing white space, over the limit of 1024; shorten it (rejected by codex).');
    // 204 × "word" = 1019 collapsed characters: fine for codex, over 1024 raw for skills-ref
    const fits = `---\nname: my-skill\ndescription: |\n${'  word\n\n'.repeat(204)}---\n`;
    assert.deepEqual(only('field-too-long', fits, { targets: ['codex'] }), []);
    assert.equal(only('field-too-long', fits, { targets: ['agentskills'] }).length, 1);
  });
  it('codex metadata.short-description', () => {
    const [d] = only('field-too-long', fm('name: my-skill', 'description: x', 'metadata:', `  short-description: ${'y'.repeat(1025)}`), { targets: ['codex'] });
    assert.equal(d.message, '`metadata.short-description` is 1025 characters after collapsing white space, over the limit of 1024; shorten it (rejected by codex).');
    assert.deepEqual(d.range, r(4, 21, 4, 1046));
  });
  it('copilot name over 64: a warning (truncated, then ≠ folder: VS Code uses the folder name)', () => {
    const long = 'a'.repeat(65);
    const [d] = only('field-too-long', fm(`name: ${long}`, 'description: x'), { targets: ['copilot'], path: `/s/${long}/SKILL.md` });
    assert.equal(d.message, '`name` is 65 characters, over the limit of 64; shorten it (reported by copilot).');
  });
});

describe('field-type', () => {
  it('PyYAML (lovia): 2024 is a number, yes is a boolean; quote fixes', () => {
    const text = fm('name: 2024', 'description: yes');
    const ds = only('field-type', text, { targets: ['lovia'] });
    assert.deepEqual(ds.map(view), [
      { code: 'field-type', severity: 'error', message: '`name` should be a string, not a number (rejected by lovia).', range: r(1, 6, 1, 10) },
      { code: 'field-type', severity: 'error', message: '`description` should be a string, not a boolean (rejected by lovia).', range: r(2, 13, 2, 16) },
    ]);
    assert.equal(applyFix(text, ds[1]), fm('name: 2024', 'description: "yes"'));
  });
  it('strictyaml / serde_yaml: every scalar is a string', () => {
    assert.deepEqual(only('field-type', fm('name: 2024', 'description: yes', 'metadata:', '  revision: 3'), { targets: ['agentskills', 'codex'], path: '/s/2024/SKILL.md' }), []);
  });
  it('copilot: only string values are read', () => {
    const [d] = only('field-type', fm('name: 123', 'description: x'), { targets: ['copilot'] });
    assert.equal(d.message, '`name` should be a string, not a number (reported by copilot).');
  });
  it('claude-code booleans accept yes/no/on/off/1/0', () => {
    assert.deepEqual(only('field-type', fm('name: x', 'description: x', 'background: Yes', 'user-invocable: 0', 'disable-model-invocation: off'), { targets: ['claude-code'] }), []);
    const [d] = only('field-type', fm('name: x', 'description: x', 'background: maybe'), { targets: ['claude-code'] });
    assert.equal(d.severity, 'info');
  });
  it('opencode metadata values must be strings', () => {
    const text = fm('name: my-skill', 'description: x', 'metadata:', '  revision: 3');
    const [d] = only('field-type', text, { targets: ['opencode'] });
    assert.deepEqual(view(d), { code: 'field-type', severity: 'info', message: '`metadata.revision` must be a string, not a number (ignored by opencode); quote it.', range: r(4, 12, 4, 13) });
    assert.equal(applyFix(text, d), fm('name: my-skill', 'description: x', 'metadata:', '  revision: "3"'));
  });
  it('opencode types values as js-yaml 3 (gray-matter) does: a date and `1_000` are not strings, `0o17` and `yes` are', () => {
    const text = fm('name: 2024-01-01', 'description: 1_000');
    assert.deepEqual(only('field-type', text, { targets: ['opencode'] }).map(view), [
      { code: 'field-type', severity: 'error', message: '`name` should be a string, not a date (rejected by opencode).', range: r(1, 6, 1, 16) },
      { code: 'field-type', severity: 'error', message: '`description` should be a string, not a number (rejected by opencode).', range: r(2, 13, 2, 18) },
    ]);
    // YAML 1.2 (claude-code) reads both as text.
    assert.deepEqual(only('field-type', text, { targets: ['claude-code'] }), []);
    assert.deepEqual(only('field-type', fm('name: 0o17', 'description: yes'), { targets: ['opencode'] }), []);
  });
});

describe('field-value', () => {
  it('claude effort accepts xhigh; context typo', () => {
    const text = fm('name: my-skill', 'description: x', 'effort: xhigh', 'context: forked');
    const ds = only('field-value', text, { targets: ['claude-code'] });
    assert.deepEqual(ds.map(view), [{
      code: 'field-value', severity: 'warning',
      message: '`forked` is not a valid `context`: expected `fork` (ignored by claude-code).',
      range: r(4, 9, 4, 15),
    }]);
    assert.equal(applyFix(text, ds[0]), fm('name: my-skill', 'description: x', 'effort: xhigh', 'context: fork'));
  });
  it('eino fork_with_context', () => {
    assert.deepEqual(only('field-value', fm('name: x', 'description: x', 'context: fork_with_context'), { targets: ['eino'] }), []);
  });
});

describe('field-missing / field-empty', () => {
  it('opencode loads a skill without description but leaves it out of the listing', () => {
    const [d] = only('field-missing', fm('name: my-skill'), { targets: ['agentskills', 'opencode', 'claude-code'] });
    assert.equal(d.message, 'Missing `description` (required by agentskills; expected by opencode).');
    assert.equal(d.severity, 'error');
  });
  it('codex: name defaults to the folder, description required', () => {
    assert.deepEqual(only('field-missing', fm('description: x'), { targets: ['codex'] }), []);
    assert.equal(only('field-missing', fm('name: x'), { targets: ['codex'] })[0].message, 'Missing `description` (required by codex).');
  });
  it('empty description', () => {
    const [d] = only('field-empty', fm('name: my-skill', 'description:'), { targets: ['agentskills'] });
    assert.deepEqual(view(d), { code: 'field-empty', severity: 'error', message: '`description` is empty; give it a value (rejected by agentskills).', range: r(2, 0, 2, 11) });
  });
});

describe('name-reserved-word', () => {
  it('claude-code: anthropic-skills prefix does not load', () => {
    const [d] = only('name-reserved-word', fm('name: anthropic-skills-x', 'description: x'), { targets: ['claude-code'] });
    assert.deepEqual(view(d), { code: 'name-reserved-word', severity: 'error', message: 'Skill name starts with the reserved `anthropic-skills`; rename it (rejected by claude-code).', range: r(1, 6, 1, 24) });
  });
  it('"claude" in a name is fine for Claude Code itself', () => {
    assert.deepEqual(only('name-reserved-word', fm('name: claude-helper', 'description: x'), { targets: ['claude-code'] }), []);
  });
});

describe('unknown-field', () => {
  it('did-you-mean without a rename that would duplicate a key', () => {
    const [d] = only('unknown-field', fm('name: my-skill', 'description: A test skill', 'descripton: x'), { targets: ['codex'] });
    assert.equal(d.message, 'Unknown field `descripton`; did you mean `description`? (ignored by codex).');
    assert.deepEqual(d.fixes?.map((f) => f.title), ['Remove `descripton`']);
  });
  it('ignored: another agent\'s field is a note, a typo or an invented field a warning', () => {
    const ds = only('unknown-field', fm('name: my-skill', 'description: A test skill', 'allowed-tools: Read', 'globs: "*.md"', 'licence: MIT'), { targets: ['copilot'] });
    assert.deepEqual(ds.map((d) => [d.severity, d.message]), [
      ['info', 'Unknown field `allowed-tools` (ignored by copilot). It is read by agentskills, claude-code, which are not targeted.'],
      ['warning', 'Unknown field `globs` (ignored by copilot).'],
      ['warning', 'Unknown field `licence`; did you mean `license`? (ignored by copilot).'],
    ]);
  });
  it('rename fix when free', () => {
    const text = fm('name: my-skill', 'descripton: x');
    const [d] = only('unknown-field', text, { targets: ['agentskills'] });
    assert.equal(d.severity, 'error');
    assert.equal(applyFix(text, d), fm('name: my-skill', 'description: x'));
  });
  it('lovia keeps unknown keys as extras', () => {
    assert.deepEqual(only('unknown-field', fm('name: x', 'description: x', 'tags: a'), { targets: ['lovia'] }), []);
  });
});

describe('description-quality', () => {
  it('info; long descriptions without "when" are fine', () => {
    assert.deepEqual(only('description-quality', fm('name: my-skill', 'description: Builds citation networks from Semantic Scholar and CrossRef metadata, visualises influence graphs and finds seminal works.')), []);
    const [d] = only('description-quality', fm('name: my-skill', 'description: My skill'));
    assert.deepEqual(view(d), { code: 'description-quality', severity: 'info', message: 'The description only restates the name; say what the skill does and when the agent should use it.', range: r(2, 13, 2, 21) });
    const [s] = only('description-quality', fm('name: my-skill', 'description: Local speech-to-text transcription without an API.'));
    assert.equal(s.message, 'The description does not say when to use the skill; add "Use when …" so the agent knows when to load it.');
  });
  it('Chinese text counts by character; descriptions not in English are not held to the English trigger words', () => {
    assert.deepEqual(only('description-quality', fm('name: algorithmic-art', 'description: 使用 p5.js 创作算法艺术。当用户请求用代码创作艺术时使用此技能。')), []);
    assert.deepEqual(only('description-quality', fm('name: my-skill', 'description: Génère des factures PDF à partir de modèles.')), []);
    // English without any of the common small words is still English.
    assert.equal(only('description-quality', fm('name: my-skill', 'description: Generates PDF invoices using company templates.')).length, 1);
    assert.deepEqual(only('description-quality', fm('name: my-skill', 'description: 画图')).map((d) => d.message), ['The description is too short for an agent to decide when to use the skill; say what it does and when to use it.']);
  });
});

describe('field-empty and field-type follow what each loader does', () => {
  it('an empty description is a warning for opencode (listed with nothing) and an error for codex (skipped)', () => {
    const text = fm('name: my-skill', "description: ''");
    assert.deepEqual(only('field-empty', text, { targets: ['opencode'] }).map((d) => [d.severity, d.message]), [['warning', '`description` is empty; give it a value (reported by opencode).']]);
    assert.deepEqual(only('field-empty', text, { targets: ['codex'] }).map((d) => d.severity), ['error']);
  });
  it('metadata that is no map: codex fails the frontmatter, skills-ref does not check it', () => {
    const text = fm('name: my-skill', 'description: x', 'metadata: hello');
    assert.deepEqual(only('field-type', text, { targets: ['codex'] }).map((d) => d.severity), ['error']);
    assert.deepEqual(only('field-type', text, { targets: ['agentskills'] }).map((d) => d.severity), ['warning']);
  });
});

describe('null words with string-typed loaders', () => {
  it('codex (serde_yaml Option<String>): `description: ~` is no description, and the skill is skipped; skills-ref reads the text "~"', () => {
    for (const v of ['~', 'null', 'NULL']) {
      const text = fm('name: my-skill', `description: ${v}`);
      assert.deepEqual(only('field-empty', text, { targets: ['codex'] }).map((d) => [d.severity, d.message]), [['error', '`description` is empty; give it a value (rejected by codex).']], v);
      assert.deepEqual(only('field-empty', text, { targets: ['agentskills'] }), [], v);
    }
  });
});

describe('eino context: a wrong shape fails, an unknown value runs inline', () => {
  it('a list is rejected (yaml.v3 cannot unmarshal it into the string field); `inline` is ignored', () => {
    assert.deepEqual(only('field-type', fm('name: my-skill', 'description: x', 'context: [a]'), { targets: ['eino'] }).map((d) => [d.severity, d.message]), [['error', '`context` should be a string, not a list (rejected by eino).']]);
    assert.deepEqual(only('field-value', fm('name: my-skill', 'description: x', 'context: inline'), { targets: ['eino'] }).map((d) => d.message), ['`inline` is not a valid `context`: expected `fork`, `fork_with_context` (ignored by eino).']);
  });
});

describe('no name: the folder name is held to the naming rule of agents that default to it', () => {
  it('lovia rejects `my.skill`; codex a folder name over 64 characters; a fix adds a valid name', () => {
    const text = fm('description: Does things. Use when asked.');
    const [d] = only('name-format', text, { targets: ['lovia'], path: '/s/my.skill/SKILL.md' });
    assert.equal(d.message, 'No `name`, so the folder name `my.skill` is the skill\'s name, and it may only contain letters and digits joined by single `-` or `_` (rejected by lovia). Add a valid `name` or rename the folder.');
    assert.deepEqual(d.range, r(0, 0, 0, 3));
    assert.equal(applyFix(text, d), fm('name: my-skill', 'description: Does things. Use when asked.'));
    const long = 'a'.repeat(70);
    assert.deepEqual(only('name-format', text, { targets: ['codex'], path: `/s/${long}/SKILL.md` }).map((x) => x.severity), ['error']);
    assert.deepEqual(only('name-format', text, { targets: ['lovia', 'codex'], path: '/s/fine-name/SKILL.md' }), []);
  });
});

describe('PyYAML (lovia) types plain scalars by YAML 1.1', () => {
  it('`1_000` and `0b101` are numbers (rejected as a description); `1e3`, `0o17` and `08` are strings', () => {
    for (const v of ['1_000', '0b101']) assert.deepEqual(only('field-type', fm('name: my-skill', `description: ${v}`), { targets: ['lovia'] }).map((d) => d.severity), ['error'], v);
    for (const v of ['1e3', '0o17', '08']) assert.deepEqual(only('field-type', fm('name: my-skill', `description: ${v}`), { targets: ['lovia'] }), [], v);
  });
});

describe('lengths and duplicates as the loaders see them', () => {
  it('copilot counts UTF-16 units: 600 emoji are 1,200, over 1,024', () => {
    const [d] = only('field-too-long', fm('name: my-skill', `description: ${'😀'.repeat(600)}`), { targets: ['copilot'] });
    assert.equal(d.message, '`description` is 1200 characters in UTF-16 code units (an emoji counts 2), over the limit of 1024; shorten it (truncated by copilot).');
    assert.deepEqual(only('field-too-long', fm('name: my-skill', `description: ${'😀'.repeat(600)}`), { targets: ['lovia'] }), []);
  });
  it('codex rejects a second `description`, not a second unknown key', () => {
    assert.deepEqual(only('duplicate-key', fm('name: my-skill', 'description: a', 'description: b'), { targets: ['codex'] }).map((d) => d.severity), ['error']);
    assert.deepEqual(only('duplicate-key', fm('name: my-skill', 'description: a', 'license: MIT', 'license: MIT'), { targets: ['codex'] }).map((d) => [d.severity, d.message]), [['warning', 'Duplicate key `license`; remove one of them (the last one counts).']]);
  });
});

describe('nested fields the agent reads have their own shapes', () => {
  it('codex: a list in metadata.short-description fails the skill', () => {
    const ds = only('field-type', fm('name: my-skill', 'description: x', 'metadata:', '  short-description: [a, b]'), { targets: ['codex'] });
    assert.deepEqual(ds.map((d) => [d.severity, d.message, d.range]), [['error', '`metadata.short-description` should be a string, not a list (rejected by codex).', r(4, 21, 4, 27)]]);
    assert.deepEqual(only('field-type', fm('name: my-skill', 'description: x', 'metadata:', '  short-description: fine'), { targets: ['codex'] }), []);
  });
});
