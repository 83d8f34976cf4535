// The scenarios of every file of examples/ (the gallery), one Vitest case each: see conformance/scenario-suite.ts.
import { exampleShard } from './conformance/rulesets.js';
import { scenarioSuite } from './conformance/scenario-suite.js';

await scenarioSuite(exampleShard(0, 1));
