// Types of the FuelTiles JavaScript reader (hand-written; TypeScript 4.8 syntax). See README.md.

/** A price as a tile spells it (docs/format.md, "Price"). */
export interface Price {
  /** Canonical fuel code, e.g. `"diesel"`; new codes may appear. */
  fuel: string;
  /** EUR per unit. */
  price: number;
  /** When the source says the price was set, UTC `YYYY-MM-DDTHH:MM:SSZ`. */
  updated: string;
  /** Present only when the price is not per litre. */
  unit?: 'kg' | 'm3';
  /** Present only where the source distinguishes self-service from attended (one country's feed does). */
  service?: 'self' | 'full';
  /** The source's own fuel name, for `other`. */
  label?: string;
  /** The last change, with `changed`: the previous different value (docs/format.md, "The last change"). */
  was?: number;
  /** The last change, with `was`: when the publisher first saw the current value, UTC. */
  changed?: string;
}

/** A station as a tile spells it (docs/format.md, "Station"). Unknown keys may appear. */
export interface Station {
  /** `"<CC>-<source id>"`, stable across builds. */
  id: string;
  country: string;
  name: string | null;
  brand: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  lat: number;
  lon: number;
  prices: Price[];
  /** Fuels the station sells but is temporarily out of. */
  unavailable?: string[];
  /** Opening hours as text for people. */
  hours?: string;
  /** Opening hours for machines: the subset of OpenStreetMap's opening_hours in docs/format.md. */
  openingHours?: string;
  /** When fuel is sold by card at the automat, in the same subset (for example `24/7`). */
  automatHours?: string;
  services?: string[];
  motorway?: true;
  restricted?: true;
  [key: string]: unknown;
}

/** The price a station shows for a fuel (R6), and its other prices of that fuel. */
export interface DisplayedPrice {
  fuel: string;
  price: number;
  /** null: per litre. */
  unit: 'kg' | 'm3' | null;
  service: 'self' | 'full' | null;
  updated: string | null;
  label: string | null;
  /** The displayed price's last change: its previous value, null when it has none. */
  was: number | null;
  /** When the displayed price's current value was first seen, null when it has no last change. */
  changed: string | null;
  /** Every other price of the fuel, in the tile's order. */
  secondary: Price[];
}

/**
 * The price a station shows for `fuel` (R6): the lowest in the first unit of litre, kg, m³ that occurs, ties to the
 * first in tile order; null when the station has no price of the fuel.
 */
export function displayedPrice(station: Pick<Station, 'prices'>, fuel: string): DisplayedPrice | null;

/** Whether a station is open at an instant (R11): `automat` is open for card payment only. */
export type OpenState = 'open' | 'automat' | 'closed' | 'unknown';

/** One opening span in minutes after midnight; an end at or before the start runs past midnight. */
export type OpeningSpan = [number, number];

/** A value of the published openingHours subset, read. */
export interface OpeningHours {
  /** `24/7`. */
  alwaysOpen: boolean;
  /** Monday to Sunday: null when no rule names the day (closed), [] for off, else its spans. */
  week: Array<OpeningSpan[] | null>;
  /** The PH rule's spans, or null when there is none. */
  holidays: OpeningSpan[] | null;
}

/** Reads a value of the published openingHours subset; null outside it. */
export function parseOpeningHours(text: string): OpeningHours | null;

/**
 * The IANA time zone of a station's clock, from its country's entry of the sources document: the first of its
 * `timeZoneAreas` whose box holds the station, else its `timeZone`; null when the entry gives no zone (or there is
 * none). The reader knows no country by itself.
 */
export function stationTimeZone(
  station: Pick<Station, 'lat' | 'lon'>, country?: Pick<Source, 'timeZone' | 'timeZoneAreas'> | null): string | null;

/**
 * Whether a station is open at `instant`, read in its own time zone (R11): `open` when its openingHours say so, else
 * `automat` (card payment at the automat) when its automatHours say so, else `closed`; unknown without
 * openingHours, outside the subset, when `country` (the station's country's entry of the sources document) gives no
 * time zone, or with a PH rule on a day its `publicHolidays` do not cover, the day before included; or where `Intl`
 * cannot tell the time in that zone (QuickJS; see `reader.runtime.timeZones`), though `24/7` still answers. Never
 * throws.
 */
export function openState(
  station: Pick<Station, 'lat' | 'lon' | 'openingHours' | 'automatHours'>, instant: Date,
  country?: Pick<Source, 'timeZone' | 'timeZoneAreas' | 'publicHolidays'> | null): OpenState;

