#!/usr/bin/env node
require('../server/out/server.js');
