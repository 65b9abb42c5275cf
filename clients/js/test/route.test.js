// R12: routes, their corridor's cells, where a station lies along a route, route files, and along() itself.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FuelTilesError, MemoryCache, cellsOfRoute, createReader, keyOf, parseRoute, routePosition }
  from '../src/index.js';
import { selectAlong, validateAlong } from '../src/query.js';
import { KM_PER_DEGREE_LATITUDE } from '../src/grid.js';
import { BASE, fakeSite, station } from './support/fake-site.js';

/** An L: 0.1° east along the equator, then 0.1° north. */
const corner = [{ lat: 0, lon: 0 }, { lat: 0, lon: 0.1 }, { lat: 0.1, lon: 0.1 }];
const km = KM_PER_DEGREE_LATITUDE;

const placed = [
  ['on the first segment', 0, 0.05, 0.05 * km, 0],
  ['beside the first segment', -0.01, 0.05, 0.05 * km, 0.01 * km],
  ['before the start: 0 along', 0, -0.02, 0, 0.02 * km],
  ['past the end: the whole length along', 0.12, 0.1, 0.2 * km, 0.02 * km],
  ['on the second segment', 0.05, 0.1, 0.15 * km, 0],
];
for (const [name, lat, lon, alongKm, offKm] of placed) {
  test(`routePosition: ${name}`, () => {
    const got = routePosition(corner, lat, lon);
    assert.ok(Math.abs(got.alongKm - alongKm) < 0.01, JSON.stringify(got));
    assert.ok(Math.abs(got.offKm - offKm) < 0.01, JSON.stringify(got));
  });
}

test('cellsOfRoute: a long diagonal is cut into pieces, a cell corner gives its four cells', () => {
  assert.deepEqual(cellsOfRoute([{ lat: 40.1, lon: 0.1 }, { lat: 41.4, lon: 1.4 }], 1),
    ['80_0', '80_1', '81_0', '81_1', '81_2', '82_1', '82_2']);
  assert.deepEqual(cellsOfRoute([{ lat: 41.45, lon: 1.95 }, { lat: 41.55, lon: 2.05 }], 1),
    ['82_3', '82_4', '83_3', '83_4']);
});

test('cellsOfRoute holds every point within the buffer', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let n = 0; n < 200; n++) {
    const points = [0, 1, 2].map(() => ({ lat: 40 + 2 * random(), lon: 3 * random() }));
    const bufferKm = 0.5 + 19.5 * random();
    const cells = new Set(cellsOfRoute(points, bufferKm));
    for (let m = 0; m < 50; m++) {
      const lat = 39.5 + 3 * random();
      const lon = -0.5 + 4 * random();
      if (routePosition(points, lat, lon).offKm <= bufferKm) assert.ok(cells.has(keyOf(lat, lon)), `${lat}, ${lon}`);
    }
  }
});

test('selectAlong: along the route, equal distances along it nearer the route first, then by id; price sort', () => {
  const at = '2026-11-29T08:31:00Z';
  const s = (id, lat, lon, price) => station(id, lat, lon, [{ fuel: 'diesel', price, updated: at }]);
  const stations = [s('XX-4', 0.05, 0.1, 1.2), s('XX-3', 0, 0.05, 1.5), s('XX-2', 0, -0.01, 1.4),
    s('XX-1', 0, -0.01, 1.4), s('XX-0', 0, -0.005, 1.6), s('XX-9', 0.3, 0.3, 1.0)];
  const query = { route: null, bufferKm: 2, fuel: 'diesel' };
  const answer = selectAlong(stations, corner, query);
  assert.deepEqual(answer.map((a) => a.station.id), ['XX-0', 'XX-1', 'XX-2', 'XX-3', 'XX-4']);
  assert.equal(answer[1].alongKm, 0);
  assert.equal(answer[1].detourKm, 2 * answer[1].distanceKm);
  assert.deepEqual(selectAlong(stations, corner, { ...query, sort: 'price', limit: 3 }).map((a) => a.station.id),
    ['XX-4', 'XX-1', 'XX-2']);
});

