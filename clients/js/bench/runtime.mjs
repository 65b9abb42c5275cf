// Throughput of the built-in SHA-256 and inflate (src/sha256.js, src/inflate.js) in Node, beside Node's own
// crypto.subtle and zlib, on the inputs test/quickjs/run.py --bench uses: 8 MiB of xorshift bytes to hash, and
// 8 MiB of JSON-like words (an LCG's pick) gzipped at level 6 to inflate (Node's zlib and Python's write slightly
// different gzip of the same text). Not a test: prints figures for BENCHMARKS.md.
// Usage: node bench/runtime.mjs

import { gunzipSync, gzipSync } from 'node:zlib';
import { sha256 } from '../src/sha256.js';
import { gunzip } from '../src/inflate.js';

const SIZE = 8 * 1024 * 1024;
const RUNS = 5;

/** The median of `RUNS` timings of `work`, in seconds. */
async function median(work) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const data = new Uint8Array(SIZE);
let x = 2463534242;
for (let i = 0; i < data.length; i++) {
  x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
  data[i] = x & 0xff;
}
const words = ['{"id":"PT-', '","price":1.', '599', ',"fuel":"diesel"', 'Galp ', 'é', '}', ',']
  .map((w) => Buffer.from(w));
const parts = [];
let length = 0;
let seed = 1;
while (length < SIZE) {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  const word = words[(seed >> 16) % words.length];
  parts.push(word);
  length += word.length;
}
const text = Buffer.concat(parts).subarray(0, SIZE);
const packed = gzipSync(text, { level: 6 });
if (!Buffer.from(gunzip(packed, 1 << 30)).equals(text)) throw new Error('the built-in inflate disagrees with zlib');

const mb = SIZE / 1e6;
const rows = [
  ['SHA-256, built-in', await median(() => sha256(data))],
  ['SHA-256, crypto.subtle', await median(() => crypto.subtle.digest('SHA-256', data))],
  [`inflate, built-in (${packed.length} gzip bytes to ${SIZE})`, await median(() => gunzip(packed, 1 << 30))],
  ['inflate, zlib gunzipSync', await median(() => gunzipSync(packed))],
];
console.log(`node ${process.version}, ${SIZE} bytes, median of ${RUNS}`);
for (const [name, seconds] of rows) console.log(`${name}: ${(mb / seconds).toFixed(1)} MB/s`);
