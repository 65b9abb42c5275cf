// Stations by id (R13): a watch list read through the id table, in both formats, on an in-memory site.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { FuelTilesError, MAX_IDS, createReader } from '../src/index.js';
import { BASE, fakeSite, station } from './support/fake-site.js';

const sha = (text) => createHash('sha256').update(text).digest('hex');

/**
 * A site publishing `tiles` and, unless `table` is false, the id table of `cells` ({id: key}; by default where the
 * tiles hold each station) in both formats, each index saying so.
 */
function siteWithIds(tiles, { table = true, cells = null } = {}) {
  const site = fakeSite(tiles);
  if (!table) return site;
  const where = cells ?? Object.fromEntries(Object.entries(tiles).flatMap(([key, list]) => list.map((s) => [s.id, key])));
  const shards = {};
  for (const id of Object.keys(where).sort()) (shards[sha(id).slice(0, 2)] ??= {})[id] = where[id];
  const listed = {};
  for (const [shard, stations] of Object.entries(shards)) {
    const text = JSON.stringify({ version: 1, shard, stations });
    const path = `ids/${shard}.${sha(text).slice(0, 16)}.json`;
    site.files.set(`ids/${shard}.json`, { status: 200, body: text, headers: {} });
    site.files.set(`v2/${path}`, { status: 200, body: text, headers: {} });
    listed[shard] = path;
  }
  const edit = (path, change) => {
    const doc = JSON.parse(site.files.get(path).body);
    change(doc);
    site.files.set(path, { status: 200, body: JSON.stringify(doc), headers: {} });
  };
  edit('index.json', (doc) => { doc.idShards = 256; });
  edit('v2/index.json', (doc) => { doc.ids = listed; });
  return site;
}

const now = () => ({
  '77_-19': [station('PT-1', 38.72, -9.15), station('PT-2', 38.71, -9.2, [{ fuel: 'lpg', price: 0.9, updated: '2026-11-29T08:31:00Z' }])],
  '76_-19': [station('PT-3', 38.45, -9.1)],
  '82_-18': [station('PT-4', 41.15, -8.61)],
});

const cases = [
  { name: 'ids with their cells: found, only their tiles read', ids: [{ id: 'PT-1', cell: '77_-19' }, { id: 'PT-3', cell: '76_-19' }],
    statuses: ['found 77_-19', 'found 76_-19'], shards: false },
  { name: 'no cell: the id table says where', ids: ['PT-4', 'PT-2'], statuses: ['found 82_-18', 'found 77_-19'], shards: true },
  { name: 'moved: found in the cell the table names', ids: [{ id: 'PT-4', cell: '77_-19' }], statuses: ['moved 82_-18'], shards: true },
  { name: 'closed, with its old cell and without one', ids: [{ id: 'PT-9', cell: '77_-19' }, 'PT-9'], statuses: ['closed'], shards: true },
  { name: 'a mix, in the order asked', ids: [{ id: 'PT-3', cell: '76_-19' }, 'XX-0', { id: 'PT-4', cell: '76_-19' }, 'PT-1'],
    statuses: ['found 76_-19', 'closed', 'moved 82_-18', 'found 77_-19'], shards: true },
];

