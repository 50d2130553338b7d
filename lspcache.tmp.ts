import { startServer } from './test/lsp/client';
(async () => {
  const root = process.argv[2];
  const runs = Number(process.argv[3] ?? 2);
  for (let i = 0; i < runs; i++) {
    const t = Date.now();
    const c = await startServer({ root, mode: 'pull', initializationOptions: { storagePath: process.argv[4] ?? '/tmp/skc' }, ...(process.env.WRAP ? { serverPath: '/tmp/wrap.js' } : {}) });
    const s = await c.waitForIndex(900_000, { references: true });
    console.log('run', i, Date.now() - t, 'ms', JSON.stringify(s.references));
    console.log(c.messages.filter((m) => /indexed|checked|cache/.test(m)).join('\n'));
    const rep = await c.request<{ items: { uri: string; items: unknown[] }[] }>('workspace/diagnostic', { previousResultIds: [] });
    const all = rep.items.map((x) => [x.uri, x.items]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    require('fs').writeFileSync(`/tmp/skc-diags-${i}.json`, JSON.stringify(all));
    await c.stop();
  }
})();
