import type { Document, Node as YNode, Pair } from 'yaml';
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument } from '../lazy/yaml';
import { LineIndex } from '../text/lineIndex';
import type { Range } from '../types';

export type PathSegment = string | number;

/**
 * A YAML (or JSON) text parsed once with the `yaml` package, keeping every node's
 * offsets so that a JSON pointer into the value (what ajv reports) maps back to the
 * exact range of its key or value. `start`/`end` cut a region out of a larger text
 * (a SKILL.md frontmatter): ranges are then in the whole text.
 */
export class YamlSource {
  readonly lines: LineIndex;
  readonly doc: Document;
  readonly value: unknown;
  readonly problems: { message: string; range: Range }[] = [];

  constructor(readonly text: string, readonly start = 0, end = text.length, lines?: LineIndex) {
    this.lines = lines ?? new LineIndex(text);
    // A lone \r ends a line for YAML 1.2 and LSP but not for `yaml`: one for one, offsets stay.
    let source = text.slice(start, end);
    if (source.indexOf('\r') !== -1) source = source.replace(/\r(?!\n)/g, '\n');
    this.doc = parseDocument(source, { prettyErrors: false, uniqueKeys: true });
    for (const e of this.doc.errors) this.problems.push({ message: e.message.split('\n')[0], range: this.range(e.pos[0], Math.max(e.pos[0], e.pos[1])) });
    let value: unknown;
    try {
      value = this.doc.errors.length ? undefined : this.doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      this.problems.push({ message: (e as Error).message, range: this.range(0, 0) });
    }
    this.value = value;
  }

  range(from: number, to: number): Range {
    return this.lines.range(this.start + from, this.start + to);
  }

  private nodeRange(n: YNode | null | undefined): Range | undefined {
    const r = n?.range;
    return r ? this.range(r[0], r[1]) : undefined;
  }

  /** The pair (for map entries) and node at a path, following aliases. */
  locate(path: readonly PathSegment[]): { node: YNode | null | undefined; pair?: Pair } {
    let node: YNode | null | undefined = this.doc.contents as YNode | null;
    let pair: Pair | undefined;
    for (const seg of path) {
      if (node && isAlias(node)) node = node.resolve(this.doc) as YNode | undefined;
      if (node && isMap(node)) {
        pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg)) as Pair | undefined;
        if (!pair) return { node: undefined };
        node = pair.value as YNode | null;
      } else if (node && isSeq(node) && /^\d+$/.test(String(seg))) {
        pair = undefined;
        node = node.items[Number(seg)] as YNode | undefined;
        if (!node) return { node: undefined };
      } else return { node: undefined };
    }
    return { node, pair };
  }

  /** The range of the value at `path`; a key without a value gives the key's range. */
  valueRange(path: readonly PathSegment[]): Range | undefined {
    const { node, pair } = this.locate(path);
    return this.nodeRange(node) ?? this.nodeRange(pair?.key as YNode | undefined);
  }

  /** The range of the key at `path` (the value's for a list item). */
  keyRange(path: readonly PathSegment[]): Range | undefined {
    const { node, pair } = this.locate(path);
    return this.nodeRange(pair?.key as YNode | undefined) ?? this.nodeRange(node);
  }

  /** The closest range that exists: the path, else its parents, else the start. */
  bestRange(path: readonly PathSegment[], key = false): Range {
    for (let n = path.length; n >= 0; n--) {
      const p = path.slice(0, n);
      const r = n === path.length && !key ? this.valueRange(p) : this.keyRange(p);
      if (r && (n > 0 || r)) return r;
    }
    return this.range(0, 0);
  }
}

/** `/a/b~1c/0` → ['a', 'b/c', 0] */
export function pointerPath(pointer: string): PathSegment[] {
  if (!pointer) return [];
  return pointer.slice(1).split('/').map((s) => {
    const t = s.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^\d+$/.test(t) ? Number(t) : t;
  });
}

/** `execution.rate_limit`, `fallback[1].skill` */
export function displayPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const s of path) out += typeof s === 'number' ? `[${s}]` : out ? `.${s}` : s;
  return out;
}
