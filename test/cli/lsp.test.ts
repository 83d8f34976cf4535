/**
 * `strata lsp`: the language server over stdio, as an editor starts it. Initialize, open a file with
 * an unknown name: its diagnostic comes back where the name is; the editor's compile request is
 * answered from the same build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { CompileOutcome, FileOutline } from '../../dsl/src/language-server/strata-server.js';
import { root } from './run-cli.js';

const broken = ['game Broken "An unknown name" {', '    players 2', '    var n: number = 1', '    flow { }', '    rank by missingName', '}', ''].join('\n');
const good = broken.replace('rank by missingName', 'rank by n').replace('Broken', 'Good');

let dir: string;
let child: ChildProcess;
let connection: MessageConnection;
const diagnostics = new Map<string, PublishDiagnosticsParams>();
const outlines = new Map<string, FileOutline>();
let stderr = '';

function waitFor<T>(get: () => T | undefined, ms = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = get();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > ms) reject(new Error(`timed out; stderr:\n${stderr}`));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

describe('strata lsp', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'strata-lsp-'));
    child = spawn(process.execPath, [join(root, 'bin/strata.js'), 'lsp', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => void diagnostics.set(p.uri, p));
    connection.onNotification('strata/validated', (p: FileOutline) => void outlines.set(p.uri, p));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
    connection.listen();
    const rootUri = pathToFileURL(dir).href;
    await connection.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'rules' }], capabilities: {} });
    await connection.sendNotification('initialized', {});
  }, 120_000);

  afterAll(async () => {
    if (connection) {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
    }
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a file opened with an error with that error, located', async () => {
    const uri = pathToFileURL(join(dir, 'broken.strata')).href;
    writeFileSync(join(dir, 'broken.strata'), broken);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'strata', version: 1, text: broken } });
    const published = await waitFor(() => diagnostics.get(uri));
    const errors = published.diagnostics.filter((d) => d.severity === 1);
    const text = (d: (typeof errors)[number]) => (typeof d.message === 'string' ? d.message : d.message.value);
    expect(errors.map(text).join('\n')).toContain('missingName');
    const unknown = errors.find((d) => text(d).includes('missingName'))!;
    expect(unknown.range.start).toEqual({ line: 4, character: broken.split('\n')[4]!.indexOf('missingName') });
  }, 120_000);

  it('compiles an open file from its build, and says what it declares', async () => {
    const uri = pathToFileURL(join(dir, 'good.strata')).href;
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'strata', version: 1, text: good } });
    const outline = await waitFor(() => outlines.get(uri));
    expect(outline).toMatchObject({ game: 'Good', variants: [], uses: [], version: 1 });
    const outcome = await connection.sendRequest<CompileOutcome | null>('strata/compile', { textDocument: { uri }, variant: null });
    expect(outcome?.ir?.name).toBe('Good');
    expect(outcome?.validation).toEqual({ valid: true });
    expect(outcome?.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }, 120_000);
});
