import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectStations, validateQuery } from '../src/query.js';
import { FuelTilesError, haversineKm } from '../src/index.js';
import { station } from './support/fake-site.js';

const invalid = [
  ['latitude above 90', { lat: 90.0001, lon: 0, radiusKm: 1 }],
  ['longitude below -180', { lat: 0, lon: -180.01, radiusKm: 1 }],
  ['radius 0', { lat: 0, lon: 0, radiusKm: 0 }],
  ['radius above 500', { lat: 0, lon: 0, radiusKm: 500.001 }],
  ['radius NaN', { lat: 0, lon: 0, radiusKm: NaN }],
  ['latitude as text', { lat: '38', lon: 0, radiusKm: 1 }],
  ['limit 0', { lat: 0, lon: 0, radiusKm: 1, limit: 0 }],
  ['limit 1.5', { lat: 0, lon: 0, radiusKm: 1, limit: 1.5 }],
  ['fuel not a string', { lat: 0, lon: 0, radiusKm: 1, fuel: 3 }],
  ['openAt not a Date', { lat: 0, lon: 0, radiusKm: 1, openAt: '2026-12-07T22:30:00Z' }],
  ['openAt an invalid Date', { lat: 0, lon: 0, radiusKm: 1, openAt: new Date('never') }],
];
for (const [name, query] of invalid) {
  test(`invalid-query: ${name}`, () => {
    assert.throws(() => validateQuery(query), (e) => e instanceof FuelTilesError && e.code === 'invalid-query');
  });
}

test('the limits themselves are valid (R7)', () => {
  validateQuery({ lat: -90, lon: 180, radiusKm: 500, limit: 1, fuel: null, brand: null });
  validateQuery({ lat: 90, lon: -180, radiusKm: 0.001 });
});

test('the radius is inclusive (R3)', () => {
  const s = station('PT-1', 38.73, -9.14);
  const d = haversineKm(38.72, -9.14, 38.73, -9.14);
  assert.equal(selectStations([s], { lat: 38.72, lon: -9.14, radiusKm: d }).length, 1);
  assert.equal(selectStations([s], { lat: 38.72, lon: -9.14, radiusKm: d * (1 - 1e-12) }).length, 0);
});

test('order by distance, equal distances by id in code-unit order, then limit (R4)', () => {
  const stations = [station('PT-b', 38.72, -9.14), station('PT-B', 38.72, -9.14), station('PT-a', 38.721, -9.14),
    station('PT-10', 38.72, -9.14), station('PT-9', 38.72, -9.14)];
  const q = { lat: 38.72, lon: -9.14, radiusKm: 5 };
  assert.deepEqual(selectStations(stations, q).map((s) => s.station.id), ['PT-10', 'PT-9', 'PT-B', 'PT-b', 'PT-a']);
  assert.deepEqual(selectStations(stations, { ...q, limit: 2 }).map((s) => s.station.id), ['PT-10', 'PT-9']);
});

test('fuel: kept only with a price of it, not for `unavailable` alone; brand: trimmed, case-folded, null never (R5)', () => {
  const at = '2026-11-29T08:31:00Z';
  const stations = [
    station('PT-1', 38.72, -9.14, [{ fuel: 'diesel', price: 1.6, updated: at }], { brand: 'Galp' }),
    station('PT-2', 38.72, -9.14, [{ fuel: 'gasoline_95', price: 1.8, updated: at }], { unavailable: ['diesel'], brand: ' GALP ' }),
    station('PT-3', 38.72, -9.14, [{ fuel: 'diesel', price: 1.5, updated: at }], { brand: null }),
  ];
  const q = { lat: 38.72, lon: -9.14, radiusKm: 5 };
  const ids = (extra) => selectStations(stations, { ...q, ...extra }).map((s) => s.station.id);
  assert.deepEqual(ids({ fuel: 'diesel' }), ['PT-1', 'PT-3']);
  assert.deepEqual(ids({ brand: '  galp' }), ['PT-1', 'PT-2']);
  assert.deepEqual(ids({ fuel: 'diesel', brand: 'galp' }), ['PT-1']);
  assert.equal(selectStations(stations, { ...q, fuel: 'diesel' })[1].displayed.price, 1.5);
  assert.equal(selectStations(stations, q)[0].displayed, null);
});

test('openAt: closed stations left out before the limit, the others say open or unknown (R11)', () => {
  // Monday 2026-12-07 23:30 in Madrid.
  const openAt = new Date('2026-12-07T22:30:00Z');
  const stations = [
    station('ES-1', 40.4, -3.7, [], { openingHours: '24/7' }),
    station('ES-2', 40.4, -3.7, [], { openingHours: 'Mo-Su 06:00-22:00' }),
    station('ES-3', 40.4, -3.7),
    station('ES-4', 40.4, -3.7, [], { openingHours: 'Mo-Su 06:00-22:00; PH off' }),
  ];
  const q = { lat: 40.4, lon: -3.7, radiusKm: 1 };
  const countries = { ES: { country: 'ES', timeZone: 'Europe/Madrid' } };
  const answer = selectStations(stations, { ...q, openAt, limit: 2 }, countries);
  assert.deepEqual(answer.map((s) => [s.station.id, s.open]), [['ES-1', 'open'], ['ES-3', 'unknown']]);
  // Without the country's entry there is no zone: every station is unknown, none left out.
  assert.deepEqual(selectStations(stations, { ...q, openAt }).map((s) => s.open), ['unknown', 'unknown', 'unknown',
    'unknown']);
  assert.ok(selectStations(stations, q).every((s) => !('open' in s)));
});
