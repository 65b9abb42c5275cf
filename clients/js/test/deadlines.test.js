// A server that drips or goes silent cannot hold a call: past `stallMs` without a byte the file is unavailable (its
// cached copy stands in where the rules allow), and past `timeoutMs` the call rejects with `deadline-exceeded`, as
// fuel-nearby does. Each answers within its deadline plus 5 s, with or without AbortController.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryCache, createReader } from '../src/index.js';
import { fakeSite, station } from './support/fake-site.js';
import {
  bareFetch, serveDrip, serveNothing, serveSilentAfterHeaders, startHostileServer,
} from './support/hostile-server.js';

const query = { lat: 38.72, lon: -9.14, radiusKm: 5 };
const site = fakeSite({ '77_-19': [station('PT-1', 38.72, -9.15)] });
const v2Tile = `v2/tiles/77_-19.${site.hashes['77_-19']}.json`;
const SLACK_MS = 5000;
/** A broken deadline fails its test rather than hang the suite. */
const HANG = { timeout: 30_000 };

/** The call's answer (`{outcome}` or `{code, reason}`) and how long it took, in ms. */
async function timed(call) {
  const started = Date.now();
  try {
    const result = await call();
    return { ms: Date.now() - started, outcome: result.outcome ?? 'ok', result };
  } catch (error) {
    if (!error.code) throw error;
    const reason = error.failedTiles?.[0]?.reason ?? error.message;
    return { ms: Date.now() - started, outcome: 'failed', code: error.code, reason };
  }
}

/** A server with `behaviours`, closed after the test. */
async function serve(t, behaviours) {
  const server = await startHostileServer(site, behaviours);
  t.after(() => server.close());
  return server;
}

const cases = [
  { name: 'a dripping format-1 index', format: 1, path: 'index.json', serve: serveDrip(),
    limits: { timeoutMs: 2000, stallMs: 1500 }, code: 'deadline-exceeded', within: 2000 },
  { name: 'a dripping format-1 tile', format: 1, path: 'tiles/77_-19.json', serve: serveDrip(),
    limits: { timeoutMs: 2000, stallMs: 1500 }, code: 'deadline-exceeded', within: 2000 },
  { name: 'a dripping format-2 tile', format: 2, path: v2Tile, serve: serveDrip(),
    limits: { timeoutMs: 2000, stallMs: 1500 }, code: 'deadline-exceeded', within: 2000 },
  { name: 'a format-1 index silent after its headers', format: 1, path: 'index.json',
    serve: serveSilentAfterHeaders({ 'Content-Length': '1000' }), limits: { timeoutMs: 10_000, stallMs: 1000 },
    code: 'index-unavailable', within: 1000, reason: /nothing arrived for 1 s \(stallMs\)/ },
  { name: 'a format-1 index that sends no headers', format: 1, path: 'index.json', serve: serveNothing(),
    limits: { timeoutMs: 10_000, stallMs: 1000 }, code: 'index-unavailable', within: 1000, reason: /stallMs/ },
  { name: 'a format-2 index that sends no headers', format: 2, path: 'v2/index.json', serve: serveNothing(),
    limits: { timeoutMs: 10_000, stallMs: 1000 }, code: 'index-unavailable', within: 1000, reason: /stallMs/ },
  { name: 'a format-1 tile silent after its headers', format: 1, path: 'tiles/77_-19.json',
    serve: serveSilentAfterHeaders(), limits: { timeoutMs: 10_000, stallMs: 1000 }, code: 'tiles-unavailable',
    within: 1000, reason: /stallMs/ },
  { name: 'a format-2 tile that sends no headers', format: 2, path: v2Tile, serve: serveNothing(),
    limits: { timeoutMs: 10_000, stallMs: 1000 }, code: 'tiles-unavailable', within: 1000, reason: /stallMs/ },
  { name: 'a silent server, when the deadline comes before the stall limit', format: 1, path: 'index.json',
    serve: serveNothing(), limits: { timeoutMs: 1500, stallMs: 60_000 }, code: 'deadline-exceeded', within: 1500 },
  { name: 'a tile whose Content-Length is over the cap, at once', format: 1, path: 'tiles/77_-19.json',
    serve: serveSilentAfterHeaders({ 'Content-Length': String(65 << 20) }),
    limits: { timeoutMs: 60_000, stallMs: 30_000 }, code: 'tiles-unavailable', within: 0,
    reason: /Content-Length 68157440\) is larger than the 64 MiB cap/ },
];

