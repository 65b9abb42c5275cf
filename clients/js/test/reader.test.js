// The reader's behaviour on a phone: which files it asks for, what it caches, how it reads gzip and format 2.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { FuelTilesError, MemoryCache, createReader } from '../src/index.js';
import { BASE, fakeSite, station } from './support/fake-site.js';

const lisbon = { lat: 38.72, lon: -9.14, radiusKm: 40, fuel: 'diesel' };
const tiles = () => ({ '77_-19': [station('PT-1', 38.72, -9.15)], '76_-19': [station('PT-2', 38.45, -9.1)] });
const clock = (start = 1_000_000) => {
  const c = { t: start, now: () => c.t };
  return c;
};

test('only listed cells are fetched; every cell of the circle is in `tiles`', async () => {
  const s = fakeSite(tiles());
  const result = await createReader({ baseUrl: BASE, format: 1, fetch: s.fetch }).nearby(lisbon);
  assert.deepEqual(s.paths().sort(), ['index.json', 'tiles/76_-19.json', 'tiles/77_-19.json']);
  assert.equal(result.tiles['77_-19'], 'ok');
  assert.equal(result.tiles['77_-18'], 'not-listed');
  assert.deepEqual({ outcome: result.outcome, format: result.format, built: result.indexBuiltAt, stale: result.stale },
    { outcome: 'ok', format: 1, built: '2026-11-30T05:17:00Z', stale: false });
  assert.deepEqual(result.stations.map((x) => x.station.id), ['PT-1', 'PT-2']);
});

test('format 1: the index is cached per its max-age; tiles are revalidated with their ETag', async () => {
  const s = fakeSite(tiles());
  s.files.get('index.json').headers = { 'Cache-Control': 'public, max-age=300, no-transform' };
  s.files.get('tiles/77_-19.json').headers = { ETag: '"abc"', 'Cache-Control': 'max-age=3600' };
  const c = clock();
  const reader = createReader({ baseUrl: BASE, format: 1, fetch: s.fetch, cache: new MemoryCache(), now: c.now });
  await reader.nearby(lisbon);
  s.requests.length = 0;
  c.t += 299_000;
  await reader.nearby(lisbon);
  assert.deepEqual(s.paths(), [], 'a second lookup within max-age asked again');
  c.t += 3_600_000;
  s.files.set('tiles/77_-19.json', { status: 304, headers: {} });
  const result = await reader.nearby(lisbon);
  const tile = s.requests.find((r) => r.path === 'tiles/77_-19.json');
  assert.equal(tile.headers['If-None-Match'], '"abc"');
  assert.equal(result.tiles['77_-19'], 'ok');
  assert.equal(result.stations.length, 2);
});

test('format 1: a failing refresh answers from the cached copy, stale; without a copy it fails', async () => {
  const s = fakeSite(tiles());
  const c = clock();
  const reader = createReader({ baseUrl: BASE, format: 1, fetch: s.fetch, cache: new MemoryCache(), now: c.now });
  await reader.nearby(lisbon);
  c.t += 86_400_000;
  s.files.set('index.json', { status: 500 });
  s.files.set('tiles/77_-19.json', { status: 503 });
  const result = await reader.nearby(lisbon);
  assert.equal(result.stale, true);
  assert.deepEqual(result.staleReasons, { 'index.json': 'HTTP 500', 'tiles/77_-19.json': 'HTTP 503' });
  assert.equal(result.tiles['77_-19'], 'stale');
  assert.equal(result.stations.length, 2);
  const fresh = createReader({ baseUrl: BASE, format: 1, fetch: s.fetch, cache: new MemoryCache() });
  await assert.rejects(fresh.nearby(lisbon), { code: 'index-server-error' });
});

test('format 2: tiles are never revalidated, even after a new index', async () => {
  const s = fakeSite(tiles());
  const c = clock();
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: s.fetch, cache: new MemoryCache(), now: c.now });
  await reader.nearby(lisbon);
  s.requests.length = 0;
  c.t += 400 * 86_400_000;
  const result = await reader.nearby(lisbon);
  // This site predates roots (R15): its v2/root.json answers 404, and v2/index.json answers.
  assert.deepEqual(s.paths(), ['v2/root.json', 'v2/index.json']);
  assert.equal(result.format, 2);
  assert.equal(result.stations.length, 2);
});

