// Fetching and caching one published file: the index of a format, a tile, the sources document.

import { FuelTilesError } from './errors.js';
import { parseIndex, parseTile } from './documents.js';
import { MAX_DOCUMENT_BYTES, MAX_INDEX_BYTES, inflateIfGzip, maxAge, nameHash, utf8, utf8Bytes } from './bytes.js';
import { TooLargeError, Watch, readBody } from './transfer.js';
import { dropEntry, readEntry, writeEntry } from './cache.js';

/** Cache keys start with this, then the file's URL. */
export const CACHE_PREFIX = 'fueltiles|';

/** How long a file is trusted when the server sends no `max-age`, in seconds (docs/format.md's defaults). */
const DEFAULT_MAX_AGE = { index1: 300, index2: 60, file1: 3600, immutable: 31536000 };

/**
 * @typedef {{base: string, fetch: Function, cache: any, sha256: Function | null, now: () => number,
 *   stallMs: number, deadline: import('./transfer.js').Deadline | null}} Context
 * @typedef {{key: string, code: string, url: string, reason: string}} TileFailure
 * @typedef {{key: string, state: 'ok' | 'stale' | 'missing' | 'failed', stations: any[], reason?: string,
 *   failure?: TileFailure, notFound?: boolean}} TileResult
 */

/** Headers of an answer without a body. */
const NO_HEADERS = { get: () => null };

/**
 * One GET, bounded: its body is read up to `cap` bytes (as a stream where the runtime offers one), and it is
 * abandoned when nothing arrives for `ctx.stallMs` or the call's deadline passes. Never throws: a network error, a
 * stall and a body past its cap are status 0. `bytes` and `headers` are empty unless the status is 200.
 * @param {Context} ctx
 * @param {string} path below the base URL
 * @param {Record<string, string>} [headers]
 * @param {number} [cap] the largest body accepted, in bytes
 * @returns {Promise<{url: string, status: number, reason: string, bytes: Uint8Array,
 *   headers: {get(name: string): string | null}}>}
 */
async function get(ctx, path, headers, cap = MAX_DOCUMENT_BYTES) {
  const url = ctx.base + path;
  const failed = (/** @type {number} */ status, /** @type {string} */ reason) =>
    ({ url, status, reason, bytes: new Uint8Array(0), headers: NO_HEADERS });
  const watch = new Watch(ctx.stallMs, ctx.deadline);
  try {
    /** @type {{headers?: Record<string, string>, signal?: AbortSignal}} */
    const init = {};
    if (headers) init.headers = headers;
    if (watch.signal) init.signal = watch.signal;
    let response;
    try {
      response = await watch.race(ctx.fetch(url, Object.keys(init).length > 0 ? init : undefined));
    } catch (error) {
      watch.abort();
      return failed(0, watch.reason ? describe(watch.reason) : `network error: ${describe(error)}`);
    }
    if (response.status !== 200) {
      // The body is not read: let the connection go.
      if (response.body && typeof response.body.cancel === 'function') response.body.cancel().catch(() => {});
      return failed(response.status, `HTTP ${response.status}`);
    }
    try {
      const bytes = await readBody(response, cap, watch);
      return { url, status: 200, reason: '', bytes, headers: response.headers };
    } catch (error) {
      watch.abort();
      if (watch.reason) return failed(0, describe(watch.reason));
      const reason = describe(error);
      return failed(0, error instanceof TooLargeError ? reason : `the body could not be read: ${reason}`);
    }
  } finally {
    watch.end();
  }
}

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * True while a cached entry is within its max-age.
 * @param {{now: () => number}} ctx
 * @param {{fetchedAt: number, maxAge: number}} entry
 */
export function isFresh(ctx, entry) {
  const age = ctx.now() - entry.fetchedAt;
  // A clock that went back: ask again rather than trust for too long.
  return age >= 0 && age < entry.maxAge * 1000;
}

/**
 * The index of one format, or format 2's root (R15): a trusted cached copy (within its max-age), else fetched; an
 * older copy stands in, marked stale, when the fetch fails.
 * @param {Context} ctx
 * @param {1 | 2 | 'root'} format
 * @param {{force?: boolean, absentOn404?: boolean}} [options] `force`: ask even within max-age; `absentOn404`: answer
 *   null for a 404 or 410 (format 2, or its root, not published here)
 * @returns {Promise<(ReturnType<typeof parseIndex> & {stale: string | null}) | null>}
 */
