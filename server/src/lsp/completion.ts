// Frontmatter completion: keys the targets accept and the document lacks (as
// snippets with the right value shape), values for enums, booleans and suggestions,
// the folder name for `name`, tool names for `allowed-tools`.
import * as path from 'node:path';
import {
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type Position,
} from 'vscode-languageserver/node';
import type { SkillDocument } from '../core/document/model';
import type { AgentProfile, FieldSpec } from '../core/profiles/types';
import { yamlScalar } from '../core/rules/edits';
import { placeAt } from './frontmatterContext';
import { fieldDocs } from './hover';
import { toolItems } from './tools';

export interface CompletionOptions {
  snippets: boolean;
}

const TOOL_KEYS = new Set(['allowed-tools', 'disallowed-tools', 'tools']);

/** The spec of `key` in the first target that reads it (targets are in priority order). */
export function firstSpec(targets: readonly AgentProfile[], key: string): FieldSpec | undefined {
  for (const t of targets) if (t.fields[key]) return t.fields[key];
  return undefined;
}

function valueSnippet(key: string, spec: FieldSpec, folder: string): string {
  if (spec.snippet) return spec.snippet;
  if (key === 'name') return `\${1:${folder.replace(/[$}\\]/g, '\\$&')}}`;
  if (spec.values?.length) return `\${1|${spec.values.join(',')}|}`;
  switch (spec.shapes[0]) {
    case 'boolean':
      return '${1|true,false|}';
    case 'number':
      return '${1:1}';
    case 'list':
      return '\n  - ${1:value}';
    case 'map':
      return '\n  ${1:key}: ${2:value}';
    default:
      return '$1';
  }
}

function plainValue(spec: FieldSpec): string {
  return spec.shapes[0] === 'list' || spec.shapes[0] === 'map' ? '\n  ' : ' ';
}

