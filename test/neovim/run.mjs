#!/usr/bin/env node
// Starts the bundled language server from Debian's Neovim (headless, a real LSP
// client nobody here wrote), opens a broken SKILL.md and reads back the diagnostics
// Neovim received. Prints `neovim: N passed, M failed`.
//
// Neovim comes from apt (`apt-get install -y neovim`, installed when missing and we
// are root). SKILLMD_NEOVIM_SKIP=1 skips the suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const repo = new URL('../..', import.meta.url).pathname;
const server = join(repo, 'server', 'out', 'server.js');
const say = (s) => console.log(`[neovim] ${s}`);

if (process.env.SKILLMD_NEOVIM_SKIP === '1') {
  say('skipped (SKILLMD_NEOVIM_SKIP=1)');
  console.log('neovim: 0 passed, 0 failed');
  process.exit(0);
}

function hasNvim() {
  return spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
}

if (!hasNvim()) {
  if (process.getuid?.() === 0) {
    say('installing Debian neovim (apt-get install -y neovim)');
    spawnSync('apt-get', ['install', '-y', '-q', 'neovim'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!hasNvim()) {
    console.error('[neovim] nvim is not installed and cannot be installed here (run as root: apt-get install -y neovim)');
    console.log('neovim: 0 passed, 1 failed');
    process.exit(1);
  }
}
const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
if (!existsSync(server)) spawnSync(process.execPath, [join(repo, 'esbuild.mjs')], { cwd: repo, stdio: 'inherit' });

const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillmd-nvim-')));
const skill = join(root, 'skills', 'Bad_Name', 'SKILL.md');
mkdirSync(dirname(skill), { recursive: true });
writeFileSync(skill, '---\nname: Bad_Name\ndescription: Use when: the user asks\nfoo: 1\n---\n# Broken\n');
const out = join(root, 'result.json');
const init = join(root, 'init.lua');
// Neovim 0.7 (Debian bookworm) has vim.lsp.start_client, not yet vim.lsp.start.
writeFileSync(init, `
local out = ${JSON.stringify(out)}
local function finish(result)
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end
local client_id = vim.lsp.start_client({
  name = 'skillmd',
  cmd = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(server)}, '--stdio' },
  root_dir = ${JSON.stringify(root)},
  workspace_folders = { { uri = vim.uri_from_fname(${JSON.stringify(root)}), name = 'ws' } },
})
vim.cmd('edit ' .. vim.fn.fnameescape(${JSON.stringify(skill)}))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
local ok = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
local diags = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  table.insert(diags, { code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or d.code, lnum = d.lnum, col = d.col,
    end_lnum = d.end_lnum, end_col = d.end_col, severity = d.severity, source = d.source, message = d.message })
end
local client = vim.lsp.get_client_by_id(client_id)
finish({ ok = ok, diagnostics = diags, server = client and client.server_capabilities and client.server_capabilities.hoverProvider or vim.NIL })
`);

let passed = 0;
let failed = 0;
function check(name, fn) {
  try {
    fn();
    passed++;
    say(`ok   ${name}`);
  } catch (e) {
    failed++;
    say(`FAIL ${name}: ${e.message}`);
  }
}

say(`${version}; workspace ${root}`);
const r = spawnSync('nvim', ['--headless', '--clean', '-u', init], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, XDG_STATE_HOME: root, XDG_DATA_HOME: root, XDG_CACHE_HOME: root } });
let result;
check('nvim ran the script and wrote its result', () => {
  if (!existsSync(out)) throw new Error(`no result (exit ${r.status ?? r.signal}); stderr: ${(r.stderr || '').slice(0, 500)}`);
  result = JSON.parse(readFileSync(out, 'utf8'));
});
check('the server initialized and announced hover', () => {
  if (result?.server !== true) throw new Error(`hoverProvider = ${JSON.stringify(result?.server)}`);
});
check('diagnostics for the broken skill reach Neovim', () => {
  if (!result?.ok) throw new Error('no diagnostics within 20 s');
  const got = result.diagnostics.map((d) => `${d.code}@${d.lnum}:${d.col}-${d.end_lnum}:${d.end_col}/${d.severity}`).sort();
  const want = ['name-format@1:6-1:14/1', 'yaml-unquoted-colon@2:13-2:36/1'];
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  if (!result.diagnostics.every((d) => d.source === 'skillmd')) throw new Error('source is not skillmd');
});

rmSync(root, { recursive: true, force: true });
console.log(`neovim: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