export async function loadIndex(ctx, format, options = {}) {
  const path = indexPath(format);
  const url = ctx.base + path;
  const key = CACHE_PREFIX + url;
  const cached = await readEntry(ctx.cache, key);
  const fromCache = (/** @type {string | null} */ stale) => {
    try {
      return cached ? { ...parseIndex(cached.text, format, url), stale } : null;
    } catch {
      return null;
    }
  };
  if (cached && !options.force && isFresh(ctx, cached)) {
    const index = fromCache(null);
    if (index) return index;
  }
  const got = await get(ctx, path, undefined, MAX_INDEX_BYTES);
  if ((got.status === 404 || got.status === 410) && options.absentOn404) return null;
  const fallback = fromCache(got.reason || 'unreadable');
  if (got.status !== 200) {
    if (fallback) return fallback;
    if (got.status >= 500) {
      throw new FuelTilesError('index-server-error',
        `the tile index ${url} answered ${got.reason}: the service is failing; retry later`);
    }
    throw new FuelTilesError('index-unavailable',
      `cannot load the tile index ${url}: ${got.reason}; no cached copy exists`);
  }
  let text;
  try {
    text = utf8(await inflateIfGzip(got.bytes, MAX_INDEX_BYTES));
  } catch (error) {
    if (fallback) return fallback;
    throw new FuelTilesError('index-unavailable', `cannot read the tile index ${url}: ${describe(error)}`);
  }
  let index;
  try {
    index = parseIndex(text, format, url);
  } catch (error) {
    // An unreadable index is a damaged answer, and an older copy stands in; a newer version or another grid is a
    // published change that this app must follow, so it fails.
    if (error instanceof FuelTilesError && error.code === 'index-unavailable' && fallback) return fallback;
    throw error;
  }
  const fallbackAge = format === 1 ? DEFAULT_MAX_AGE.index1 : DEFAULT_MAX_AGE.index2;
  const age = maxAge(got.headers.get('cache-control'), fallbackAge);
  await writeEntry(ctx.cache, key, { text, fetchedAt: ctx.now(), maxAge: age });
  return { ...index, stale: null };
}

/**
 * The path below the base URL of an index: `index.json`, `v2/index.json`, or the root `v2/root.json`.
 * @param {1 | 2 | 'root'} format
 * @returns {string}
 */
export function indexPath(format) {
  return format === 1 ? 'index.json' : format === 2 ? 'v2/index.json' : 'v2/root.json';
}

/**
 * One format-1 tile: trusted while its max-age lasts and the index has not changed, else fetched (revalidated with
 * its ETag when a copy is cached). A 404 is `missing`, or `stale` with a copy; any other failure is `failed`, or
 * `stale` with a copy.
 * @param {Context} ctx
 * @param {{builtAt: string | null, tiles: Map<string, string>}} index
 * @param {string} key
 * @returns {Promise<TileResult>}
 */
export async function loadTileV1(ctx, index, key) {
  const path = /** @type {string} */ (index.tiles.get(key));
  const url = ctx.base + path;
  const cacheKey = CACHE_PREFIX + url;
  const cached = await readEntry(ctx.cache, cacheKey);
  const copy = cached ? parseTile(cached.text, key) : null;
  const copied = copy && 'stations' in copy ? copy.stations : null;
  if (cached && copied && cached.builtAt === index.builtAt && isFresh(ctx, cached)) {
    return { key, state: 'ok', stations: copied };
  }
  const etag = cached && copied ? cached.etag : null;
  const got = await get(ctx, path, etag ? { 'If-None-Match': etag } : undefined);
  const failed = (/** @type {string} */ code, /** @type {string} */ reason) =>
    /** @type {TileResult} */ ({ key, state: 'failed', stations: [], failure: { key, code, url, reason } });
  const stale = (/** @type {string} */ reason) =>
    /** @type {TileResult} */ ({ key, state: 'stale', stations: copied ?? [], reason });
  if (got.status === 304 && cached && copied) {
    await writeEntry(ctx.cache, cacheKey, { ...cached, fetchedAt: ctx.now(), builtAt: index.builtAt });
    return { key, state: 'ok', stations: copied };
  }
  if (got.status === 404) {
    return copied ? stale(`${got.reason} for a tile the index lists`) : { key, state: 'missing', stations: [] };
  }
  if (got.status !== 200) return copied ? stale(got.reason) : failed('tiles-unavailable', got.reason);
  let text;
  try {
    text = utf8(await inflateIfGzip(got.bytes));
  } catch (error) {
    return copied ? stale(describe(error)) : failed('tiles-unavailable', describe(error));
  }
  const parsed = parseTile(text, key);
  if (!('stations' in parsed)) {
    return copied && parsed.code === 'tiles-unavailable' ? stale(parsed.reason) : failed(parsed.code, parsed.reason);
  }
  await writeEntry(ctx.cache, cacheKey, {
    text, fetchedAt: ctx.now(), maxAge: maxAge(got.headers.get('cache-control'), DEFAULT_MAX_AGE.file1),
    etag: got.headers.get('etag'), builtAt: index.builtAt,
  });
  return { key, state: 'ok', stations: parsed.stations };
}