test('format 2: a cached copy that no longer hashes to its name is dropped and fetched again', async () => {
  const s = fakeSite(tiles());
  const cache = new MemoryCache();
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: s.fetch, cache });
  await reader.nearby(lisbon);
  const key = [...cache.entries.keys()].find((k) => k.includes('v2/tiles/77_-19'));
  const entry = JSON.parse(cache.get(key));
  cache.set(key, JSON.stringify({ ...entry, text: entry.text.replace('PT-1', 'PT-X') }));
  s.requests.length = 0;
  const result = await reader.nearby(lisbon);
  assert.ok(s.paths().some((p) => p.startsWith('v2/tiles/77_-19.')), s.paths().join(' '));
  assert.deepEqual(result.stations.map((x) => x.station.id), ['PT-1', 'PT-2']);
});

test("'auto' reads format 2 when it is published, else format 1", async () => {
  const s = fakeSite(tiles());
  assert.equal((await createReader({ baseUrl: BASE, fetch: s.fetch }).nearby(lisbon)).format, 2);
  s.files.delete('v2/index.json');
  const reader = createReader({ baseUrl: BASE.slice(0, -1), fetch: s.fetch, cache: new MemoryCache() });
  assert.equal(reader.baseUrl, BASE);
  assert.equal((await reader.nearby(lisbon)).format, 1);
  s.requests.length = 0;
  await reader.nearby(lisbon);
  assert.deepEqual(s.paths(), [], 'format 1 answered and its index is trusted: no request');
});

test('a body still gzipped is inflated with DecompressionStream, and hash-checked as JSON', async () => {
  const s = fakeSite(tiles(), { gzipBodies: true });
  for (const format of [1, 2]) {
    const result = await createReader({ baseUrl: BASE, format, fetch: s.fetch }).nearby(lisbon);
    assert.equal(result.stations.length, 2, `format ${format}`);
  }
});

test('format 2: a gzip that does not inflate is hash-mismatch', async () => {
  const s = fakeSite(tiles());
  const path = `v2/tiles/77_-19.${s.hashes['77_-19']}.json`;
  const broken = gzipSync(Buffer.from(s.files.get(path).body));
  broken[broken.length - 5] ^= 0xff;
  s.files.set(path, { status: 200, body: broken, headers: {} });
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: s.fetch }).nearby(lisbon), { code: 'hash-mismatch' });
});

test('without DecompressionStream a gzipped body is inflated by the built-in inflate', async (t) => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'DecompressionStream');
  delete globalThis.DecompressionStream;
  t.after(() => Object.defineProperty(globalThis, 'DecompressionStream', saved));
  const s = fakeSite(tiles(), { gzipBodies: true });
  for (const format of [1, 2]) {
    const reader = createReader({ baseUrl: BASE, format, fetch: s.fetch });
    assert.equal(reader.runtime.inflate, 'built-in');
    assert.equal((await reader.nearby(lisbon)).stations.length, 2, `format ${format}`);
  }
  const plain = fakeSite(tiles());
  const path = `v2/tiles/77_-19.${plain.hashes['77_-19']}.json`;
  const broken = gzipSync(Buffer.from(plain.files.get(path).body));
  broken[broken.length - 8] ^= 0xff; // its CRC-32
  plain.files.set(path, { status: 200, body: broken, headers: {} });
  const error = await createReader({ baseUrl: BASE, format: 2, fetch: plain.fetch }).nearby(lisbon).catch((e) => e);
  assert.equal(error.code, 'hash-mismatch');
  assert.match(error.failedTiles[0].reason, /CRC-32 mismatch/);
});

test('sources(): format 1 sources.json, format 2 the hash-named file the index names', async () => {
  const s = fakeSite(tiles());
  for (const format of [1, 2]) {
    const doc = await createReader({ baseUrl: BASE, format, fetch: s.fetch }).sources();
    assert.equal(doc.sources[0].attribution, 'Dados: DGEG');
  }
  s.files.delete('sources.json');
  await assert.rejects(createReader({ baseUrl: BASE, format: 1, fetch: s.fetch }).sources(), { code: 'sources-unavailable' });
});

test('trend(): format 1 trends/PT.json, format 2 the hash-named file; null when not listed; hash checked', async () => {
  const s = fakeSite(tiles());
  for (const format of [1, 2]) {
    const reader = createReader({ baseUrl: BASE, format, fetch: s.fetch });
    const doc = await reader.trend('PT');
    assert.deepEqual([doc.since, doc.days[0].fuels[0].median, doc.days[0].fuels[0].stations], ['2026-11-29', 1.5, 2]);
    assert.equal(await reader.trend('ES'), null);
  }
  s.files.get(`v2/${s.trendPath}`).body = s.files.get(`v2/${s.trendPath}`).body.replace('1.5', '1.4');
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: s.fetch }).trend('PT'), { code: 'hash-mismatch' });
  s.files.delete('trends/PT.json');
  await assert.rejects(createReader({ baseUrl: BASE, format: 1, fetch: s.fetch }).trend('PT'), { code: 'trend-unavailable' });
});

