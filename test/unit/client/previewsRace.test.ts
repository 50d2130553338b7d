// previews.ts wired to PreviewOrder, driven deterministically: the server's answers are
// promises this test settles in every order, and the document a user sees is read from
// a small stand-in for the `vscode` API (the parts previews.ts uses: content providers,
// open documents and their change events). previewOrder.test.ts covers the ordering
// rules alone; this covers that PreviewProvider asks, settles and shows through them.
// The real editor runs the same provider in test/vscode/suite/previews.test.js.
import assert from 'node:assert/strict';
import Module from 'node:module';
import { test } from 'node:test';
import type { PreviewRequest } from '../../../client/src/catalog/catalogClient';
import type { PreviewResult } from '../../../server/src/protocol';

type Listener<T> = (e: T) => void;

class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (l: Listener<T>) => {
    this.listeners.push(l);
    return { dispose: () => (this.listeners = this.listeners.filter((x) => x !== l)) };
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

interface FakeUri {
  scheme: string;
  path: string;
  toString(): string;
}

interface FakeDoc {
  uri: FakeUri;
  languageId: string;
  getText(): string;
}

/** The `vscode` module as previews.ts sees it: one content provider, documents that re-read it when told. */
function fakeVscode() {
  const docs: FakeDoc[] = [];
  const changed = new EventEmitter<{ document: FakeDoc }>();
  let provider: { provideTextDocumentContent(uri: FakeUri): string; onDidChange: (l: Listener<FakeUri>) => unknown } | undefined;
  const makeDoc = (uri: FakeUri): FakeDoc => {
    let text = provider!.provideTextDocumentContent(uri);
    const doc: FakeDoc = { uri, languageId: 'plaintext', getText: () => text };
    // As VS Code: a provider's change event makes an open document read it again, a moment later.
    provider!.onDidChange((u) => {
      if (u.toString() !== uri.toString()) return;
      setImmediate(() => {
        text = provider!.provideTextDocumentContent(uri);
        changed.fire({ document: doc });
      });
    });
    return doc;
  };
  return {
    docs,
    api: {
      EventEmitter,
      Position: class {
        constructor(readonly line: number, readonly character: number) {}
      },
      Range: class {
        constructor(readonly start: unknown, readonly end: unknown) {}
      },
      Uri: {
        from: ({ scheme, path }: { scheme: string; path: string }): FakeUri => ({ scheme, path, toString: () => `${scheme}:${path}` }),
      },
      workspace: {
        registerTextDocumentContentProvider: (_scheme: string, p: typeof provider) => {
          provider = p;
          return { dispose: () => undefined };
        },
        get textDocuments() {
          return docs;
        },
        openTextDocument: async (uri: FakeUri) => {
          const doc = makeDoc(uri);
          docs.push(doc);
          return doc;
        },
        onDidChangeTextDocument: changed.event,
      },
      languages: {
        setTextDocumentLanguage: async (doc: FakeDoc, id: string) => ((doc.languageId = id), doc),
      },
      window: { showTextDocument: async (doc: FakeDoc) => doc },
    },
  };
}

// previews.ts requires `vscode`: give it the stand-in (only this test file's process sees it).
const fake = fakeVscode();
const resolveFilename = (Module as unknown as { _resolveFilename: (r: string, ...rest: unknown[]) => string })._resolveFilename;
(Module as unknown as { _resolveFilename: (r: string, ...rest: unknown[]) => string })._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? 'vscode' : resolveFilename.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: fake.api } as unknown as NodeJS.Module;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PreviewProvider } = require('../../../client/src/catalog/previews') as typeof import('../../../client/src/catalog/previews');

/** A server whose answers the test settles, one by one, in the order it chooses. */
function fakeCatalog() {
  const changed = new EventEmitter<{ agents?: string[] }>();
  const asked: { req: PreviewRequest; answer: () => void; fail: () => void }[] = [];
  return {
    asked,
    change: () => changed.fire({}),
    client: {
      onDidChange: changed.event,
      preview: (req: PreviewRequest) =>
        new Promise<PreviewResult>((resolve, reject) => {
          const name = 'name' in req ? req.name : req.kind;
          asked.push({ req, answer: () => resolve(result(name)), fail: () => reject(new Error(`no skill ${name}`)) });
        }),
    },
  };
}