describe('deadlines and stalls', { concurrency: true, ...HANG }, () => {
  for (const c of cases) {
    test(`${c.name}: ${c.code} within ${c.within / 1000} s + 5 s`, HANG, async (t) => {
      const server = await serve(t, { [c.path]: c.serve });
      const reader = createReader({ baseUrl: server.baseUrl, format: c.format, ...c.limits });
      const answer = await timed(() => reader.nearby(query));
      assert.equal(answer.code, c.code, JSON.stringify(answer));
      if (c.reason) assert.match(answer.reason, c.reason);
      assert.ok(answer.ms < c.within + SLACK_MS, `${answer.ms} ms`);
      // A deadline or stall limit cannot fire early.
      assert.ok(answer.ms >= c.within - 50, `${answer.ms} ms`);
    });
  }

  test('a silent format-1 tile with a cached copy answers stale, within the stall limit + 5 s', HANG, async (t) => {
    const clock = { t: 1_000_000 };
    const behaviours = {};
    const server = await serve(t, behaviours);
    const reader = createReader({ baseUrl: server.baseUrl, format: 1, cache: new MemoryCache(), now: () => clock.t,
      timeoutMs: 10_000, stallMs: 1000 });
    assert.equal((await reader.nearby(query)).outcome, 'ok');
    clock.t += 86_400_000;
    behaviours['tiles/77_-19.json'] = serveSilentAfterHeaders();
    const answer = await timed(() => reader.nearby(query));
    assert.equal(answer.outcome, 'ok', JSON.stringify(answer));
    assert.equal(answer.result.stale, true);
    assert.equal(answer.result.tiles['77_-19'], 'stale');
    assert.match(answer.result.staleReasons['tiles/77_-19.json'], /stallMs/);
    assert.equal(answer.result.stations.length, 1);
    assert.ok(answer.ms >= 1000 - 50 && answer.ms < 1000 + SLACK_MS, `${answer.ms} ms`);
  });

  test('sources() and trend() are bounded too', HANG, async (t) => {
    const server = await serve(t, { 'sources.json': serveNothing(), 'trends/PT.json': serveDrip() });
    const reader = createReader({ baseUrl: server.baseUrl, format: 1, timeoutMs: 2000, stallMs: 1500 });
    const [sources, trend] = await Promise.all([timed(() => reader.sources()), timed(() => reader.trend('PT'))]);
    assert.deepEqual([sources.code, trend.code], ['sources-unavailable', 'deadline-exceeded']);
    assert.match(sources.reason, /stallMs/);
    assert.ok(sources.ms < 1500 + SLACK_MS && trend.ms < 2000 + SLACK_MS, `${sources.ms} ms, ${trend.ms} ms`);
  });
});

for (const stream of [true, false]) {
  const body = stream ? 'a body stream' : 'only arrayBuffer()';
  test(`without AbortController (${body}), a dripping and a silent server answer within their limits + 5 s`,
    HANG, async (t) => {
      const saved = Object.getOwnPropertyDescriptor(globalThis, 'AbortController');
      delete globalThis.AbortController;
      t.after(() => Object.defineProperty(globalThis, 'AbortController', saved));
      const signals = [];
      const bare = bareFetch({ stream });
      const fetch = (url, init) => {
        signals.push(init?.signal);
        return bare(url, init);
      };
      const drip = await serve(t, { 'index.json': serveDrip() });
      const silent = await serve(t, { 'index.json': serveSilentAfterHeaders() });
      const limits = { format: 1, fetch, timeoutMs: 2000, stallMs: 1500 };
      const [dripped, stalled] = await Promise.all([
        timed(() => createReader({ baseUrl: drip.baseUrl, ...limits }).nearby(query)),
        timed(() => createReader({ baseUrl: silent.baseUrl, ...limits }).nearby(query)),
      ]);
      assert.deepEqual(signals, [undefined, undefined], 'a signal was passed without AbortController');
      // Without a stream, a drip is never seen byte by byte: the stall limit ends it, before the deadline.
      assert.equal(dripped.code, stream ? 'deadline-exceeded' : 'index-unavailable', JSON.stringify(dripped));
      assert.equal(stalled.code, 'index-unavailable', JSON.stringify(stalled));
      assert.ok(dripped.ms < 2000 + SLACK_MS && stalled.ms < 1500 + SLACK_MS, `${dripped.ms} ms, ${stalled.ms} ms`);
    });
}

test('a working server answers through a fetch without body streams', HANG, async (t) => {
  const server = await serve(t, {});
  const reader = createReader({ baseUrl: server.baseUrl, format: 2, fetch: bareFetch({ stream: false }) });
  const result = await reader.nearby(query);
  assert.deepEqual([result.outcome, result.stations.length], ['ok', 1]);
});

test('fetch gets an abort signal where AbortController exists', async (t) => {
  const server = await serve(t, {});
  const signals = [];
  const fetch = (url, init) => {
    signals.push(init?.signal);
    return globalThis.fetch(url, init);
  };
  await createReader({ baseUrl: server.baseUrl, format: 1, fetch }).nearby(query);
  assert.equal(signals.length, 2);
  for (const signal of signals) assert.ok(signal instanceof AbortSignal);
});

test('timeoutMs and stallMs must be positive numbers', () => {
  for (const bad of [0, -1, '1000', Number.NaN]) {
    assert.throws(() => createReader({ baseUrl: 'https://x/', timeoutMs: bad }), TypeError);
    assert.throws(() => createReader({ baseUrl: 'https://x/', stallMs: bad }), TypeError);
  }
});

test('reader.runtime.streaming: true where a Response has a body stream, false where it has none', (t) => {
  assert.equal(createReader({ baseUrl: 'https://x/' }).runtime.streaming, true);
  const saved = globalThis.Response;
  t.after(() => { globalThis.Response = saved; });
  // React Native's Response (whatwg-fetch) has arrayBuffer() and no body.
  globalThis.Response = class { arrayBuffer() { return Promise.resolve(new ArrayBuffer(0)); } };
  assert.equal(createReader({ baseUrl: 'https://x/' }).runtime.streaming, false);
});
