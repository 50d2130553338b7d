import { startServer } from './test/lsp/client';
(async () => {
  const root = process.argv[2];
  const t = Date.now();
  const c = await startServer({ root, mode: 'pull', serverPath: '/tmp/wrap.js', env: process.env.T ? { SKILLMD_THREADS: process.env.T } : {} });
  const s = await c.waitForIndex(600_000, { references: true });
  console.log('done', Date.now() - t, JSON.stringify(s));
  console.log(c.messages.filter((m) => /indexed|checked|worker/.test(m)).join('\n'));
  await c.stop();
})();
