// Tool names offered for `allowed-tools` / `disallowed-tools`: the built-in tools of the
// targets whose profile lists them (facts.tools, with their sources), the same table the
// tool rules validate against; nothing for targets that leave names to the agent.
import type { AgentProfile } from '../core/profiles/types';

export interface ToolItem {
  name: string;
  doc: string;
  /** the targets that have the tool, for the item's detail */
  detail: string;
  snippet?: string;
}

/** Each target's tools in table order, then `Tool(…:*)` for the tools that run anything unless scoped. */
export function toolItems(targets: readonly AgentProfile[]): ToolItem[] {
  const byName = new Map<string, { doc: string; ids: string[] }>();
  const scoped: string[] = [];
  for (const t of targets) {
    const tools = t.facts?.tools;
    if (!tools) continue;
    for (const name of tools.names) {
      const seen = byName.get(name);
      if (seen) seen.ids.push(t.id);
      else byName.set(name, { doc: tools.docs[name] ?? '', ids: [t.id] });
    }
    for (const name of tools.unscoped) if (!scoped.includes(name)) scoped.push(name);
  }
  const items: ToolItem[] = [...byName].map(([name, { doc, ids }]) => ({ name, doc, detail: ids.join(', ') }));
  for (const name of scoped) {
    const ids = byName.get(name)?.ids.join(', ') ?? '';
    items.push({ name: `${name}(\u2026:*)`, doc: `Run only commands that start with a prefix, e.g. \`${name}(git:*)\`.`, detail: ids, snippet: `${name}(\${1:git}:*)` });
  }
  return items;
}