const line = (...coordinates) => ({ type: 'LineString', coordinates });
const invalid = [
  ['one point', { route: line([1, 1]), bufferKm: 5 }],
  ['not a LineString', { route: { type: 'Point', coordinates: [1, 1] }, bufferKm: 5 }],
  ['a latitude out of range', { route: line([1, 1], [1, 91]), bufferKm: 5 }],
  ['buffer 0', { route: line([1, 1], [2, 2]), bufferKm: 0 }],
  ['buffer above 50', { route: line([1, 1], [2, 2]), bufferKm: 50.5 }],
  ['price without a fuel', { route: line([1, 1], [2, 2]), bufferKm: 5, sort: 'price' }],
];
for (const [name, query] of invalid) {
  test(`validateAlong refuses ${name} (R7)`, () => {
    assert.throws(() => validateAlong(query), (e) => e instanceof FuelTilesError && e.code === 'invalid-query');
  });
}

test('validateAlong takes a Feature and gives the points as lat, lon', () => {
  const feature = { type: 'Feature', properties: {}, geometry: line([1.85, 41.45, 100], [2, 41.5]) };
  assert.deepEqual(validateAlong({ route: feature, bufferKm: 5 }), [{ lat: 41.45, lon: 1.85 }, { lat: 41.5, lon: 2 }]);
});

const readable = [
  ['a bare LineString', '{"type":"LineString","coordinates":[[1.85,41.45],[2.0,41.5]]}'],
  ['a Feature', '{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1.85,41.45],[2.0,41.5]]}}'],
  ['the one LineString of a FeatureCollection', '{"type":"FeatureCollection","features":[{"geometry":{"type":"Point",' +
    '"coordinates":[0,0]}},{"geometry":{"type":"LineString","coordinates":[[1.85,41.45],[2.0,41.5]]}}]}'],
  ['a GPX track', '\uFEFF<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="41.45" lon="1.85"><ele>3</ele></trkpt>' +
    "<trkpt lon='2.0' lat='41.5'/></trkseg></trk></gpx>"],
  ['a GPX route without a track', '<gpx><rte><rtept lat="41.45" lon="1.85"/><rtept lat="41.5" lon="2.0"/></rte></gpx>'],
];
for (const [name, text] of readable) {
  test(`parseRoute reads ${name}`, () => {
    assert.deepEqual(parseRoute(text).coordinates.map((p) => p.slice(0, 2)), [[1.85, 41.45], [2, 41.5]]);
  });
}

const unreadable = [
  ['plain text', '41.45,1.85'],
  ['a GeoJSON point', '{"type":"Point","coordinates":[1,2]}'],
  ['two LineStrings', '{"type":"FeatureCollection","features":[{"geometry":{"type":"LineString","coordinates":[]}},' +
    '{"geometry":{"type":"LineString","coordinates":[]}}]}'],
  ['XML that is not GPX', '<kml></kml>'],
  ['a track point without lon', '<gpx><trkpt lat="1"/></gpx>'],
];
for (const [name, text] of unreadable) {
  test(`parseRoute refuses ${name}`, () => {
    assert.throws(() => parseRoute(text), (e) => e instanceof FuelTilesError && e.code === 'invalid-query');
  });
}

test("the docs' example routes read alike", () => {
  const folder = new URL('../../../docs/examples/', import.meta.url);
  const geojson = parseRoute(readFileSync(new URL('route-abrera-badalona.geojson', folder), 'utf8'));
  const gpx = parseRoute(readFileSync(new URL('route-abrera-badalona.gpx', folder), 'utf8'));
  assert.deepEqual(gpx, geojson);
});

test('along() reads only the corridor\'s tiles and answers with alongKm and detourKm', async () => {
  const at = '2026-11-29T08:31:00Z';
  const near = station('XX-1', 41.46, 2.0, [{ fuel: 'diesel', price: 1.4, updated: at }]);
  const far = station('XX-2', 41.9, 2.9, [{ fuel: 'diesel', price: 1.3, updated: at }]);
  const site = fakeSite({ '82_4': [near], '83_5': [far] });
  const reader = createReader({ baseUrl: BASE, format: 2, fetch: site.fetch, cache: new MemoryCache() });
  const answer = await reader.along({ route: line([1.9, 41.45], [2.2, 41.45]), bufferKm: 3, fuel: 'diesel' });
  assert.deepEqual(answer.stations.map((s) => s.station.id), ['XX-1']);
  assert.ok(answer.stations[0].alongKm > 8 && answer.stations[0].alongKm < 9, `${answer.stations[0].alongKm}`);
  assert.ok(Math.abs(answer.stations[0].detourKm - 2 * 1.112) < 0.01, `${answer.stations[0].detourKm}`);
  assert.ok(!site.paths().some((path) => path.includes('83_5')), site.paths().join(' '));
  assert.deepEqual(Object.keys(answer.tiles).sort(), ['82_3', '82_4']);
});