/** Whether a station's openingHours or automatHours has a PH rule, which needs its country's public holidays. */
export function hasHolidayRule(station: Pick<Station, 'openingHours' | 'automatHours'>): boolean;

/** A country's national public holidays (sources.json): every holiday from `from` to `to`, `YYYY-MM-DD`. */
export interface PublicHolidays {
  from: string;
  to: string;
  dates: string[];
}

/**
 * The codes of R9, in order of precedence. `runtime-unsupported` is this reader's own set-up code: `createReader`
 * throws it when the runtime lacks a piece the reader cannot do without (a `fetch`); no lookup carries it.
 */
export type ErrorCode =
  | 'runtime-unsupported'
  | 'invalid-query'
  | 'index-server-error'
  | 'index-unavailable'
  | 'unsupported-index-version'
  | 'incompatible-grid'
  | 'hash-mismatch'
  | 'unsupported-tile-version'
  | 'tiles-unavailable'
  /** The call passed `timeoutMs` and was abandoned whole; it never comes with another code. */
  | 'deadline-exceeded';

/** The codes of R9 in order of precedence: when several problems occur, the earliest wins. */
export const ERROR_CODES: readonly ErrorCode[];

/** A tile a failed lookup could not use. */
export interface TileFailure {
  /** The cell, e.g. `"77_-19"`. */
  key: string;
  /** `hash-mismatch`, `unsupported-tile-version` or `tiles-unavailable`. */
  code: ErrorCode;
  url: string;
  /** Why, for people: `HTTP 503`, `its JSON hashes to …`. */
  reason: string;
}

/** Why a lookup produced no answer (`failed`). Branch on `code`; later releases may add codes. */
export class FuelTilesError extends Error {
  constructor(code: string, message: string, failedTiles?: TileFailure[]);
  /**
   * One of {@link ErrorCode}; `sources-unavailable` from {@link Reader.sources}; `trend-unavailable` from
   * {@link Reader.trend}; `ids-unavailable` from {@link Reader.stations}; or a code of a later release.
   */
  readonly code: ErrorCode | 'sources-unavailable' | 'trend-unavailable' | 'ids-unavailable' | (string & {});
  /** For the tile codes, each tile that could not be used; empty otherwise. */
  readonly failedTiles: TileFailure[];
  /** True for `unsupported-index-version`, `unsupported-tile-version` and `incompatible-grid`: "update the app". */
  readonly needsAppUpdate: boolean;
}

/**
 * Where the reader keeps files between lookups. The app implements it (memory, AsyncStorage, MMKV, files) or uses
 * {@link MemoryCache}. Values are strings; methods may be async. Errors are ignored.
 */
export interface Cache {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string): void | Promise<void>;
  /** Optional: lets the reader drop a copy that fails its hash check. */
  delete?(key: string): void | boolean | Promise<void | boolean>;
}

/** A {@link Cache} in memory, least recently used entries forgotten beyond `maxEntries` (default 1000). */
export class MemoryCache implements Cache {
  constructor(options?: { maxEntries?: number });
  readonly maxEntries: number;
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  delete(key: string): boolean;
}

/** The part of a fetch Response the reader uses. */
export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  /** Read as a stream, counted, and cancelled at the cap, where present; else `arrayBuffer()` reads it whole. */
  body?: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * The fetch the reader calls: the global `fetch` fits. `signal` is passed where `AbortController` exists: it aborts
 * a request that stalls or outlives its call.
 */
// `signal` is an AbortSignal; typed `any` so that the DOM's `fetch` fits without the DOM types here.
export type FetchFunction = (url: string, init?: { headers?: Record<string, string>; signal?: any })
  => Promise<FetchResponse>;

export interface ReaderOptions {
  /** The published prefix: the folder holding `index.json` and `v2/`, e.g. `"https://tiles.example.org/fuel/"`. */
  baseUrl: string;
  /**
   * 1, 2, or `'auto'` (default): format 2 when `v2/index.json` exists, else format 1. Format 2 reads `v2/root.json`
   * first, its leaves and parts (R15), and `v2/index.json` when the root answers 404 or 410.
   */
  format?: 1 | 2 | 'auto';
  /** Default: the global `fetch`. */
  fetch?: FetchFunction;
  /** Default: none (every lookup fetches). */
  cache?: Cache;
  /** SHA-256 for format 2's hash check; default `crypto.subtle.digest`, or the built-in one where it is missing. */
  sha256?: (bytes: Uint8Array) => Promise<ArrayBuffer | Uint8Array>;
  /** The clock, in milliseconds; default `Date.now`. */
  now?: () => number;
  /**
   * The longest a whole call (`nearby`, `sources`, `trend`) may take, in ms; default 30 000. Past it the call
   * rejects with `deadline-exceeded`.
   */
  timeoutMs?: number;
  /**
   * The longest one request may go without a byte (headers included), in ms; default 20 000. Past it that file is
   * unavailable: `index-unavailable`, `tiles-unavailable`, or its cached copy, stale, where the rules allow.
   */
  stallMs?: number;
}

