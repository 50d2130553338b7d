#!/usr/bin/env node
'use strict';
// The CLI's bundles, compiled with the code cache the build made (server/src/cli/codeCache.ts).
const path = require('node:path');
const out = path.join(__dirname, '..', 'server', 'out');
require(path.join(out, 'codeCache.js')).install(out, process.env.SKILLMD_WRITE_CODE_CACHE === '1');
require(path.join(out, 'cli.js'));
