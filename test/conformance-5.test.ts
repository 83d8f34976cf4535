// Conformance over a fifth of rulesets/ (the ones whose index is 4 modulo 5): see conformance/suite.ts.
import { conformanceSuite } from './conformance/suite.js';
import { rulesetShard } from './conformance/rulesets.js';

await conformanceSuite(rulesetShard(4, 5));