/** The order of a lookup's answer (R4). */
export type NearbySort = 'distance' | 'price';

/** A lookup of the stations around a point: where, how far, which, in what order, how many. */
export interface NearbyQuery {
  /** Latitude in [-90, 90]. */
  lat: number;
  /** Longitude in [-180, 180]. */
  lon: number;
  /** More than 0, at most 500 km; a station exactly at the radius is in. */
  radiusKm: number;
  /** Keep only stations with a price of this fuel; each answer then carries its displayed price. */
  fuel?: string | null;
  /**
   * Keep only this brand (trimmed, case-insensitive); stations without a brand never match. An include list of one:
   * the same as `includeBrands: [brand]`, and added to `includeBrands` when both are given.
   */
  brand?: string | null;
  /**
   * Keep only stations of one of these brands (trimmed, case-insensitive, R5); stations without a brand never match.
   * Empty or absent keeps every brand.
   */
  includeBrands?: string[] | null;
  /**
   * Leave out stations of these brands (trimmed, case-insensitive, R5), after `includeBrands`: a brand in both is
   * left out. Stations without a brand are never left out by it.
   */
  excludeBrands?: string[] | null;
  /**
   * The order (R4): `'distance'` (the default) nearest first, equal distances by id; `'price'` cheapest first by the
   * displayed price of `fuel` (its unit in R6's order: litre, kg, m³; then the price, then the distance, then the id).
   * `'price'` without a fuel is `invalid-query`.
   */
  sort?: NearbySort | null;
  /** At most this many stations, the first in `sort`'s order (a whole number ≥ 1). */
  limit?: number | null;
  /** Leave out stations closed at this instant (R11), before the limit; the others carry `open`. */
  openAt?: Date | null;
}

/** A route as GeoJSON spells it: positions of `[longitude, latitude]` (an elevation may follow, and is ignored). */
export interface LineString {
  type: 'LineString';
  coordinates: number[][];
}

/** A lookup along a route (R12): the stations within `bufferKm` of it. */
export interface AlongQuery {
  /** 2 to 100 000 points: a GeoJSON LineString, or a Feature of one; {@link parseRoute} reads GeoJSON and GPX text. */
  route: LineString | { type: 'Feature'; geometry: LineString; properties?: unknown };
  /** How far from the route a station may be: more than 0, at most 50 km; the detour is twice that, at most. */
  bufferKm: number;
  /** As {@link NearbyQuery}'s. */
  fuel?: string | null;
  includeBrands?: string[] | null;
  excludeBrands?: string[] | null;
  /**
   * `'distance'` (the default): along the route from its first point, then nearer the route, then by id; `'price'`:
   * cheapest first by the displayed price of `fuel`, then along the route.
   */
  sort?: NearbySort | null;
  limit?: number | null;
  openAt?: Date | null;
}

export interface NearbyStation {
  station: Station;
  /** Haversine distance in km (R2), unrounded; along a route, the distance from the route (R12). */
  distanceKm: number;
  /** Along a route: the distance along it to the point nearest the station, in km; absent around a point. */
  alongKm?: number;
  /** Along a route: the detour there and back, twice `distanceKm`; absent around a point. */
  detourKm?: number;
  /** The displayed price of the query's fuel; null when the query has no fuel. */
  displayed: DisplayedPrice | null;
  /** With `openAt`: `'open'`, `'automat'` or `'unknown'` (closed stations are left out); absent otherwise. */
  open?: OpenState;
}

/** How each cell of the search circle was settled. */
export type TileState = 'ok' | 'not-listed' | 'missing' | 'stale';

export interface NearbyResult {
  /** `ok`, `empty` (no station known here) or `partial` (show it as incomplete: `missingTiles`). */
  outcome: 'ok' | 'empty' | 'partial';
  /** Nearest first, ties by id (or as the query's `sort` says; along a route, in order along it). */
  stations: NearbyStation[];
  /** Format 1: listed cells whose tile answered 404 with nothing cached, in grid order. */
  missingTiles: string[];
  /** Every cell the circle touches, by key. */
  tiles: Record<string, TileState>;
  /** The `builtAt` of the index read. */
  indexBuiltAt: string | null;
  /** The format that answered. */
  format: 1 | 2;
  /** An older cached copy stood in for a file whose refresh failed. */
  stale: boolean;
  /** Why each stale file could not be refreshed, by its path below the base URL. */
  staleReasons: Record<string, string>;
}

