// The grid of R1: half-degree cells, keys of points and the candidate cells of a search circle.

import { EARTH_RADIUS_KM } from './distance.js';

/** The cell size every published index must have, in degrees (`gridDegrees`). */
export const GRID_DEGREES = 0.5;

/** Kilometres per degree of latitude on the FuelTiles sphere (about 111.195). */
export const KM_PER_DEGREE_LATITUDE = (EARTH_RADIUS_KM * Math.PI) / 180;

/**
 * The cell that holds a point: `row = floor(lat / 0.5)`, `col = floor(lon / 0.5)`, keyed `"<row>_<col>"`.
 * Floor, not truncation: (-0.1, -0.1) is `-1_-1`; -0.0 gives 0.
 * @param {number} lat latitude in degrees
 * @param {number} lon longitude in degrees
 * @returns {{row: number, col: number, key: string}}
 */
export function cellOf(lat, lon) {
  // `+ 0` turns a -0 into 0, so that the key never reads "-0".
  const row = Math.floor(lat / GRID_DEGREES) + 0;
  const col = Math.floor(lon / GRID_DEGREES) + 0;
  return { row, col, key: `${row}_${col}` };
}

/**
 * The key of the cell that holds a point, e.g. `keyOf(38.72, -9.14) === "77_-19"` (Lisbon).
 * @param {number} lat latitude in degrees
 * @param {number} lon longitude in degrees
 * @returns {string}
 */
export function keyOf(lat, lon) {
  return cellOf(lat, lon).key;
}

/**
 * Every candidate cell of a search circle (R1): the cells that intersect its bounding box, sorted by row, then
 * column, numerically. No wrapping at ±180°: near the antimeridian a column may be below -360 or at least 360.
 * Only the cells an index lists exist; the others have no stations.
 * @param {number} lat latitude of the centre in degrees
 * @param {number} lon longitude of the centre in degrees
 * @param {number} radiusKm radius in kilometres
 * @returns {string[]} cell keys
 */
export function cellsOfCircle(lat, lon, radiusKm) {
  const { south, north, west, east } = boxOfCircle(lat, lon, radiusKm);
  const low = cellOf(south, west);
  const high = cellOf(north, east);
  const cells = [];
  for (let row = low.row; row <= high.row; row++) {
    for (let col = low.col; col <= high.col; col++) cells.push(`${row}_${col}`);
  }
  return cells;
}

/**
 * The bounding box of a search circle as R1 computes it, in degrees: the latitude half-span is the radius over
 * {@link KM_PER_DEGREE_LATITUDE}, the longitude half-span that over the cosine of the box's poleward latitude
 * (at most 89.999°), at most 180°. Nothing wraps at ±180°.
 * @param {number} lat latitude of the centre in degrees
 * @param {number} lon longitude of the centre in degrees
 * @param {number} radiusKm radius in kilometres
 * @returns {{south: number, north: number, west: number, east: number}}
 */
export function boxOfCircle(lat, lon, radiusKm) {
  const latSpan = radiusKm / KM_PER_DEGREE_LATITUDE;
  const south = Math.max(lat - latSpan, -90);
  const north = Math.min(lat + latSpan, 90);
  const poleward = Math.min(Math.max(Math.abs(south), Math.abs(north)), 89.999);
  const lonSpan = Math.min(latSpan / Math.cos((poleward * Math.PI) / 180), 180);
  return { south, north, west: lon - lonSpan, east: lon + lonSpan };
}

/**
 * Parses a key such as `"77_-19"`; null for anything else.
 * @param {string} key
 * @returns {{row: number, col: number} | null}
 */
export function parseKey(key) {
  const match = /^(-?\d+)_(-?\d+)$/.exec(key);
  return match ? { row: Number(match[1]), col: Number(match[2]) } : null;
}

/**
 * Orders keys by row, then column, numerically (`77_-19` before `77_-16`): the grid order of the index.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
export function compareKeys(a, b) {
  const x = parseKey(a);
  const y = parseKey(b);
  if (!x || !y) return a < b ? -1 : a > b ? 1 : 0;
  return x.row - y.row || x.col - y.col;
}
