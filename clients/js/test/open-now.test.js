// R11 against conformance/open-now.json (or the kit FUELTILES_CONFORMANCE names), each station's country entry from
// the table's `countries` with the case's `holidays`, when it has them, as its `publicHolidays`: the table the Swift
// client and the Python reference reader run too. A missing table fails: it never skips.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { openState } from '../src/index.js';

const kitDir = process.env.FUELTILES_CONFORMANCE ?? fileURLToPath(new URL('../../../conformance/', import.meta.url));
const file = join(kitDir, 'open-now.json');

if (!existsSync(file)) {
  test('the open-now table is present', () => assert.fail(`no ${file}: the conformance kit lacks its R11 table`));
} else {
  const { cases, countries } = JSON.parse(readFileSync(file, 'utf8'));
  // A case's country entry, as the sources document would give it: the table's zone and areas, the case's holidays.
  const countryOf = (c) => {
    const entry = countries?.[c.station.country];
    return entry === undefined ? null : { ...entry, publicHolidays: c.holidays ?? undefined };
  };
  test('the table has open, automat, closed and unknown cases', () => {
    assert.deepEqual([...new Set(cases.map((c) => c.expect))].sort(), ['automat', 'closed', 'open', 'unknown']);
  });
  for (const c of cases) {
    test(`open-now ${c.name}`, () => {
      const station = { ...c.station, openingHours: c.station.openingHours ?? undefined };
      assert.equal(openState(station, new Date(c.at), countryOf(c)), c.expect, c.note);
    });
  }
}

// Where Intl cannot tell a station's local time (QuickJS has no Intl; an engine may know no IANA zones), open now
// answers unknown, never throws, and reader.runtime says so; 24/7 needs no clock.
const paris = { country: 'FR', lat: 48.86, lon: 2.35, openingHours: 'Mo-Su 06:00-22:00' };
const france = { timeZone: 'Europe/Paris' };
const noon = new Date('2026-12-07T11:00:00Z');
for (const [name, replacement] of [
  ['no Intl at all', undefined],
  ['an Intl without time zones', { DateTimeFormat: function DateTimeFormat(_locale, options) {
    if (options?.timeZone) throw new RangeError(`Invalid time zone specified: ${options.timeZone}`);
  } }],
  ['an Intl whose formatToParts answers nothing readable', { DateTimeFormat: class {
    formatToParts() { return [{ type: 'literal', value: '?' }]; }
  } }],
]) {
  test(`open now with ${name}: unknown, and reader.runtime.timeZones is false`, async (t) => {
    const { createReader } = await import('../src/index.js');
    assert.equal(openState(paris, noon, france), 'open', 'with Node\'s Intl');
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'Intl');
    Object.defineProperty(globalThis, 'Intl', { value: replacement, configurable: true, writable: true });
    t.after(() => Object.defineProperty(globalThis, 'Intl', saved));
    assert.equal(openState(paris, noon, france), 'unknown');
    assert.equal(openState({ ...paris, openingHours: '24/7' }, noon, france), 'open');
    assert.equal(openState(paris, new Date(NaN), france), 'unknown');
    const reader = createReader({ baseUrl: 'https://tiles.test/fuel/', fetch: async () => null });
    assert.equal(reader.runtime.timeZones, false);
  });
}

// The zone comes from the country's entry only: a code no reader knows is read like any other, a country without an
// entry (or with an unusable zone) answers unknown, and an area's box is half-open.
test('a station\'s zone is its country entry\'s, or its area\'s', async () => {
  const { stationTimeZone } = await import('../src/index.js');
  const box = { south: 0, west: 0, north: 10, east: 10 };
  const entry = { timeZone: 'Etc/GMT-9', timeZoneAreas: [{ timeZone: 'Etc/GMT-8', box }] };
  assert.equal(stationTimeZone({ lat: 5, lon: 5 }, entry), 'Etc/GMT-8');
  assert.equal(stationTimeZone({ lat: 5, lon: 10 }, entry), 'Etc/GMT-9', 'the east bound is outside');
  assert.equal(stationTimeZone({ lat: 0, lon: 0 }, entry), 'Etc/GMT-8', 'the south and west bounds are inside');
  assert.equal(stationTimeZone({ lat: 5, lon: 5 }, null), null);
  assert.equal(stationTimeZone({ lat: 5, lon: 5 }, { timeZoneAreas: entry.timeZoneAreas }), null);
  const station = { country: 'QQ', lat: 20, lon: 20, openingHours: 'Mo-Fr 08:00-20:00' };
  // Sunday 23:30 UTC is Monday 08:30 nine hours east.
  assert.equal(openState(station, new Date('2026-12-06T23:30:00Z'), entry), 'open');
  assert.equal(openState(station, new Date('2026-12-06T23:30:00Z'), null), 'unknown');
  assert.equal(openState(station, new Date('2026-12-06T23:30:00Z'), { timeZone: 'Nowhere/Nothing' }), 'unknown');
});
