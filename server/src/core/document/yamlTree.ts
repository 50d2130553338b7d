import type { Alias, Document, Node as YNode, Scalar } from 'yaml';
import { isAlias, isMap, isScalar, isSeq, parseDocument, visit } from '../lazy/yaml';
import { beforeFinalBreak, type LineIndex } from '../text/lineIndex';
import type { FrontmatterEntry, MapNode, ScalarStyle, ValueNode, YamlProblem } from './model';

const STYLES: Record<string, ScalarStyle> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
  BLOCK_LITERAL: 'literal',
  BLOCK_FOLDED: 'folded',
};

export interface YamlParseResult {
  root: ValueNode | undefined;
  problems: YamlProblem[];
}

/**
 * Parses frontmatter YAML with the `yaml` package and converts its nodes into the
 * core's own tree with absolute offsets and LSP ranges. Duplicate keys are kept
 * (a rule reports them with both locations) instead of failing the parse.
 */
export function parseYamlTree(text: string, start: number, end: number, lines: LineIndex): YamlParseResult {
  // A lone \r ends a line for YAML 1.2 (and PyYAML, libyaml, yaml.v3) and for LSP, but
  // not for the `yaml` package: give it \n instead, one for one, so offsets stay.
  let source = text.slice(start, end);
  if (source.indexOf('\r') !== -1) source = source.replace(/\r(?!\n)/g, '\n');
  const doc = parseDocument(source, { uniqueKeys: false, prettyErrors: false, strict: true });
  const problems: YamlProblem[] = [];
  const toProblem = (e: { message: string; code: string; pos: [number, number] }, severity: 'error' | 'warning') => {
    const s = start + Math.min(e.pos[0], source.length);
    const en = Math.max(s, start + Math.min(e.pos[1], source.length));
    problems.push({ message: firstLine(e.message), code: e.code, start: s, end: en, range: lines.range(s, en), severity });
  };
  for (const e of doc.errors) toProblem(e, 'error');
  for (const w of doc.warnings) toProblem(w, 'warning');
  // An alias with no anchor before it (`globs: **/*.*`) parses, but every agent's YAML
  // reader fails on it (js-yaml, PyYAML, yaml.v3, serde_yaml), as `yaml` does at toJS.
  if (!doc.errors.length && source.indexOf('*') !== -1) {
    const alias = unresolvedAlias(doc);
    if (alias?.range) toProblem({ message: unresolvedAliasMessage(alias.source), code: 'BAD_ALIAS', pos: [alias.range[0], alias.range[1]] }, 'error');
  }
  const converter = new Converter(doc, text, start, lines);
  const root = doc.contents ? converter.node(doc.contents as YNode) : undefined;
  return { root, problems };
}

/** The first alias whose anchor is not set before it (`globs: **.md` is one), if any. */
export function unresolvedAlias(doc: Document): Alias | undefined {
  // One pass in document order, anchors collected on the way: Alias.resolve walks the
  // whole document per alias, quadratic in a frontmatter of thousands of aliases.
  const anchors = new Set<string>();
  let found: Alias | undefined;
  visit(doc, (_key, node) => {
    if (isAlias(node)) {
      if (anchors.has(node.source)) return undefined;
      found = node;
      return visit.BREAK;
    }
    const anchor = (node as { anchor?: string } | null)?.anchor;
    if (anchor) anchors.add(anchor);
    return undefined;
  });
  return found;
}

export function unresolvedAliasMessage(name: string): string {
  return `\`*${name}\` is an alias to an anchor \`&${name}\` that is not set; quote a value that starts with \`*\``;
}

function firstLine(message: string): string {
  const i = message.indexOf('\n');
  return i < 0 ? message : message.slice(0, i);
}

class Converter {
  private readonly seen = new Map<YNode, ValueNode>();
  /** each alias's anchored node, found in one pass (Alias.resolve walks the document per alias) */
  private aliasTargets: Map<Alias, YNode | undefined> | undefined;

