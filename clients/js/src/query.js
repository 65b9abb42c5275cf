// Validation (R7) and the filters of R3–R5 and R11: radius, order, limit, fuel, brand and open now.

import { FuelTilesError } from './errors.js';
import { haversineKm } from './distance.js';
import { displayedPrice } from './display.js';
import { openState } from './hours.js';

/** The largest search radius a reader accepts, in kilometres (R7). */
export const MAX_RADIUS_KM = 500;

/**
 * Checks a query before any request (R7): latitude in [-90, 90], longitude in [-180, 180], 0 < radiusKm ≤ 500,
 * limit a whole number ≥ 1 when given, fuel and brand strings when given, openAt a valid Date when given.
 * @param {{lat: number, lon: number, radiusKm: number, fuel?: string | null, brand?: string | null,
 *   limit?: number | null, openAt?: Date | null}} query
 * @throws {FuelTilesError} with code `invalid-query`
 */
export function validateQuery(query) {
  const fail = (/** @type {string} */ reason) => {
    throw new FuelTilesError('invalid-query', `invalid lookup: ${reason}`);
  };
  if (query === null || typeof query !== 'object') fail('the query must be an object');
  const { lat, lon, radiusKm, fuel, brand, limit } = query;
  const isNumber = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
  if (!isNumber(lat) || lat < -90 || lat > 90) fail(`latitude must be between -90 and 90, got ${lat}`);
  if (!isNumber(lon) || lon < -180 || lon > 180) fail(`longitude must be between -180 and 180, got ${lon}`);
  if (!isNumber(radiusKm) || radiusKm <= 0 || radiusKm > MAX_RADIUS_KM) {
    fail(`the radius must be more than 0 and at most ${MAX_RADIUS_KM} km, got ${radiusKm}`);
  }
  if (limit != null && (!Number.isInteger(limit) || limit < 1)) fail(`the limit must be at least 1, got ${limit}`);
  if (fuel != null && typeof fuel !== 'string') fail('the fuel must be a fuel code such as "diesel"');
  if (brand != null && typeof brand !== 'string') fail('the brand must be a string');
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
 * The answer's stations (R3–R5): within the radius (inclusive), with a price of the fuel and of the brand when
 * asked, nearest first, equal distances by id, at most `limit`. Each comes with its distance and, when the query
 * names a fuel, its displayed price (R6). With `openAt`, stations closed then (R11) are left out before the limit,
 * and each kept one says `open`: `'open'`, `'automat'` or `'unknown'`, read with its country's entry of `countries`.
 * @param {Array<any>} stations the stations of every tile read
 * @param {{lat: number, lon: number, radiusKm: number, fuel?: string | null, brand?: string | null,
 *   limit?: number | null, openAt?: Date | null}} query
 * @param {Record<string, any> | null} [countries] each country's entry of sources.json (`timeZone`, `timeZoneAreas`,
 *   `publicHolidays`), by country code
 * @returns {Array<{station: any, distanceKm: number, displayed: ReturnType<typeof displayedPrice>,
 *   open?: 'open' | 'automat' | 'closed' | 'unknown'}>}
 */
export function selectStations(stations, query, countries) {
  const { lat, lon, radiusKm, fuel, brand, limit, openAt } = query;
  const wanted = brand == null ? null : fold(brand);
  const kept = [];
  for (const station of stations) {
    const displayed = fuel == null ? null : displayedPrice(station, fuel);
    if (fuel != null && displayed === null) continue;
    if (wanted !== null && (typeof station.brand !== 'string' || fold(station.brand) !== wanted)) continue;
    const open = openAt == null ? null : openState(station, openAt, countries?.[station.country] ?? null);
    if (open === 'closed') continue;
    const distanceKm = haversineKm(lat, lon, station.lat, station.lon);
    if (distanceKm > radiusKm) continue;
    kept.push(open === null ? { station, distanceKm, displayed } : { station, distanceKm, displayed, open });
  }
  // Equal distances by id in code-unit order (`<` on strings), not by locale.
  const byId = (/** @type {string} */ x, /** @type {string} */ y) => (x < y ? -1 : x > y ? 1 : 0);
  kept.sort((a, b) => a.distanceKm - b.distanceKm || byId(a.station.id, b.station.id));
  return limit == null ? kept : kept.slice(0, limit);
}