export function provideCompletion(doc: SkillDocument, pos: Position, targets: readonly AgentProfile[], opts: CompletionOptions): CompletionItem[] {
  const place = placeAt(doc, pos);
  const folder = path.basename(path.dirname(doc.path));
  const targetIds = targets.map((t) => t.id).join(', ');
  if (place.kind === 'no-frontmatter') {
    // After a BOM the client keeps in the text: the snippet must not replace it.
    const bom = doc.hasBom ? 1 : 0;
    if (pos.line === 0 && pos.character < bom) return [];
    if (doc.text.slice(bom, doc.lines.offsetAt(pos)).trim() !== '' && !/^-{0,3}$/.test(doc.lines.lineText(0).slice(bom, pos.character))) return [];
    const range = { start: { line: 0, character: bom }, end: pos };
    return [{
      label: '---',
      kind: CompletionItemKind.Snippet,
      detail: 'SKILL.md frontmatter',
      documentation: 'Frontmatter with the `name` and `description` every agent reads.',
      textEdit: opts.snippets
        ? { range, newText: `---\nname: \${1:${folder.replace(/[$}\\]/g, '\\$&')}}\ndescription: \${2:What the skill does. Use when …}\n---\n\n$0` }
        : { range, newText: `---\nname: ${folder}\ndescription: \n---\n` },
      insertTextFormat: opts.snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    }];
  }
  if (place.kind === 'key') {
    const present = new Set(doc.frontmatter.entries.filter((e) => e !== place.entry).map((e) => e.key));
    const keys: string[] = [];
    for (const t of targets) for (const k of Object.keys(t.fields)) if (!present.has(k) && !keys.includes(k)) keys.push(k);
    const lineText = doc.lines.lineText(place.line);
    // Replace the word being typed (and, on an existing `key:` line, only the key).
    const wordEnd = /^[A-Za-z0-9_.-]*/.exec(lineText)![0].length;
    const hasColon = lineText.slice(wordEnd).startsWith(':');
    const range = { start: { line: place.line, character: 0 }, end: { line: place.line, character: wordEnd } };
    return keys.map((key, i) => {
      const spec = firstSpec(targets, key)!;
      const readers = targets.filter((t) => t.fields[key]).map((t) => t.id);
      const required = targets.some((t) => t.fields[key]?.required);
      const newText = hasColon ? key : opts.snippets ? `${key}: ${valueSnippet(key, spec, folder)}`.replace(': \n', ':\n') : `${key}:${plainValue(spec)}`;
      return {
        label: key,
        kind: CompletionItemKind.Property,
        detail: readers.length === targets.length ? (required ? `required (${targetIds})` : targetIds) : `read by ${readers.join(', ')}`,
        documentation: { kind: MarkupKind.Markdown, value: fieldDocs(targets, key) },
        sortText: `${required ? 0 : 1}${String(i).padStart(3, '0')}`,
        textEdit: { range, newText },
        insertTextFormat: opts.snippets && !hasColon ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
        // The value's choices at once (a closed set, booleans, suggested values such as SPDX ids).
        command: opts.snippets && !hasColon && (spec.values?.length || spec.suggestions?.length || spec.shapes[0] === 'boolean')
          ? { title: 'Suggest', command: 'editor.action.triggerSuggest' }
          : undefined,
      };
    });
  }
  if (place.kind === 'value' || place.kind === 'list-item') {
    const key = place.key;
    const lineText = doc.lines.lineText(place.line);
    const items: CompletionItem[] = [];
    // The value written so far, up to a trailing `# comment` (which stays).
    const range = (start: number) => ({ start: { line: place.line, character: start }, end: { line: place.line, character: Math.max(pos.character, valueEnd(lineText, start)) } });
    // Right after the colon (`:` triggers completion): YAML needs a space before the value.
    const lead = (start: number) => (lineText[start - 1] === ':' ? ' ' : '');
    if (TOOL_KEYS.has(key) && (place.kind === 'list-item' || place.kind === 'value')) {
      // A space- or comma-separated string: complete the current word only.
      const word = /[^\s,]*$/.exec(place.prefix)![0];
      const start = pos.character - word.length;
      const wordRange = { start: { line: place.line, character: start }, end: pos };
      const already = new Set(place.prefix.split(/[\s,]+/).filter(Boolean));
      for (const t of toolItems(targets)) {
        if (already.has(t.name)) continue;
        const snippet = opts.snippets && t.snippet;
        items.push({
          label: t.name,
          kind: CompletionItemKind.Value,
          detail: t.detail,
          documentation: t.doc,
          textEdit: { range: wordRange, newText: lead(start) + (snippet || t.name.replace('(\u2026:*)', '')) },
          insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
        });
      }
      return items;
    }
    if (place.kind !== 'value') return items;
    const values: { label: string; detail?: string }[] = [];
    const add = (label: string, detail?: string) => {
      if (!values.some((v) => v.label === label)) values.push({ label, detail });
    };
    if (key === 'name') add(yamlScalar(folder), 'the folder name');
    for (const t of targets) {
      const spec = t.fields[key];
      if (!spec) continue;
      for (const v of spec.values ?? []) add(v, t.id);
      for (const v of spec.suggestions ?? []) add(v, `${t.id} (suggestion)`);
      if (spec.shapes.includes('boolean')) {
        add('true', t.id);
        add('false', t.id);
      }
    }
    return values.map((v, i) => ({
      label: v.label,
      kind: CompletionItemKind.Value,
      detail: v.detail,
      sortText: String(i).padStart(3, '0'),
      textEdit: { range: range(place.start), newText: lead(place.start) + v.label },
    }));
  }
  return [];
}

/** Where the value starting at `start` ends: before a ` # comment`, white space trimmed; a quoted value ends at its closing quote. */
export function valueEnd(line: string, start: number): number {
  const q = line[start];
  if (q === '"' || q === "'") {
    for (let i = start + 1; i < line.length; i++) {
      if (q === '"' && line[i] === '\\') i++;
      else if (line[i] === q) {
        if (q === "'" && line[i + 1] === "'") i++;
        else return i + 1;
      }
    }
    return line.trimEnd().length;
  }
  const comment = /[ \t]#/.exec(line.slice(start));
  const end = comment ? start + comment.index : line.length;
  return start + line.slice(start, end).trimEnd().length;
}
