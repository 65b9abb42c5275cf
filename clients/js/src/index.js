// FuelTiles for JavaScript: read the published fuel prices of every country a build publishes, around a point.
// Needs only fetch: crypto.subtle, TextDecoder and DecompressionStream are used when present, else built-in ones
// (sha256.js, utf8.js, inflate.js): browsers, React Native (Hermes), Node 18+, bare engines such as QuickJS.

export { createReader } from './reader.js';
export { MemoryCache } from './cache.js';
export { FuelTilesError, ERROR_CODES } from './errors.js';
export { displayedPrice } from './display.js';
export { hasHolidayRule, openState, parseOpeningHours, stationTimeZone } from './hours.js';
export { MAX_RADIUS_KM } from './query.js';
export { MAX_IDS } from './ids.js';
export { MAX_HISTORY_DAYS } from './history.js';
export { GRID_DEGREES, keyOf, cellsOfCircle } from './grid.js';
export { MAX_BUFFER_KM, cellsOfRoute, parseRoute, routePosition } from './route.js';
export { EARTH_RADIUS_KM, haversineKm } from './distance.js';
