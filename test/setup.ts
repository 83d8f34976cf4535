// Node 20 lacks Object.groupBy, which chevrotain calls (see bin/polyfill.js).
import '../bin/polyfill.js';
