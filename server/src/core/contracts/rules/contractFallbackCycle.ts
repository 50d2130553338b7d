import type { ContractRule, ContractWorkspace } from '../model';
import { contractNames, fallbackNames } from './helpers';

// One graph per workspace snapshot: every contract's check reads it.
// eslint-disable-next-line no-restricted-syntax -- one workspace snapshot per check of contracts, not one per document
const graphs = new WeakMap<ContractWorkspace, Map<string, string[]>>();

function fallbackGraph(ws: ContractWorkspace): Map<string, string[]> {
  let g = graphs.get(ws);
  if (!g) {
    g = new Map();
    for (const c of ws.contracts) {
      const next = fallbackNames(c).map((f) => f.name);
      for (const n of contractNames(c)) g.set(n, [...(g.get(n) ?? []), ...next]);
    }
    graphs.set(ws, g);
  }
  return g;
}

/** The shortest way from `from` back to any of `targets`, as names. */
function pathBack(g: Map<string, string[]>, from: string, targets: Set<string>): string[] | undefined {
  const prev = new Map<string, string>([[from, '']]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i];
    if (targets.has(n)) {
      const out = [n];
      for (let p = prev.get(n)!; p; p = prev.get(p)!) out.unshift(p);
      return out;
    }
    for (const m of g.get(n) ?? []) if (!prev.has(m)) {
      prev.set(m, n);
      queue.push(m);
    }
  }
  return undefined;
}

export const contractFallbackCycle: ContractRule = {
  code: 'contract-fallback-cycle',
  title: 'Fallbacks lead back to the skill itself (a → b → a): a failure would go round forever.',
  defaultSeverity: 'warning',
  check({ contract, workspace, report }) {
    const own = new Set(contractNames(contract));
    if (!own.size) return;
    const g = fallbackGraph(workspace);
    for (const { name, path } of fallbackNames(contract)) {
      if (own.has(name)) continue; // contract-fallback-unknown says it
      const back = pathBack(g, name, own);
      const range = contract.source.valueRange(path);
      if (!back || !range) continue;
      report({ message: `fallback cycle: ${[back[back.length - 1], ...back].map((n) => `\`${n}\``).join(' → ')}; a failure would go round forever: end the chain with a skill that has no fallback to these`, range });
    }
  },
};
