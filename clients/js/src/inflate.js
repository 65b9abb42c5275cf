// DEFLATE (RFC 1951) and gzip (RFC 1952) in plain JavaScript, for runtimes without DecompressionStream (React
// Native, QuickJS): a body that arrives still gzipped is inflated here, up to a cap.

import { TooLargeError, joinChunks } from './transfer.js';

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order in which a dynamic block lists the code lengths of its code-length code. */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * A Huffman decoding table: indexed by the next `bits` input bits (least significant first), each entry is
 * `symbol << 4 | code length`, 0 where no code matches.
 * @typedef {{table: Int32Array, bits: number}} Huffman
 */

/**
 * Builds the decoding table of canonical Huffman code lengths (RFC 1951 3.2.2).
 * @param {ArrayLike<number>} lengths one per symbol, 0 for an unused symbol
 * @returns {Huffman}
 */
function huffman(lengths) {
  const count = new Int32Array(16);
  let bits = 0;
  for (let i = 0; i < lengths.length; i++) {
    count[lengths[i]]++;
    if (lengths[i] > bits) bits = lengths[i];
  }
  count[0] = 0;
  const next = new Int32Array(16);
  let code = 0;
  let left = 1;
  for (let len = 1; len <= 15; len++) {
    left = left * 2 - count[len];
    if (left < 0) throw new Error('damaged deflate data: an over-subscribed Huffman code');
    code = (code + count[len - 1]) << 1;
    next[len] = code;
  }
  const size = 1 << bits;
  const table = new Int32Array(size);
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const len = lengths[symbol];
    if (len === 0) continue;
    const c = next[len]++;
    let reversed = 0;
    for (let k = 0; k < len; k++) reversed |= ((c >> k) & 1) << (len - 1 - k);
    const entry = (symbol << 4) | len;
    for (let at = reversed; at < size; at += 1 << len) table[at] = entry;
  }
  return { table, bits };
}

/** @type {{lit: Huffman, dist: Huffman} | null} */
let fixedCodes = null;

/** The fixed codes of block type 1, built once. */
function fixed() {
  if (!fixedCodes) {
    const lit = new Uint8Array(288);
    lit.fill(8, 0, 144);
    lit.fill(9, 144, 256);
    lit.fill(7, 256, 280);
    lit.fill(8, 280, 288);
    fixedCodes = { lit: huffman(lit), dist: huffman(new Uint8Array(30).fill(5)) };
  }
  return fixedCodes;
}

/**
 * Inflates raw DEFLATE data starting at `start`.
 * @param {Uint8Array} input
 * @param {number} start
 * @param {number} maxBytes the most output accepted; more throws at once
 * @returns {{output: Uint8Array, end: number}} the inflated bytes and the offset just past the last block
 * @throws {Error} on damaged or truncated data, or output beyond `maxBytes`
 */
