// The conformance kit: conformance/grid.json and conformance/cases.json at the repository root (or the folder
// FUELTILES_CONFORMANCE names). A missing kit fails: it never skips.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { MemoryCache, cellsOfCircle, createReader, keyOf } from '../src/index.js';
import { startKitServer } from './support/kit-server.js';

const kitDir = process.env.FUELTILES_CONFORMANCE ?? fileURLToPath(new URL('../../../conformance/', import.meta.url));
const missing = ['grid.json', 'cases.json', 'build/fuel'].filter((p) => !existsSync(join(kitDir, p)));

if (missing.length > 0) {
  test('the conformance kit is present', () => {
    assert.fail(`the conformance kit at ${kitDir} lacks ${missing.join(', ')}: generate it (conformance/README.md) ` +
      'or set FUELTILES_CONFORMANCE to a kit folder');
  });
} else {
  const grid = JSON.parse(readFileSync(join(kitDir, 'grid.json'), 'utf8'));
  const { cases } = JSON.parse(readFileSync(join(kitDir, 'cases.json'), 'utf8'));

  describe('grid.json', () => {
    test('is the 0.5° grid and not empty', () => {
      assert.equal(grid.gridDegrees, 0.5);
      assert.ok(grid.points.length > 0 && grid.circles.length > 0, 'grid.json has no points or no circles');
    });
    for (const point of grid.points) {
      test(`key of ${point.name}`, () => assert.equal(keyOf(point.lat, point.lon), point.key));
    }
    for (const circle of grid.circles) {
      test(`cells of ${circle.name}`, () => {
        assert.deepEqual(cellsOfCircle(circle.lat, circle.lon, circle.radiusKm), circle.cells);
      });
    }
  });

  describe('cases.json', () => {
    let server;
    before(async () => { server = await startKitServer(kitDir); });
    after(() => server.close());

    test('has cases', () => assert.ok(cases.length > 0, 'cases.json has no cases'));
    for (const c of cases) {
      test(`${c.name} (${c.rule}, format ${c.format})`, async () => {
        server.use(c.server);
        const reader = createReader({ baseUrl: server.baseUrl, format: c.format, cache: new MemoryCache() });
        const got = await answer(reader, c.query);
        assert.deepEqual(got, expected(c.expect), `case ${c.name}`);
        if (c.expect.error === 'invalid-query') assert.deepEqual(server.requests, [], 'invalid-query made requests');
      });
    }
  });
}

/** A lookup's answer in the kit's terms. */
async function answer(reader, query) {
  try {
    const result = await reader.nearby(query);
    return {
      outcome: result.outcome,
      error: null,
      missingTiles: result.missingTiles,
      stations: result.stations.map((s) => ({
        id: s.station.id,
        distanceM: Math.sign(s.distanceKm) * Math.round(Math.abs(s.distanceKm * 1000)),
        price: s.displayed && {
          price: s.displayed.price, service: s.displayed.service, unit: s.displayed.unit,
          was: s.displayed.was, changed: s.displayed.changed,
        },
      })),
    };
  } catch (error) {
    if (!error || typeof error.code !== 'string') throw error;
    return { outcome: 'failed', error: error.code, missingTiles: [], stations: [] };
  }
}

/** The kit's expectation, with only the keys the runner compares. */
function expected(e) {
  return {
    outcome: e.outcome,
    error: e.error,
    missingTiles: e.missingTiles,
    stations: e.stations.map((s) => ({ id: s.id, distanceM: s.distanceM, price: s.price })),
  };
}
