// The editor page: the shell elements load at once; Monaco and the language server follow lazily.
import './strata-app.js';
