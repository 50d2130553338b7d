import * as path from 'node:path';
import { describeError, mapErrors } from '../ajvErrors';
import type { ContractRule, TestCaseFile } from '../model';
import { compileUserSchema, userAjv } from '../schema';
import { inputSchema, isObject } from './helpers';

/** The expected result of a test case: `expected` or `expected_output`. */
function expectedOf(v: Record<string, unknown>): { key: string; value: Record<string, unknown> } | undefined {
  for (const key of ['expected', 'expected_output']) if (isObject(v[key])) return { key, value: v[key] as Record<string, unknown> };
  return undefined;
}

export const contractTestCase: ContractRule = {
  code: 'contract-test-case',
  title: 'A `test_cases/*.json` file is not valid JSON, its `input` does not match the input schema, or it expects a `status` / `error_code` the output schema does not allow.',
  defaultSeverity: 'error',
  check({ contract, report }) {
    const input = inputSchema(contract);
    const inputCompiled = input ? compileUserSchema(input.schema) : undefined;
    const output = contract.fields.output_schema;
    for (const tc of contract.testCases) {
      const name = path.basename(tc.file);
      if (tc.parseError) {
        report({ file: tc.file, message: `${name} is not valid JSON: ${tc.parseError.message}`, range: tc.parseError.range });
        continue;
      }
      if (!isObject(tc.value) || !tc.source) continue;
      if (inputCompiled?.ok && 'input' in tc.value && !inputCompiled.validate(tc.value.input)) {
        for (const e of mapErrors(inputCompiled.validate.errors ?? [], tc.source, ['input'])) {
          report({ file: tc.file, message: `the input does not match \`${input!.key}\`: ${e.message.startsWith('the value') ? '`input`' + e.message.slice(9) : e.message.replace(/^`([^`]+)`/, '`input.$1`')}`, range: e.range });
        }
      }
      checkExpected(tc, tc.value, output, (message, range) => report({ file: tc.file, message, range, related: relatedOutput(contract.file, contract.source.keyRange(['output_schema'])) }));
    }
  },
};

function relatedOutput(file: string, range: ReturnType<NonNullable<TestCaseFile['source']>['keyRange']>) {
  return range ? [{ file, range, message: 'the output schema' }] : undefined;
}

function checkExpected(tc: TestCaseFile, v: Record<string, unknown>, output: unknown, report: (message: string, range: NonNullable<ReturnType<NonNullable<TestCaseFile['source']>['valueRange']>>) => void): void {
  const expected = expectedOf(v);
  if (!expected || !isObject(output) || !isObject(output.properties) || !compileUserSchema(output).ok) return;
  for (const field of ['status', 'error_code']) {
    const sub = (output.properties as Record<string, unknown>)[field];
    if (!(field in expected.value) || !isObject(sub)) continue;
    // The property's schema on its own, with the root's definitions for its `$ref`s.
    const standalone = { ...sub, ...(output.definitions ? { definitions: output.definitions } : {}), ...(output.$defs ? { $defs: output.$defs } : {}) };
    let ok: boolean;
    let validate;
    try {
      validate = userAjv(output, false).compile(standalone);
      ok = validate(expected.value[field]) as boolean;
    } catch {
      continue;
    }
    if (ok) continue;
    const range = tc.source!.valueRange([expected.key, field]);
    const e = validate.errors?.[0];
    if (range && e) report(`the test case expects \`${field}\` ${JSON.stringify(expected.value[field])}, which the output schema does not allow: ${describeError(e, field)}`, range);
  }
}
