// Stations by id (R13): the watch list's entries, an id's shard, reading a shard, and what became of each id.

import { FuelTilesError } from './errors.js';
import { keyOf, parseKey } from './grid.js';
import { utf8Bytes } from './bytes.js';
import { loadFile, loadNamedFile } from './files.js';

/** The most ids one lookup by id accepts. */
export const MAX_IDS = 1000;

const SHARD_PATH = /^ids\/([0-9a-f]{2})\.([0-9a-f]{16})\.json$/;
const ID_LIST_PATH = /^ids\.([0-9a-f]{16})\.json$/;

/**
 * @typedef {{id: string, cell: string | null}} Watched
 */

/**
 * The watch list as `{id, cell}` entries: each entry an id, or `{id, cell}` with the cell the app stored beside it.
 * @param {unknown} ids
 * @returns {Watched[]}
 * @throws {FuelTilesError} `invalid-query` for no ids, more than {@link MAX_IDS}, an empty id or a bad cell
 */
export function validateIds(ids) {
  const invalid = (/** @type {string} */ reason) => {
    throw new FuelTilesError('invalid-query', `invalid lookup: ${reason}`);
  };
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_IDS) {
    invalid(`a lookup by id needs 1 to ${MAX_IDS} ids, got ${Array.isArray(ids) ? ids.length : typeof ids}`);
  }
  return /** @type {unknown[]} */ (ids).map((entry) => {
    const id = typeof entry === 'string' ? entry : /** @type {any} */ (entry)?.id;
    const cell = typeof entry === 'string' ? null : /** @type {any} */ (entry)?.cell ?? null;
    if (typeof id !== 'string' || id === '') invalid('a station id must be a non-empty string');
    if (cell !== null && (typeof cell !== 'string' || !parseKey(cell) || `${parseKey(cell)?.row}_${parseKey(cell)?.col}` !== cell)) {
      invalid(`the cell of ${id} is not a cell key such as 77_-19: ${JSON.stringify(cell)}`);
    }
    return { id: /** @type {string} */ (id), cell };
  });
}

/**
 * An id's shard: the first two hex digits of the SHA-256 of its UTF-8 bytes.
 * @param {string} id
 * @param {Function} sha256
 * @returns {Promise<string>}
 */
export async function shardOf(id, sha256) {
  const digest = new Uint8Array(await sha256(utf8Bytes(id)));
  return digest[0].toString(16).padStart(2, '0');
}

/**
 * Format 2's id table: each shard's path by its two hex digits, as the index's `ids` gives it or, through a root
 * (R15), the id list its `idList` names (read once, then cached, held to the hash in its name); null without one,
 * and for format 1.
 * @param {import('./files.js').Context} ctx
 * @param {{format: 1 | 2, root?: boolean, document: any}} index
 * @returns {Promise<Record<string, unknown> | null>}
 * @throws {FuelTilesError} `ids-unavailable` when the id list cannot be read; `hash-mismatch` when it is not the
 *   document its name hashes
 */
export async function shardTable(ctx, index) {
  if (index.format === 1) return null;
  if (!index.root) {
    const listed = index.document.ids;
    return listed != null && typeof listed === 'object' ? listed : null;
  }
  const path = index.document.idList;
  if (typeof path !== 'string') return null;
  const match = ID_LIST_PATH.exec(path);
  const unavailable = (/** @type {string} */ reason) =>
    new FuelTilesError('ids-unavailable', `cannot load the id list ${path}: ${reason}`);
  if (!match) throw unavailable('it is not a plain ids.<hash>.json name');
  const file = await loadNamedFile(ctx, `v2/${path}`, match[1]);
  if ('code' in file && file.code === 'hash-mismatch') {
    throw new FuelTilesError(file.code, `cannot load the id list ${file.url}: ${file.reason}`);
  }
  const doc = versionOneDocument(file, unavailable);
  if (doc?.shards === null || typeof doc?.shards !== 'object' || Array.isArray(doc.shards)) {
    throw unavailable('it has no "shards" object');
  }
  return doc.shards;
}

