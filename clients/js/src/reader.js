// createReader: a lookup of the stations around a point, in format 1, format 2 or whichever the server has.

import { FuelTilesError, tilesError } from './errors.js';
import { boxOfCircle, cellsOfCircle, compareKeys, keyOf } from './grid.js';
import { selectAlong, selectStations, validateAlong, validateQuery } from './query.js';
import { cellsOfRoute } from './route.js';
import { defaultSha256, inflateSource, subtleSha256, utf8Source } from './bytes.js';
import { hasHours, hasTimeZones } from './hours.js';
import { CACHE_PREFIX, isFresh, loadFile, loadIndex, loadNamedFile, loadTileFile, loadTileV1, loadTileV2 } from './files.js';
import { readEntry } from './cache.js';
import { displayedPrice } from './display.js';
import { cellsOfStations, outcomeOf, readShard, shardOf, shardTable, validateIds } from './ids.js';
import { readHistory, validateHistory } from './history.js';
import { planThroughLeaves } from './leaves.js';
import { DEFAULT_STALL_MS, DEFAULT_TIMEOUT_MS, streamingRuntime, withinDeadline } from './transfer.js';

/** @typedef {NonNullable<Awaited<ReturnType<typeof loadIndex>>>} Index */

const NAMED_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_./-]+\.([0-9a-f]{16})\.json$/;

/**
 * @typedef {object} ReaderOptions
 * @property {string} baseUrl the URL of the published prefix, the folder that holds `index.json` (format 1) and
 *   `v2/` (format 2), e.g. `"https://tiles.example.org/fuel/"`
 * @property {1 | 2 | 'auto'} [format] which format to read; `'auto'` (default) reads format 2 when `v2/root.json`
 *   or `v2/index.json` exists, else format 1. Format 2 reads its root first (R15), `v2/index.json` when it has none
 * @property {(url: string, init?: {headers?: Record<string, string>}) => Promise<any>} [fetch] the fetch to use
 *   (default: the global `fetch`)
 * @property {import('./cache.js').Cache | null} [cache] where to keep files between lookups (default: none)
 * @property {(bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array>} [sha256] SHA-256 for format 2's hash check
 *   (default: `crypto.subtle.digest`, or the built-in one where the runtime has no `crypto.subtle`)
 * @property {() => number} [now] the clock in milliseconds (default `Date.now`), for tests
 * @property {number} [timeoutMs] the longest a whole call (`nearby`, `along`, `sources`, `trend`) may take, in milliseconds
 *   (default 30 000); then it rejects with `deadline-exceeded`
 * @property {number} [stallMs] the longest one request may go without a byte, in milliseconds (default 20 000);
 *   then that file counts as unavailable (a cached copy stands in where the rules allow)
 */

/**
 * A reader of one published FuelTiles base. `runtime` says which implementation each piece uses: the runtime's own
 * API, or the one built into this package.
 * @param {ReaderOptions} options
 * @throws {TypeError} for bad options
 * @throws {FuelTilesError} `runtime-unsupported` when the runtime has no `fetch` and none is passed
 */
