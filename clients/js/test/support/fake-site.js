// An in-memory published base for unit tests: a fetch that answers from a map of paths, and records requests.

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export const BASE = 'https://tiles.test/fuel/';
export const BUILT_AT = '2026-11-30T05:17:00Z';

/** A station at a point with prices. */
export function station(id, lat, lon, prices = [{ fuel: 'diesel', price: 1.5, updated: '2026-11-29T08:31:00Z' }], extra = {}) {
  return { id, country: id.slice(0, 2), name: id, brand: null, address: null, postcode: null, city: null, lat, lon, prices, ...extra };
}

const hash16 = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * A site publishing `tiles` ({key: stations[]}) in both formats. `files` maps each path below the base to
 * `{status, body, headers}`; edit it to simulate failures. `fetch` answers from it (bodies as the HTTP layer
 * delivers them: decoded JSON, unless `gzipBodies`).
 */
export function fakeSite(tiles, { gzipBodies = false } = {}) {
  const files = new Map();
  const put = (path, text) => files.set(path, { status: 200, body: text, headers: {} });
  const keys = Object.keys(tiles);
  const hashes = {};
  for (const key of keys) {
    const text = JSON.stringify({ version: 1, key, stations: tiles[key] });
    hashes[key] = hash16(text);
    put(`tiles/${key}.json`, text);
    put(`v2/tiles/${key}.${hashes[key]}.json`, text);
  }
  const sources = JSON.stringify({ version: 1, sources: [{ country: 'PT', attribution: 'Dados: DGEG' }] });
  put('sources.json', sources);
  put(`v2/sources.${hash16(sources)}.json`, sources);
  const trend = JSON.stringify({ version: 1, country: 'PT', since: '2026-11-29', days: [
    { day: '2026-11-30', fuels: [{ fuel: 'diesel', median: 1.5, p10: 1.5, p90: 1.5, min: 1.5, stations: 2 }] }] });
  const trendPath = `trends/PT.${hash16(trend)}.json`;
  put('trends/PT.json', trend);
  put(`v2/${trendPath}`, trend);
  const index2 = (sourcesPath) => JSON.stringify({ version: 2, gridDegrees: 0.5, builtAt: BUILT_AT, previous: null,
    tiles: hashes, brands: {}, sources: sourcesPath, countries: {},
    trends: { PT: { path: trendPath, since: '2026-11-29' } } });
  put('index.json', JSON.stringify({ version: 1, gridDegrees: 0.5, builtAt: BUILT_AT, tiles: keys, countries: {},
    trends: { PT: { path: 'trends/PT.json', since: '2026-11-29' } } }));
  put('v2/index.json', index2(`sources.${hash16(sources)}.json`));
  /** Publishes `text` as format 2's tile of `key`, named by its hash, in a new index. */
  function publishV2Tile(key, text) {
    hashes[key] = hash16(text);
    put(`v2/tiles/${key}.${hashes[key]}.json`, text);
    put('v2/index.json', index2(`sources.${hash16(sources)}.json`));
  }
  const requests = [];
  async function fetch(url, init) {
    assertStartsWith(url, BASE);
    const path = url.slice(BASE.length);
    requests.push({ path, headers: init?.headers ?? {} });
    const file = files.get(path);
    if (!file) return new Response(null, { status: 404 });
    if (file.status === 'network') throw new TypeError('fetch failed');
    if (file.status !== 200) return new Response(null, { status: file.status, headers: file.headers });
    const bytes = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
    return new Response(gzipBodies ? gzipSync(bytes) : bytes, { status: 200, headers: file.headers });
  }
  return { files, fetch, requests, hashes, trendPath, publishV2Tile, paths: () => requests.map((r) => r.path) };
}

function assertStartsWith(url, base) {
  if (!url.startsWith(base)) throw new Error(`unexpected URL ${url}`);
}
