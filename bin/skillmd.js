#!/usr/bin/env node
require('../server/out/cli.js');
