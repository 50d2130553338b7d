import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { applyFix, check, only, r, view } from '../helpers';

const ALL = ['agentskills', 'claude-code', 'copilot', 'codex', 'opencode', 'lovia', 'eino'] as const;

describe('frontmatter-missing', () => {
  it('after a BOM: range starts after the BOM, fix inserts after it', () => {
    const text = '\uFEFF# Title\n';
    const [d] = only('frontmatter-missing', text);
    assert.deepEqual(view(d), {
      code: 'frontmatter-missing', severity: 'error',
      message: 'No frontmatter: a SKILL.md must start with `---`, then `name:` and `description:`, then `---`.',
      range: r(0, 1, 0, 8),
    });
    assert.equal(applyFix(text, d), '\uFEFF---\nname: my-skill\ndescription: Say what this skill does and when to use it.\n---\n# Title\n');
  });

  it('Claude Code requires no field: it loads the skill, so a note; with any other target an error', () => {
    const text = '# GCP Context Detection\n\nDetect the project.\n';
    assert.deepEqual(only('frontmatter-missing', text, { targets: ['claude-code'] }).map(view), [{
      code: 'frontmatter-missing', severity: 'info',
      message: "No frontmatter: claude-code names the skill after its folder and describes it with the body's first line; add `---`, `name:` and `description:` to choose them.",
      range: r(0, 0, 0, 23),
    }]);
    assert.deepEqual(only('frontmatter-missing', text, { targets: ['claude-code', 'codex'] }).map((d) => d.severity), ['error']);
    // Eino requires no field either, but refuses a file without frontmatter.
    assert.deepEqual(only('frontmatter-missing', text, { targets: ['eino'] }).map((d) => d.severity), ['error']);
  });
});

describe('frontmatter-not-at-start', () => {
  const text = '\n\n---\nname: my-skill\ndescription: A test skill\n---\n';
  it('rejected by skills-ref, tolerated by lovia (lstrip) and eino (TrimSpace)', () => {
    const [d] = only('frontmatter-not-at-start', text, { targets: ['agentskills', 'lovia', 'claude-code'] });
    assert.deepEqual(view(d), {
      code: 'frontmatter-not-at-start', severity: 'error',
      message: 'The frontmatter does not start on the first line, so its fields are not read; remove the blank lines above `---` (rejected by agentskills; reported by claude-code).',
      range: r(2, 0, 2, 3),
    });
    assert.equal(applyFix(text, d), '---\nname: my-skill\ndescription: A test skill\n---\n');
  });
  it('nothing when every target tolerates it', () => {
    assert.deepEqual(only('frontmatter-not-at-start', text, { targets: ['lovia', 'eino'] }), []);
  });
});

describe('frontmatter-delimiter-spaces', () => {
  it('`--- ` trailing space', () => {
    const text = '--- \nname: my-skill\ndescription: A test skill\n---\n';
    const [d] = only('frontmatter-delimiter-spaces', text);
    assert.deepEqual(view(d), {
      code: 'frontmatter-delimiter-spaces', severity: 'warning',
      message: 'Trailing white space after `---`: some agents\' frontmatter parsers require the line to be exactly `---`.',
      range: r(0, 3, 0, 4),
    });
    assert.equal(applyFix(text, d), '---\nname: my-skill\ndescription: A test skill\n---\n');
  });
  it('both delimiter lines: two diagnostics, so fixing all leaves neither', () => {
    const text = '--- \t\nname: my-skill\ndescription: A test skill\n---  \n';
    const ds = only('frontmatter-delimiter-spaces', text);
    assert.deepEqual(ds.map((d) => d.range), [r(0, 3, 0, 5), r(3, 3, 3, 5)]);
    assert.equal(applyFix(applyFix(text, ds[1]), ds[0]), '---\nname: my-skill\ndescription: A test skill\n---\n');
  });
});

describe('frontmatter-unterminated', () => {
  it('closes before the first blank line', () => {
    const text = '---\nname: my-skill\ndescription: A test skill\n\n# Body\n';
    const [d] = only('frontmatter-unterminated', text);
    assert.deepEqual(view(d), {
      code: 'frontmatter-unterminated', severity: 'error',
      message: 'The frontmatter has no closing `---` line; agents cannot read it.',
      range: r(0, 0, 0, 3),
    });
    assert.equal(applyFix(text, d), '---\nname: my-skill\ndescription: A test skill\n---\n\n# Body\n');
  });
});

