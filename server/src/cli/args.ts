/** A small argv parser: `--flag`, `--opt value`, `--opt=value`, repeatable options. */
export interface OptionSpec {
  /** takes a value */
  value?: boolean;
  /** may be given more than once */
  repeat?: boolean;
  short?: string;
}

export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | boolean | string[]>;
}

export class UsageError extends Error {}

/** A run that cannot go on, for a reason the message says in full: printed as it is (exit 3), no stack. */
export class RunError extends Error {}

export function parseArgs(argv: string[], spec: Record<string, OptionSpec>): ParsedArgs {
  const out: ParsedArgs = { positionals: [], options: {} };
  const shorts = new Map(Object.entries(spec).filter(([, s]) => s.short).map(([k, s]) => [s.short!, k]));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      inline = eq < 0 ? undefined : a.slice(eq + 1);
    } else if (a.startsWith('-') && a.length === 2) {
      name = shorts.get(a[1]);
      if (!name) throw new UsageError(`unknown option ${a}`);
    } else {
      out.positionals.push(a);
      continue;
    }
    const s = spec[name];
    if (!s) throw new UsageError(`unknown option --${name}`);
    let value: string | boolean = true;
    if (s.value) {
      if (inline !== undefined) value = inline;
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new UsageError(`--${name} needs a value`);
    } else if (inline !== undefined) {
      throw new UsageError(`--${name} takes no value`);
    }
    if (s.repeat) out.options[name] = [...((out.options[name] as string[]) ?? []), String(value)];
    else out.options[name] = value;
  }
  return out;
}
