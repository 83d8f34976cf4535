// The scenarios of half of rulesets/ (index 1 modulo 2), one Vitest case each: see conformance/scenario-suite.ts.
import { rulesetShard } from './conformance/rulesets.js';
import { scenarioSuite } from './conformance/scenario-suite.js';

await scenarioSuite(rulesetShard(1, 2));
