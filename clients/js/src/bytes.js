// Bodies: gzip detection and inflation, UTF-8 text, SHA-256 names, Cache-Control. Each uses the runtime's own API
// when it has one (DecompressionStream, TextDecoder, crypto.subtle) and the built-in one of this package otherwise.

import { gunzip } from './inflate.js';
import { sha256 } from './sha256.js';
import { decodeUtf8, encodeUtf8 } from './utf8.js';
import { TooLargeError, joinChunks } from './transfer.js';

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

/**
 * What inflates a gzipped body: the runtime's `DecompressionStream`, or this package's inflate.
 * @returns {'DecompressionStream' | 'built-in'}
 */
export function inflateSource() {
  const Decompression = /** @type {any} */ (globalThis).DecompressionStream;
  return typeof Decompression === 'function' ? 'DecompressionStream' : 'built-in';
}

/**
 * The document a body holds: the body itself, or its inflation when it arrived still gzipped (a server that did not
 * send `Content-Encoding: gzip`, a transport that does not decode it). Inflates with `DecompressionStream` when the
 * runtime has it, else with the built-in inflate (inflate.js).
 * @param {Uint8Array} bytes the body as received
 * @param {number} [cap] the largest document accepted, inflated
 * @returns {Promise<Uint8Array>}
 * @throws {TooLargeError} when it inflates beyond `cap`
 * @throws {Error} when the gzip is damaged or truncated, or fails its CRC-32 or size
 */
export async function inflateIfGzip(bytes, cap = MAX_DOCUMENT_BYTES) {
  if (!isGzip(bytes)) return bytes;
  if (inflateSource() === 'built-in') return gunzip(bytes, cap);
  const Decompression = /** @type {any} */ (globalThis).DecompressionStream;
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
  return joinChunks(chunks, length);
}

/** The runtime's TextDecoder, when it exists and is strict; checked once per TextDecoder. */
let strictDecoder = /** @type {{of: unknown, decoder: {decode(bytes: Uint8Array): string} | null} | null} */ (null);

/**
 * The runtime's `TextDecoder('utf-8', {fatal: true})`, or null when there is none or it does not refuse malformed
 * bytes (a polyfill that ignores `fatal`).
 */
function runtimeDecoder() {
  const Decoder = /** @type {any} */ (globalThis).TextDecoder;
  if (strictDecoder && strictDecoder.of === Decoder) return strictDecoder.decoder;
  let decoder = null;
  if (typeof Decoder === 'function') {
    try {
      const candidate = new Decoder('utf-8', { fatal: true });
      let refuses = false;
      try {
        candidate.decode(new Uint8Array([0xc0, 0x80]));
      } catch {
        refuses = true;
      }
      if (refuses && candidate.decode(new Uint8Array([0xe2, 0x82, 0xac])) === '\u20ac') decoder = candidate;
    } catch {
      decoder = null;
    }
  }
  strictDecoder = { of: Decoder, decoder };
  return decoder;
}

/**
 * What decodes UTF-8: the runtime's strict `TextDecoder`, or this package's decoder (utf8.js).
 * @returns {'TextDecoder' | 'built-in'}
 */
export function utf8Source() {
  return runtimeDecoder() ? 'TextDecoder' : 'built-in';
}

/**
 * Decodes UTF-8, refusing malformed bytes.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function utf8(bytes) {
  const decoder = runtimeDecoder();
  return decoder ? decoder.decode(bytes) : decodeUtf8(bytes);
}

/**
 * Encodes text as UTF-8.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function utf8Bytes(text) {
  const Encoder = /** @type {any} */ (globalThis).TextEncoder;
  return typeof Encoder === 'function' ? new Encoder().encode(text) : encodeUtf8(text);
}

/**
 * The runtime's SHA-256, `crypto.subtle.digest`, or null when it has none.
 * @returns {((bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array>) | null}
 */
export function subtleSha256() {
  const subtle = /** @type {any} */ (globalThis).crypto?.subtle;
  return subtle && typeof subtle.digest === 'function'
    ? (/** @type {Uint8Array} */ bytes) => subtle.digest('SHA-256', bytes)
    : null;
}

/**
 * The default SHA-256: `crypto.subtle.digest` when the runtime has it, else the built-in one (sha256.js).
 * @returns {(bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array>}
 */
export function defaultSha256() {
  return subtleSha256() ?? (async (bytes) => sha256(bytes));
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