/**
 * A format-2 file named by hash, checked against its name (R10): from the cache (checked again), else fetched.
 * Never revalidated. Fails with `hash-mismatch` when its JSON does not hash to the name or its gzip does not
 * inflate; nothing that fails is cached.
 * @param {Context} ctx
 * @param {string} path below the base URL
 * @param {string} hash the 16 hex digits of its name
 * @returns {Promise<{text: string} | {code: string, reason: string, url: string, notFound?: boolean}>}
 */
export async function loadNamedFile(ctx, path, hash) {
  const url = ctx.base + path;
  const cacheKey = CACHE_PREFIX + url;
  const sha256 = /** @type {Function} */ (ctx.sha256);
  const cached = await readEntry(ctx.cache, cacheKey);
  if (cached) {
    if (nameHash(await sha256(utf8Bytes(cached.text))) === hash) return { text: cached.text };
    await dropEntry(ctx.cache, cacheKey);
  }
  const got = await get(ctx, path);
  if (got.status !== 200) {
    const reason = got.status === 404
      ? 'HTTP 404: the index names this file but the server no longer has it, so a newer build has replaced that ' +
        'index; a new lookup reads the new build'
      : got.reason;
    return { code: 'tiles-unavailable', reason, url, notFound: got.status === 404 };
  }
  let json;
  try {
    json = await inflateIfGzip(got.bytes);
  } catch (error) {
    // Too large to inflate is no proof of damage (as fuel-nearby): the file is unavailable, not altered.
    if (error instanceof TooLargeError) return { code: 'tiles-unavailable', reason: error.message, url };
    return { code: 'hash-mismatch', url,
      reason: `its gzip does not inflate (${describe(error)}), so it is not the document its name hashes (${hash})` };
  }
  const found = nameHash(await sha256(json));
  if (found !== hash) {
    return { code: 'hash-mismatch', url,
      reason: `its JSON hashes to ${found}, not to ${hash} as its name says; it was changed or damaged after it ` +
        'was published' };
  }
  let text;
  try {
    text = utf8(json);
  } catch (error) {
    return { code: 'tiles-unavailable', reason: describe(error), url };
  }
  await writeEntry(ctx.cache, cacheKey, { text, fetchedAt: ctx.now(), maxAge: DEFAULT_MAX_AGE.immutable });
  return { text };
}

/**
 * One format-2 tile: the file the index names, hash-checked, then parsed.
 * @param {Context} ctx
 * @param {{tiles: Map<string, string>, hashes: Map<string, string>}} index
 * @param {string} key
 * @returns {Promise<TileResult>}
 */
export async function loadTileV2(ctx, index, key) {
  return loadTileFile(ctx, key, /** @type {string} */ (index.tiles.get(key)),
    /** @type {string} */ (index.hashes.get(key)));
}

/**
 * One format-2 tile or part of a tile (R15): the file at `path`, held to `hash` (a part's is its leaf's, not its
 * name's), then parsed as a tile of `key` (a part: of quarter `part`).
 * @param {Context} ctx
 * @param {string} key
 * @param {string} path below the base URL
 * @param {string} hash the 16 hex digits its JSON must hash to
 * @param {string | null} [part] the quarter, for a part
 * @returns {Promise<TileResult>}
 */
export async function loadTileFile(ctx, key, path, hash, part = null) {
  const file = await loadNamedFile(ctx, path, hash);
  const parsed = 'text' in file ? parseTile(file.text, key, part) : file;
  if ('stations' in parsed) return { key, state: 'ok', stations: parsed.stations };
  const url = 'url' in file ? file.url : ctx.base + path;
  const notFound = 'notFound' in file && file.notFound === true;
  const failure = { key, code: parsed.code, url, reason: parsed.reason };
  return { key, state: 'failed', stations: [], notFound, failure };
}

/**
 * A format-1 file other than the index and tiles (`sources.json`): cached per its max-age; an older copy stands in
 * when the fetch fails.
 * @param {Context} ctx
 * @param {string} path below the base URL
 * @returns {Promise<{text: string} | {reason: string, url: string}>}
 */
export async function loadFile(ctx, path) {
  const url = ctx.base + path;
  const cacheKey = CACHE_PREFIX + url;
  const cached = await readEntry(ctx.cache, cacheKey);
  if (cached && isFresh(ctx, cached)) return { text: cached.text };
  const got = await get(ctx, path);
  if (got.status !== 200) return cached ? { text: cached.text } : { reason: got.reason, url };
  try {
    const text = utf8(await inflateIfGzip(got.bytes));
    await writeEntry(ctx.cache, cacheKey, {
      text, fetchedAt: ctx.now(), maxAge: maxAge(got.headers.get('cache-control'), DEFAULT_MAX_AGE.file1),
    });
    return { text };
  } catch (error) {
    return cached ? { text: cached.text } : { reason: describe(error), url };
  }
}
