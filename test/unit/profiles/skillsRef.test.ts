// agentskills mode must agree with skills-ref (agentskills/agentskills
// skills-ref/tests/test_validator.py and test_parser.py) on every case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { check, inFolder } from '../helpers';

interface Case {
  name: string;
  folder: string;
  text: string;
  file?: string;
  /** undefined = accepted (no error-severity diagnostic); else the rule code(s) of the errors */
  reject?: string[];
  /** a substring the first error's message must contain */
  says?: string;
}

const fm = (...lines: string[]) => `---\n${lines.join('\n')}\n---\n# Body\n`;
const ok = (folder: string, name = folder) => fm(`name: ${name}`, 'description: A test skill');

const cases: Case[] = [
  // test_validator.py (baseline)
  { name: 'test_valid_skill', folder: 'my-skill', text: ok('my-skill') },
  { name: 'test_invalid_name_uppercase', folder: 'MySkill', text: ok('MySkill'), reject: ['name-format'], says: 'lowercase' },
  { name: 'test_name_too_long', folder: 'a'.repeat(70), text: ok('a'.repeat(70)), reject: ['field-too-long'], says: 'over the limit of 64' },
  { name: 'test_name_leading_hyphen', folder: '-my-skill', text: ok('-my-skill'), reject: ['name-format'], says: 'start or end with a hyphen' },
  { name: 'test_name_consecutive_hyphens', folder: 'my--skill', text: ok('my--skill'), reject: ['name-format'], says: 'consecutive hyphens' },
  { name: 'test_name_invalid_characters', folder: 'my_skill', text: ok('my_skill'), reject: ['name-format'], says: 'may only contain' },
  { name: 'test_name_directory_mismatch', folder: 'wrong-name', text: ok('wrong-name', 'correct-name'), reject: ['name-folder-mismatch'], says: 'does not match its folder' },
  { name: 'test_unexpected_fields', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'unknown_field: should not be here'), reject: ['unknown-field'] },
  { name: 'test_valid_with_all_fields', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'license: MIT', 'metadata:', '  author: Test') },
  { name: 'test_allowed_tools_accepted', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'allowed-tools: Bash(jq:*) Bash(git:*)') },
  { name: 'test_i18n_chinese_name', folder: '技能', text: ok('技能') },
  { name: 'test_i18n_russian_name_with_hyphens', folder: 'мой-навык', text: ok('мой-навык') },
  { name: 'test_i18n_russian_lowercase_valid', folder: 'навык', text: ok('навык') },
  { name: 'test_i18n_russian_uppercase_rejected', folder: 'НАВЫК', text: ok('НАВЫК'), reject: ['name-format'], says: 'lowercase' },
  { name: 'test_description_too_long', folder: 'my-skill', text: fm('name: my-skill', `description: ${'x'.repeat(1100)}`), reject: ['field-too-long'], says: '1024' },
  { name: 'test_valid_compatibility', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'compatibility: Requires Python 3.11+') },
  { name: 'test_compatibility_too_long', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', `compatibility: ${'x'.repeat(550)}`), reject: ['field-too-long'], says: '500' },
  { name: 'test_nfkc_normalization', folder: 'caf\u00e9', text: ok('caf\u00e9', 'cafe\u0301') },
  // test_parser.py
  { name: 'test_valid_frontmatter', folder: 'my-skill', text: '---\nname: my-skill\ndescription: A test skill\n---\n# My Skill\n\nInstructions here.\n' },
  { name: 'test_missing_frontmatter', folder: 'my-skill', text: '# No frontmatter here\n', reject: ['frontmatter-missing'] },
  { name: 'test_unclosed_frontmatter', folder: 'my-skill', text: '---\nname: my-skill\ndescription: A test skill\n', reject: ['frontmatter-unterminated'] },
  { name: 'test_invalid_yaml', folder: 'my-skill', text: '---\nname: [invalid\ndescription: A test skill\n---\n', reject: ['yaml-syntax'] },
  { name: 'test_non_dict_frontmatter', folder: 'my-skill', text: '---\n- just\n- a\n- list\n---\n', reject: ['frontmatter-not-mapping'] },
  { name: 'test_read_valid_skill', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'license: MIT') },
  { name: 'test_read_with_metadata (1.0 read as a string)', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'metadata:', '  author: Test Author', '  version: 1.0') },
  { name: 'test_missing_name', folder: 'my-skill', text: fm('description: A test skill'), reject: ['field-missing'], says: '`name`' },
  { name: 'test_missing_description', folder: 'my-skill', text: fm('name: my-skill'), reject: ['field-missing'], says: '`description`' },
  { name: 'test_find_skill_md_accepts_lowercase', folder: 'my-skill', file: 'skill.md', text: ok('my-skill') },
  { name: 'test_read_with_allowed_tools', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'allowed-tools: Bash(jq:*) Bash(git:*)') },
  // beyond the suite: consequences of the same code
  { name: 'accented lowercase name', folder: 'café-crème', text: ok('café-crème') },
  { name: 'accented uppercase name', folder: 'Éclair', text: ok('Éclair'), reject: ['name-format'], says: 'lowercase' },
  { name: 'Greek lowercase', folder: 'λέξη', text: ok('λέξη') },
  { name: 'NFKC: fullwidth name equals ASCII folder', folder: 'my-skill', text: ok('my-skill', 'ｍｙ-ｓｋｉｌｌ') },
  { name: 'NFKC: ligature ﬁ', folder: 'file-tool', text: ok('file-tool', 'ﬁle-tool') },
  { name: 'NFKC applies to the folder too', folder: 'ｍｙ-skill', text: ok('my-skill') },
  { name: 'name is stripped before checks', folder: 'my-skill', text: fm('name: "  my-skill  "', 'description: A test skill') },
  { name: 'trailing hyphen', folder: 'my-skill-', text: ok('my-skill-'), reject: ['name-format'] },
  { name: 'space in name', folder: 'my skill', text: ok('my skill'), reject: ['name-format'] },
  { name: 'dot in name', folder: 'my.skill', text: ok('my.skill'), reject: ['name-format'] },
  { name: 'digits only (strictyaml: a string)', folder: '2024', text: ok('2024') },
  { name: 'name exactly 64', folder: 'a'.repeat(64), text: ok('a'.repeat(64)) },
  { name: 'name 65', folder: 'a'.repeat(65), text: ok('a'.repeat(65)), reject: ['field-too-long'] },
  { name: 'name 64 CJK code points', folder: '技'.repeat(64), text: ok('技'.repeat(64)) },
  { name: 'description exactly 1024', folder: 'my-skill', text: fm('name: my-skill', `description: ${'x'.repeat(1024)}`) },
  { name: 'description 1025', folder: 'my-skill', text: fm('name: my-skill', `description: ${'x'.repeat(1025)}`), reject: ['field-too-long'] },
  { name: 'description 1024 emoji (code points, not UTF-16)', folder: 'my-skill', text: fm('name: my-skill', `description: ${'😀'.repeat(1024)}`) },
  { name: 'compatibility exactly 500', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', `compatibility: ${'x'.repeat(500)}`) },
  { name: 'compatibility 501', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', `compatibility: ${'x'.repeat(501)}`), reject: ['field-too-long'] },
  { name: 'empty compatibility passes the validator', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'compatibility: ""') },
  { name: 'empty description', folder: 'my-skill', text: fm('name: my-skill', 'description: ""'), reject: ['field-empty'] },
  { name: 'blank name', folder: 'my-skill', text: fm('name: "   "', 'description: A test skill'), reject: ['field-empty'] },
  { name: 'block list name', folder: 'my-skill', text: fm('name:', '  - my-skill', 'description: A test skill'), reject: ['field-type'] },
  { name: 'metadata number (strictyaml: a string)', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'metadata:', '  revision: 3') },
  { name: 'flow mapping rejected by strictyaml', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'metadata: {author: Test}'), reject: ['yaml-unsupported-syntax'] },
  { name: 'flow list rejected by strictyaml', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'allowed-tools: [Read, Write]'), reject: ['yaml-unsupported-syntax'] },
  { name: 'block list allowed-tools', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'allowed-tools:', '  - Read', '  - Bash') },
  { name: 'anchor and alias rejected', folder: 'my-skill', text: fm('name: &n my-skill', 'description: *n'), reject: ['yaml-unsupported-syntax', 'yaml-unsupported-syntax'] },
  { name: 'duplicate key rejected by strictyaml', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'description: Again'), reject: ['duplicate-key'] },
  { name: 'unquoted colon: ruamel scanner error', folder: 'my-skill', text: fm('name: my-skill', 'description: Use when: the user asks'), reject: ['yaml-unquoted-colon'] },
  { name: 'colon without a space is fine', folder: 'my-skill', text: fm('name: my-skill', 'description: Use when:the user asks') },
  { name: 'leading blank line: must start with ---', folder: 'my-skill', text: '\n' + ok('my-skill'), reject: ['frontmatter-not-at-start'] },
  { name: 'two unknown fields, one diagnostic each', folder: 'my-skill', text: fm('name: my-skill', 'description: A test skill', 'version: 1', 'author: me'), reject: ['unknown-field', 'unknown-field'] },
];

describe('agentskills agrees with skills-ref', () => {
  for (const c of cases) {
    it(c.name, () => {
      const ds = check(c.text, { path: inFolder(c.folder, c.file), targets: ['agentskills'] });
      const errs = ds.filter((d) => d.severity === 'error');
      if (!c.reject) {
        assert.deepEqual(errs.map((d) => `${d.code}: ${d.message}`), []);
        return;
      }
      assert.deepEqual(errs.map((d) => d.code), c.reject, errs.map((d) => d.message).join('\n'));
      if (c.says) assert.ok(errs[0].message.includes(c.says), errs[0].message);
    });
  }
});