export function inflateRaw(input, start, maxBytes) {
  const length = input.length;
  let pos = start;
  let bitBuf = 0;
  let bitCount = 0;
  let out = new Uint8Array(Math.min(maxBytes, Math.max(1024, (length - start) * 4)));
  let op = 0;
  const truncated = () => new Error('truncated deflate data');

  /** Room for `needed` bytes in `out`, or an error past the cap. */
  const grow = (/** @type {number} */ needed) => {
    if (needed > maxBytes) throw new TooLargeError(`it inflates to more than ${maxBytes} bytes`);
    const bigger = new Uint8Array(Math.min(maxBytes, Math.max(needed, out.length * 2)));
    bigger.set(out.subarray(0, op));
    out = bigger;
  };
  /** The next `n` bits (n ≤ 16). */
  const take = (/** @type {number} */ n) => {
    while (bitCount < n) {
      if (pos >= length) throw truncated();
      bitBuf |= input[pos++] << bitCount;
      bitCount += 8;
    }
    const value = bitBuf & ((1 << n) - 1);
    bitBuf >>>= n;
    bitCount -= n;
    return value;
  };
  /** The next symbol of a code. */
  const decode = (/** @type {Huffman} */ code) => {
    while (bitCount < code.bits && pos < length) {
      bitBuf |= input[pos++] << bitCount;
      bitCount += 8;
    }
    const entry = code.table[bitBuf & ((1 << code.bits) - 1)];
    const len = entry & 15;
    if (len === 0) throw new Error('damaged deflate data: an invalid Huffman code');
    if (len > bitCount) throw truncated();
    bitBuf >>>= len;
    bitCount -= len;
    return entry >> 4;
  };

  let last = 0;
  while (!last) {
    last = take(1);
    const type = take(2);
    if (type === 0) {
      // Stored: to the next byte boundary, then LEN, NLEN and LEN bytes.
      bitBuf = 0;
      bitCount = 0;
      if (pos + 4 > length) throw truncated();
      const len = input[pos] | (input[pos + 1] << 8);
      const nlen = input[pos + 2] | (input[pos + 3] << 8);
      if ((len ^ 0xffff) !== nlen) throw new Error('damaged deflate data: a stored block\'s length check fails');
      pos += 4;
      if (pos + len > length) throw truncated();
      if (op + len > out.length) grow(op + len);
      out.set(input.subarray(pos, pos + len), op);
      op += len;
      pos += len;
      continue;
    }
    let lit, dist;
    if (type === 1) {
      ({ lit, dist } = fixed());
    } else if (type === 2) {
      const nlit = take(5) + 257;
      const ndist = take(5) + 1;
      const nclen = take(4) + 4;
      if (nlit > 286 || ndist > 30) throw new Error('damaged deflate data: too many codes');
      const clen = new Uint8Array(19);
      for (let i = 0; i < nclen; i++) clen[CLEN_ORDER[i]] = take(3);
      const clenCode = huffman(clen);
      const lengths = new Uint8Array(nlit + ndist);
      for (let i = 0; i < nlit + ndist;) {
        const symbol = decode(clenCode);
        if (symbol < 16) {
          lengths[i++] = symbol;
          continue;
        }
        let repeat, value = 0;
        if (symbol === 16) {
          if (i === 0) throw new Error('damaged deflate data: a repeat with no previous length');
          value = lengths[i - 1];
          repeat = 3 + take(2);
        } else if (symbol === 17) {
          repeat = 3 + take(3);
        } else {
          repeat = 11 + take(7);
        }
        if (i + repeat > nlit + ndist) throw new Error('damaged deflate data: code lengths overrun');
        lengths.fill(value, i, i + repeat);
        i += repeat;
      }
      if (lengths[256] === 0) throw new Error('damaged deflate data: no end-of-block code');
      lit = huffman(lengths.subarray(0, nlit));
      dist = huffman(lengths.subarray(nlit));
    } else {
      throw new Error('damaged deflate data: block type 3');
    }
    const litTable = lit.table;
    const litBits = lit.bits;
    const litMask = (1 << litBits) - 1;
    for (;;) {
      // The literal/length symbol, decoded inline: the hot path.
      while (bitCount < litBits && pos < length) {
        bitBuf |= input[pos++] << bitCount;
        bitCount += 8;
      }
      const entry = litTable[bitBuf & litMask];
      const used = entry & 15;
      if (used === 0) throw new Error('damaged deflate data: an invalid Huffman code');
      if (used > bitCount) throw truncated();
      bitBuf >>>= used;
      bitCount -= used;
      const symbol = entry >> 4;
      if (symbol < 256) {
        if (op >= out.length) grow(op + 1);
        out[op++] = symbol;
        continue;
      }
      if (symbol === 256) break;
      if (symbol > 285) throw new Error('damaged deflate data: an invalid length symbol');
      const l = symbol - 257;
      const len = LENGTH_BASE[l] + (LENGTH_EXTRA[l] ? take(LENGTH_EXTRA[l]) : 0);
      const d = decode(dist);
      if (d > 29) throw new Error('damaged deflate data: an invalid distance symbol');
      const distance = DIST_BASE[d] + (DIST_EXTRA[d] ? take(DIST_EXTRA[d]) : 0);
      if (distance > op) throw new Error('damaged deflate data: a distance before the start');
      if (op + len > out.length) grow(op + len);
      if (distance >= len) {
        out.copyWithin(op, op - distance, op - distance + len);
        op += len;
      } else {
        for (let k = 0; k < len; k++, op++) out[op] = out[op - distance];
      }
    }
  }
  // Bytes read ahead into the bit buffer but not used belong to what follows.
  return { output: out.subarray(0, op), end: pos - (bitCount >> 3) };
}

