// Bodies: gzip detection and inflation, UTF-8 text, SHA-256 names, Cache-Control.

import { TooLargeError } from './transfer.js';

/** The largest document a lookup accepts, inflated: a real tile is a few kilobytes, an index a few hundred. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * The largest index accepted, inflated: a real one is tens of kilobytes (850 cells: 10.7 kB gzipped), so 16 MiB,
 * the cap `fuel-publish status` puts on an index too, leaves room for every cell of Europe many times over.
 */
export const MAX_INDEX_BYTES = 16 * 1024 * 1024;

/**
 * True when the bytes start with the gzip magic `1f 8b`.
 * @param {Uint8Array} bytes
 * @returns {boolean}
 */
export function isGzip(bytes) {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Thrown when a gzipped body arrives and this runtime cannot inflate it. */
export class NoDecompressionError extends Error {}

/**
 * The document a body holds: the body itself, or its inflation when it arrived still gzipped (a server that did not
 * send `Content-Encoding: gzip`, a transport that does not decode it). Inflating needs `DecompressionStream`.
 * @param {Uint8Array} bytes the body as received
 * @param {number} [cap] the largest document accepted, inflated
 * @returns {Promise<Uint8Array>}
 * @throws {NoDecompressionError} when the body is gzip and no `DecompressionStream` exists
 * @throws {TooLargeError} when it inflates beyond `cap`
 * @throws {Error} when the gzip is damaged
 */
export async function inflateIfGzip(bytes, cap = MAX_DOCUMENT_BYTES) {
  if (!isGzip(bytes)) return bytes;
  const Decompression = /** @type {any} */ (globalThis).DecompressionStream;
  if (typeof Decompression !== 'function') {
    throw new NoDecompressionError('the body arrived gzipped (the server did not send Content-Encoding: gzip, or ' +
      'the HTTP layer did not decode it) and this runtime has no DecompressionStream to inflate it');
  }
  const stream = new Decompression('gzip');
  const writer = stream.writable.getWriter();
  // Written without waiting: the readable side below drains the stream, so a write cannot stall on backpressure.
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > cap) {
      await reader.cancel().catch(() => {});
      throw new TooLargeError(`it inflates to more than ${cap} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Decodes UTF-8, refusing malformed bytes.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function utf8(bytes) {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Encodes text as UTF-8.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function utf8Bytes(text) {
  return new TextEncoder().encode(text);
}

/**
 * The default SHA-256: `crypto.subtle.digest`, or null when this runtime has none.
 * @returns {((bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array>) | null}
 */
export function defaultSha256() {
  const subtle = globalThis.crypto?.subtle;
  return subtle ? (bytes) => subtle.digest('SHA-256', bytes) : null;
}

/**
 * The first 16 hex digits of a digest: the hash in a format-2 name.
 * @param {ArrayBuffer | Uint8Array} digest
 * @returns {string}
 */
export function nameHash(digest) {
  const bytes = ArrayBuffer.isView(digest)
    ? new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength)
    : new Uint8Array(digest);
  let hex = '';
  for (let i = 0; i < 8; i++) hex += bytes[i].toString(16).padStart(2, '0');
  return hex;
}

/**
 * The `max-age` of a Cache-Control header in seconds, or `fallback` when it has none.
 * @param {string | null | undefined} header
 * @param {number} fallback
 * @returns {number}
 */
export function maxAge(header, fallback) {
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(header ?? '');
  return match ? Number(match[1]) : fallback;
}
