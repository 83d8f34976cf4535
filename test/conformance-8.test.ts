// Conformance over a third of examples/ (the ones whose index is 2 modulo 3): see conformance/suite.ts.
import { conformanceSuite } from './conformance/suite.js';
import { exampleShard } from './conformance/rulesets.js';

await conformanceSuite(exampleShard(2, 3));
