// Outcomes and R9's precedence: when several problems occur, the lookup fails with the most important code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CODES, FuelTilesError, createReader } from '../src/index.js';
import { firstByPrecedence } from '../src/errors.js';
import { BASE, fakeSite, station } from './support/fake-site.js';

// A point on a cell corner: a 10 km circle touches four cells, all listed.
const query = { lat: 39.0, lon: -9.0, radiusKm: 10, fuel: 'diesel' };
const site = () => fakeSite({
  '77_-19': [station('PT-1', 38.99, -9.01)], '77_-18': [station('PT-2', 38.99, -8.99)],
  '78_-19': [station('PT-3', 39.01, -9.01)], '78_-18': [station('PT-4', 39.01, -8.99)],
});
const v2 = (s, key) => `v2/tiles/${key}.${s.hashes[key]}.json`;
const tileJSON = (version) => JSON.stringify({ version, key: '77_-19', stations: [] });

async function outcome(format, edit, q = query) {
  const s = site();
  edit(s);
  try {
    const result = await createReader({ baseUrl: BASE, format, fetch: s.fetch }).nearby(q);
    return { outcome: result.outcome, missingTiles: result.missingTiles, requests: s.paths() };
  } catch (error) {
    assert.ok(error instanceof FuelTilesError, String(error));
    return { outcome: 'failed', code: error.code, failedTiles: error.failedTiles, requests: s.paths() };
  }
}

test('the precedence list is R9 in order', () => {
  assert.deepEqual(ERROR_CODES, ['runtime-unsupported', 'invalid-query', 'index-server-error', 'index-unavailable',
    'unsupported-index-version', 'incompatible-grid', 'hash-mismatch', 'unsupported-tile-version', 'tiles-unavailable',
    'deadline-exceeded']);
  assert.equal(firstByPrecedence(['tiles-unavailable', 'unsupported-tile-version', 'hash-mismatch']), 'hash-mismatch');
  assert.equal(firstByPrecedence(['tiles-unavailable', 'some-new-code']), 'tiles-unavailable');
});

const cases = [
  { name: 'invalid-query before anything, with no request', format: 1, code: 'invalid-query',
    edit: (s) => s.files.set('index.json', { status: 500 }), query: { ...query, radiusKm: 501 } },
  { name: 'index 5xx before tile failures', format: 1, code: 'index-server-error',
    edit: (s) => { s.files.set('index.json', { status: 503 }); s.files.set('tiles/77_-19.json', { status: 503 }); } },
  { name: 'format 2 index 5xx', format: 2, code: 'index-server-error', edit: (s) => s.files.set('v2/index.json', { status: 500 }) },
  { name: 'index 404', format: 1, code: 'index-unavailable', edit: (s) => s.files.delete('index.json') },
  { name: 'index 403', format: 1, code: 'index-unavailable', edit: (s) => s.files.set('index.json', { status: 403 }) },
  { name: 'index network error', format: 1, code: 'index-unavailable',
    edit: (s) => s.files.set('index.json', { status: 'network' }) },
  { name: 'index not JSON', format: 1, code: 'index-unavailable',
    edit: (s) => s.files.set('index.json', { status: 200, body: '{"version":1', headers: {} }) },
  { name: 'newer index version before another grid', format: 1, code: 'unsupported-index-version',
    edit: (s) => s.files.set('index.json', { status: 200, headers: {},
      body: JSON.stringify({ version: 2, gridDegrees: 1, builtAt: 'x', tiles: {} }) }) },
  { name: 'format 2 index version 3', format: 2, code: 'unsupported-index-version',
    edit: (s) => s.files.set('v2/index.json', { status: 200, headers: {},
      body: JSON.stringify({ version: 3, gridDegrees: 0.5, builtAt: 'x', tiles: {} }) }) },
  { name: 'another grid', format: 1, code: 'incompatible-grid',
    edit: (s) => s.files.set('index.json', { status: 200, headers: {},
      body: JSON.stringify({ version: 1, gridDegrees: 0.25, builtAt: 'x', tiles: [] }) }) },
  { name: 'hash-mismatch before a newer tile and a 503', format: 2, code: 'hash-mismatch',
    failed: { '77_-19': 'hash-mismatch', '77_-18': 'unsupported-tile-version', '78_-19': 'tiles-unavailable' },
    edit: (s) => {
      s.publishV2Tile('77_-18', tileJSON(2));
      s.files.set(v2(s, '77_-19'), { status: 200, body: tileJSON(1).replace('[]', '[ ]'), headers: {} });
      s.files.set(v2(s, '78_-19'), { status: 503 });
    } },
  { name: 'a newer tile before a 503; a 404 does not save it', format: 1, code: 'unsupported-tile-version',
    failed: { '77_-19': 'unsupported-tile-version', '77_-18': 'tiles-unavailable' },
    edit: (s) => {
      s.files.set('tiles/77_-19.json', { status: 200, body: tileJSON(2), headers: {} });
      s.files.set('tiles/77_-18.json', { status: 503 });
      s.files.delete('tiles/78_-19.json');
    } },
  { name: 'format 1: a 503 beside a 404 fails', format: 1, code: 'tiles-unavailable',
    failed: { '77_-18': 'tiles-unavailable' },
    edit: (s) => { s.files.set('tiles/77_-18.json', { status: 503 }); s.files.delete('tiles/78_-19.json'); } },
  { name: 'format 1: an unreadable tile fails', format: 1, code: 'tiles-unavailable', failed: { '78_-18': 'tiles-unavailable' },
    edit: (s) => s.files.set('tiles/78_-18.json', { status: 200, body: 'not json', headers: {} }) },
  { name: 'format 2: a 404 fails', format: 2, code: 'tiles-unavailable', failed: { '78_-18': 'tiles-unavailable' },
    edit: (s) => s.files.delete(v2(s, '78_-18')) },
];
for (const c of cases) {
  test(`failed: ${c.name}`, async () => {
    const got = await outcome(c.format, c.edit, c.query);
    assert.equal(got.outcome, 'failed');
    assert.equal(got.code, c.code);
    if (c.code === 'invalid-query') assert.deepEqual(got.requests, []);
    const failed = Object.fromEntries(got.failedTiles.map((f) => [f.key, f.code]));
    assert.deepEqual(failed, c.failed ?? {});
    for (const f of got.failedTiles) assert.ok(f.url.startsWith(BASE) && f.reason.length > 0, JSON.stringify(f));
  });
}

test('format 1: a 404 alone is partial, its cells listed in grid order', async () => {
  const got = await outcome(1, (s) => { s.files.delete('tiles/78_-18.json'); s.files.delete('tiles/77_-19.json'); });
  assert.equal(got.outcome, 'partial');
  assert.deepEqual(got.missingTiles, ['77_-19', '78_-18']);
});

test('format 2: a 404 makes the reader read the index again, ignoring its max-age', async () => {
  const got = await outcome(2, (s) => s.files.delete(v2(s, '78_-18')));
  assert.equal(got.requests.filter((p) => p === 'v2/index.json').length, 2);
});

test('the error carries a message for people and says when the app must be updated', async () => {
  const s = site();
  s.files.set('tiles/77_-19.json', { status: 200, body: tileJSON(2), headers: {} });
  const error = await createReader({ baseUrl: BASE, format: 1, fetch: s.fetch }).nearby(query).catch((e) => e);
  assert.equal(error.name, 'FuelTilesError');
  assert.equal(error.needsAppUpdate, true);
  assert.match(error.message, /77_-19.*Update the app/);
});
