// Format 2's first read (R15): the root, one leaf per 10 km lookup, the parts of a split cell around a point, the
// id list, and the fall-back to v2/index.json when a publisher has no root.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MemoryCache, createReader } from '../src/index.js';
import { BASE, fakeSite, station } from './support/fake-site.js';
import { publishRoot } from './support/root-site.js';

const sha = (text) => createHash('sha256').update(text).digest('hex');

// Cell 77_-19 (38.5–39.0 N, 9.5–9.0 W) split: quarter 00 holds PT-A and PT-B, 01 PT-D, 11 PT-C; 10 is empty.
const tiles = () => ({
  '75_-19': [station('PT-S', 37.95, -9.1)],
  '76_-19': [station('PT-N', 38.1, -9.1)],
  '77_-19': [station('PT-A', 38.6, -9.4), station('PT-B', 38.62, -9.3), station('PT-C', 38.8, -9.1),
    station('PT-D', 38.7, -9.1)],
  '82_-18': [station('PT-P', 41.15, -8.61)],
});

function rootSite() {
  const site = fakeSite(tiles());
  const written = publishRoot(site, { split: ['77_-19'] });
  return { site, ...written };
}

const reads = (site, folder) => site.paths().filter((path) => path.startsWith(`v2/${folder}/`)).sort();

test('a lookup in a split cell reads its root, one leaf and only the parts of its quarters', async () => {
  const { site, partPaths, leafPaths } = rootSite();
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: site.fetch });
  const one = await reader.nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 });
  assert.deepEqual(one.stations.map((s) => s.station.id), ['PT-A']);
  assert.deepEqual(site.paths(), ['v2/root.json', leafPaths['19_-5'], partPaths['77_-19']['00']]);
  site.requests.length = 0;
  const two = await reader.nearby({ lat: 38.62, lon: -9.25, radiusKm: 5 });
  assert.deepEqual(two.stations.map((s) => s.station.id), ['PT-B']);
  assert.deepEqual(reads(site, 'parts'), [partPaths['77_-19']['00'], partPaths['77_-19']['01']]);
  assert.deepEqual(reads(site, 'tiles'), []);
  assert.equal(two.format, 2);
});

test('three quarters of a split cell read the whole tile; a box with no listed quarter reads nothing', async () => {
  const { site } = rootSite();
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: site.fetch, cache: new MemoryCache() });
  const corner = await reader.nearby({ lat: 38.75, lon: -9.25, radiusKm: 25 });
  assert.deepEqual(reads(site, 'parts'), []);
  assert.deepEqual(reads(site, 'tiles'), [`v2/tiles/77_-19.${site.hashes['77_-19']}.json`]);
  assert.deepEqual(corner.stations.map((s) => s.station.id).sort(), ['PT-A', 'PT-B', 'PT-C', 'PT-D']);
  site.requests.length = 0;
  const empty = await reader.nearby({ lat: 38.9, lon: -9.4, radiusKm: 1 });
  assert.equal(empty.outcome, 'empty');
  assert.deepEqual(site.paths().filter((path) => !path.endsWith('root.json')), []);
});

test('a 10 km lookup reads exactly one leaf, the centre cell\'s, though its cells span two blocks', async () => {
  const { site, leafPaths } = rootSite();
  const result = await createReader({ baseUrl: BASE, format: 2, fetch: site.fetch })
    .nearby({ lat: 38.02, lon: -9.1, radiusKm: 10 });
  assert.deepEqual(reads(site, 'leaves'), [leafPaths['19_-5']]);
  assert.deepEqual(result.stations.map((s) => s.station.id), ['PT-S', 'PT-N']);
  assert.ok(Object.keys(leafPaths).includes('18_-5'), 'the fixture has the other block\'s leaf too');
});

test('a cached leaf is never asked for again', async () => {
  const { site } = rootSite();
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: site.fetch, cache: new MemoryCache() });
  await reader.nearby({ lat: 38.02, lon: -9.1, radiusKm: 10 });
  site.requests.length = 0;
  await reader.nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 });
  assert.deepEqual(reads(site, 'leaves'), []);
});

test('a leaf that answers 404 fails the lookup with tiles-unavailable and reads the root again', async () => {
  const { site, leafPaths } = rootSite();
  site.files.set(leafPaths['19_-5'], { status: 404 });
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: site.fetch });
  await assert.rejects(reader.nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 }), (error) => {
    assert.equal(error.code, 'tiles-unavailable');
    assert.equal(error.failedTiles[0].url, BASE + leafPaths['19_-5']);
    return true;
  });
  assert.deepEqual(site.paths().filter((path) => path === 'v2/root.json').length, 2);
});

test('an altered part fails with hash-mismatch; a part of another quarter with tiles-unavailable', async () => {
  const { site, partPaths } = rootSite();
  const path = partPaths['77_-19']['00'];
  const good = site.files.get(path).body;
  site.files.set(path, { status: 200, body: good.replace('"lat":38.6', '"lat":38.61'), headers: {} });
  const query = { lat: 38.6, lon: -9.4, radiusKm: 2 };
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: site.fetch }).nearby(query),
    { code: 'hash-mismatch' });
  // The leaf names this part by the hash of a document of quarter 01: the hash passes, the quarter does not.
  const { site: other, partPaths: otherParts, leafPaths } = rootSite();
  const swapped = other.files.get(otherParts['77_-19']['01']).body;
  const leaf = JSON.parse(other.files.get(leafPaths['19_-5']).body);
  other.files.set(otherParts['77_-19']['00'], { status: 200, body: swapped, headers: {} });
  leaf.parts['77_-19']['00'] = sha(swapped).slice(0, 16);
  const leafText = JSON.stringify(leaf);
  const root = JSON.parse(other.files.get('v2/root.json').body);
  root.leaves['19_-5'] = `leaves/19_-5.${sha(leafText).slice(0, 16)}.json`;
  other.files.set(`v2/${root.leaves['19_-5']}`, { status: 200, body: leafText, headers: {} });
  other.files.set('v2/root.json', { status: 200, body: JSON.stringify(root), headers: {} });
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: other.fetch }).nearby(query),
    { code: 'tiles-unavailable' });
});