for (const format of [1, 2]) {
  for (const c of cases) {
    test(`format ${format}: ${c.name}`, async () => {
      const site = siteWithIds(now());
      const result = await createReader({ baseUrl: BASE, format, fetch: site.fetch }).stations(c.ids);
      assert.deepEqual(result.ids.map((o) => [o.status, o.cell].filter(Boolean).join(' ')), c.statuses);
      assert.deepEqual(result.stations.map((s) => s.station.id), result.ids.filter((o) => o.cell).map((o) => o.id));
      assert.ok(result.stations.every((s) => s.distanceKm === 0));
      const readShards = site.paths().some((path) => path.includes('ids/'));
      // Format 2 lists only the shards that hold ids, so a closed id's shard may need no request at all.
      assert.ok(c.shards ? readShards || format === 2 : !readShards, site.paths().join(', '));
      assert.equal(result.format, format);
      assert.equal(result.outcome, result.stations.length > 0 ? 'ok' : 'empty');
    });
  }

  test(`format ${format}: a cold watch list with cells reads the index and their tiles only`, async () => {
    const site = siteWithIds(now());
    await createReader({ baseUrl: BASE, format, fetch: site.fetch })
      .stations([{ id: 'PT-1', cell: '77_-19' }, { id: 'PT-2', cell: '77_-19' }, { id: 'PT-4', cell: '82_-18' }]);
    // Format 2's site here predates roots (R15): its v2/root.json answers 404 before v2/index.json.
    assert.equal(site.paths().length, format === 2 ? 4 : 3, site.paths().join(', '));
  });

  test(`format ${format}: a fuel gives the displayed price and keeps a station without it`, async () => {
    const site = siteWithIds(now());
    const result = await createReader({ baseUrl: BASE, format, fetch: site.fetch }).stations(['PT-1', 'PT-2'], { fuel: 'diesel' });
    assert.deepEqual(result.stations.map((s) => [s.station.id, s.displayed?.price ?? null]), [['PT-1', 1.5], ['PT-2', null]]);
  });

  test(`format ${format}: an index without an id table answers unknown for what it cannot place`, async () => {
    const site = siteWithIds(now(), { table: false });
    const result = await createReader({ baseUrl: BASE, format, fetch: site.fetch })
      .stations([{ id: 'PT-1', cell: '77_-19' }, 'PT-4']);
    assert.deepEqual(result.ids.map((o) => o.status), ['found', 'unknown']);
    assert.ok(!site.paths().some((path) => path.includes('ids/')));
  });

  test(`format ${format}: a shard that cannot be read fails the lookup as ids-unavailable`, async () => {
    const site = siteWithIds(now());
    for (const path of site.files.keys()) if (path.includes('ids/')) site.files.set(path, { status: 503 });
    await assert.rejects(createReader({ baseUrl: BASE, format, fetch: site.fetch }).stations(['PT-4']),
      (error) => error instanceof FuelTilesError && error.code === 'ids-unavailable');
  });
}

test('format 2: a shard that is not the document its name hashes is a hash-mismatch', async () => {
  const site = siteWithIds(now());
  for (const [path, file] of site.files) {
    if (path.startsWith('v2/ids/')) site.files.set(path, { ...file, body: file.body.replace('82_-18', '82_-19') });
  }
  await assert.rejects(createReader({ baseUrl: BASE, format: 2, fetch: site.fetch }).stations(['PT-4']),
    (error) => error instanceof FuelTilesError && error.code === 'hash-mismatch');
});

test('format 1: a tile missing for a watched cell makes the answer partial and the id unknown', async () => {
  const site = siteWithIds(now());
  site.files.delete('tiles/82_-18.json');
  const result = await createReader({ baseUrl: BASE, format: 1, fetch: site.fetch }).stations([{ id: 'PT-4', cell: '82_-18' }]);
  assert.equal(result.outcome, 'partial');
  assert.deepEqual(result.ids, [{ id: 'PT-4', status: 'unknown' }]);
});

for (const [name, ids] of [
  ['no ids', []], ['an empty id', ['']], ['a bad cell', [{ id: 'PT-1', cell: 'north' }]],
  ['a cell with a leading zero', [{ id: 'PT-1', cell: '077_-19' }]], ['too many ids', Array.from({ length: MAX_IDS + 1 }, (_, i) => `PT-${i}`)],
  ['not a list', 'PT-1'],
]) {
  test(`a bad watch list is refused before any request: ${name}`, async () => {
    const site = siteWithIds(now());
    await assert.rejects(createReader({ baseUrl: BASE, fetch: site.fetch }).stations(/** @type {any} */ (ids)),
      (error) => error instanceof FuelTilesError && error.code === 'invalid-query');
    assert.deepEqual(site.paths(), []);
  });
}
