#!/usr/bin/env node
// Committed stub so the bin link exists before the first build; the code lives in dist/.
require('../dist/refctl.cjs');
