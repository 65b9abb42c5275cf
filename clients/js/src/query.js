// Validation (R7) and the filters of R3–R5 and R11: radius, order (distance or price), limit, fuel, brands and open
// now.

import { FuelTilesError } from './errors.js';
import { haversineKm } from './distance.js';
import { displayedPrice } from './display.js';
import { openState } from './hours.js';
import { MAX_BUFFER_KM, MAX_ROUTE_POINTS, routePoints, routePosition } from './route.js';

/** The largest search radius a reader accepts, in kilometres (R7). */
export const MAX_RADIUS_KM = 500;

/** The orders a lookup accepts (R4): nearest first, or cheapest first by the displayed price of its fuel. */
export const SORTS = Object.freeze(['distance', 'price']);

/**
 * @typedef {{lat: number, lon: number, radiusKm: number, fuel?: string | null, brand?: string | null,
 *   includeBrands?: string[] | null, excludeBrands?: string[] | null, sort?: 'distance' | 'price' | null,
 *   limit?: number | null, openAt?: Date | null}} Query
 */

/**
 * Checks a query before any request (R7): latitude in [-90, 90], longitude in [-180, 180], 0 < radiusKm ≤ 500,
 * limit a whole number ≥ 1 when given, fuel and brand strings when given, includeBrands and excludeBrands arrays of
 * strings when given, sort `'distance'` or `'price'` when given (`'price'` only with a fuel), openAt a valid Date
 * when given.
 * @param {Query} query
 * @throws {FuelTilesError} with code `invalid-query`
 */
export function validateQuery(query) {
  if (query === null || typeof query !== 'object') invalid('the query must be an object');
  const { lat, lon, radiusKm } = query;
  if (!isNumber(lat) || lat < -90 || lat > 90) invalid(`latitude must be between -90 and 90, got ${lat}`);
  if (!isNumber(lon) || lon < -180 || lon > 180) invalid(`longitude must be between -180 and 180, got ${lon}`);
  if (!isNumber(radiusKm) || radiusKm <= 0 || radiusKm > MAX_RADIUS_KM) {
    invalid(`the radius must be more than 0 and at most ${MAX_RADIUS_KM} km, got ${radiusKm}`);
  }
  validateFilters(query);
}

/**
 * @typedef {{route: unknown, bufferKm: number, fuel?: string | null, includeBrands?: string[] | null,
 *   excludeBrands?: string[] | null, sort?: 'distance' | 'price' | null, limit?: number | null,
 *   openAt?: Date | null}} AlongQuery
 */

/**
 * Checks a lookup along a route before any request (R7, R12): `route` a GeoJSON LineString (or a Feature of one)
 * of 2 to 100 000 valid points, 0 < bufferKm ≤ 50, and the filters as {@link validateQuery} checks them.
 * @param {AlongQuery} query
 * @returns {Array<{lat: number, lon: number}>} the route's points
 * @throws {FuelTilesError} with code `invalid-query`
 */
export function validateAlong(query) {
  if (query === null || typeof query !== 'object') invalid('the query must be an object');
  const points = routePoints(query.route);
  if (points === null) {
    invalid(`the route must be a GeoJSON LineString of 2 to ${MAX_ROUTE_POINTS} [longitude, latitude] positions`);
  }
  const { bufferKm } = query;
  if (!isNumber(bufferKm) || bufferKm <= 0 || bufferKm > MAX_BUFFER_KM) {
    invalid(`the buffer must be more than 0 and at most ${MAX_BUFFER_KM} km, got ${bufferKm}`);
  }
  validateFilters(query);
  return /** @type {Array<{lat: number, lon: number}>} */ (points);
}

/**
 * @param {string} reason
 * @returns {never}
 */
function invalid(reason) {
  throw new FuelTilesError('invalid-query', `invalid lookup: ${reason}`);
}

/** @param {unknown} x */
const isNumber = (x) => typeof x === 'number' && Number.isFinite(x);

/**
 * The checks a lookup around a point and one along a route share: limit, fuel, brands, sort, openAt (R7).
 * @param {Query | AlongQuery} query
 */
function validateFilters(query) {
  const fail = invalid;
  const { fuel, limit } = query;
  const brand = 'brand' in query ? query.brand : null;
  if (limit != null && (!Number.isInteger(limit) || limit < 1)) fail(`the limit must be at least 1, got ${limit}`);
  if (fuel != null && typeof fuel !== 'string') fail('the fuel must be a fuel code such as "diesel"');
  if (brand != null && typeof brand !== 'string') fail('the brand must be a string');
  for (const name of /** @type {const} */ (['includeBrands', 'excludeBrands'])) {
    const list = query[name];
    if (list != null && !(Array.isArray(list) && list.every((b) => typeof b === 'string'))) {
      fail(`${name} must be an array of brand strings`);
    }
  }
  const { sort } = query;
  if (sort != null && !SORTS.includes(sort)) fail(`sort must be 'distance' or 'price', got ${JSON.stringify(sort)}`);
  if (sort === 'price' && fuel == null) {
    fail('sorting by price needs a fuel, whose displayed price orders the stations');
  }
  const { openAt } = query;
  if (openAt != null && !(openAt instanceof Date && Number.isFinite(openAt.getTime()))) {
    fail('openAt must be a valid Date');
  }
}