/**
 * A loaded id list or shard as JSON of version 1 (a missing version is 1).
 * @param {{text: string} | {url: string, reason: string}} file
 * @param {(reason: string) => FuelTilesError} unavailable
 * @returns {any}
 * @throws {FuelTilesError} from `unavailable` when the file was not read, is not JSON, or is of a newer version
 */
function versionOneDocument(file, unavailable) {
  if (!('text' in file)) throw unavailable(`${file.url}: ${file.reason}`);
  let doc;
  try {
    doc = JSON.parse(file.text);
  } catch {
    throw unavailable('it is not JSON');
  }
  if (typeof doc?.version === 'number' && doc.version > 1) {
    throw unavailable(`it has format version ${doc.version}; this reader reads version 1. Update the app.`);
  }
  return doc;
}

/**
 * The cells of one shard's ids, by id; null when the index publishes no id table; an empty map when the table has
 * no such shard (format 2 lists only shards with ids; format 1 answers 404).
 * @param {import('./files.js').Context} ctx
 * @param {{format: 1 | 2, document: any}} index
 * @param {string} shard
 * @param {Record<string, unknown> | null} listing format 2's id table ({@link shardTable})
 * @returns {Promise<Map<string, string> | null>}
 * @throws {FuelTilesError} `ids-unavailable` when the shard cannot be read; `hash-mismatch` for a format-2 shard
 *   that is not the document its name hashes
 */
export async function readShard(ctx, index, shard, listing) {
  const unavailable = (/** @type {string} */ reason) =>
    new FuelTilesError('ids-unavailable', `cannot load the id shard ${shard}: ${reason}`);
  let file;
  if (index.format === 1) {
    if (index.document.idShards == null) return null;
    const got = await loadFile(ctx, `ids/${shard}.json`);
    // Format 1 writes only the shards that hold ids: a 404 is an empty shard.
    if ('reason' in got && /^HTTP 404\b/.test(got.reason)) return new Map();
    file = got;
  } else {
    if (listing === null) return null;
    const path = listing[shard];
    if (path === undefined) return new Map();
    const match = typeof path === 'string' ? SHARD_PATH.exec(path) : null;
    if (!match || match[1] !== shard) throw unavailable(`the index names it as ${JSON.stringify(path)}`);
    file = await loadNamedFile(ctx, `v2/${path}`, match[2]);
    if ('code' in file && file.code === 'hash-mismatch') {
      throw new FuelTilesError(file.code, `cannot load the id shard ${file.url}: ${file.reason}`);
    }
  }
  const doc = versionOneDocument(file, unavailable);
  if (doc?.shard !== shard || doc.stations === null || typeof doc.stations !== 'object') {
    throw unavailable('it is not this shard with a "stations" object');
  }
  const cells = new Map();
  for (const [id, cell] of Object.entries(doc.stations)) if (typeof cell === 'string' && parseKey(cell)) cells.set(id, cell);
  return cells;
}

/**
 * The cell each station is in, by id.
 * @param {Array<any>} stations
 * @returns {Map<string, string>}
 */
export function cellsOfStations(stations) {
  const cells = new Map();
  for (const station of stations) if (!cells.has(station.id)) cells.set(station.id, keyOf(station.lat, station.lon));
  return cells;
}

/**
 * What became of one id (R13): `found` or `moved` with the cell it is in, `closed`, or `unknown`.
 * @param {Watched} watched
 * @param {Map<string, string>} found the cell of each station read, by id
 * @param {Map<string, string>} named the cell each shard gives, by id
 * @param {boolean} tableless a shard was needed but the index has no id table
 * @param {Record<string, string>} tiles each cell read and its state
 * @returns {{id: string, status: 'found' | 'moved' | 'closed' | 'unknown', cell?: string}}
 */
export function outcomeOf(watched, found, named, tableless, tiles) {
  const { id } = watched;
  const cell = found.get(id);
  if (cell !== undefined) {
    return { id, status: watched.cell === null || watched.cell === cell ? 'found' : 'moved', cell };
  }
  const candidates = [watched.cell, named.get(id) ?? null].filter((key) => key !== null);
  if (candidates.some((key) => tiles[/** @type {string} */ (key)] === 'missing')) return { id, status: 'unknown' };
  if (!named.has(id) && tableless) return { id, status: 'unknown' };
  return { id, status: 'closed' };
}
