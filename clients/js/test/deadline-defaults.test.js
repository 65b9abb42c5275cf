// The default limits exist and are fuel-nearby's: a request that sends nothing is abandoned after 20 s (stallMs),
// a call that never finishes after 30 s (timeoutMs). The suite's only slow test (about 30 s).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReader } from '../src/index.js';
import { fakeSite, station } from './support/fake-site.js';
import { serveDrip, serveNothing, startHostileServer } from './support/hostile-server.js';

const query = { lat: 38.72, lon: -9.14, radiusKm: 5 };

/** The error code of one lookup with the default options, and its time in ms. */
async function lookup(baseUrl) {
  const started = Date.now();
  const error = await createReader({ baseUrl, format: 1 }).nearby(query).then(() => null, (e) => e);
  return { code: error?.code, ms: Date.now() - started };
}

test('defaults: a silent server is abandoned at 20 s (stallMs), a dripping one at 30 s (timeoutMs)',
  { timeout: 60_000 }, async (t) => {
    const site = fakeSite({ '77_-19': [station('PT-1', 38.72, -9.15)] });
    const silent = await startHostileServer(site, { 'index.json': serveNothing() });
    const drip = await startHostileServer(site, { 'index.json': serveDrip() });
    t.after(() => Promise.all([silent.close(), drip.close()]));
    const [stalled, dripped] = await Promise.all([lookup(silent.baseUrl), lookup(drip.baseUrl)]);
    assert.equal(stalled.code, 'index-unavailable');
    assert.ok(stalled.ms >= 19_950 && stalled.ms < 25_000, `${stalled.ms} ms`);
    assert.equal(dripped.code, 'deadline-exceeded');
    assert.ok(dripped.ms >= 29_950 && dripped.ms < 35_000, `${dripped.ms} ms`);
  });
