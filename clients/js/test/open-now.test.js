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
