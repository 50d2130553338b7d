// Codex reads a skill's `agents/openai.yaml` for how the skill looks in its UI; its
// `interface.icon_small` and `interface.icon_large` name files of the skill. Codex keeps
// an icon only if its path is relative and under the skill's `assets/` (a `..` path may
// reach the plugin's shared `assets/`), and shows none when the file is missing.
// Source: openai/codex codex-rs/core-skills/src/loader.rs (resolve_asset_path).
import { isMap, isScalar, parseDocument } from '../lazy/yaml';
import type { LineIndex } from '../text/lineIndex';
import type { Range } from '../types';

export const CODEX_METADATA_DIR = 'agents';
export const CODEX_METADATA_FILE = 'openai.yaml';
const ICON_FIELDS = ['icon_small', 'icon_large'] as const;

export interface CodexIcon {
  field: (typeof ICON_FIELDS)[number];
  /** the path as written */
  path: string;
  range: Range;
  /** why Codex ignores it, if it does */
  ignored?: string;
  /** a `..` path: a shared icon of the plugin, outside the skill folder */
  shared?: boolean;
}

/** The icons of an `agents/openai.yaml` (none when it is not valid YAML: Codex ignores the file then). */
export function codexIcons(text: string, lines: LineIndex): CodexIcon[] {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length || !isMap(doc.contents)) return [];
  const iface = doc.contents.get('interface', true);
  if (!isMap(iface)) return [];
  const out: CodexIcon[] = [];
  for (const field of ICON_FIELDS) {
    const node = iface.get(field, true);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range || !node.value) continue;
    // The value's text: quotes excluded when the scalar is quoted. (A block scalar for a
    // path, `icon_small: |`, is too odd to point into.)
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    if (!quoted && node.type !== 'PLAIN') continue;
    const start = node.range[0] + (quoted ? 1 : 0);
    const range = lines.range(start, quoted ? node.range[1] - 1 : node.range[1]);
    const icon: CodexIcon = { field, path: node.value, range };
    const parts = node.value.split(/[\\/]/).filter((p) => p !== '' && p !== '.');
    if (/^(?:[\\/]|[A-Za-z]:[\\/])/.test(node.value)) icon.ignored = 'an absolute path';
    else if (parts.includes('..')) icon.shared = true;
    else if (parts[0] !== 'assets') icon.ignored = 'not under assets/';
    out.push(icon);
  }
  return out;
}
