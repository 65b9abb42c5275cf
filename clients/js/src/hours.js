// R11: whether a station is open at an instant, from its openingHours, in its own time zone.

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const TIME = /^([0-9]{2}):([0-9]{2})$/;
const ZONES = { FR: 'Europe/Paris', IT: 'Europe/Rome', AT: 'Europe/Vienna' };

/** @param {string} text `HH:MM`, up to `24:00` @returns {number | null} minutes after midnight */
function minutes(text) {
  const match = TIME.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

/** @param {string} text `off`, `closed` or spans @returns {Array<[number, number]> | null} */
function parseTimes(text) {
  if (text === 'off' || text === 'closed') return [];
  /** @type {Array<[number, number]>} */
  const spans = [];
  for (const part of text.split(',')) {
    const ends = part.split('-');
    if (ends.length !== 2) return null;
    const start = minutes(ends[0]);
    const end = minutes(ends[1]);
    if (start === null || end === null || start === 1440 || start === end) return null;
    spans.push([start, end]);
  }
  return spans;
}

/** @param {string} text `Mo-Fr,Su` @returns {number[] | null} day indexes, Monday 0 */
function parseDays(text) {
  /** @type {number[]} */
  const days = [];
  for (const part of text.split(',')) {
    const ends = part.split('-');
    if (ends.length > 2 || ends.some((end) => !DAYS.includes(end))) return null;
    const first = DAYS.indexOf(ends[0]);
    const last = DAYS.indexOf(ends[ends.length - 1]);
    if (ends.length === 2 && last <= first) return null;
    for (let day = first; day <= last; day += 1) days.push(day);
  }
  return days;
}

/**
 * Reads a value of the published subset of OpenStreetMap's opening_hours (docs/format.md).
 * @param {string} text
 * @returns {null | {alwaysOpen: boolean, week: Array<Array<[number, number]> | null>,
 *   holidays: Array<[number, number]> | null}} null outside the subset
 */
export function parseOpeningHours(text) {
  if (text === '24/7') return { alwaysOpen: true, week: [null, null, null, null, null, null, null], holidays: null };
  /** @type {Array<Array<[number, number]> | null>} */
  const week = [null, null, null, null, null, null, null];
  /** @type {Array<[number, number]> | null} */
  let holidays = null;
  for (const rule of text.split('; ')) {
    const space = rule.indexOf(' ');
    if (space < 0) return null;
    const selector = rule.slice(0, space);
    const spans = parseTimes(rule.slice(space + 1));
    if (spans === null) return null;
    if (selector === 'PH') {
      if (holidays !== null) return null;
      holidays = spans;
      continue;
    }
    const days = parseDays(selector);
    if (days === null) return null;
    for (const day of days) {
      if (week[day] !== null) return null;
      week[day] = spans;
    }
  }
  return { alwaysOpen: false, week, holidays };
}

/**
 * The IANA time zone of a station's clock: by country, and by longitude for the islands an hour behind (ES west of
 * 12° W is Atlantic/Canary, PT west of 20° W Atlantic/Azores); null for a country the tiles do not cover.
 * @param {{country: string, lon: number}} station
 * @returns {string | null}
 */
export function stationTimeZone(station) {
  if (station.country === 'PT') return station.lon < -20 ? 'Atlantic/Azores' : 'Europe/Lisbon';
  if (station.country === 'ES') return station.lon < -12 ? 'Atlantic/Canary' : 'Europe/Madrid';
  return Object.prototype.hasOwnProperty.call(ZONES, station.country)
    ? ZONES[/** @type {keyof typeof ZONES} */ (station.country)] : null;
}

/**
 * The local weekday (Monday 0) and minute of an instant in a time zone, or null where `Intl` has no time-zone support
 * (QuickJS has no `Intl`; some engines know no IANA zones) or answers something unreadable.
 * @param {Date} instant
 * @param {string} zone
 * @returns {{day: number, minute: number} | null}
 */
function localTime(instant, zone) {
  /** @type {Record<string, string>} */
  const parts = {};
  try {
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false,
    });
    for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  } catch {
    return null;
  }
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday);
  // Some engines write midnight as 24 with hour12 false.
  const minute = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  return day < 0 || !Number.isInteger(minute) || minute < 0 || minute >= 1440 ? null : { day, minute };
}

/**
 * True when this runtime can tell a station's local time (`Intl.DateTimeFormat` with IANA time zones), so that
 * {@link openState} can answer `open` or `closed`; false where it always answers `unknown` but for `24/7`.
 * @returns {boolean}
 */
export function hasTimeZones() {
  // 2026-01-05 is a Monday; at 12:00 UTC it is 13:00 in Paris.
  const paris = localTime(new Date(Date.UTC(2026, 0, 5, 12, 0)), 'Europe/Paris');
  return paris !== null && paris.day === 0 && paris.minute === 13 * 60;
}

/**
 * Whether a station is open at an instant (R11): `"open"`, `"closed"`, or `"unknown"` when it has no openingHours,
 * they have a PH (public holiday) rule, they are outside the subset, its country has no known time zone, or this
 * runtime cannot tell the time in that zone (no `Intl` time-zone support: see {@link hasTimeZones}). Never throws.
 * @param {{country: string, lon: number, openingHours?: string}} station a station as a tile spells it
 * @param {Date} instant
 * @returns {'open' | 'closed' | 'unknown'}
 */
export function openState(station, instant) {
  const zone = stationTimeZone(station);
  const hours = typeof station.openingHours === 'string' ? parseOpeningHours(station.openingHours) : null;
  if (hours === null || zone === null || hours.holidays !== null) return 'unknown';
  if (hours.alwaysOpen) return 'open';
  const local = localTime(instant, zone);
  if (local === null) return 'unknown';
  const { day, minute } = local;
  for (const [start, end] of hours.week[day] ?? []) {
    if (minute >= start && (end <= start || minute < end)) return 'open';
  }
  for (const [start, end] of hours.week[(day + 6) % 7] ?? []) {
    if (end <= start && minute < end) return 'open';
  }
  return 'closed';
}