test('a failing cache never fails a lookup', async () => {
  const s = fakeSite(tiles());
  const cache = { get: async () => { throw new Error('disk full'); }, set: () => { throw new Error('disk full'); } };
  const result = await createReader({ baseUrl: BASE, format: 2, fetch: s.fetch, cache }).nearby(lisbon);
  assert.equal(result.outcome, 'ok');
});

test('MemoryCache forgets the least recently used entry beyond maxEntries', () => {
  const cache = new MemoryCache({ maxEntries: 2 });
  cache.set('a', '1');
  cache.set('b', '2');
  cache.get('a');
  cache.set('c', '3');
  assert.deepEqual([cache.get('a'), cache.get('b'), cache.get('c')], ['1', undefined, '3']);
});

test('createReader refuses bad options, and a runtime without fetch with runtime-unsupported', (t) => {
  assert.throws(() => createReader({ baseUrl: '' }), TypeError);
  assert.throws(() => createReader({ baseUrl: BASE, format: 3 }), TypeError);
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  delete globalThis.fetch;
  t.after(() => Object.defineProperty(globalThis, 'fetch', saved));
  assert.throws(() => createReader({ baseUrl: BASE }),
    (e) => e instanceof FuelTilesError && e.code === 'runtime-unsupported' && /options\.fetch/.test(e.message));
  assert.equal(createReader({ baseUrl: BASE, fetch: fakeSite(tiles()).fetch }).format, 'auto');
});

test('reader.runtime says what the reader uses: the runtime\'s APIs in Node', () => {
  const s = fakeSite(tiles());
  const runtime = createReader({ baseUrl: BASE, fetch: s.fetch }).runtime;
  assert.deepEqual({ ...runtime },
    { sha256: 'crypto.subtle', utf8: 'TextDecoder', inflate: 'DecompressionStream', timeZones: true, streaming: true });
  assert.ok(Object.isFrozen(runtime));
  const option = createReader({ baseUrl: BASE, fetch: s.fetch, sha256: async () => new Uint8Array(32) }).runtime;
  assert.equal(option.sha256, 'option');
});

test('without crypto.subtle, format 2 and auto check hashes with the built-in SHA-256', async (t) => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
  t.after(() => Object.defineProperty(globalThis, 'crypto', saved));
  const s = fakeSite(tiles());
  for (const format of [2, 'auto']) {
    const reader = createReader({ baseUrl: BASE, format, fetch: s.fetch });
    assert.equal(reader.runtime.sha256, 'built-in');
    const result = await reader.nearby(lisbon);
    assert.deepEqual([result.format, result.stations.length], [2, 2], `format ${format}`);
  }
  const path = `v2/tiles/77_-19.${s.hashes['77_-19']}.json`;
  s.files.get(path).body = s.files.get(path).body.replace('PT-1', 'PT-9');
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: s.fetch }).nearby(lisbon),
    { code: 'hash-mismatch' });
});

test('a TextDecoder that ignores fatal is replaced by the built-in strict decoder', async (t) => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder');
  const Native = globalThis.TextDecoder;
  // A polyfill that takes {fatal: true} but replaces malformed bytes with U+FFFD.
  globalThis.TextDecoder = class { decode(bytes) { return new Native().decode(bytes); } };
  t.after(() => Object.defineProperty(globalThis, 'TextDecoder', saved));
  const s = fakeSite(tiles());
  const reader = createReader({ baseUrl: BASE, format: 1, fetch: s.fetch });
  assert.equal(reader.runtime.utf8, 'built-in');
  assert.equal((await reader.nearby(lisbon)).stations.length, 2);
  const tile = s.files.get('tiles/77_-19.json');
  tile.body = Buffer.concat([Buffer.from(tile.body).subarray(0, 20), Buffer.from([0xc0, 0x80]),
    Buffer.from(tile.body).subarray(20)]);
  const error = await createReader({ baseUrl: BASE, format: 1, fetch: s.fetch }).nearby(lisbon).catch((e) => e);
  assert.equal(error.code, 'tiles-unavailable');
  assert.match(error.failedTiles[0].reason, /malformed UTF-8/);
});