/** A watch list's entry: a station's id and the cell the app stored beside it (from an earlier answer). */
export interface WatchedId {
  id: string;
  /** The cell key, e.g. `"77_-19"`; null or absent to look the id up in the id table. */
  cell?: string | null;
}

/** What became of one id of a lookup by id (R13). */
export interface WatchedOutcome {
  id: string;
  /** `found` where asked (or in the id table's cell), `moved` to another cell, `closed`, or `unknown`. */
  status: 'found' | 'moved' | 'closed' | 'unknown';
  /** The cell it is in now, for `found` and `moved`: store it beside the id. */
  cell?: string;
}

/** The answer of {@link Reader.stations}: the stations found, `distanceKm` 0, and each id's outcome. */
export interface StationsResult extends NearbyResult {
  ids: WatchedOutcome[];
}

/** One country's entry of the sources document: show `attribution`. */
export interface Source {
  country: string;
  publisher: string;
  url: string;
  licence: string;
  licenceUrl: string;
  attribution: string;
  coverage: string;
  updated: string;
  stations: number;
  /** The country's national public holidays, for PH rules (absent from a publisher before them). */
  publicHolidays?: PublicHolidays;
  /** The IANA time zone of the country's station clocks (absent from a publisher before it). */
  timeZone?: string;
  /** The parts of the country keeping another zone, first match wins (absent when none). */
  timeZoneAreas?: TimeZoneArea[];
  /** The ISO 4217 code of the country's prices' currency (absent from a publisher before it). */
  currency?: string;
  [key: string]: unknown;
}

/** A part of a country keeping another time zone: inside when `south <= lat < north` and `west <= lon < east`. */
export interface TimeZoneArea {
  timeZone: string;
  box: { south: number; west: number; north: number; east: number };
}

/**
 * What a reader uses for each piece a runtime may lack: the runtime's own API, or the one built into this package
 * (React Native's Hermes and other bare engines have no `crypto.subtle` or `DecompressionStream`, and older ones no
 * `TextDecoder`).
 */
export interface ReaderRuntime {
  /** Format 2's hash check: `options.sha256`, `crypto.subtle.digest`, or the built-in SHA-256. */
  readonly sha256: 'option' | 'crypto.subtle' | 'built-in';
  /** Decoding UTF-8: the runtime's `TextDecoder` when it is strict (`{fatal: true}`), else the built-in decoder. */
  readonly utf8: 'TextDecoder' | 'built-in';
  /** Inflating a body that arrives still gzipped: `DecompressionStream`, else the built-in inflate. */
  readonly inflate: 'DecompressionStream' | 'built-in';
  /** True when `Intl` tells the time in a station's zone; false: {@link openState} answers `unknown`. */
  readonly timeZones: boolean;
  /**
   * True when a fetch Response has a body stream (Node 18+, browsers): a body is counted as it arrives and dropped
   * at its cap (64 MiB, an index 16 MiB). False (React Native's fetch): `arrayBuffer()` holds a whole body before
   * its size is known, and a body over the cap is refused only after it arrived.
   */
  readonly streaming: boolean;
}

export interface Reader {
  /** The base URL, ending in `/`. */
  readonly baseUrl: string;
  readonly format: 1 | 2 | 'auto';
  /** What this reader uses where a runtime may lack an API (a frozen object). */
  readonly runtime: ReaderRuntime;
  /** The stations around a point. Rejects with a {@link FuelTilesError} when the outcome is `failed`. */
  nearby(query: NearbyQuery): Promise<NearbyResult>;
  /**
   * The stations along a route (R12), each with `alongKm` and `detourKm`; only the tiles of the route's corridor are
   * read. The same outcomes and errors as {@link Reader.nearby}.
   */
  along(query: AlongQuery): Promise<NearbyResult>;
  /**
   * Watched stations by id (R13), in the order asked, each id once; `ids` says what became of each: `found`,
   * `moved` (store its new `cell`), `closed` or `unknown`. An id with its cell reads only that tile; any other is
   * found through its id shard. The same outcomes and errors as {@link Reader.nearby}, and `ids-unavailable` when a
   * needed shard cannot be read.
   */
  stations(ids: Array<string | WatchedId>, options?: { fuel?: string | null }): Promise<StationsResult>;
  /** The sources document: who publishes each country's data and the attribution an app must show. */
  sources(): Promise<{ version: number; sources: Source[] }>;
  /**
   * A country's trend, as the index lists it; null when the index lists none for the country. Format 2's file is
   * held to the hash in its name.
   */
  trend(country: string): Promise<Trend | null>;
  /**
   * A station's price history (R14) over the `days` (1 to 7, default 7) UTC days before the index's build, oldest
   * first. The cell is the one given, else the one its id shard names. A day the index does not list, or whose file
   * cannot be read, is `missing` and the outcome `partial`; an id with no known cell is `empty`, with no days.
   * Rejects with the index's codes, `ids-unavailable`, `unsupported-tile-version` (a file of a newer format),
   * `invalid-query` or `deadline-exceeded`.
   */
  history(id: string, options?: { days?: number; cell?: string | null }): Promise<HistoryResult>;
}

