// The built-in SHA-256, inflate and UTF-8 of src/ (for runtimes without crypto.subtle, DecompressionStream or a
// strict TextDecoder) agree with Node's crypto, zlib and TextDecoder on random and edge-case inputs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { constants, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { sha256 } from '../src/sha256.js';
import { crc32, gunzip, inflateRaw } from '../src/inflate.js';
import { decodeUtf8, encodeUtf8 } from '../src/utf8.js';
import { MAX_DOCUMENT_BYTES, inflateIfGzip } from '../src/bytes.js';

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const nodeSha = (bytes) => createHash('sha256').update(bytes).digest('hex');
/** Text that compresses like JSON: repeated words, so dynamic blocks with long matches. */
const jsonish = (size) => {
  const words = ['{"id":"PT-', '","price":1.', '599', ',"fuel":"diesel"', 'Galp ', 'é', '€', '}', ',', '\n'];
  let text = '';
  while (text.length < size) text += words[Math.floor(Math.random() * words.length)];
  return Buffer.from(text.slice(0, size));
};

test('SHA-256 matches node:crypto on the padding boundaries and many random lengths', () => {
  const lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 1000, 4096, 65537];
  for (let n = 0; n < 300; n++) lengths.push(Math.floor(Math.random() * 5000));
  for (const length of lengths) {
    const bytes = randomBytes(length);
    assert.equal(hex(sha256(bytes)), nodeSha(bytes), `${length} random bytes`);
  }
  assert.equal(hex(sha256(new Uint8Array(0))), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(hex(sha256(Buffer.from('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  const large = randomBytes(3 * 1024 * 1024 + 7);
  assert.equal(hex(sha256(large)), nodeSha(large), 'a 3 MiB input');
  const view = large.subarray(5, 1005);
  assert.equal(hex(sha256(view)), nodeSha(view), 'a view into a larger buffer');
});

test('gunzip matches zlib at every level and strategy, on random and JSON-like inputs', () => {
  const strategies = [constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE,
    constants.Z_FILTERED];
  const sizes = [0, 1, 2, 100, 1000, 40000, 70000, 300000];
  let runs = 0;
  for (const size of sizes) {
    for (const input of [randomBytes(size), jsonish(size), Buffer.alloc(size, 0x61)]) {
      for (let level = 0; level <= 9; level++) {
        const strategy = strategies[(size + level) % strategies.length];
        const gz = gzipSync(input, { level, strategy });
        assert.ok(Buffer.from(gunzip(gz, MAX_DOCUMENT_BYTES)).equals(input), `size ${size} level ${level}`);
        runs++;
      }
    }
  }
  assert.equal(runs, sizes.length * 3 * 10);
  const large = jsonish(5 * 1024 * 1024);
  assert.ok(Buffer.from(gunzip(gzipSync(large), MAX_DOCUMENT_BYTES)).equals(large), 'a 5 MiB input');
});

test('inflateRaw reads stored, fixed and dynamic blocks and says where the stream ends', () => {
  for (const [name, input, options] of [
    ['stored blocks (level 0, several of 64 KiB)', randomBytes(200000), { level: 0 }],
    ['fixed Huffman', jsonish(5000), { strategy: constants.Z_FIXED }],
    ['dynamic Huffman', jsonish(50000), {}],
    ['tiny windows', jsonish(50000), { windowBits: 9, memLevel: 1 }],
  ]) {
    const raw = deflateRawSync(input, options);
    const tail = Buffer.from([1, 2, 3]);
    const { output, end } = inflateRaw(Buffer.concat([raw, tail]), 0, MAX_DOCUMENT_BYTES);
    assert.ok(Buffer.from(output).equals(input), name);
    assert.equal(end, raw.length, `${name}: the end offset`);
  }
  // A stored block by hand: BFINAL 1, BTYPE 00, LEN 3, NLEN ~3.
  const stored = Buffer.from([0x01, 0x03, 0x00, 0xfc, 0xff, 0x61, 0x62, 0x63]);
  assert.equal(Buffer.from(inflateRaw(stored, 0, 100).output).toString(), 'abc');
  stored[3] = 0; // NLEN no longer the complement
  assert.throws(() => inflateRaw(stored, 0, 100), /length check/);
  assert.throws(() => inflateRaw(Buffer.from([0x07]), 0, 100), /block type 3/);
});

/** A gzip member with every optional header field (RFC 1952 2.3), built by hand around raw deflate data. */
function fullHeaderGzip(input) {
  const header = Buffer.from([0x1f, 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3]);
  const extra = Buffer.from([5, 0, 0x41, 0x70, 1, 0, 9]);
  const name = Buffer.from('tile.json\0');
  const comment = Buffer.from('a comment\0');
  const head = Buffer.concat([header, extra, name, comment]);
  const hcrc = Buffer.alloc(2);
  hcrc.writeUInt16LE(crc32(head) & 0xffff);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(input), 0);
  trailer.writeUInt32LE(input.length, 4);
  return Buffer.concat([head, hcrc, deflateRawSync(input), trailer]);
}

test('gunzip honours FEXTRA, FNAME, FCOMMENT and FHCRC, and concatenated members', () => {
  const input = jsonish(10000);
  const gz = fullHeaderGzip(input);
  assert.ok(Buffer.from(gunzip(gz, MAX_DOCUMENT_BYTES)).equals(input));
  const badHeader = Buffer.from(gz);
  badHeader[20] ^= 1; // inside FNAME: the header CRC no longer matches
  assert.throws(() => gunzip(badHeader, MAX_DOCUMENT_BYTES), /header CRC/);
  const two = Buffer.concat([gzipSync(input), gz]);
  assert.ok(Buffer.from(gunzip(two, MAX_DOCUMENT_BYTES)).equals(Buffer.concat([input, input])));
  const trailing = Buffer.concat([gzipSync(input), Buffer.from([0])]);
  assert.throws(() => gunzip(trailing, MAX_DOCUMENT_BYTES), /truncated|not gzip/);
  const reserved = gzipSync(input);
  reserved[3] = 0x20;
  assert.throws(() => gunzip(reserved, MAX_DOCUMENT_BYTES), /reserved flags/);
});

test('gunzip refuses a truncated stream, a wrong CRC-32, a wrong ISIZE and damaged data', () => {
  const input = jsonish(20000);
  const gz = gzipSync(input);
  for (let cut = 0; cut < gz.length; cut += Math.max(1, Math.floor(gz.length / 200))) {
    assert.throws(() => gunzip(gz.subarray(0, cut), MAX_DOCUMENT_BYTES), /truncated/, `cut at ${cut} of ${gz.length}`);
  }
  assert.throws(() => gunzip(gz.subarray(0, gz.length - 1), MAX_DOCUMENT_BYTES), /truncated/);
  const crc = Buffer.from(gz);
  crc[crc.length - 8] ^= 0x01;
  assert.throws(() => gunzip(crc, MAX_DOCUMENT_BYTES), /CRC-32 mismatch/);
  const size = Buffer.from(gz);
  size[size.length - 4] ^= 0x01;
  assert.throws(() => gunzip(size, MAX_DOCUMENT_BYTES), /size mismatch/);
  // Every one-bit change of a small member's deflate data: refused by both, or the same output from both (a change
  // can leave the output alone, e.g. a match distance that points at equal bytes; then the CRC-32 agrees too).
  const small = gzipSync(jsonish(3000));
  const zlibAnswer = (bytes) => {
    try {
      return gunzipSync(bytes).toString('hex');
    } catch {
      return 'refused';
    }
  };
  let refused = 0;
  for (let at = 10; at < small.length - 8; at++) {
    for (let bit = 0; bit < 8; bit++) {
      const damaged = Buffer.from(small);
      damaged[at] ^= 1 << bit;
      let got;
      try {
        got = Buffer.from(gunzip(damaged, MAX_DOCUMENT_BYTES)).toString('hex');
      } catch {
        got = 'refused';
        refused++;
      }
      assert.equal(got, zlibAnswer(damaged), `bit ${bit} of byte ${at}`);
    }
  }
  assert.ok(refused > (small.length - 18) * 8 * 0.9, `only ${refused} damaged streams refused`);
});

test('gunzip stops at the cap; without DecompressionStream a bomb past MAX_DOCUMENT_BYTES is refused', async (t) => {
  const zeros = gzipSync(Buffer.alloc(5000));
  assert.equal(gunzip(zeros, 5000).length, 5000);
  assert.throws(() => gunzip(zeros, 4999), /more than 4999 bytes/);
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'DecompressionStream');
  delete globalThis.DecompressionStream;
  t.after(() => Object.defineProperty(globalThis, 'DecompressionStream', saved));
  const bomb = gzipSync(Buffer.alloc(MAX_DOCUMENT_BYTES + 1), { level: 9 });
  assert.ok(bomb.length < 100000, `a ${bomb.length}-byte bomb`);
  await assert.rejects(inflateIfGzip(bomb), new RegExp(`more than ${MAX_DOCUMENT_BYTES} bytes`));
  const small = jsonish(1000);
  assert.ok(Buffer.from(await inflateIfGzip(gzipSync(small))).equals(small));
});

test('crc32 matches the check value of CRC-32', () => {
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  assert.equal(crc32(new Uint8Array(0)), 0);
});

const INVALID_UTF8 = {
  'a stray continuation byte': [0x80],
  'a lone lead byte': [0xc3],
  'a truncated 3-byte sequence': [0xe2, 0x82],
  'a truncated 4-byte sequence': [0xf0, 0x9f, 0x98],
  'a truncated sequence before ASCII': [0xe2, 0x82, 0x41],
  'overlong 2-byte NUL (C0 80)': [0xc0, 0x80],
  'overlong 2-byte (C1 BF)': [0xc1, 0xbf],
  'overlong 3-byte (E0 80 80)': [0xe0, 0x80, 0x80],
  'overlong 3-byte (E0 9F BF)': [0xe0, 0x9f, 0xbf],
  'overlong 4-byte (F0 8F BF BF)': [0xf0, 0x8f, 0xbf, 0xbf],
  'a high surrogate (ED A0 80)': [0xed, 0xa0, 0x80],
  'a low surrogate (ED BF BF)': [0xed, 0xbf, 0xbf],
  'above U+10FFFF (F4 90 80 80)': [0xf4, 0x90, 0x80, 0x80],
  'lead byte F5': [0xf5, 0x80, 0x80, 0x80],
  'lead byte FF': [0xff],
  'a 5-byte form': [0xf8, 0x88, 0x80, 0x80, 0x80],
};

test('the built-in UTF-8 decoder refuses what TextDecoder fatal refuses', () => {
  const fatal = new TextDecoder('utf-8', { fatal: true });
  for (const [name, bytes] of Object.entries(INVALID_UTF8)) {
    const input = Uint8Array.from([0x61, ...bytes, 0x62]);
    assert.throws(() => fatal.decode(input), TypeError, `TextDecoder accepts ${name}`);
    assert.throws(() => decodeUtf8(input), /malformed UTF-8/, name);
  }
  let valid = 0;
  for (let i = 0; i < 30000; i++) {
    const bytes = randomBytes(1 + (i % 7));
    let expected;
    try {
      expected = fatal.decode(bytes);
      valid++;
    } catch {
      expected = 'refused';
    }
    let got;
    try {
      got = decodeUtf8(bytes);
    } catch {
      got = 'refused';
    }
    assert.equal(got, expected, `bytes ${hex(bytes)}`);
  }
  assert.ok(valid > 1000, `only ${valid} valid random sequences`);
});

test('the built-in UTF-8 decoder and encoder agree with TextDecoder and TextEncoder on valid text', () => {
  const samples = ['', 'abc', 'Açaí €1,599/l', '𝄞 music', '\0',
    '\u{10ffff}\u{10000}\uffff\u0800\u07ff\u0080\u007f'];
  let text = '';
  for (let i = 0; i < 20000; i++) {
    const point = [0x41, 0xe9, 0x20ac, 0x1f600, 0x10ffff, 0x7ff, 0xfffd][i % 7] - (i % 3);
    text += String.fromCodePoint(point);
  }
  samples.push(text, '\ufeffwith a byte-order mark');
  for (const sample of samples) {
    const bytes = new TextEncoder().encode(sample);
    assert.ok(Buffer.from(encodeUtf8(sample)).equals(Buffer.from(bytes)), `encode ${sample.slice(0, 20)}`);
    assert.equal(decodeUtf8(bytes), new TextDecoder('utf-8', { fatal: true }).decode(bytes), sample.slice(0, 20));
  }
  for (const lone of ['\ud800', 'a\udc00b', '\ud83d']) {
    assert.ok(Buffer.from(encodeUtf8(lone)).equals(Buffer.from(new TextEncoder().encode(lone))), 'a lone surrogate');
  }
});