export function createReader(options) {
  const opts = options ?? /** @type {ReaderOptions} */ ({});
  const { baseUrl, format = 'auto', cache = null } = opts;
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new TypeError('createReader needs a baseUrl');
  if (format !== 1 && format !== 2 && format !== 'auto') throw new TypeError("format must be 1, 2 or 'auto'");
  const fetch = opts.fetch ?? (typeof globalThis.fetch === 'function'
    ? (/** @type {any} */ url, /** @type {any} */ init) => globalThis.fetch(url, init)
    : null);
  if (typeof fetch !== 'function') {
    throw new FuelTilesError('runtime-unsupported', 'this runtime has no global fetch, so the reader cannot ' +
      'request files: pass one as options.fetch');
  }
  const timeoutMs = positiveMs(opts.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const stallMs = positiveMs(opts.stallMs, DEFAULT_STALL_MS, 'stallMs');
  const sha256 = opts.sha256 ?? defaultSha256();
  const runtime = Object.freeze({
    sha256: opts.sha256 ? 'option' : subtleSha256() ? 'crypto.subtle' : 'built-in',
    utf8: utf8Source(),
    inflate: inflateSource(),
    timeZones: hasTimeZones(),
    ...streamingRuntime(),
  });
  /** @type {import('./files.js').Context} */
  const base = {
    base: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    fetch, cache, sha256, now: opts.now ?? Date.now, stallMs, deadline: null,
  };
  /**
   * Runs one call within the reader's deadline, its requests bound to it.
   * @template T
   * @param {(ctx: import('./files.js').Context) => Promise<T>} work
   * @returns {Promise<T>}
   */
  const bounded = (work) => withinDeadline(timeoutMs, (deadline) => work({ ...base, deadline }));
  /** With 'auto': the format that answered last, or null before the first lookup. */
  let answering = /** @type {1 | 2 | null} */ (null);
  /** Format 2: `v2/root.json` answered 404 or 410 last, so `v2/index.json` answers while its copy is trusted. */
  let rootAbsent = false;

  /**
   * The index of a format; never null, since a 404 is only absent with `absentOn404`.
   * @param {import('./files.js').Context} ctx
   * @param {1 | 2} which
   * @param {boolean} [force]
   */
  const indexOf = async (ctx, which, force = false) => /** @type {Index} */ (which === 1
    ? await loadIndex(ctx, 1, { force })
    : await format2Index(ctx, force, false));

  /**
   * Format 2's index as R15 reads it: `v2/root.json`; when it answers 404 or 410 (a publisher before roots),
   * `v2/index.json` as R10 reads it, without asking for the root again while that index's copy is trusted. Any other
   * failure of the root is an index failure (R8, R9).
   * @param {import('./files.js').Context} ctx
   * @param {boolean} force ask even within the max-age
   * @param {boolean} absentOn404 null when `v2/index.json` answers 404 or 410 too (with 'auto')
   */
  async function format2Index(ctx, force, absentOn404) {
    if (rootAbsent && !force) {
      const entry = await readEntry(cache, `${CACHE_PREFIX}${ctx.base}v2/index.json`);
      if (entry && isFresh(ctx, entry)) return loadIndex(ctx, 2, { absentOn404 });
    }
    const root = await loadIndex(ctx, 'root', { force, absentOn404: true });
    rootAbsent = root === null;
    return root ?? loadIndex(ctx, 2, { force, absentOn404 });
  }

  /**
   * The index a lookup reads: the reader's format, or with 'auto' format 2 when published, else format 1.
   * @param {import('./files.js').Context} ctx
   * @param {boolean} force ask even within the index's max-age
   * @returns {Promise<Index>}
   */
  async function currentIndex(ctx, force) {
    if (format !== 'auto') return indexOf(ctx, format, force);
    if (answering === 1 && !force) {
      // Format 1 answered last: while its index is trusted, no request; when it is due, format 2 is asked first.
      const entry = await readEntry(cache, `${CACHE_PREFIX}${ctx.base}index.json`);
      if (entry && isFresh(ctx, entry)) return indexOf(ctx, 1);
    }
    let v2;
    try {
      v2 = await format2Index(ctx, force, true);
    } catch (error) {
      // Format 2 failed (5xx, unreadable) with no copy: not a sign that it is absent. A reader that read format 1
      // before goes on reading it; one that did not fails with format 2's code (docs/format.md, "Reading auto").
      const failed = error instanceof FuelTilesError &&
        (error.code === 'index-server-error' || error.code === 'index-unavailable');
      if (failed && await readEntry(cache, `${CACHE_PREFIX}${ctx.base}index.json`)) return indexOf(ctx, 1);
      throw error;
    }
    answering = v2 ? 2 : 1;
    return v2 ?? indexOf(ctx, 1);
  }

  /** @typedef {import('./query.js').Query} Query */

  /**
   * The stations around a point (R1–R9). Resolves with an answer whose `outcome` is `ok`, `empty` or `partial`;
   * rejects with a {@link FuelTilesError} for `failed` (`deadline-exceeded` past `timeoutMs`).
   * @param {Query} query
   */
  async function nearby(query) {
    validateQuery(query);
    // R15: the centre's cell first, so that its leaf is the one read; then the others in grid order.
    const centre = keyOf(query.lat, query.lon);
    const cells = cellsOfCircle(query.lat, query.lon, query.radiusKm);
    const ordered = [centre, ...cells.filter((key) => key !== centre)];
    return bounded((ctx) => lookup(ctx, ordered, query.openAt,
      (found, countries) => selectStations(found, query, countries), undefined,
      boxOfCircle(query.lat, query.lon, query.radiusKm)));
  }

  /**
   * The stations along a route (R12): within `bufferKm` of it, each with `distanceKm` (from the route), `alongKm`
   * and `detourKm` (there and back), in order along the route or cheapest first; only the tiles of the corridor's
   * cells are read. Resolves and rejects as {@link nearby} does.
   * @param {import('./query.js').AlongQuery} query
   */
  async function along(query) {
    const points = validateAlong(query);
    return bounded((ctx) => lookup(ctx, cellsOfRoute(points, query.bufferKm), query.openAt,
      (found, countries) => selectAlong(found, points, query, countries)));
  }

  /**
   * Reads the tiles of `cells` through one index and answers with the stations `select` keeps of them, within one
   * call's context. `select` gets the countries' entries when `openAt` is set and a station has hours.
   * @param {import('./files.js').Context} ctx
   * @param {string[]} cells
   * @param {Date | null | undefined} openAt
   * @param {(found: Array<any>, countries: Record<string, any> | null) => Array<any>} select
   * @param {Index} [given] the index to read through, when the caller read it already
   * @param {{south: number, north: number, west: number, east: number} | null} [box] around a point, the circle's
   *   box: through a root, a split cell's parts that meet it are read instead of its tile (R15)
   */
  async function lookup(ctx, cells, openAt, select, given, box = null) {
    const index = given ?? await currentIndex(ctx, false);
    /** @type {Record<string, string>} */
    const tiles = {};
    /** @type {import('./files.js').TileResult[]} */
    let results;
    if (index.root) {
      const plan = await planThroughLeaves(ctx, index, cells, box);
      if (plan.failures.length > 0) {
        // A leaf the root names is gone: a newer build replaced the root, as for a tile (R10).
        if (plan.notFound) await currentIndex(ctx, true).catch(() => null);
        throw tilesError(plan.failures);
      }
      for (const key of plan.notListed) tiles[key] = 'not-listed';
      const read = await Promise.all(plan.reads.map((cell) => {
        if (cell.read === 'tile') return Promise.all([loadTileFile(ctx, cell.key, cell.path, cell.hash)]);
        if (cell.read === 'none') return [/** @type {import('./files.js').TileResult} */ ({ key: cell.key, state: 'ok', stations: [] })];
        return Promise.all(cell.parts.map((p) => loadTileFile(ctx, cell.key, p.path, p.hash, p.quarter)));
      }));
      results = read.flat();
    } else {
      const listed = cells.filter((key) => {
        if (!index.tiles.has(key)) tiles[key] = 'not-listed';
        return index.tiles.has(key);
      });
      const load = index.format === 1 ? loadTileV1 : loadTileV2;
      results = await Promise.all(listed.map((key) => load(ctx, index, key)));
    }
    const failures = results.flatMap((r) => (r.failure ? [r.failure] : []));
    if (failures.length > 0) {
      // Format 2: the index names a tile the server no longer has, so a newer build replaced it. Read the index
      // again, whatever its max-age, so that the next lookup reads the new build; this one fails.
      if (index.format === 2 && results.some((r) => r.notFound)) await currentIndex(ctx, true).catch(() => null);
      throw tilesError(failures);
    }
    /** @type {Record<string, string>} */
    const staleReasons = {};
    if (index.stale) {
      staleReasons[index.format === 1 ? 'index.json' : index.root ? 'v2/root.json' : 'v2/index.json'] = index.stale;
    }
    for (const r of results) {
      tiles[r.key] = r.state;
      if (r.state === 'stale') staleReasons[/** @type {string} */ (index.tiles.get(r.key))] = r.reason ?? '';
    }
    const missingTiles = results.filter((r) => r.state === 'missing').map((r) => r.key).sort(compareKeys);
    const found = results.flatMap((r) => r.stations);
    // Only hours need the countries' entries (R11: zone, areas, holidays): the sources document is read then, once
    // per build.
    const countries = openAt != null && found.some(hasHours) ? await countryEntries(ctx, index) : null;
    const stations = select(found, countries);
    const outcome = missingTiles.length > 0 ? 'partial' : stations.length > 0 ? 'ok' : 'empty';
    return {
      outcome, stations, missingTiles, tiles, indexBuiltAt: index.builtAt, format: index.format,
      stale: Object.keys(staleReasons).length > 0, staleReasons,
    };
  }

  /**
   * Watched stations by id (R13), in the order asked, each id once, with what became of each id in `ids`: `found`,
   * `moved` (with the cell to store), `closed` or `unknown`. An id given with its cell (`{id, cell}`) is looked for in
   * that cell's tile first, so a watch list that stored its cells reads only their tiles and the index; any other is
   * found through its id shard. Resolves and rejects as {@link nearby} does; `ids-unavailable` when a needed shard
   * cannot be read.
   * @param {Array<string | {id: string, cell?: string | null}>} ids
   * @param {{fuel?: string | null}} [options] `fuel`: give each station its displayed price of this fuel (R6); a
   *   station without one stays, with `displayed` null
   */
  async function stations(ids, options = {}) {
    const watched = validateIds(ids);
    const fuel = options?.fuel ?? null;
    if (fuel !== null && typeof fuel !== 'string') {
      throw new FuelTilesError('invalid-query', 'invalid lookup: the fuel must be a string');
    }
    return bounded(async (ctx) => {
      const index = await currentIndex(ctx, false);
      const everything = (/** @type {Array<any>} */ found) => found;
      // The cells given, in the order asked (R15 reads their leaves in that order).
      const given = [...new Set(watched.flatMap((w) => (w.cell === null ? [] : [w.cell])))];
      const first = await lookup(ctx, given, null, everything, index);
      let read = first.stations;
      let found = cellsOfStations(read);
      /** @type {Map<string, string>} */
      const named = new Map();
      let tableless = false;
      /** @type {Map<string, string[]>} */
      const byShard = new Map();
      for (const w of watched) {
        if (w.cell !== null && found.get(w.id) === w.cell) continue;
        const shard = await shardOf(w.id, /** @type {Function} */ (ctx.sha256));
        byShard.set(shard, [...(byShard.get(shard) ?? []), w.id]);
      }
      // The shards a watch list needs are read at once, as a lookup's tiles are.
      const shards = [...byShard.keys()].sort();
      const listing = shards.length > 0 ? await shardTable(ctx, index) : null;
      const tables = await Promise.all(shards.map((shard) => readShard(ctx, index, shard, listing)));
      for (const [position, shard] of shards.entries()) {
        const cells = tables[position];
        if (cells === null) {
          tableless = true;
          continue;
        }
        for (const id of byShard.get(shard) ?? []) {
          const cell = cells.get(id);
          if (cell !== undefined) named.set(id, cell);
        }
      }
      const more = [...new Set(named.values())].filter((key) => !given.includes(key)).sort(compareKeys);
      let answer = first;
      if (more.length > 0) {
        const second = await lookup(ctx, more, null, everything, index);
        read = read.concat(second.stations);
        found = cellsOfStations(read);
        answer = {
          ...first,
          missingTiles: [...first.missingTiles, ...second.missingTiles].sort(compareKeys),
          tiles: { ...second.tiles, ...first.tiles },
          stale: first.stale || second.stale,
          staleReasons: { ...second.staleReasons, ...first.staleReasons },
        };
      }
      const byId = new Map();
      for (const station of read) if (!byId.has(station.id)) byId.set(station.id, station);
      const seen = new Set();
      const outcomes = [];
      const kept = [];
      for (const w of watched) {
        if (seen.has(w.id)) continue;
        seen.add(w.id);
        const outcome = outcomeOf(w, found, named, tableless, answer.tiles);
        outcomes.push(outcome);
        if (outcome.cell === undefined) continue;
        const station = byId.get(w.id);
        kept.push({ station, distanceKm: 0, displayed: fuel === null ? null : displayedPrice(station, fuel) });
      }
      const outcome = answer.missingTiles.length > 0 ? 'partial' : kept.length > 0 ? 'ok' : 'empty';
      return { ...answer, outcome, stations: kept, ids: outcomes };
    });
  }

  /** @type {{builtAt: string | null, countries: Record<string, any>} | null} */
  let keptCountries = null;

  /**
   * Each country's entry of the sources document `index` names (its `timeZone`, `timeZoneAreas`, `publicHolidays`),
   * by country, kept for its build; empty when the document cannot be read, so hours answer `unknown` rather than
   * fail the lookup.
   * @param {import('./files.js').Context} ctx
   * @param {Index} index
   * @returns {Promise<Record<string, any>>}
   */
  async function countryEntries(ctx, index) {
    if (keptCountries?.builtAt === index.builtAt) return keptCountries.countries;
    /** @type {Record<string, any>} */
    const countries = {};
    try {
      const fail = (/** @type {string} */ reason) => new FuelTilesError('sources-unavailable', reason);
      const doc = await readDocument(ctx, index, index.document.sources, 'sources.json', 'the sources document',
        fail);
      for (const source of Array.isArray(doc?.sources) ? doc.sources : []) {
        if (source != null && typeof source.country === 'string') countries[source.country] = source;
      }
    } catch {
      return countries;
    }
    keptCountries = { builtAt: index.builtAt, countries };
    return countries;
  }

  /**
   * The sources document (`sources.json`; format 2: the file its index names): who publishes each country's data,
   * under which licence, and the attribution text an app must show. Rejects with the index's codes, `hash-mismatch`
   * (format 2), `sources-unavailable`, or `deadline-exceeded`.
   * @returns {Promise<{version: number, sources: Array<any>}>}
   */
  function sources() {
    return bounded(readSources);
  }

  /**
   * {@link sources} within one call's context.
   * @param {import('./files.js').Context} ctx
   * @returns {Promise<{version: number, sources: Array<any>}>}
   */
  async function readSources(ctx) {
    const index = await currentIndex(ctx, false);
    const unavailable = (/** @type {string} */ reason) =>
      new FuelTilesError('sources-unavailable', `cannot load the sources document: ${reason}`);
    const doc = await readDocument(ctx, index, index.document.sources, 'sources.json', 'the sources document',
      unavailable);
    if (!Array.isArray(doc?.sources)) throw unavailable('it has no "sources" list');
    return doc;
  }

  /**
   * A document the index names: format 2's by the path it lists, checked against the hash in its name; format 1's
   * at its fixed path. Rejects with `hash-mismatch`, or `unavailable(reason)` when it cannot be fetched or parsed.
   * @param {import('./files.js').Context} ctx
   * @param {Index} index
   * @param {unknown} listedPath format 2's path below `v2/`, as the index lists it
   * @param {string} path format 1's path
   * @param {string} what the document, for messages
   * @param {(reason: string) => FuelTilesError} unavailable
   * @returns {Promise<any>}
   */
  async function readDocument(ctx, index, listedPath, path, what, unavailable) {
    let file;
    if (index.format === 2) {
      const match = typeof listedPath === 'string' ? NAMED_PATH.exec(listedPath) : null;
      if (!match) throw unavailable(`the index names it as ${JSON.stringify(listedPath)}, not a plain relative path`);
      file = await loadNamedFile(ctx, `v2/${listedPath}`, match[1]);
      if ('code' in file && file.code === 'hash-mismatch') {
        throw new FuelTilesError(file.code, `cannot load ${what} ${file.url}: ${file.reason}`);
      }
    } else {
      file = await loadFile(ctx, path);
    }
    if (!('text' in file)) throw unavailable(`${file.url}: ${file.reason}`);
    try {
      return JSON.parse(file.text);
    } catch {
      throw unavailable('it is not JSON');
    }
  }

  /**
   * A country's trend (`trends/<CC>.json`; format 2: the hash-named file the index lists): per day, per fuel and
   * unit, the median, p10, p90, lowest displayed price and station count. Resolves with null when the index lists
   * no trend of the country. Rejects with the index's codes, `hash-mismatch` (format 2), `trend-unavailable`, or
   * `deadline-exceeded`.
   * @param {string} country the country's code, e.g. `"XX"`
   * @returns {Promise<any>}
   */
  function trend(country) {
    return bounded((ctx) => readTrend(ctx, country));
  }

  /**
   * {@link trend} within one call's context.
   * @param {import('./files.js').Context} ctx
   * @param {string} country
   * @returns {Promise<any>}
   */
  async function readTrend(ctx, country) {
    const index = await currentIndex(ctx, false);
    const listing = index.document.trends?.[country];
    if (listing === undefined || listing === null) return null;
    const unavailable = (/** @type {string} */ reason) =>
      new FuelTilesError('trend-unavailable', `cannot load the trend of ${country}: ${reason}`);
    // Format 1 names a trend by its country; the listing says that it exists and since when.
    const doc = await readDocument(ctx, index, listing.path, `trends/${encodeURIComponent(country)}.json`,
      `the trend of ${country}`, unavailable);
    if (typeof doc?.version === 'number' && doc.version > 1) {
      throw unavailable(`it has format version ${doc.version}; this reader reads version 1. Update the app.`);
    }
    if (doc?.country !== country || !Array.isArray(doc?.days)) {
      throw unavailable('it is not a trend of this country with a "days" list');
    }
    return doc;
  }

  /**
   * A station's price history (R14) over the `days` (1 to 7, default 7) UTC days before the index's build, oldest
   * first: each day `{day, status: 'ok' | 'missing', entries}`, the station's opening, lowest, highest and closing
   * price per fuel and unit that day and how often it changed. The cell is `cell` when given, else the one its id
   * shard names (R13). A day the index does not list, or whose file cannot be read, is `missing` and the outcome
   * `partial`; an id with no known cell is `empty`. Rejects with the index's codes, `ids-unavailable`,
   * `unsupported-tile-version` (a history file of a newer format), `invalid-query` or `deadline-exceeded`.
   * @param {string} id
   * @param {{days?: number, cell?: string | null}} [options]
   */
  function history(id, options = {}) {
    const asked = validateHistory(id, options);
    return bounded(async (ctx) => readHistory(ctx, await currentIndex(ctx, false), asked,
      /** @type {Function} */ (ctx.sha256)));
  }

  return { baseUrl: base.base, format, runtime, nearby, along, stations, sources, trend, history };
}

/**
 * A time option: a positive number of milliseconds (Infinity: none), or the default.
 * @param {unknown} value
 * @param {number} fallback
 * @param {string} name
 * @returns {number}
 */
function positiveMs(value, fallback, name) {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`${name} must be a positive number of ms`);
  return value;
}
