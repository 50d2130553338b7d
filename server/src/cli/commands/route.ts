import { RENDER_AGENTS } from '../../core/render';
import { routableFromCatalog } from '../../core/routing/catalogSkills';
import { routeRequest, type RouteCandidate } from '../../core/routing/route';
import { parseArgs, UsageError } from '../args';
import { setupPreview } from './preview/common';

export const ROUTE_USAGE = `Usage: skillmd route "<user request>" [options]

Shows which skills of an agent's catalog would take a request: first those whose
trigger_keywords or tags the request matches (the pre-filter in front of the
model), then the others, each ranked by TF-IDF similarity with its description,
when_to_use and keywords, with the score and the shared terms.

Options:
  --agent <profile>   the agent whose catalog is searched: ${RENDER_AGENTS.join(', ')}
  --root <folder>     a skill root (repeatable); default: the agent folders of the
                      current folder + configured roots
  --format <fmt>      text (default) or json
  --config <file>     configuration file (default: nearest .skillmd.json)
  -h, --help          show this help
`;

const SPEC = {
  agent: { value: true },
  root: { value: true, repeat: true },
  format: { value: true },
  config: { value: true },
  help: { short: 'h' },
};

function line(rank: number, c: RouteCandidate, width: number): string {
  const parts = [`${String(rank).padStart(3)}. ${c.name.padEnd(width)}  ${c.score.toFixed(3)}`];
  if (c.matched.length) parts.push(`matched: ${c.matched.join(', ')}`);
  if (c.terms.length) parts.push(`terms: ${c.terms.slice(0, 8).join(', ')}`);
  return parts.join('  ') + '\n';
}

export async function runRoute(argv: string[], cwd: string, write: (s: string) => void): Promise<number> {
  const args = parseArgs(argv, SPEC);
  if (args.options.help) {
    write(ROUTE_USAGE);
    return 0;
  }
  const format = (args.options.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  const request = args.positionals.join(' ').trim();
  if (!request) throw new UsageError('route needs a request: skillmd route "<user request>"');
  const setup = await setupPreview(args, cwd, (args.options.root as string[] | undefined) ?? [], RENDER_AGENTS);
  const skills = await routableFromCatalog(setup.fs, setup.snapshot.skills);
  const result = routeRequest(request, skills);
  if (format === 'json') {
    write(JSON.stringify({ agent: setup.agent, ...result }, null, 2) + '\n');
    return 0;
  }
  const width = Math.max(4, ...[...result.candidates, ...result.others].map((c) => c.name.length));
  let out = `${setup.agent}: ${skills.length} skill${skills.length === 1 ? '' : 's'} in the catalog\n`;
  out += result.candidates.length ? 'Matched by trigger_keywords or tags:\n' : 'No skill\'s trigger_keywords or tags match.\n';
  result.candidates.forEach((c, i) => (out += line(i + 1, c, width)));
  if (result.others.length) {
    out += 'Other skills by similarity:\n';
    result.others.forEach((c, i) => (out += line(result.candidates.length + i + 1, c, width)));
  }
  if (!result.candidates.length && !result.others.length) out += 'No skill shares a word with the request.\n';
  write(out);
  return 0;
}
