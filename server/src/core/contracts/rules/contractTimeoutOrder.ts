import type { ContractRule } from '../model';
import { durationMs, isObject } from './helpers';

export const contractTimeoutOrder: ContractRule = {
  code: 'contract-timeout-order',
  title: '`lifecycle.health_check.timeout_ms` is longer than the execution timeout.',
  defaultSeverity: 'warning',
  check({ contract, report }) {
    const exec = contract.fields.execution;
    const hc = isObject(contract.fields.lifecycle) ? contract.fields.lifecycle.health_check : undefined;
    if (!isObject(exec) || !isObject(hc) || typeof hc.timeout_ms !== 'number') return;
    const key = typeof exec.timeout_ms === 'number' ? 'timeout_ms' : 'timeout';
    const limit = key === 'timeout_ms' ? (exec.timeout_ms as number) : durationMs(exec.timeout);
    if (limit === undefined || hc.timeout_ms <= limit) return;
    const range = contract.source.valueRange(['lifecycle', 'health_check', 'timeout_ms']);
    if (!range) return;
    const shown = key === 'timeout_ms' ? `${limit} ms` : `\`${String(exec.timeout)}\` (${limit} ms)`;
    report({
      message: `the health check may take ${hc.timeout_ms} ms, longer than the execution timeout of ${shown}: a slow health check outlives the run it guards; make it at most ${limit}`,
      range,
      related: [{ file: contract.file, range: contract.source.valueRange(['execution', key]) ?? range, message: 'the execution timeout' }],
    });
  },
};
