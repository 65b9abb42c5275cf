// The error codes of R9 and their precedence.

/**
 * The codes a failed lookup carries, in order of precedence (R9): when several problems occur, the first of this
 * list wins. `deadline-exceeded` (the call passed `timeoutMs`) comes alone: the call was abandoned whole. Later
 * releases may add codes: keep a default branch when you switch on them. The first, `runtime-unsupported`, is this
 * reader's own set-up code: `createReader` throws it when the runtime lacks a piece it cannot do without (a
 * `fetch`), and no lookup carries it.
 */
export const ERROR_CODES = Object.freeze([
  'runtime-unsupported',
  'invalid-query',
  'index-server-error',
  'index-unavailable',
  'unsupported-index-version',
  'incompatible-grid',
  'hash-mismatch',
  'unsupported-tile-version',
  'tiles-unavailable',
  'deadline-exceeded',
]);

/**
 * Why a lookup produced no answer. Branch on `code` (stable), show `message` (for people; wording may change).
 * `failedTiles` lists each tile that could not be used, for the tile codes; it is empty for the others.
 */
export class FuelTilesError extends Error {
  /**
   * @param {string} code one of {@link ERROR_CODES}
   * @param {string} message what failed and what to do
   * @param {Array<{key: string, code: string, url: string, reason: string}>} [failedTiles]
   */
  constructor(code, message, failedTiles = []) {
    super(message);
    this.name = 'FuelTilesError';
    /** @type {string} */
    this.code = code;
    /** @type {Array<{key: string, code: string, url: string, reason: string}>} */
    this.failedTiles = failedTiles;
  }

  /**
   * True for the codes that mean "this app is too old for the published data": show "update the app".
   * @returns {boolean}
   */
  get needsAppUpdate() {
    return this.code === 'unsupported-index-version' || this.code === 'unsupported-tile-version' ||
      this.code === 'incompatible-grid';
  }
}

/**
 * The code that wins among several (R9's precedence); unknown codes rank last.
 * @param {string[]} codes
 * @returns {string}
 */
export function firstByPrecedence(codes) {
  const rank = (/** @type {string} */ code) => {
    const at = ERROR_CODES.indexOf(code);
    return at < 0 ? ERROR_CODES.length : at;
  };
  return [...codes].sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * The lookup's error when tiles failed: the most important tile code, every failure listed.
 * @param {Array<{key: string, code: string, url: string, reason: string}>} failures
 * @returns {FuelTilesError}
 */
export function tilesError(failures) {
  const code = firstByPrecedence(failures.map((f) => f.code));
  const list = failures.map((f) => `tile ${f.key} (${f.url}: ${f.reason})`).join(', ');
  const advice = {
    'hash-mismatch': 'a file that fails its hash check was changed or damaged after it was published; nothing of ' +
      'it is shown or cached',
    'unsupported-tile-version': 'the tiles have a newer format than this app reads: update the app',
    'tiles-unavailable': 'no cached copy exists, and answering without them would silently miss stations; retry later',
  }[code] ?? 'retry later';
  return new FuelTilesError(code, `cannot answer: ${list} could not be used; ${advice}`, failures);
}
