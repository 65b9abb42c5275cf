// A station's price history (R14): the days before the index's build, each day's file of the station's cell.

import { FuelTilesError } from './errors.js';
import { loadFile } from './files.js';
import { readShard, shardOf, shardTable, validateIds } from './ids.js';

/** The most days one history lookup covers: the 7 days an index lists at most. */
export const MAX_HISTORY_DAYS = 7;

/**
 * The `count` UTC days before the UTC day of `builtAt`, oldest first (`2026-12-04`).
 * @param {string} builtAt the index's `builtAt`
 * @param {number} count
 * @returns {string[]}
 */
export function historyWindow(builtAt, count) {
  const midnight = Math.floor(Date.parse(builtAt) / 86400000) * 86400000;
  const days = [];
  for (let back = count; back >= 1; back -= 1) days.push(new Date(midnight - back * 86400000).toISOString().slice(0, 10));
  return days;
}

/**
 * The id, the cell given (or null) and the days of a history call.
 * @param {unknown} id
 * @param {{days?: number, cell?: string | null} | undefined} options
 * @returns {{id: string, cell: string | null, days: number}}
 * @throws {FuelTilesError} `invalid-query` for an empty id, a bad cell, or days outside 1 to 7
 */
export function validateHistory(id, options) {
  const [watched] = validateIds([options?.cell == null ? id : { id, cell: options.cell }]);
  const days = options?.days ?? MAX_HISTORY_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_HISTORY_DAYS) {
    throw new FuelTilesError('invalid-query', `invalid lookup: a history covers 1 to ${MAX_HISTORY_DAYS} days, got ${days}`);
  }
  return { id: watched.id, cell: watched.cell, days };
}

/**
 * A station's history through one index: `{outcome, id, cell, status, days, missingDays, indexBuiltAt, format,
 * stale}`; `status` says how the cell was known (`found` in the id table, `given`, or `unknown`: outcome `empty`,
 * no days); each day `{day, status: 'ok' | 'missing', entries}`.
 * @param {import('./files.js').Context} ctx
 * @param {{format: 1 | 2, document: any, builtAt: string | null, stale?: string | null}} index
 * @param {{id: string, cell: string | null, days: number}} asked
 * @param {Function} sha256
 */
export async function readHistory(ctx, index, asked, sha256) {
  let cell = asked.cell;
  let status = 'given';
  if (cell === null) {
    const table = await readShard(ctx, index, await shardOf(asked.id, sha256), await shardTable(ctx, index));
    cell = table?.get(asked.id) ?? null;
    status = cell === null ? 'unknown' : 'found';
  }
  const answer = {
    outcome: 'empty', id: asked.id, cell, status, days: /** @type {Array<any>} */ ([]),
    missingDays: /** @type {string[]} */ ([]), indexBuiltAt: index.builtAt, format: index.format,
    stale: Boolean(index.stale),
  };
  if (cell === null) return answer;
  const listed = new Set(Array.isArray(index.document.history?.days) ? index.document.history.days : []);
  const window = historyWindow(String(index.builtAt), asked.days);
  const read = await Promise.all(window.map((day) =>
    (listed.has(day) ? dayEntries(ctx, index, day, /** @type {string} */ (cell), asked.id) : Promise.resolve(null))));
  window.forEach((day, position) => {
    const entries = read[position];
    if (entries === null) answer.missingDays.push(day);
    answer.days.push({ day, status: entries === null ? 'missing' : 'ok', entries: entries ?? [] });
  });
  answer.outcome = answer.missingDays.length > 0 ? 'partial' : 'ok';
  return answer;
}

/**
 * The station's entries in one day's file of its cell ([] when the file does not hold it), or null when the file
 * cannot be fetched or read (a missing day).
 * @param {import('./files.js').Context} ctx
 * @param {{format: 1 | 2}} index
 * @param {string} day
 * @param {string} cell
 * @param {string} id
 * @returns {Promise<Array<any> | null>}
 * @throws {FuelTilesError} `unsupported-tile-version` for a file of a newer format
 */
async function dayEntries(ctx, index, day, cell, id) {
  const file = await loadFile(ctx, `${index.format === 2 ? 'v2/' : ''}history/${day}/${cell}.json`);
  if (!('text' in file)) return null;
  let doc;
  try {
    doc = JSON.parse(file.text);
  } catch {
    return null;
  }
  const version = doc?.version ?? 1;
  if (!Number.isInteger(version)) return null;
  if (version > 1) {
    throw new FuelTilesError('unsupported-tile-version',
      `the history of ${cell} on ${day} has format version ${version}; this reader reads version 1. Update the app.`);
  }
  if (doc.key !== cell || doc.day !== day || doc.stations === null || typeof doc.stations !== 'object') return null;
  const entries = doc.stations[id] ?? [];
  return Array.isArray(entries) ? entries : null;
}
