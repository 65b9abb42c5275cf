// A hostile body cannot take the reader's memory: a 2 MB gzip bomb served with Content-Encoding: gzip (the HTTP layer
// inflates it to 2 GiB) and a 600 MB plain body each stop at their cap with the documented code, and the peak RSS of
// the Node process that ran the lookup stays below 300 MB.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BASE, fakeSite, station } from './support/fake-site.js';
import { createReader } from '../src/index.js';
import { bareFetch, gzipBomb, serveBomb, servePlain, startHostileServer } from './support/hostile-server.js';

const PEAK_RSS_LIMIT = 300 * 1000 * 1000;
const child = fileURLToPath(new URL('./support/bounded-lookup.js', import.meta.url));

/** One lookup in a child Node process; its answer and peak RSS. */
function lookupInChild(baseUrl, format) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [child, JSON.stringify({ baseUrl, format })], { timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      });
  });
}

const site = fakeSite({ '77_-19': [station('PT-1', 38.72, -9.15)] });
const v2Tile = `v2/tiles/77_-19.${site.hashes['77_-19']}.json`;
const bomb = gzipBomb();
const bombed = async () => serveBomb(await bomb);

const cases = [
  { name: 'a gzip bomb for a format-1 tile', format: 1, path: 'tiles/77_-19.json', serve: bombed,
    code: 'tiles-unavailable', cap: '64 MiB' },
  { name: 'a gzip bomb for the format-1 index', format: 1, path: 'index.json', serve: bombed,
    code: 'index-unavailable', cap: '16 MiB' },
  { name: 'a gzip bomb for a format-2 tile', format: 2, path: v2Tile, serve: bombed,
    code: 'tiles-unavailable', cap: '64 MiB' },
  { name: 'a 600 MB plain body for a format-1 tile', format: 1, path: 'tiles/77_-19.json',
    serve: async () => servePlain(600 * 1000 * 1000), code: 'tiles-unavailable', cap: '64 MiB' },
];

for (const c of cases) {
  test(`${c.name} stops at the cap with ${c.code}, below 300 MB peak RSS`, async (t) => {
    const server = await startHostileServer(site, { [c.path]: await c.serve() });
    t.after(() => server.close());
    const answer = await lookupInChild(server.baseUrl, c.format);
    assert.equal(answer.outcome, 'failed', JSON.stringify(answer));
    assert.equal(answer.code, c.code, JSON.stringify(answer));
    const reason = c.code === 'index-unavailable' ? answer.message : answer.failedTiles[0]?.reason;
    assert.match(reason, new RegExp(`larger than the ${c.cap} cap`));
    t.diagnostic(`peak RSS ${Math.round(answer.peakRss / 1e6)} MB in ${answer.ms} ms`);
    assert.ok(answer.peakRss < PEAK_RSS_LIMIT, `peak RSS ${Math.round(answer.peakRss / 1e6)} MB`);
  });
}

test('the bomb is what it claims: about 2 MB that inflate to 2 GiB', async () => {
  const bytes = await bomb;
  assert.ok(bytes.length > 1.5e6 && bytes.length < 3e6, `${bytes.length} bytes`);
  assert.deepEqual([bytes[0], bytes[1]], [0x1f, 0x8b]);
  // The gzip trailer's ISIZE: the inflated length modulo 2^32.
  assert.equal(bytes.readUInt32LE(bytes.length - 4), (2 ** 31) % 2 ** 32);
});

test('without a body stream (React Native), a body over the cap is read whole, then refused', async (t) => {
  const server = await startHostileServer(site, { 'tiles/77_-19.json': servePlain(70 << 20) });
  t.after(() => server.close());
  const reader = createReader({ baseUrl: server.baseUrl, format: 1, fetch: bareFetch({ stream: false }) });
  const error = await reader.nearby({ lat: 38.72, lon: -9.14, radiusKm: 5 }).then(() => null, (e) => e);
  assert.equal(error?.code, 'tiles-unavailable');
  assert.match(error.failedTiles[0].reason, /larger than the 64 MiB cap/);
  assert.ok(server.requests.includes('tiles/77_-19.json'));
});

test('a format-2 tile still gzipped that inflates past the cap is tiles-unavailable, not hash-mismatch', async () => {
  const s = fakeSite({ '77_-19': [station('PT-1', 38.72, -9.15)] });
  s.files.set(`v2/tiles/77_-19.${s.hashes['77_-19']}.json`,
    { status: 200, body: gzipSync(Buffer.alloc(65 << 20, 0x20)), headers: {} });
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: s.fetch });
  const error = await reader.nearby({ lat: 38.72, lon: -9.14, radiusKm: 5 }).then(() => null, (e) => e);
  assert.equal(error?.code, 'tiles-unavailable');
  assert.match(error.failedTiles[0].reason, /inflates to more than 67108864 bytes/);
});
