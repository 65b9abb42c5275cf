// R12: a route (a GeoJSON LineString, or a GPX track read into one), the cells of its corridor, and where a station
// lies along it, computed in exactly the agreed order so every reader gets the same doubles.

import { FuelTilesError } from './errors.js';
import { haversineKm } from './distance.js';
import { KM_PER_DEGREE_LATITUDE, cellOf } from './grid.js';

/** The longest piece of a route segment whose box is taken on its own, in degrees of latitude or longitude. */
export const ROUTE_PIECE_DEGREES = 0.125;
/** The widest buffer an along lookup accepts, in kilometres (R7). */
export const MAX_BUFFER_KM = 50;
/** The most points a route may have (R7). */
export const MAX_ROUTE_POINTS = 100000;

/**
 * A route's points from a GeoJSON LineString, or a Feature whose geometry is one; null when it is not one with 2 to
 * 100 000 positions of a longitude in [-180, 180] and a latitude in [-90, 90].
 * @param {unknown} route
 * @returns {Array<{lat: number, lon: number}> | null}
 */
export function routePoints(route) {
  const line = /** @type {any} */ (route)?.type === 'Feature' ? /** @type {any} */ (route).geometry : route;
  const coordinates = /** @type {any} */ (line)?.type === 'LineString' ? /** @type {any} */ (line).coordinates : null;
  if (!Array.isArray(coordinates) || coordinates.length < 2 || coordinates.length > MAX_ROUTE_POINTS) return null;
  const points = [];
  for (const position of coordinates) {
    if (!Array.isArray(position) || position.length < 2) return null;
    const [lon, lat] = position;
    const finite = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
    if (!finite(lat) || !finite(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180) return null;
    points.push({ lat, lon });
  }
  return points;
}

/**
 * Every cell of a route's corridor (R12), sorted by row, then column: each segment is cut into
 * `n = max(1, ceil(max(|Δlat|, |Δlon|) / 0.125))` equal pieces, and each piece's box, widened by `bufferKm` as a
 * circle's box is (R1), gives the cells between its corners.
 * @param {Array<{lat: number, lon: number}>} points
 * @param {number} bufferKm
 * @returns {string[]} cell keys
 */
export function cellsOfRoute(points, bufferKm) {
  const latSpan = bufferKm / KM_PER_DEGREE_LATITUDE;
  /** @type {Map<string, [number, number]>} */
  const cells = new Map();
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const dLat = points[i].lat - a.lat;
    const dLon = points[i].lon - a.lon;
    const pieces = Math.max(1, Math.ceil(Math.max(Math.abs(dLat), Math.abs(dLon)) / ROUTE_PIECE_DEGREES));
    let previous = a;
    for (let step = 1; step <= pieces; step++) {
      const next = { lat: a.lat + (dLat * step) / pieces, lon: a.lon + (dLon * step) / pieces };
      const south = Math.max(Math.min(previous.lat, next.lat) - latSpan, -90);
      const north = Math.min(Math.max(previous.lat, next.lat) + latSpan, 90);
      const poleward = Math.min(Math.max(Math.abs(south), Math.abs(north)), 89.999);
      const lonSpan = Math.min(latSpan / Math.cos((poleward * Math.PI) / 180), 180);
      const low = cellOf(south, Math.min(previous.lon, next.lon) - lonSpan);
      const high = cellOf(north, Math.max(previous.lon, next.lon) + lonSpan);
      for (let row = low.row; row <= high.row; row++) {
        for (let col = low.col; col <= high.col; col++) cells.set(`${row}_${col}`, [row, col]);
      }
      previous = next;
    }
  }
  return [...cells.entries()].sort((x, y) => x[1][0] - y[1][0] || x[1][1] - y[1][1]).map(([key]) => key);
}

/**
 * Where a point lies relative to a route (R12): for each segment, the nearest point of it in a plane centred on
 * the point (longitudes scaled by the cosine of its latitude), its distance, and the distance along the route to it
 * (the segments before, haversine, summed in order, plus t times its own); the smallest distance wins, the first
 * on a tie.
 * @param {Array<{lat: number, lon: number}>} points at least two
 * @param {number} lat
 * @param {number} lon
 * @returns {{alongKm: number, offKm: number}}
 */
export function routePosition(points, lat, lon) {
  const scale = Math.cos((lat * Math.PI) / 180);
  let best = { alongKm: 0, offKm: Infinity };
  let start = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const length = haversineKm(a.lat, a.lon, b.lat, b.lon);
    const ax = (a.lon - lon) * scale;
    const ay = a.lat - lat;
    const dx = (b.lon - lon) * scale - ax;
    const dy = b.lat - lat - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0;
    const cx = ax + t * dx;
    const cy = ay + t * dy;
    const offKm = Math.sqrt(cx * cx + cy * cy) * KM_PER_DEGREE_LATITUDE;
    if (offKm < best.offKm) best = { alongKm: start + t * length, offKm };
    start += length;
  }
  return best;
}

/**
 * Reads a route file's text into a GeoJSON LineString: GeoJSON (a LineString, a Feature of one, or the one
 * LineString of a FeatureCollection) or GPX (its `trkpt` points in order; a GPX route's `rtept` without a track).
 * @param {string} text
 * @returns {{type: 'LineString', coordinates: Array<[number, number]>}}
 * @throws {FuelTilesError} `invalid-query` when the text is neither
 */
export function parseRoute(text) {
  const fail = (/** @type {string} */ reason) => {
    throw new FuelTilesError('invalid-query', `not a route: ${reason}`);
  };
  const start = String(text).replace(/^[\s\uFEFF]+/, '');
  if (start.startsWith('{')) {
    let doc;
    try {
      doc = JSON.parse(start);
    } catch {
      return fail('the GeoJSON is not JSON');
    }
    let line = doc?.type === 'Feature' ? doc.geometry : doc;
    if (doc?.type === 'FeatureCollection') {
      const lines = (Array.isArray(doc.features) ? doc.features : [])
        .map((/** @type {any} */ f) => f?.geometry).filter((/** @type {any} */ g) => g?.type === 'LineString');
      if (lines.length !== 1) fail(`the FeatureCollection has ${lines.length} LineStrings; give the one to follow`);
      line = lines[0];
    }
    if (line?.type !== 'LineString' || !Array.isArray(line.coordinates)) fail('the GeoJSON has no LineString');
    return { type: 'LineString', coordinates: line.coordinates };
  }
  if (!start.startsWith('<') || !start.includes('<gpx')) fail('neither GeoJSON nor GPX');
  /** @type {Record<string, Array<[number, number]>>} */
  const found = { trkpt: [], rtept: [] };
  for (const match of start.matchAll(/<(?:[A-Za-z_][\w.-]*:)?(trkpt|rtept)\b([^>]*)>/g)) {
    const value = (/** @type {string} */ name) => {
      const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']([^"']*)["']`).exec(match[2]);
      const number = m && m[1].trim() !== '' ? Number(m[1]) : NaN;
      return Number.isFinite(number) ? number : null;
    };
    const lat = value('lat');
    const lon = value('lon');
    if (lat === null || lon === null) fail(`GPX ${match[1]} ${found[match[1]].length + 1} has no lat and lon numbers`);
    found[match[1]].push([/** @type {number} */ (lon), /** @type {number} */ (lat)]);
  }
  const coordinates = found.trkpt.length > 0 ? found.trkpt : found.rtept;
  if (coordinates.length === 0) fail('the GPX has no trkpt or rtept points');
  return { type: 'LineString', coordinates };
}
