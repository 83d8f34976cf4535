/**
 * `npm run bench:editor-rebuild`: the language server's work per keystroke, in Node, on the same code
 * path as the editor's worker (strata-server.ts over a JSON-RPC connection, every bundled ruleset
 * open, whole-text changes). Replays `npm run bench:editor`'s keystrokes in the largest ruleset (a
 * letter added to a parameter's last use, Backspace, a word typed and erased) and reports, per
 * keystroke, the CPU time of this process (user + system: the server's rebuild, its messages and
 * V8's background threads) and the wall time from the change sent to the diagnostics received,
 * median [min-max]. The machine is shared: CPU time says what the rebuild costs, wall time what
 * the load made of it.
 * `--times N` sets the tries (default 10); `--gap MS` the idle time after each check before the next
 * key (default 30); `--requests` also asks, after each check, for what the editor asks then
 * (colours, outline, folding), cancelled by the next change as the editor does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { EmptyFileSystem } from 'langium';
import { CancellationTokenSource, StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startStrataServer, type FileOutline } from '../dsl/src/language-server/strata-server.js';
import { spread, type Spread } from './measure.js';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const times = Number(args[args.indexOf('--times') + 1] ?? 10) || 10;
const withRequests = args.includes('--requests');
/** Idle ms after each check before the next key, as the page paints and the next key comes. */
const gap = Number(args[args.indexOf('--gap') + 1] ?? 30) || 30;

const files = readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata'));
const texts = new Map(files.map((f) => [f, readFileSync(join(root, 'rulesets', f), 'utf8')]));
const largest = [...files].sort((a, b) => texts.get(b)!.length - texts.get(a)!.length)[0]!;
const uriOf = (f: string): string => `file:///rulesets/${f}`;
const mainUri = uriOf(largest);

// The server and a client on two in-memory pipes.
const toServer = new PassThrough();
const toClient = new PassThrough();
startStrataServer(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)), EmptyFileSystem);
const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
const diagnostics = new Map<string, Diagnostic[]>();
const checked = new Map<string, number>();
const waiters = new Set<() => void>();
client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
  diagnostics.set(p.uri, p.diagnostics);
});
client.onNotification('strata/validated', (p: FileOutline) => {
  checked.set(p.uri, p.version);
  for (const w of [...waiters]) w();
});
client.onNotification('window/logMessage', () => undefined);
client.onRequest('client/registerCapability', () => null);
client.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
client.listen();

await client.sendRequest('initialize', { processId: null, rootUri: null, workspaceFolders: null, capabilities: {} });
await client.sendNotification('initialized', {});

let version = 0;
const untilChecked = (uri: string, v: number): Promise<void> =>
  new Promise((resolve) => {
    const check = () => {
      if ((checked.get(uri) ?? -1) >= v) {
        waiters.delete(check);
        resolve();
      }
    };
    waiters.add(check);
    check();
  });
const opened = files.map((f) => {
  const v = ++version;
  void client.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(f), languageId: 'strata', version: v, text: texts.get(f) } });
  return untilChecked(uriOf(f), v);
});
await Promise.all(opened);

// The bench's place: just after the last use of the first parameter, outside comments.
let text = texts.get(largest)!;
const lines = text.split('\n');
const param = /^\s*param\s+(\w+)/m.exec(text)![1]!;
const line = lines.findLastIndex((l) => new RegExp(`^[^"]*\\b${param}\\b`).test(l) && !/^\s*(param\s|\*|\/\*|\/\/)/.test(l));
const at = lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + new RegExp(`\\b${param}\\b`).exec(lines[line]!)!.index + param.length;
let cursor = at;

let requests: CancellationTokenSource[] = [];
/** What the editor asks for once a file is checked; each is cancelled by the next change. */
function askAsTheEditorDoes(): void {
  for (const method of ['textDocument/semanticTokens/full', 'textDocument/documentSymbol', 'textDocument/foldingRange']) {
    const source = new CancellationTokenSource();
    requests.push(source);
    client.sendRequest(method, { textDocument: { uri: mainUri } }, source.token).catch(() => undefined);
  }
}

interface Sample {
  cpu: number;
  wall: number;
  errors: number;
}
/** Types `key` (a letter, or Backspace) at the cursor; CPU and wall ms until the file is checked. */
async function press(key: string): Promise<Sample> {
  if (key === 'Backspace') {
    text = text.slice(0, cursor - 1) + text.slice(cursor);
    cursor--;
  } else {
    text = text.slice(0, cursor) + key + text.slice(cursor);
    cursor++;
  }
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (const r of requests) r.cancel();
  requests = [];
  const v = ++version;
  void client.sendNotification('textDocument/didChange', { textDocument: { uri: mainUri, version: v }, contentChanges: [{ text }] });
  await untilChecked(mainUri, v);
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  if (withRequests) askAsTheEditorDoes();
  // The server's idle time before the next key (the page paints the marker, the next key comes):
  // answers to the requests, and work left for after the diagnostics, happen then.
  await new Promise((r) => setTimeout(r, gap));
  const errors = (diagnostics.get(mainUri) ?? []).filter((d) => d.severity === 1).length;
  return { cpu: (cpu.user + cpu.system) / 1000, wall, errors };
}

const groups = { shown: [] as Sample[], cleared: [] as Sample[], typed: [] as Sample[], erased: [] as Sample[] };
const round = async (record: boolean): Promise<void> => {
  const shown = await press('X');
  const cleared = await press('Backspace');
  const typed: Sample[] = [];
  for (const k of 'Xyzzy') typed.push(await press(k));
  const erased: Sample[] = [];
  for (let i = 0; i < 5; i++) erased.push(await press('Backspace'));
  if (shown.errors === 0 || cleared.errors !== 0 || typed.at(-1)!.errors === 0 || erased.at(-1)!.errors !== 0) {
    throw new Error('the edit did not make and fix an error as expected');
  }
  if (record) {
    groups.shown.push(shown);
    groups.cleared.push(cleared);
    groups.typed.push(...typed);
    groups.erased.push(...erased);
  }
};
// Warm-up rounds, not counted (the JIT).
for (let i = 0; i < 3; i++) await round(false);
for (let i = 0; i < times; i++) {
  await round(true);
  process.stdout.write('.');
}

const show = (s: Spread): string => `${Math.round(s.median)} ms [${Math.round(s.min)}-${Math.round(s.max)}]`;
const row = (label: string, xs: Sample[]): string =>
  `${label.padEnd(30)} CPU ${show(spread(xs.map((x) => x.cpu))).padEnd(20)} wall ${show(spread(xs.map((x) => x.wall)))}  (${xs.length} keystrokes)`;
console.log(`\n${largest} (${lines.length} lines), ${times} tries, ${files.length} files open${withRequests ? ', with the editor\'s requests' : ''}`);
console.log(row('letter → error shown', groups.shown));
console.log(row('Backspace → error cleared', groups.cleared));
console.log(row('each letter of a word', groups.typed));
console.log(row('each erasure', groups.erased));
const all = [...groups.shown, ...groups.cleared, ...groups.typed, ...groups.erased];
console.log(row('every keystroke', all));
client.dispose();
process.exit(0);
