// Monaco's editor worker (diffing, word ranges): imported through this file with `?worker`.
import 'monaco-editor/editor/editor.worker';
