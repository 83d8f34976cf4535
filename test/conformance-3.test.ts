// Conformance over a fifth of rulesets/ (the ones whose index is 2 modulo 5): see conformance/suite.ts.
import { conformanceSuite } from './conformance/suite.js';
import { rulesetShard } from './conformance/rulesets.js';

await conformanceSuite(rulesetShard(2, 5));