test('a leaf of a newer version is unsupported-tile-version', async () => {
  const { site, leafPaths } = rootSite();
  const root = JSON.parse(site.files.get('v2/root.json').body);
  const text = site.files.get(leafPaths['19_-5']).body.replace('{"version":1,', '{"version":2,');
  root.leaves['19_-5'] = `leaves/19_-5.${sha(text).slice(0, 16)}.json`;
  site.files.set(`v2/${root.leaves['19_-5']}`, { status: 200, body: text, headers: {} });
  site.files.set('v2/root.json', { status: 200, body: JSON.stringify(root), headers: {} });
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: site.fetch })
    .nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 }), { code: 'unsupported-tile-version' });
});

test('a root of a newer version is unsupported-index-version', async () => {
  const { site } = rootSite();
  const root = JSON.parse(site.files.get('v2/root.json').body);
  site.files.set('v2/root.json', { status: 200, body: JSON.stringify({ ...root, version: 2 }), headers: {} });
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: site.fetch })
    .nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 }), { code: 'unsupported-index-version' });
});

for (const status of [404, 410]) {
  test(`a root that answers ${status} reads v2/index.json, with the same answer`, async () => {
    const query = { lat: 38.7, lon: -9.2, radiusKm: 30 };
    const { site } = rootSite();
    const withRoot = await createReader({ baseUrl: BASE, format: 2, fetch: site.fetch }).nearby(query);
    site.files.set('v2/root.json', { status });
    site.requests.length = 0;
    const reader = createReader({ baseUrl: BASE, format: 'auto', fetch: site.fetch, cache: new MemoryCache() });
    const withoutRoot = await reader.nearby(query);
    assert.deepEqual(withoutRoot, withRoot);
    assert.deepEqual(site.paths().slice(0, 2), ['v2/root.json', 'v2/index.json']);
    assert.deepEqual(reads(site, 'leaves'), []);
    // While that index is trusted, the root is not asked for again.
    site.requests.length = 0;
    await reader.nearby(query);
    assert.deepEqual(site.paths().filter((path) => !path.startsWith('v2/tiles/')), []);
  });
}

test('a root that answers 503 is an index failure: its cached copy stands in, stale', async () => {
  const { site } = rootSite();
  let now = Date.parse('2026-12-01T00:00:00Z');
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: site.fetch, cache: new MemoryCache(), now: () => now });
  await reader.nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 });
  now += 86_400_000;
  site.files.set('v2/root.json', { status: 503 });
  const result = await reader.nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 });
  assert.deepEqual(result.staleReasons, { 'v2/root.json': 'HTTP 503' });
  assert.equal(site.paths().includes('v2/index.json'), false);
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: site.fetch })
    .nearby({ lat: 38.6, lon: -9.4, radiusKm: 2 }), { code: 'index-server-error' });
});

test('a route reads whole tiles through the leaves', async () => {
  const { site, partPaths } = rootSite();
  const result = await createReader({ baseUrl: BASE, format: 2, fetch: site.fetch }).along({
    route: { type: 'LineString', coordinates: [[-9.4, 38.6], [-9.3, 38.62]] }, bufferKm: 1,
  });
  assert.deepEqual(result.stations.map((s) => s.station.id), ['PT-A', 'PT-B']);
  assert.deepEqual(reads(site, 'parts'), []);
  assert.ok(!Object.values(partPaths['77_-19']).some((path) => site.paths().includes(path)));
  assert.deepEqual(reads(site, 'tiles'), [`v2/tiles/77_-19.${site.hashes['77_-19']}.json`]);
});

test('stations by id read the id list the root names, then their shard, leaf and whole tile', async () => {
  const site = fakeSite(tiles());
  const shards = {};
  for (const [key, list] of Object.entries(tiles())) {
    for (const s of list) (shards[sha(s.id).slice(0, 2)] ??= {})[s.id] = key;
  }
  const ids = {};
  for (const [shard, stations] of Object.entries(shards)) {
    const text = JSON.stringify({ version: 1, shard, stations });
    ids[shard] = `ids/${shard}.${sha(text).slice(0, 16)}.json`;
    site.files.set(`v2/${ids[shard]}`, { status: 200, body: text, headers: {} });
  }
  const index = JSON.parse(site.files.get('v2/index.json').body);
  site.files.set('v2/index.json', { status: 200, body: JSON.stringify({ ...index, ids }), headers: {} });
  const { idList, leafPaths } = publishRoot(site, { split: ['77_-19'] });
  const result = await createReader({ baseUrl: BASE, format: 2, fetch: site.fetch }).stations(['PT-C']);
  assert.deepEqual(result.ids, [{ id: 'PT-C', status: 'found', cell: '77_-19' }]);
  assert.deepEqual(site.paths(), ['v2/root.json', idList, `v2/${ids[sha('PT-C').slice(0, 2)]}`, leafPaths['19_-5'],
    `v2/tiles/77_-19.${site.hashes['77_-19']}.json`]);
  site.files.set(idList, { status: 200, body: '{"version":1,"shards":{}}', headers: {} });
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: site.fetch }).stations(['PT-C']),
    { code: 'hash-mismatch' });
});
