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
  ['sort by price without a fuel', { lat: 0, lon: 0, radiusKm: 1, sort: 'price' }],
  ['sort neither distance nor price', { lat: 0, lon: 0, radiusKm: 1, fuel: 'diesel', sort: 'cheapest' }],
  ['includeBrands a string', { lat: 0, lon: 0, radiusKm: 1, includeBrands: 'Repsol' }],
  ['excludeBrands with a number', { lat: 0, lon: 0, radiusKm: 1, excludeBrands: ['Shell', 7] }],
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

test('sort and brand lists are valid with their values (R7)', () => {
  validateQuery({ lat: 0, lon: 0, radiusKm: 1, fuel: 'diesel', sort: 'price', includeBrands: [], excludeBrands: ['x'] });
  validateQuery({ lat: 0, lon: 0, radiusKm: 1, sort: 'distance', includeBrands: null, excludeBrands: null });
  validateQuery({ lat: 0, lon: 0, radiusKm: 1, sort: null });
});

/** Stations at 38.72, -9.14 and east of it, with a diesel price each (and a brand). */
function ranked() {
  const at = '2026-11-29T08:31:00Z';
  const diesel = (price, unit) => [{ fuel: 'diesel', price, updated: at, ...(unit ? { unit } : {}) }];
  return [
    station('PT-5', 38.72, -9.13, diesel(1.5), { brand: 'Galp' }),
    station('PT-4', 38.72, -9.14, diesel(1.5), { brand: 'Repsol' }),
    station('PT-3', 38.72, -9.14, diesel(1.5), { brand: 'BP' }),
    station('PT-2', 38.72, -9.12, diesel(1.4), { brand: null }),
    station('PT-1', 38.72, -9.14, diesel(0.9, 'kg'), { brand: ' galp ' }),
    station('PT-0', 38.72, -9.11, diesel(1.6), { brand: 'Prio' }),
  ];
}

const rankedCases = [
  ['by distance, the default', {}, ['PT-1', 'PT-3', 'PT-4', 'PT-5', 'PT-2', 'PT-0']],
  ['by price: litre before kg, equal prices by distance, equal distances by id', { sort: 'price' },
    ['PT-2', 'PT-3', 'PT-4', 'PT-5', 'PT-0', 'PT-1']],
  ['by price with limit 2: the two cheapest', { sort: 'price', limit: 2 }, ['PT-2', 'PT-3']],
  ['include list', { includeBrands: ['galp', 'BP '] }, ['PT-1', 'PT-3', 'PT-5']],
  ['brand and include list together: both included', { brand: 'prio', includeBrands: ['bp'] }, ['PT-3', 'PT-0']],
  ['exclude list: a null brand is never excluded', { excludeBrands: ['GALP', 'Repsol'] }, ['PT-3', 'PT-2', 'PT-0']],
  ['include and exclude: a brand in both is left out', { includeBrands: ['Galp', 'BP'], excludeBrands: ['galp'] },
    ['PT-3']],
  ['an empty include list keeps every brand', { includeBrands: [], sort: 'distance' },
    ['PT-1', 'PT-3', 'PT-4', 'PT-5', 'PT-2', 'PT-0']],
];
for (const [name, extra, expected] of rankedCases) {
  test(`ranked and filtered (R4, R5): ${name}`, () => {
    const query = { lat: 38.72, lon: -9.14, radiusKm: 5, fuel: 'diesel', ...extra };
    assert.deepEqual(selectStations(ranked(), query).map((s) => s.station.id), expected);
  });
}

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