/**
 * Brands compare after trimming spaces and lowercasing (R5).
 * @param {string} brand
 * @returns {string}
 */
function fold(brand) {
  return brand.trim().toLowerCase();
}

/**
 * One station of an answer, with its distance and, for a lookup of one fuel, its displayed price.
 * @typedef {{station: any, distanceKm: number, alongKm?: number, detourKm?: number,
 *   displayed: ReturnType<typeof displayedPrice>, open?: 'open' | 'automat' | 'closed' | 'unknown'}} Selected
 */

/** Units in R6's order; a price sort ranks a unit this reader does not know after them (R4). */
const UNIT_ORDER = [null, 'kg', 'm3'];

/**
 * Code-unit order (`<` on strings), not the locale's.
 * @param {string} x
 * @param {string} y
 */
const byCodeUnits = (x, y) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The answer's stations (R3–R5): within the radius (inclusive), with a price of the fuel when asked, of one of the
 * included brands (`brand` and `includeBrands`) when any, of none of `excludeBrands`; in the query's order (R4):
 * nearest first with equal distances by id, or with `sort: 'price'` cheapest first by the displayed price's unit
 * (litre, kg, m³), then its price, then distance, then id; at most `limit`. Each comes with its distance and, when
 * the query names a fuel, its displayed price (R6). With `openAt`, stations closed then (R11) are left out before
 * the limit, and each kept one says `open`: `'open'`, `'automat'` or `'unknown'`, read with its country's entry of
 * `countries`.
 * @param {Array<any>} stations the stations of every tile read
 * @param {Query} query
 * @param {Record<string, any> | null} [countries] each country's entry of sources.json (`timeZone`, `timeZoneAreas`,
 *   `publicHolidays`), by country code
 * @returns {Array<Selected>}
 */
export function selectStations(stations, query, countries) {
  const { lat, lon, radiusKm } = query;
  return select(stations, query, countries, (station) => {
    const distanceKm = haversineKm(lat, lon, station.lat, station.lon);
    return distanceKm <= radiusKm ? { distanceKm } : null;
  });
}

/**
 * The answer's stations along a route (R12): within `bufferKm` of it (inclusive), filtered as
 * {@link selectStations} does, each with `distanceKm` (from the route), `alongKm` and `detourKm` (there and back);
 * in order along the route (then nearer the route, then by id), or with `sort: 'price'` cheapest first, then along
 * the route.
 * @param {Array<any>} stations the stations of every tile read
 * @param {Array<{lat: number, lon: number}>} points the route
 * @param {AlongQuery} query
 * @param {Record<string, any> | null} [countries]
 * @returns {Array<Selected>}
 */
export function selectAlong(stations, points, query, countries) {
  return select(stations, query, countries, (station) => {
    const { alongKm, offKm } = routePosition(points, station.lat, station.lon);
    return offKm <= query.bufferKm ? { distanceKm: offKm, alongKm, detourKm: 2 * offKm } : null;
  });
}

/**
 * @param {Array<any>} stations
 * @param {Query | AlongQuery} query
 * @param {Record<string, any> | null | undefined} countries
 * @param {(station: any) => {distanceKm: number, alongKm?: number, detourKm?: number} | null} place where a station
 *   lies, or null when it is out
 * @returns {Array<Selected>}
 */
function select(stations, query, countries, place) {
  const { fuel, limit, openAt } = query;
  const brand = 'brand' in query ? query.brand : null;
  const included = new Set([...(query.includeBrands ?? []), ...(brand == null ? [] : [brand])].map(fold));
  const excluded = new Set((query.excludeBrands ?? []).map(fold));
  /** @type {Array<Selected>} */
  const kept = [];
  for (const station of stations) {
    const displayed = fuel == null ? null : displayedPrice(station, fuel);
    if (fuel != null && displayed === null) continue;
    const folded = typeof station.brand === 'string' ? fold(station.brand) : null;
    if (included.size > 0 && (folded === null || !included.has(folded))) continue;
    if (folded !== null && excluded.has(folded)) continue;
    const open = openAt == null ? null : openState(station, openAt, countries?.[station.country] ?? null);
    if (open === 'closed') continue;
    const position = place(station);
    if (position === null) continue;
    kept.push(open === null ? { station, ...position, displayed } : { station, ...position, displayed, open });
  }
  // Along a route (R12) the distance along it comes first, then the distance from it.
  const byDistance = (/** @type {Selected} */ a, /** @type {Selected} */ b) => (a.alongKm ?? 0) - (b.alongKm ?? 0) ||
    a.distanceKm - b.distanceKm || byCodeUnits(a.station.id, b.station.id);
  if (query.sort === 'price' && fuel != null) {
    const rank = (/** @type {Selected} */ s) => {
      const found = UNIT_ORDER.indexOf(s.displayed?.unit ?? null);
      return found < 0 ? UNIT_ORDER.length : found;
    };
    const price = (/** @type {Selected} */ s) => s.displayed?.price ?? Infinity;
    kept.sort((a, b) => rank(a) - rank(b) || price(a) - price(b) || byDistance(a, b));
  } else {
    kept.sort(byDistance);
  }
  return limit == null ? kept : kept.slice(0, limit);
}