describe('frontmatter-empty / frontmatter-not-mapping', () => {
  it('empty frontmatter', () => {
    const ds = check('---\n---\n# Body\n');
    assert.deepEqual(ds.map(view), [
      { code: 'frontmatter-empty', severity: 'error', message: 'The frontmatter is empty; add `name:` and `description:`.', range: r(0, 0, 1, 3) },
      { code: 'field-missing', severity: 'error', message: 'Missing `name` (required by agentskills).', range: r(0, 0, 0, 3) },
      { code: 'field-missing', severity: 'error', message: 'Missing `description` (required by agentskills).', range: r(0, 0, 0, 3) },
    ]);
    assert.equal(applyFix('---\n---\n# Body\n', ds[1]), '---\nname: my-skill\n---\n# Body\n');
  });
  it('a list', () => {
    assert.deepEqual(check('---\n- a\n- b\n---\n').map(view), [{
      code: 'frontmatter-not-mapping', severity: 'error',
      message: 'The frontmatter is a list, not a mapping; write it as `name: …` and `description: …` lines.',
      range: r(1, 0, 2, 3),
    }]);
  });
});

describe('yaml-unquoted-colon', () => {
  it('a trailing comment stays a comment: outside the range and after the quotes', () => {
    const text = '---\nname: my-skill\ndescription: 😀 Use when: the user asks # internal note\n---\n';
    const [d] = only('yaml-unquoted-colon', text, { targets: ['agentskills'] });
    assert.deepEqual(d.range, r(2, 13, 2, 39));
    assert.equal(applyFix(text, d), '---\nname: my-skill\ndescription: "😀 Use when: the user asks" # internal note\n---\n');
  });
  it('CRLF: names who rejects, who cuts, who accepts; fix keeps CRLF', () => {
    const text = '---\r\nname: my-skill\r\ndescription: Use when: the user asks\r\n---\r\n';
    const ds = check(text, { targets: [...ALL] });
    assert.deepEqual(ds.map(view), [{
      code: 'yaml-unquoted-colon', severity: 'error',
      message: 'Unquoted `: ` in a value is invalid YAML; quote the value (rejected by agentskills, lovia, eino; cut at the `: ` by copilot; accepted by claude-code, codex, opencode).',
      range: r(2, 13, 2, 36),
    }]);
    assert.equal(applyFix(text, ds[0]), '---\r\nname: my-skill\r\ndescription: "Use when: the user asks"\r\n---\r\n');
  });
  it('info only when every target repairs it', () => {
    const [d] = only('yaml-unquoted-colon', '---\nname: my-skill\ndescription: Use when: the user asks\n---\n', { targets: ['codex', 'opencode'] });
    assert.equal(d.severity, 'info');
    assert.equal(d.message, 'Unquoted `: ` in a value is invalid YAML; quote the value (accepted by codex, opencode).');
  });
  it('opencode repairs only keys without `-`', () => {
    const [d] = only('yaml-unquoted-colon', '---\nname: my-skill\ndescription: A test skill\nargument-hint: a: b\n---\n', { targets: ['opencode', 'codex'] });
    assert.deepEqual(view(d), {
      code: 'yaml-unquoted-colon', severity: 'error',
      message: 'Unquoted `: ` in a value is invalid YAML; quote the value (rejected by opencode; accepted by codex).',
      range: r(3, 15, 3, 19),
    });
  });
  it('emoji before the value: UTF-16 ranges; no field-type on the broken value', () => {
    const text = '---\nname: my-skill\ndescription: 😀 Use when: x\n---\n';
    const ds = check(text);
    assert.deepEqual(ds.map(view), [{
      code: 'yaml-unquoted-colon', severity: 'error',
      message: 'Unquoted `: ` in a value is invalid YAML; quote the value (rejected by agentskills).',
      range: r(2, 13, 2, 27),
    }]);
    assert.equal(applyFix(text, ds[0]), '---\nname: my-skill\ndescription: "😀 Use when: x"\n---\n');
  });
});

describe('yaml-syntax', () => {
  it('one diagnostic for an unclosed flow list, no field-type/unsupported-syntax on it', () => {
    const ds = check('---\nname: [invalid\ndescription: A test skill\n---\n');
    assert.deepEqual(ds.filter((d) => d.severity === 'error').map((d) => d.code), ['yaml-syntax']);
  });

  it('a value that starts like a flow list and goes on (`[query] or [build]`): only the YAML error, no list advice', () => {
    const text = '---\nname: my-skill\ndescription: A test skill. Use when testing.\nargument-hint: [query] or [build] for project building\n---\n';
    assert.deepEqual(check(text, { targets: ['agentskills', 'claude-code'] }).filter((d) => d.code !== 'field-unsupported').map((d) => [d.code, d.range.start.character]), [['yaml-syntax', 23]]);
  });

  it('an alias with no anchor (`globs: **/*.*`) is an error: every agent\'s YAML reader fails on it', () => {
    const text = '---\nname: my-skill\ndescription: A test skill. Use when testing.\nglobs: **/*.*\nother: &a x\nsame: *a\n---\n';
    assert.deepEqual(only('yaml-syntax', text, { targets: ['claude-code', 'codex'] }).map(view), [{
      code: 'yaml-syntax',
      severity: 'error',
      message: 'YAML: `**/*.*` is an alias to an anchor `&*/*.*` that is not set; quote a value that starts with `*` (rejected by codex; reported by claude-code).',
      range: r(3, 7, 3, 13),
    }]);
  });
});

