// The conformance kit: conformance/grid.json and conformance/cases.json at the repository root (or the folder
// FUELTILES_CONFORMANCE names). A missing kit fails: it never skips.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { MemoryCache, cellsOfCircle, cellsOfRoute, createReader, keyOf } from '../src/index.js';
import { startKitServer } from './support/kit-server.js';
import { answer, historyAnswer, stationsAnswer, trendAnswer } from './support/kit-answer.js';

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
      assert.ok(grid.points.length > 0 && grid.circles.length > 0 && grid.routes.length > 0,
        'grid.json has no points, circles or routes');
    });
    for (const route of grid.routes) {
      test(`cells of the route ${route.name}`, () => {
        const points = route.route.coordinates.map(([lon, lat]) => ({ lat, lon }));
        assert.deepEqual(cellsOfRoute(points, route.bufferKm), route.cells);
      });
    }
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
    test('covers history (issue 39, item 4)', () => {
      const named = cases.filter((c) => c.call === 'history');
      for (const kind of ['two-days', 'day-not-listed', 'day-404', 'unknown-id']) {
        assert.deepEqual(named.filter((c) => c.name === `history-${kind}-v1` || c.name === `history-${kind}-v2`)
          .map((c) => c.format).sort(), [1, 2]);
      }
      assert.deepEqual([...new Set(named.map((c) => c.expect.outcome))].sort(), ['empty', 'failed', 'ok', 'partial']);
    });
    test('covers lookups by id (issue 39, item 1)', () => {
      const named = cases.filter((c) => c.call === 'stations');
      for (const kind of ['found-with-cells', 'no-cell', 'moved', 'closed', 'mix', 'index-without-table']) {
        assert.deepEqual(named.filter((c) => c.name.startsWith(`ids-${kind}-v`)).map((c) => c.format).sort(), [1, 2]);
      }
      assert.deepEqual([...new Set(named.flatMap((c) => c.expect.ids.map((o) => o.status)))].sort(),
        ['closed', 'found', 'moved', 'unknown']);
    });
    test('covers phone life (issue 35, Why 8)', () => {
      const steps = cases.flatMap((c) => c.steps ?? (c.query ? [c] : []));
      const formats = (list) => [...new Set(list.map((c) => c.format))].sort();
      // (a) gzip without Content-Encoding, both formats; (b) stale, If-None-Match, no request; (c) openAt;
      // (d) trend: ok, none, failed; (e) auto with a 5xx format-2 index; (f) a tile whose key is not its cell.
      assert.deepEqual(formats(cases.filter((c) => c.transport === 'gzip-without-content-encoding')), [1, 2]);
      assert.ok(steps.some((s) => s.expect.stale === true && s.expect.staleReasons.length > 0), 'no stale step');
      assert.ok(steps.some((s) => s.expect.requests?.some((r) => r.ifNoneMatch)), 'no revalidation');
      assert.ok(steps.some((s) => s.expect.requests?.length === 0), 'no step without a tile request');
      assert.ok(steps.some((s) => s.query.openAt && s.expect.stations.some((t) => t.open)), 'no openAt');
      assert.deepEqual([...new Set(cases.filter((c) => c.call === 'trend').map((c) => c.expect.outcome))].sort(),
        ['failed', 'none', 'ok']);
      const servers = (c) => (c.steps ?? [c]).map((s) => s.server ?? {});
      assert.ok(cases.some((c) => c.format === 'auto' && servers(c).some((s) => s['v2/index.json']?.status >= 500)),
        'no auto case with a 5xx format-2 index');
      const misplaced = cases.filter((c) => servers(c).some((s) => Object.values(s).some((e) => e.file?.includes('-key-'))));
      assert.deepEqual(formats(misplaced), [1, 2]);
    });
    test('covers lookups along a route (issue 39, item 3)', () => {
      const along = cases.filter((c) => (c.steps ?? [c]).some((s) => s.query?.route));
      assert.deepEqual([...new Set(along.map((c) => c.format))].sort(), [1, 2]);
      assert.ok(along.some((c) => c.name.includes('cell-corner')), 'no route through a cell corner');
      assert.ok(along.some((c) => Object.keys(c.server ?? {}).length > 0 && c.expect?.outcome === 'ok'),
        'no failing tile outside the corridor');
      assert.ok(along.some((c) => c.steps?.some((s) => s.expect.requests?.length > 0)), 'no requests listed');
      assert.ok(along.some((c) => c.expect?.error === 'invalid-query'), 'no invalid route');
    });
    test('covers ranked and filtered lookups (issue 39, item 2)', () => {
      const formats = (shows) => [...new Set(cases.filter((c) => c.query && shows(c.query, c.expect))
        .map((c) => c.format))].sort();
      const priced = (q, e) => q.sort === 'price' && e.outcome === 'ok';
      // A price sort with a limit; a tie of price and distance that only the id orders; one without a fuel.
      assert.deepEqual(formats((q, e) => priced(q, e) && q.limit != null), [1, 2]);
      const tie = (a, b) => a.distanceM === b.distanceM && JSON.stringify(a.price) === JSON.stringify(b.price);
      assert.deepEqual(formats((q, e) => priced(q, e) && e.stations.some((s, i) => i > 0 && tie(e.stations[i - 1], s))),
        [1, 2]);
      assert.deepEqual(formats((q, e) => q.sort === 'price' && e.error === 'invalid-query'), [1, 2]);
      // Brand lists: include, exclude, both.
      assert.deepEqual(formats((q) => q.includeBrands?.length > 0 && q.excludeBrands == null), [1, 2]);
      assert.deepEqual(formats((q) => q.excludeBrands?.length > 0 && q.includeBrands == null), [1, 2]);
      assert.deepEqual(formats((q) => q.includeBrands != null && q.excludeBrands != null), [1, 2]);
    });
    for (const c of cases) {
      test(`${c.name} (${c.rule}, format ${c.format})`, async () => {
        // One reader, one cache and one clock for the whole case; a step moves the clock first.
        let clock = Date.parse('2026-12-02T06:00:00Z');
        const reader = createReader({
          baseUrl: server.baseUrl, format: c.format, cache: new MemoryCache(), now: () => clock,
        });
        if (c.call === 'trend') {
          server.use(c.server, c.transport);
          assert.deepEqual(await trendAnswer(reader, c.country), c.expect, `case ${c.name}`);
          return;
        }
        if (c.call === 'history') {
          server.use(c.server, c.transport);
          assert.deepEqual(await historyAnswer(reader, c.id, c.days, c.cell), c.expect, `case ${c.name}`);
          return;
        }
        if (c.call === 'stations') {
          server.use(c.server, c.transport);
          const got = await stationsAnswer(reader, c.ids, c.fuel);
          // R13: every tile and id shard the lookup read.
          got.reads = server.log.map((r) => r.path)
            .filter((path) => /^(v2\/)?(tiles|ids)\//.test(path)).sort();
          assert.deepEqual(got, c.expect, `case ${c.name}`);
          return;
        }
        const steps = c.steps ?? [{ advanceSeconds: 0, server: c.server, query: c.query, expect: c.expect }];
        for (const [n, step] of steps.entries()) {
          clock += step.advanceSeconds * 1000;
          server.use(step.server, c.transport);
          const got = await answer(reader, step.query);
          if (c.steps) got.requests = tileRequests(server.log);
          assert.deepEqual(pick(got, step.expect), expected(step.expect), `case ${c.name}, step ${n + 1}`);
          if (step.expect.error === 'invalid-query') {
            assert.deepEqual(server.requests, [], 'invalid-query made requests');
          }
        }
      });
    }
  });
}

