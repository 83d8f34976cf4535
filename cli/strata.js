#!/usr/bin/env node
// Workspace entry for `npx strata` (npm links workspace bins into node_modules/.bin).
import '../bin/strata.js';
