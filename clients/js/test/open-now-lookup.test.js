// Issue 35's open-now acceptance through nearby({openAt}) over the conformance kit's build, both formats: the FR card
// automat at night, and AT's PH rules read with the public holidays of the sources document the index names.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { MemoryCache, createReader, openState } from '../src/index.js';
import { startKitServer } from './support/kit-server.js';

const kitDir = process.env.FUELTILES_CONFORMANCE ?? fileURLToPath(new URL('../../../conformance/', import.meta.url));
// AT-1476471 (Vienna): Mo-Fr 06:00-22:00; Sa-Su 08:00-22:00; PH 08:00-22:00.
const vienna = { lat: 48.19633, lon: 16.36464, radiusKm: 1 };
// FR-69130005 (Écully): Mo-Sa 07:30-19:30; Su off, and a 24/7 card automat.
const ecully = { lat: 45.780656, lon: 4.767683, radiusKm: 0.1 };

const cases = [
  { name: 'Vienna, an ordinary Tuesday at 10:00', query: vienna, at: '2026-12-01T09:00:00Z', id: 'AT-1476471', open: 'open' },
  { name: 'Vienna, 26 October at 07:00: PH opens at 08:00', query: vienna, at: '2026-10-26T06:00:00Z', id: 'AT-1476471', open: null },
  { name: 'Vienna, 26 October at 09:00: PH says open', query: vienna, at: '2026-10-26T08:00:00Z', id: 'AT-1476471', open: 'open' },
  { name: 'Vienna in 2028, past the holiday list', query: vienna, at: '2028-01-04T09:00:00Z', id: 'AT-1476471', open: 'unknown' },
  { name: 'Écully, Sunday 00:30: the automat', query: ecully, at: '2026-12-05T23:30:00Z', id: 'FR-69130005', open: 'automat' },
  { name: 'Écully, Monday 10:00: staffed', query: ecully, at: '2026-12-07T09:00:00Z', id: 'FR-69130005', open: 'open' },
];

if (!existsSync(join(kitDir, 'build/fuel'))) {
  test('the conformance kit is present', () => assert.fail(`no build in ${kitDir}`));
} else {
  describe('nearby({openAt}) over the kit', () => {
    let server;
    before(async () => { server = await startKitServer(kitDir); });
    after(() => server.close());

    for (const format of [1, 2]) {
      for (const c of cases) {
        test(`${c.name} (format ${format})`, async () => {
          server.use({});
          const reader = createReader({ baseUrl: server.baseUrl, format, cache: new MemoryCache() });
          const result = await reader.nearby({ ...c.query, openAt: new Date(c.at) });
          const found = result.stations.find((s) => s.station.id === c.id);
          assert.equal(found ? found.open : null, c.open);
          const readSources = server.requests.some((path) => /^(v2\/)?sources\b/.test(path));
          assert.equal(readSources, true, 'the zones of stations with hours come from the sources document');
        });
      }
    }

    test('without the country entry, hours are unknown; without its holidays, a PH rule is', async () => {
      server.use({});
      const reader = createReader({ baseUrl: server.baseUrl, format: 2, cache: new MemoryCache() });
      const { stations } = await reader.nearby(vienna);
      const station = stations.find((s) => s.station.id === 'AT-1476471').station;
      const { sources } = await reader.sources();
      const austria = sources.find((s) => s.country === 'AT');
      assert.equal(openState(station, new Date('2026-12-01T09:00:00Z')), 'unknown');
      assert.equal(openState(station, new Date('2026-12-01T09:00:00Z'), { ...austria, publicHolidays: undefined }),
        'unknown');
      assert.equal(openState(station, new Date('2026-12-01T09:00:00Z'), austria), 'open');
      assert.equal(openState(station, new Date('2026-10-26T06:00:00Z'), austria), 'closed');
      assert.equal(openState(station, new Date('2026-10-19T06:00:00Z'), austria), 'open', 'an ordinary Monday 07:00');
    });

    test('an unreadable sources document leaves hours unknown and the lookup answers', async () => {
      server.use({ 'sources.json': { status: 503 } });
      const reader = createReader({ baseUrl: server.baseUrl, format: 1, cache: new MemoryCache() });
      const result = await reader.nearby({ ...vienna, openAt: new Date('2026-12-01T09:00:00Z') });
      assert.equal(result.stations.find((s) => s.station.id === 'AT-1476471').open, 'unknown');
    });
  });
}
