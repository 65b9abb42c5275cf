// R11: whether a station is open at an instant, from its openingHours, in its own time zone.

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const TIME = /^([0-9]{2}):([0-9]{2})$/;

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
 * Whether a point is in a `timeZoneAreas` box: `south <= lat < north` and `west <= lon < east`.
 * @param {any} box
 * @param {number} lat
 * @param {number} lon
 * @returns {boolean}
 */
function inBox(box, lat, lon) {
  if (box == null || !['south', 'west', 'north', 'east'].every((k) => typeof box[k] === 'number')) return false;
  return box.south <= lat && lat < box.north && box.west <= lon && lon < box.east;
}

/**
 * The IANA time zone of a station's clock, from its country's entry of the sources document (`reader.sources()`):
 * the first of its `timeZoneAreas` whose box holds the station, else its `timeZone`; null when the entry gives no
 * zone (or there is none). The reader knows no country by itself.
 * @param {{lat: number, lon: number}} station
 * @param {{timeZone?: unknown, timeZoneAreas?: unknown} | null} [country] the station's country's entry
 * @returns {string | null}
 */
export function stationTimeZone(station, country) {
  if (country == null || typeof country.timeZone !== 'string') return null;
  const areas = Array.isArray(country.timeZoneAreas) ? country.timeZoneAreas : [];
  const area = areas.find((a) => typeof a?.timeZone === 'string' && inBox(a.box, station.lat, station.lon));
  return area ? area.timeZone : country.timeZone;
}

/**
 * The local weekday (Monday 0), minute and date of an instant in a time zone, or null where `Intl` has no time-zone
 * support (QuickJS has no `Intl`; some engines know no IANA zones) or answers something unreadable.
 * @param {Date} instant
 * @param {string} zone
 * @returns {{day: number, minute: number, date: string} | null}
 */
function localTime(instant, zone) {
  /** @type {Record<string, string>} */
  const parts = {};
  try {
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit',
      minute: '2-digit', hour12: false,
    });
    for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  } catch {
    return null;
  }
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday);
  // Some engines write midnight as 24 with hour12 false.
  const minute = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const readable = day >= 0 && Number.isInteger(minute) && minute >= 0 && minute < 1440 &&
    /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(date);
  return readable ? { day, minute, date } : null;
}

/**
 * True when this runtime can tell a station's local time (`Intl.DateTimeFormat` with IANA time zones), so that
 * {@link openState} can answer `open` or `closed`; false where it always answers `unknown` but for `24/7`.
 * @returns {boolean}
 */
export function hasTimeZones() {
  // 2026-01-05 is a Monday; at 12:00 UTC it is 13:00 in the IANA zone one hour east of UTC (POSIX sign).
  const east = localTime(new Date(Date.UTC(2026, 0, 5, 12, 0)), 'Etc/GMT-1');
  return east !== null && east.day === 0 && east.minute === 13 * 60 && east.date === '2026-01-05';
}

/** @param {string} date `YYYY-MM-DD` @returns {string} the day before, `YYYY-MM-DD` */
function dayBefore(date) {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * Whether a date is a public holiday by a country's `publicHolidays` (sources.json): null when the list does not
 * cover it (or there is none).
 * @param {{from?: unknown, to?: unknown, dates?: unknown} | null | undefined} holidays
 * @param {string} date `YYYY-MM-DD`
 * @returns {boolean | null}
 */
function isHoliday(holidays, date) {
  if (holidays == null || typeof holidays.from !== 'string' || typeof holidays.to !== 'string'
    || !Array.isArray(holidays.dates)) return null;
  if (date < holidays.from || date > holidays.to) return null;
  return holidays.dates.includes(date);
}

/**
 * One value of the subset at a local time: open, closed, or unknown (outside the subset, or a PH rule on a day, or
 * the day before, the holiday list does not cover).
 * @param {unknown} text
 * @param {{day: number, minute: number, holiday: boolean | null, yesterdayHoliday: boolean | null} | null} time
 *   null where the runtime cannot tell the local time: only `24/7` answers then
 * @returns {'open' | 'closed' | 'unknown'}
 */
function valueState(text, time) {
  const hours = typeof text === 'string' ? parseOpeningHours(text) : null;
  if (hours === null) return 'unknown';
  if (hours.alwaysOpen) return 'open';
  if (time === null) return 'unknown';
  /** @param {number} day @param {boolean | null} holiday @returns {Array<[number, number]> | null} */
  const rule = (day, holiday) => {
    if (hours.holidays === null || holiday === false) return hours.week[day] ?? [];
    return holiday === true ? hours.holidays : null;
  };
  const today = rule(time.day, time.holiday);
  const yesterday = rule((time.day + 6) % 7, time.yesterdayHoliday);
  if (today === null || yesterday === null) return 'unknown';
  for (const [start, end] of today) {
    if (time.minute >= start && (end <= start || time.minute < end)) return 'open';
  }
  for (const [start, end] of yesterday) {
    if (end <= start && time.minute < end) return 'open';
  }
  return 'closed';
}

/**
 * Whether a station is open at an instant (R11): `"open"` when its openingHours say so, else `"automat"` (open for
 * card payment at the automat) when its automatHours say so, else `"closed"`, or `"unknown"` when it has no
 * openingHours, they are outside the subset, `country` gives no time zone, or they have a PH (public holiday)
 * rule and the country's `publicHolidays` do not cover the local date and the day before, or this runtime cannot
 * tell the time in that zone (no `Intl` time-zone support: see {@link hasTimeZones}; `24/7` still answers). Never
 * throws.
 * @param {{lat: number, lon: number, openingHours?: string, automatHours?: string}} station a station as a tile
 *   spells it
 * @param {Date} instant
 * @param {{timeZone?: unknown, timeZoneAreas?: unknown, publicHolidays?: any} | null} [country] the station's
 *   country's entry of the sources document (`reader.sources()`): its `timeZone`, `timeZoneAreas` and
 *   `publicHolidays`; without it every station with hours but `24/7` answers `"unknown"`
 * @returns {'open' | 'automat' | 'closed' | 'unknown'}
 */
export function openState(station, instant, country) {
  const zone = stationTimeZone(station, country);
  const holidays = country?.publicHolidays ?? null;
  if (zone === null || (station.openingHours === undefined && station.automatHours === undefined)) return 'unknown';
  const local = localTime(instant, zone);
  const time = local && {
    day: local.day, minute: local.minute, holiday: isHoliday(holidays, local.date),
    yesterdayHoliday: isHoliday(holidays, dayBefore(local.date)),
  };
  const staffed = valueState(station.openingHours, time);
  if (staffed === 'open') return 'open';
  if (station.automatHours !== undefined && valueState(station.automatHours, time) === 'open') return 'automat';
  return staffed;
}

/**
 * Whether a station has openingHours or automatHours, which need its country's entry of the sources document.
 * @param {{openingHours?: unknown, automatHours?: unknown}} station
 * @returns {boolean}
 */
export function hasHours(station) {
  return station.openingHours !== undefined || station.automatHours !== undefined;
}

/**
 * Whether a station's openingHours or automatHours has a PH rule, which needs its country's public holidays.
 * @param {{openingHours?: unknown, automatHours?: unknown}} station
 * @returns {boolean}
 */
export function hasHolidayRule(station) {
  return [station.openingHours, station.automatHours].some((text) =>
    typeof text === 'string' && parseOpeningHours(text)?.holidays != null);
}
