// Reading the published documents: format 1 and 2 indexes (with version and grid checks) and tiles.

import { FuelTilesError } from './errors.js';
import { GRID_DEGREES, parseKey } from './grid.js';

const HASH = /^[0-9a-f]{16}$/;

/**
 * Reads an index document (`index.json` of format 1 or `v2/index.json` of format 2).
 * Checks in R9's order: readable JSON object, then `version` (a missing one is 1; newer than the format's is
 * `unsupported-index-version`), then `gridDegrees` (not 0.5 is `incompatible-grid`), then the tile list.
 * @param {string} text the JSON document
 * @param {1 | 2} format which index this is
 * @param {string} url where it came from, for messages
 * @returns {{format: 1 | 2, builtAt: string | null, tiles: Map<string, string>, hashes: Map<string, string>,
 *   document: any}} `tiles` maps each listed cell to its tile's path below the base URL; `hashes`, for format 2, to
 *   the hash its name holds
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
  if (version > format) {
    throw new FuelTilesError('unsupported-index-version',
      `the index ${url} has format version ${version}; this reader reads version ${format}. Update the app.`);
  }
  if (doc.gridDegrees !== GRID_DEGREES) {
    throw new FuelTilesError('incompatible-grid',
      `the index ${url} was built on a ${doc.gridDegrees}° grid but this reader reads ${GRID_DEGREES}° cells; ` +
      'update the app or point it at a compatible build');
  }
  const tiles = new Map();
  const hashes = new Map();
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
  return { format, builtAt: typeof doc.builtAt === 'string' ? doc.builtAt : null, tiles, hashes, document: doc };
}

/**
 * Reads a tile document. A missing `version` is 1; a newer one is refused (`unsupported-tile-version`); a tile whose
 * `key` is not the cell it was asked for is another cell's file (`tiles-unavailable`, R9).
 * @param {string} text the JSON document
 * @param {string} key the cell the tile was asked for
 * @returns {{stations: Array<any>} | {code: string, reason: string}} the stations, or why the tile cannot be used
 */
export function parseTile(text, key) {
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
  const bad = doc.stations.find((/** @type {any} */ s) => s === null || typeof s !== 'object' || typeof s.id !== 'string' ||
    typeof s.lat !== 'number' || typeof s.lon !== 'number');
  if (bad !== undefined) return { code: 'tiles-unavailable', reason: 'the tile has a station without id, lat or lon' };
  return { stations: doc.stations };
}