describe('duplicate-key', () => {
  it('rejected by strictyaml; PyYAML keeps the last', () => {
    const text = '---\nname: my-skill\ndescription: A\ndescription: B test skill here\n---\n';
    const [d] = only('duplicate-key', text, { targets: ['agentskills', 'lovia'] });
    assert.deepEqual(view(d), {
      code: 'duplicate-key', severity: 'error',
      message: 'Duplicate key `description`; remove one of them (rejected by agentskills; lovia keeps the last one).',
      range: r(3, 0, 3, 11),
    });
    assert.deepEqual(d.related?.[0].range, r(2, 0, 2, 11));
    assert.equal(applyFix(text, d), '---\nname: my-skill\ndescription: A\n---\n');
  });
  it('warning when every target keeps the last', () => {
    const [d] = only('duplicate-key', '---\nname: a\nname: my-skill\ndescription: x\n---\n', { targets: ['lovia', 'claude-code'] });
    assert.equal(d.severity, 'warning');
    assert.equal(d.message, 'Duplicate key `name`; remove one of them (the last one counts).');
  });
});

describe('yaml-unsupported-syntax', () => {
  it('flow list → block list fix', () => {
    const text = '---\nname: my-skill\ndescription: A test skill\nallowed-tools: [Read, Write]\n---\n';
    const [d] = only('yaml-unsupported-syntax', text);
    assert.deepEqual(view(d), {
      code: 'yaml-unsupported-syntax', severity: 'error',
      message: 'A flow list `[…]` is not accepted by strictyaml; write it as a block list or mapping (rejected by agentskills).',
      range: r(3, 15, 3, 28),
    });
    assert.equal(applyFix(text, d), '---\nname: my-skill\ndescription: A test skill\nallowed-tools:\n  - Read\n  - Write\n---\n');
  });
  it('anchor and alias ranges', () => {
    const ds = only('yaml-unsupported-syntax', '---\nname: &n my-skill\ndescription: *n\n---\n');
    assert.deepEqual(ds.map((d) => [d.message, d.range]), [
      ['An anchor (`&name`) is not accepted by strictyaml; repeat the value instead (rejected by agentskills).', r(1, 6, 1, 8)],
      ['An alias (`*name`) is not accepted by strictyaml; repeat the value instead (rejected by agentskills).', r(2, 13, 2, 15)],
    ]);
  });
  it('only for strict targets', () => {
    assert.deepEqual(only('yaml-unsupported-syntax', '---\nname: my-skill\ndescription: x\nallowed-tools: [Read]\n---\n', { targets: ['claude-code'] }), []);
  });
});

describe('skill-file-name', () => {
  it('lowercase skill.md: loaded by skills-ref and VS Code, not by claude-code or codex', () => {
    const ds = only('skill-file-name', '---\nname: my-skill\ndescription: A test skill\n---\n', { path: '/skills/my-skill/skill.md', targets: ['agentskills', 'copilot', 'claude-code', 'codex'] });
    assert.deepEqual(ds.map(view), [{
      code: 'skill-file-name', severity: 'error',
      message: '`skill.md` is not loaded by claude-code, codex; rename it to `SKILL.md`.',
      range: r(0, 0, 0, 3),
    }]);
    assert.deepEqual(ds[0].fixes?.[0].change?.renames, [{ from: '/skills/my-skill/skill.md', to: '/skills/my-skill/SKILL.md' }]);
    assert.deepEqual(only('skill-file-name', '---\nname: my-skill\n---\n', { path: '/skills/my-skill/skill.md', targets: ['agentskills', 'copilot'] }), []);
  });
});

describe('frontmatter-inner-delimiter', () => {
  it('skills-ref splits at the first `---` after the opening one: a comment rule ends its frontmatter', () => {
    const text = '---\nname: x\n# ---- optional fields ----\ndescription: Does things. Use when asked.\n---\nBody\n';
    const ds = only('frontmatter-inner-delimiter', text, { targets: ['agentskills'] });
    assert.deepEqual(ds.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character]), [['error', 2, 2, 5]]);
    assert.deepEqual(only('frontmatter-inner-delimiter', text, { targets: ['lovia', 'codex', 'claude-code'] }), []);
  });
});

describe('pathological YAML', () => {
  it('thousands of aliases are resolved in one pass (each walked the whole document before: minutes at 32,000)', () => {
    const script = `
const { parseSkillDocument } = require('./server/src/core/document/parse');
const src = '---\\nname: x\\ndescription: y\\nbase: &a x\\nlist: [' + Array(32000).fill('*a').join(', ') + ', *nowhere]\\n---\\n';
const d = parseSkillDocument('/t/x/SKILL.md', src);
process.stdout.write(d.frontmatter.problems.map((p) => p.code).join(','));
`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.resolve(__dirname, '../../..'), encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.stdout, 'BAD_ALIAS', r.signal ? 'killed after 60 s' : r.stderr);
  });
});