  constructor(
    private readonly doc: Document,
    private readonly text: string,
    private readonly base: number,
    private readonly lines: LineIndex,
  ) {}

  private targets(): Map<Alias, YNode | undefined> {
    if (this.aliasTargets) return this.aliasTargets;
    const out = new Map<Alias, YNode | undefined>();
    // The last anchor of a name before the alias, as YAML resolves it.
    const latest = new Map<string, YNode>();
    visit(this.doc, (_key, node) => {
      if (isAlias(node)) out.set(node, latest.get(node.source));
      else {
        const anchor = (node as { anchor?: string } | null)?.anchor;
        if (anchor) latest.set(anchor, node as YNode);
      }
      return undefined;
    });
    return (this.aliasTargets = out);
  }

  node(n: YNode): ValueNode {
    const cached = this.seen.get(n);
    if (cached) return cached;
    const out = this.convert(n);
    const props = n as { anchor?: string; tag?: string };
    if (props.anchor) out.anchor = props.anchor;
    if (props.tag && !isAlias(n)) out.tag = props.tag;
    return out;
  }

  private convert(n: YNode): ValueNode {
    const [s0, e0] = n.range ?? [0, 0];
    const start = this.base + s0;
    const block = isScalar(n) ? n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED' : (isSeq(n) || isMap(n)) && !n.flow;
    const end = block ? beforeFinalBreak(this.text, start, this.base + e0) : this.base + e0;
    const range = this.lines.range(start, end);
    if (isScalar(n)) {
      const scalar = n as Scalar;
      const out: ValueNode = {
        kind: 'scalar',
        value: scalar.value,
        style: STYLES[scalar.type ?? 'PLAIN'] ?? 'plain',
        source: this.text.slice(start, end),
        start, end, range,
      };
      this.seen.set(n, out);
      return out;
    }
    if (isSeq(n)) {
      const out: ValueNode = { kind: 'seq', items: [], flow: !!n.flow, start, end, range };
      this.seen.set(n, out);
      for (const item of n.items) if (item) out.items.push(this.node(item as YNode));
      return out;
    }
    if (isMap(n)) {
      const out: MapNode = { kind: 'map', entries: [], flow: !!n.flow, start, end, range };
      this.seen.set(n, out);
      for (const pair of n.items) {
        const keyNode = pair.key as YNode | null;
        if (!keyNode || !keyNode.range) continue;
        const ks = this.base + keyNode.range[0];
        const ke = this.base + keyNode.range[1];
        const key = isScalar(keyNode) ? String(keyNode.value) : this.text.slice(ks, ke);
        const valueNode = pair.value as YNode | null;
        const value = valueNode && valueNode.range && !(isScalar(valueNode) && valueNode.value === null && valueNode.range[0] === valueNode.range[1])
          ? this.node(valueNode)
          : null;
        const valueRange = value ? value.range : this.lines.range(ke + 1, ke + 1);
        const lastEnd = value ? value.end : ke + 1;
        const keyLine = this.lines.positionAt(ks).line;
        const endLine = this.lines.positionAt(Math.max(ks, lastEnd - 1)).line;
        const entry: FrontmatterEntry = {
          key,
          keyStart: ks,
          keyEnd: ke,
          keyRange: this.lines.range(ks, ke),
          value,
          valueRange,
          lineStart: this.lines.lineStarts[keyLine],
          lineEnd: this.lines.nextLineStart(endLine),
        };
        out.entries.push(entry);
      }
      return out;
    }
    if (isAlias(n)) {
      const resolved = this.targets().get(n);
      const out: ValueNode = { kind: 'alias', target: undefined, start, end, range };
      this.seen.set(n, out);
      out.target = resolved ? this.node(resolved) : undefined;
      return out;
    }
    return { kind: 'scalar', value: null, style: 'plain', source: '', start, end, range };
  }
}
