/**
 * Share links carry a rule file in the URL hash: `#share=` + base64url(deflate-raw(JSON)). Nothing
 * is sent to a server; the hash never leaves the browser.
 */

export interface SharedFile {
  name: string;
  text: string;
}

const prefix = '#share=';

async function pipe(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The hash (starting with `#share=`) that carries this file. */
export async function encodeShare(file: SharedFile): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ name: file.name, text: file.text }));
  return prefix + toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The file carried by a location hash, null when the hash is not a share link, or an error. */
export async function decodeShare(hash: string): Promise<SharedFile | null> {
  if (!hash.startsWith(prefix)) return null;
  const bytes = await pipe(fromBase64Url(hash.slice(prefix.length)), new DecompressionStream('deflate-raw'));
  const data: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof data !== 'object' || data === null) throw new Error('the link holds no file');
  const { name, text } = data as Record<string, unknown>;
  if (typeof name !== 'string' || typeof text !== 'string') throw new Error('the link holds no file');
  return { name, text };
}
