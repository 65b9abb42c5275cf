// Reading the published documents: format 1 and 2 indexes (with version and grid checks) and tiles.

import { FuelTilesError } from './errors.js';
import { GRID_DEGREES, parseKey } from './grid.js';

const HASH = /^[0-9a-f]{16}$/;

const LEAF_PATH = /^leaves\/(-?\d+_-?\d+)\.([0-9a-f]{16})\.json$/;
const ID_LIST_PATH = /^ids\.([0-9a-f]{16})\.json$/;
const QUARTERS = ['00', '01', '10', '11'];

/**
 * @typedef {{format: 1 | 2, root: boolean, builtAt: string | null, tiles: Map<string, string>,
 *   hashes: Map<string, string>, leaves: Map<string, {path: string, hash: string}>, document: any}} IndexDocument
 */

/**
 * Reads an index document (`index.json` of format 1, `v2/index.json` of format 2, or format 2's `v2/root.json`,
 * R15). Checks in R9's order: readable JSON object, then `version` (a missing one is 1; newer than the document's is
 * `unsupported-index-version`: 1 for format 1 and the root, 2 for format 2's index), then `gridDegrees` (not 0.5 is
 * `incompatible-grid`), then the tile list (a root: its leaves and id list).
 * @param {string} text the JSON document
 * @param {1 | 2 | 'root'} format which index this is
 * @param {string} url where it came from, for messages
 * @returns {IndexDocument} `tiles` maps each listed cell to its tile's path below the base URL; `hashes`, for format
 *   2, to the hash its name holds; `leaves`, for a root (`root` true, `format` 2, no `tiles`), each block's leaf
 * @throws {FuelTilesError}
 */
export function parseIndex(text, format, url) {
  const unreadable = (/** @type {string} */ reason) =>
    new FuelTilesError('index-unavailable', `cannot read the tile index ${url}: ${reason}`);
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    throw unreadable('it is not JSON');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw unreadable('it is not a JSON object');
  const version = doc.version ?? 1;
  if (typeof version !== 'number') throw unreadable('its version is not a number');
  const newest = format === 'root' ? 1 : format;
  if (version > newest) {
    throw new FuelTilesError('unsupported-index-version',
      `the index ${url} has format version ${version}; this reader reads version ${newest}. Update the app.`);
  }
  if (doc.gridDegrees !== GRID_DEGREES) {
    throw new FuelTilesError('incompatible-grid',
      `the index ${url} was built on a ${doc.gridDegrees}° grid but this reader reads ${GRID_DEGREES}° cells; ` +
      'update the app or point it at a compatible build');
  }
  const tiles = new Map();
  const hashes = new Map();
  const builtAt = typeof doc.builtAt === 'string' ? doc.builtAt : null;
  if (format === 'root') {
    if (doc.leaves === null || typeof doc.leaves !== 'object' || Array.isArray(doc.leaves)) {
      throw unreadable('it has no "leaves" object');
    }
    const leaves = new Map();
    for (const [block, path] of Object.entries(doc.leaves)) {
      const match = typeof path === 'string' ? LEAF_PATH.exec(path) : null;
      if (!match || match[1] !== block || !parseKey(block)) {
        throw unreadable(`block ${block} names a bad leaf ${JSON.stringify(path)}`);
      }
      leaves.set(block, { path: `v2/${path}`, hash: match[2] });
    }
    if (doc.idList != null && (typeof doc.idList !== 'string' || !ID_LIST_PATH.test(doc.idList))) {
      throw unreadable(`it names a bad id list ${JSON.stringify(doc.idList)}`);
    }
    return { format: 2, root: true, builtAt, tiles, hashes, leaves, document: doc };
  }
  if (format === 1) {
    if (!Array.isArray(doc.tiles)) throw unreadable('it has no "tiles" list');
    for (const key of doc.tiles) {
      if (typeof key !== 'string' || !parseKey(key)) throw unreadable(`it lists a bad cell key ${JSON.stringify(key)}`);
      tiles.set(key, `tiles/${key}.json`);
    }
  } else {
    if (doc.tiles === null || typeof doc.tiles !== 'object' || Array.isArray(doc.tiles)) {
      throw unreadable('it has no "tiles" object');
    }
    for (const [key, hash] of Object.entries(doc.tiles)) {
      if (!parseKey(key)) throw unreadable(`it lists a bad cell key ${JSON.stringify(key)}`);
      if (typeof hash !== 'string' || !HASH.test(hash)) {
        throw unreadable(`cell ${key} has a bad hash ${JSON.stringify(hash)}`);
      }
      tiles.set(key, `v2/tiles/${key}.${hash}.json`);
      hashes.set(key, hash);
    }
  }
  return { format, root: false, builtAt, tiles, hashes, leaves: new Map(), document: doc };
}

