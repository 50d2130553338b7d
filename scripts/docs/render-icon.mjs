#!/usr/bin/env node
// Renders images/icon.svg into images/icon.png (128×128, transparent corners), the
// extension icon of package.json `icon` (the marketplace wants a PNG). Uses Debian's
// Chromium through playwright-core, as the VS Code tests do.
//   node scripts/docs/render-icon.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const svg = readFileSync(fileURLToPath(new URL('../../images/icon.svg', import.meta.url)), 'utf8');
const out = fileURLToPath(new URL('../../images/icon.png', import.meta.url));
const browser = await chromium.launch({ executablePath: process.env.SKILLMD_CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: out, omitBackground: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
