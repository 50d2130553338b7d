/**
 * How js-yaml 3 (the YAML loader inside gray-matter, so opencode's) types a plain
 * scalar. It is YAML 1.1-flavoured where the `yaml` package is YAML 1.2: `1_000`,
 * `0b101`, `017` and `1:30` are numbers, `2024-01-01` is a Date, `0o17` and `yes` are
 * text. Checked against gray-matter's own engine by test/unit/document/jsYaml3Scalar.test.ts.
 */
export type JsYaml3Shape = 'null' | 'boolean' | 'number' | 'date' | 'string';

const NULL = /^(?:~|null|Null|NULL|)$/;
const BOOL = /^(?:true|True|TRUE|false|False|FALSE)$/;
// 0, binary, hex, octal (a leading 0), decimal with an optional base-60 tail; `_` anywhere
// after the first digit, at least one digit per form.
const INT = /^[-+]?(?:0|0b[01_]*[01][01_]*|0x[0-9a-fA-F_]*[0-9a-fA-F][0-9a-fA-F_]*|0[0-7_]*[0-7][0-7_]*|[1-9][0-9_]*(?::[0-5]?[0-9])*)$/;
const FLOAT = /^(?:[-+]?(?:0|[1-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$/;

export function jsYaml3Shape(src: string): JsYaml3Shape {
  if (NULL.test(src)) return 'null';
  if (BOOL.test(src)) return 'boolean';
  // Neither numbers nor floats may end in `_` (`1_` is text).
  if (!src.endsWith('_') && (INT.test(src) || FLOAT.test(src))) return 'number';
  if (DATE.test(src) || TIMESTAMP.test(src)) return 'date';
  return 'string';
}