/** A step's requests of tiles, leaves and parts (R15), sorted, each with whether it carried If-None-Match. */
function tileRequests(log) {
  return log.filter((r) => /^(tiles|v2\/tiles|v2\/leaves|v2\/parts)\//.test(r.path))
    .map((r) => ({ path: r.path, ifNoneMatch: r.ifNoneMatch !== null }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : Number(a.ifNoneMatch) - Number(b.ifNoneMatch)));
}

/** The answer's keys that the expectation has: `format`, `stale`, `staleReasons` and `requests` only where a case
 * expects them. */
function pick(got, e) {
  return Object.fromEntries(Object.keys(expected(e)).map((k) => [k, got[k]]));
}

/** The kit's expectation, with only the keys the runner compares. */
function expected(e) {
  const kept = {
    outcome: e.outcome,
    error: e.error,
    missingTiles: e.missingTiles,
    stations: e.stations.map((s) => ({ id: s.id, distanceM: s.distanceM,
      ...(s.alongM === undefined ? {} : { alongM: s.alongM, detourM: s.detourM }), price: s.price,
      ...(s.open === undefined ? {} : { open: s.open }) })),
  };
  for (const key of ['format', 'stale', 'staleReasons', 'requests']) if (key in e) kept[key] = e[key];
  return kept;
}
