// R11 against conformance/open-now.json (each case's `holidays`, when it has them, as the station's country's) (or the kit FUELTILES_CONFORMANCE names): the table the Swift client and the
// Python reference reader run too. A missing table fails: it never skips.

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
  const { cases } = JSON.parse(readFileSync(file, 'utf8'));
  test('the table has open, automat, closed and unknown cases', () => {
    assert.deepEqual([...new Set(cases.map((c) => c.expect))].sort(), ['automat', 'closed', 'open', 'unknown']);
  });
  for (const c of cases) {
    test(`open-now ${c.name}`, () => {
      const station = { ...c.station, openingHours: c.station.openingHours ?? undefined };
      assert.equal(openState(station, new Date(c.at), c.holidays ?? null), c.expect, c.note);
    });
  }
}

// Where Intl cannot tell a station's local time (QuickJS has no Intl; an engine may know no IANA zones), open now
// answers unknown, never throws, and reader.runtime says so; 24/7 needs no clock.
const paris = { country: 'FR', lon: 2.35, openingHours: 'Mo-Su 06:00-22:00' };
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
    assert.equal(openState(paris, noon), 'open', 'with Node\'s Intl');
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'Intl');
    Object.defineProperty(globalThis, 'Intl', { value: replacement, configurable: true, writable: true });
    t.after(() => Object.defineProperty(globalThis, 'Intl', saved));
    assert.equal(openState(paris, noon), 'unknown');
    assert.equal(openState({ ...paris, openingHours: '24/7' }, noon), 'open');
    assert.equal(openState(paris, new Date(NaN)), 'unknown');
    const reader = createReader({ baseUrl: 'https://tiles.test/fuel/', fetch: async () => null });
    assert.equal(reader.runtime.timeZones, false);
  });
}