/**
 * Reads a leaf of a root (R15): the tile hashes of one block of 4×4 cells and the ring of one cell around it, and
 * the parts of its split cells. A missing `version` is 1, a newer one `unsupported-tile-version`; a leaf of another
 * block, or one without a `tiles` object of hashes, is `tiles-unavailable` (the tile codes, R9).
 * @param {string} text the JSON document
 * @param {string} block the block it was asked for, `"19_-5"`
 * @returns {{tiles: Map<string, string>, parts: Map<string, Map<string, string>>} | {code: string, reason: string}}
 *   each listed cell's tile hash, and each split cell's part hashes by quarter; or why the leaf cannot be used
 */
export function parseLeaf(text, block) {
  const unusable = (/** @type {string} */ reason) => ({ code: 'tiles-unavailable', reason });
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return unusable('the leaf is not JSON');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return unusable('the leaf is not a JSON object');
  const version = doc.version ?? 1;
  if (typeof version !== 'number') return unusable("the leaf's version is not a number");
  if (version > 1) {
    return { code: 'unsupported-tile-version',
      reason: `the leaf has format version ${version}; this reader reads version 1. Update the app.` };
  }
  if (doc.block !== block) return unusable(`the file holds leaf ${JSON.stringify(doc.block)}, not ${block}`);
  const isObject = (/** @type {unknown} */ value) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isObject(doc.tiles)) return unusable('the leaf has no "tiles" object');
  const tiles = new Map();
  for (const [key, hash] of Object.entries(doc.tiles)) {
    if (!parseKey(key) || typeof hash !== 'string' || !HASH.test(hash)) {
      return unusable(`the leaf lists cell ${JSON.stringify(key)} with a bad hash`);
    }
    tiles.set(key, hash);
  }
  const parts = new Map();
  for (const [key, quarters] of Object.entries(isObject(doc.parts) ? doc.parts : {})) {
    if (!tiles.has(key) || !isObject(quarters)) return unusable(`the leaf splits cell ${key}, which it does not list`);
    const hashes = new Map();
    for (const [quarter, hash] of Object.entries(quarters)) {
      if (!QUARTERS.includes(quarter) || typeof hash !== 'string' || !HASH.test(hash)) {
        return unusable(`the leaf gives cell ${key} a bad part ${JSON.stringify(quarter)}`);
      }
      hashes.set(quarter, hash);
    }
    parts.set(key, hashes);
  }
  return { tiles, parts };
}

/**
 * Reads a tile document. A missing `version` is 1; a newer one is refused (`unsupported-tile-version`); a tile whose
 * `key` is not the cell it was asked for is another cell's file (`tiles-unavailable`, R9).
 * @param {string} text the JSON document
 * @param {string} key the cell the tile was asked for
 * @param {string | null} [part] for a part of a split tile (R15), the quarter it was asked for: its `part` must be it
 * @returns {{stations: Array<any>} | {code: string, reason: string}} the stations, or why the tile cannot be used
 */
export function parseTile(text, key, part = null) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return { code: 'tiles-unavailable', reason: 'the tile is not JSON' };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { code: 'tiles-unavailable', reason: 'the tile is not a JSON object' };
  }
  const version = doc.version ?? 1;
  if (typeof version !== 'number') return { code: 'tiles-unavailable', reason: 'the tile\'s version is not a number' };
  if (version > 1) {
    return { code: 'unsupported-tile-version',
      reason: `the tile has format version ${version}; this reader reads version 1. Update the app.` };
  }
  if (!Array.isArray(doc.stations)) return { code: 'tiles-unavailable', reason: 'the tile has no "stations" list' };
  if (doc.key !== key) {
    return { code: 'tiles-unavailable', reason: `the file holds tile ${JSON.stringify(doc.key)}, not ${key}` };
  }
  if (part !== null && doc.part !== part) {
    return { code: 'tiles-unavailable', reason: `the file holds part ${JSON.stringify(doc.part)} of ${key}, not ${part}` };
  }
  const bad = doc.stations.find((/** @type {any} */ s) => s === null || typeof s !== 'object' || typeof s.id !== 'string' ||
    typeof s.lat !== 'number' || typeof s.lon !== 'number');
  if (bad !== undefined) return { code: 'tiles-unavailable', reason: 'the tile has a station without id, lat or lon' };
  return { stations: doc.stations };
}