/** @type {Int32Array | null} */
let crcTable = null;

/**
 * The CRC-32 (ISO 3309, as gzip uses it) of `bytes`.
 * @param {Uint8Array} bytes
 * @returns {number} unsigned
 */
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  const table = crcTable;
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/**
 * Inflates gzip data: one member or several concatenated, each header's flags (FEXTRA, FNAME, FCOMMENT, FHCRC)
 * honoured, and each member's CRC-32 and ISIZE checked.
 * @param {Uint8Array} bytes
 * @param {number} maxBytes the most output accepted; more throws as soon as it is reached
 * @returns {Uint8Array}
 * @throws {TooLargeError} on output beyond `maxBytes`
 * @throws {Error} on a bad header, damaged or truncated data, a wrong checksum or size
 */
export function gunzip(bytes, maxBytes) {
  /** @type {Uint8Array[]} */
  const members = [];
  let total = 0;
  let pos = 0;
  do {
    const header = pos;
    if (pos + 10 > bytes.length) throw new Error('truncated gzip header');
    if (bytes[pos] !== 0x1f || bytes[pos + 1] !== 0x8b) throw new Error('not gzip data');
    if (bytes[pos + 2] !== 8) throw new Error(`gzip compression method ${bytes[pos + 2]}, not deflate`);
    const flags = bytes[pos + 3];
    if (flags & 0xe0) throw new Error('gzip header has reserved flags set');
    pos += 10;
    if (flags & 4) {
      if (pos + 2 > bytes.length) throw new Error('truncated gzip header');
      pos += 2 + (bytes[pos] | (bytes[pos + 1] << 8));
    }
    for (const flag of [8, 16]) {
      if (!(flags & flag)) continue;
      while (pos < bytes.length && bytes[pos] !== 0) pos++;
      pos++;
    }
    if (flags & 2) {
      if (pos + 2 > bytes.length) throw new Error('truncated gzip header');
      const expected = bytes[pos] | (bytes[pos + 1] << 8);
      if ((crc32(bytes.subarray(header, pos)) & 0xffff) !== expected) throw new Error('gzip header CRC mismatch');
      pos += 2;
    }
    if (pos > bytes.length) throw new Error('truncated gzip header');
    const { output, end } = inflateRaw(bytes, pos, maxBytes - total);
    pos = end;
    if (pos + 8 > bytes.length) throw new Error('truncated gzip data: no CRC-32 and size trailer');
    const crc = (bytes[pos] | (bytes[pos + 1] << 8) | (bytes[pos + 2] << 16) | (bytes[pos + 3] << 24)) >>> 0;
    const size = (bytes[pos + 4] | (bytes[pos + 5] << 8) | (bytes[pos + 6] << 16) | (bytes[pos + 7] << 24)) >>> 0;
    if (crc32(output) !== crc) throw new Error('gzip CRC-32 mismatch: the data is damaged');
    if (output.length % 0x100000000 !== size) throw new Error('gzip size mismatch: the data is damaged');
    pos += 8;
    members.push(output);
    total += output.length;
  } while (pos < bytes.length);
  return joinChunks(members, total);
}