/** One station's price of one fuel and unit (and service and label, where the price has them) over one UTC day. */
export interface HistoryEntry {
  fuel: string;
  /** Absent when per litre. */
  unit?: 'kg' | 'm3';
  service?: 'self' | 'full';
  label?: string;
  /** The first build's price that day. */
  open: number;
  low: number;
  high: number;
  /** The last build's price that day. */
  close: number;
  /** How many of the day's builds published a price other than the build before them. */
  changes: number;
}

/** One UTC day of a history answer. */
export interface HistoryDay {
  /** `YYYY-MM-DD`. */
  day: string;
  /** `missing`: the index does not list the day, or its file could not be read. */
  status: 'ok' | 'missing';
  /** The station's entries that day; empty when its cell's file does not hold it, or the day is missing. */
  entries: HistoryEntry[];
}

/** {@link Reader.history}'s answer. */
export interface HistoryResult {
  outcome: 'ok' | 'partial' | 'empty';
  id: string;
  /** The cell whose files were read; null when it is unknown. */
  cell: string | null;
  /** How the cell was known. */
  status: 'found' | 'given' | 'unknown';
  days: HistoryDay[];
  /** The missing days, oldest first. */
  missingDays: string[];
  indexBuiltAt: string;
  format: 1 | 2;
  /** An older cached index stood in. */
  stale: boolean;
}

/**
 * A reader of one published base. Throws a TypeError for bad options, and a {@link FuelTilesError} with code
 * `runtime-unsupported` when the runtime has no `fetch` and none is passed.
 */
export function createReader(options: ReaderOptions): Reader;

/** The cell size every index must have, in degrees. */
export const GRID_DEGREES: 0.5;
/** The radius of the FuelTiles sphere, in km. */
export const EARTH_RADIUS_KM: number;
/** The largest search radius, in km. */
export const MAX_RADIUS_KM: number;
/** The most ids one lookup by id ({@link Reader.stations}) accepts: 1000. */
export const MAX_IDS: number;
/** The most days one history lookup covers (7). */
export const MAX_HISTORY_DAYS: number;
/** The key of the cell holding a point: `keyOf(38.72, -9.14) === "77_-19"`. */
export function keyOf(lat: number, lon: number): string;
/** Every candidate cell of a search circle (R1), in grid order. */
export function cellsOfCircle(lat: number, lon: number, radiusKm: number): string[];
/** The widest buffer of a lookup along a route, in km. */
export const MAX_BUFFER_KM: number;
/** Every cell of a route's corridor (R12), in grid order; points as `{lat, lon}`. */
export function cellsOfRoute(points: Array<{ lat: number; lon: number }>, bufferKm: number): string[];
/** Where a point lies relative to a route (R12): the distance along it and from it, in km. */
export function routePosition(
  points: Array<{ lat: number; lon: number }>, lat: number, lon: number): { alongKm: number; offKm: number };
/**
 * A route file's text as a LineString: GeoJSON (a LineString, a Feature of one, or the one LineString of a
 * FeatureCollection) or GPX (its track points, or its route points without a track). Throws `invalid-query`.
 */
export function parseRoute(text: string): LineString;
/** Haversine distance in km (R2). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number;

/** One fuel's figures on one day (docs/format.md "Trends"): of each station's displayed price in this unit. */
export interface TrendFigures {
  fuel: string;
  /** Absent for litres, as in a tile. */
  unit?: 'kg' | 'm3';
  median: number;
  p10: number;
  p90: number;
  min: number;
  /** How many stations the figures count, one price each. */
  stations: number;
}

/** `trends/<CC>.json`: one row per UTC day, oldest first, at most 365. */
export interface Trend {
  version: number;
  country: string;
  /** The UTC day the trend started, `YYYY-MM-DD`. */
  since: string;
  days: Array<{ day: string; fuels: TrendFigures[] }>;
}
