import '../../bin/polyfill.js';
import { EmptyFileSystem } from 'langium';
import { createStrataServices } from '../src/strata-module.js';
const { Strata } = createStrataServices(EmptyFileSystem);
for (const t of ['game G { players 2 flow { let x = 1 } }', 'game G { players 2 flow { move } }', 'game G { players 2 flow { log } }', 'game G { param x = }']) {
  const s = Date.now();
  const r = Strata.parser.LangiumParser.parse(t);
  console.log(Date.now() - s, 'ms', r.parserErrors.map((e) => e.message));
}