function result(name: string): PreviewResult {
  return {
    agent: 'lovia', kind: 'read', ok: true, skills: [], omitted: [], notes: [], tokens: 1, tokenizer: 'o200k',
    parts: [{ id: 'file', title: 'read_skill_file', text: `contents of ${name}\n`, tokens: 1 }],
    report: `read ${name}`,
  } as unknown as PreviewResult;
}

const read = (name: string): PreviewRequest => ({ kind: 'read', name, path: 'references/forms.md' });
const shownText = (name: string) => `contents of ${name}\n\n━━━━ skillmd report (not sent to the model) ━━━━\nread ${name}`;
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

/** Runs `scenario` once per order of answering the requests it leaves pending; returns the text shown after each. */
async function inEveryOrder(pending: number, scenario: (catalog: ReturnType<typeof fakeCatalog>, provider: InstanceType<typeof PreviewProvider>) => Promise<Promise<unknown>[]>): Promise<Map<string, string>> {
  const shown = new Map<string, string>();
  for (const order of permutations(pending)) {
    fake.docs.length = 0;
    const catalog = fakeCatalog();
    const provider = new PreviewProvider(catalog.client as never);
    const first = catalog.asked.length;
    const calls = await scenario(catalog, provider);
    const open = catalog.asked.slice(first).slice(-pending);
    assert.equal(open.length, pending, 'the scenario leaves that many requests pending');
    for (const i of order) {
      open[i].answer();
      await flush();
    }
    await Promise.all(calls);
    const doc = fake.docs.find((d) => d.uri.toString() === PreviewProvider.uriOf('read').toString())!;
    shown.set(order.join(''), doc.getText());
    provider.dispose();
  }
  return shown;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/** Shows `name` in the read preview: asked and answered. */
async function showFirst(catalog: ReturnType<typeof fakeCatalog>, provider: InstanceType<typeof PreviewProvider>, name: string): Promise<void> {
  const opened = provider.open(read(name));
  await flush();
  catalog.asked.at(-1)!.answer();
  await opened;
}

test('an open of another skill, then a catalog change: the new skill stays shown in every answer order', async () => {
  const shown = await inEveryOrder(2, async (catalog, provider) => {
    await showFirst(catalog, provider, 'pdf-forms');
    const open = provider.open(read('zz-named'));
    catalog.change(); // e.g. an agent picked: every open preview is asked again
    await flush();
    assert.deepEqual(catalog.asked.slice(-2).map((a) => 'name' in a.req && a.req.name), ['zz-named', 'zz-named'], 'the refresh asks for the newest request, not the one shown');
    return [open];
  });
  assert.deepEqual([...shown.keys()], ['10', '01']);
  for (const [order, text] of shown) assert.equal(text, shownText('zz-named'), `answers in order ${order}`);
});

test('a catalog change, then an open of another skill: the refresh of the old skill never comes back', async () => {
  const shown = await inEveryOrder(2, async (catalog, provider) => {
    await showFirst(catalog, provider, 'pdf-forms');
    catalog.change();
    await flush();
    const open = provider.open(read('zz-named'));
    await flush();
    assert.deepEqual(catalog.asked.slice(-2).map((a) => 'name' in a.req && a.req.name), ['pdf-forms', 'zz-named']);
    return [open];
  });
  for (const [order, text] of shown) assert.equal(text, shownText('zz-named'), `answers in order ${order}`);
});

test('two opens and a refresh pending at once: the last open is what the document shows', async () => {
  const shown = await inEveryOrder(3, async (catalog, provider) => {
    await showFirst(catalog, provider, 'pdf-forms');
    const a = provider.open(read('alpha'));
    const b = provider.open(read('beta'));
    catalog.change();
    await flush();
    return [a, b];
  });
  assert.equal(shown.size, 6);
  for (const [order, text] of shown) assert.equal(text, shownText('beta'), `answers in order ${order}`);
});

test('an open that fails leaves the document and its refreshes on the skill shown', async () => {
  fake.docs.length = 0;
  const catalog = fakeCatalog();
  const provider = new PreviewProvider(catalog.client as never);
  await showFirst(catalog, provider, 'pdf-forms');
  const failed = provider.open(read('no-such-skill'));
  await flush();
  catalog.asked.at(-1)!.fail();
  await assert.rejects(failed, /no skill no-such-skill/);
  catalog.change();
  await flush();
  const last = catalog.asked.at(-1)!.req;
  assert.equal('name' in last && last.name, 'pdf-forms');
  catalog.asked.at(-1)!.answer();
  await flush();
  assert.equal(fake.docs[0].getText(), shownText('pdf-forms'));
  provider.dispose();
});
