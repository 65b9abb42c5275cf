// Bounds in memory and time: a body read as a stream up to a cap, a stall limit per request, a deadline per call.

import { FuelTilesError } from './errors.js';

/** The whole call's deadline (`nearby`, `sources`, `trend`), in milliseconds: as `fuel-nearby`'s 30 s. */
export const DEFAULT_TIMEOUT_MS = 30000;
/** How long one request may go without a byte (headers included), in milliseconds: as `fuel-nearby`'s 20 s. */
export const DEFAULT_STALL_MS = 20000;

/** A body past its cap: reading stopped there. */
export class TooLargeError extends Error {}

/** A request that sent nothing for its stall limit, or whose call passed its deadline. */
export class StalledError extends Error {}

/**
 * What this runtime offers for reading bodies: `streaming` is true when a fetch Response has a `body` stream
 * (Node 18+, browsers), so a body is counted as it arrives and dropped at its cap; false where only
 * `arrayBuffer()` exists (React Native's `fetch`), which holds a whole body before its size is known.
 * @returns {{streaming: boolean}}
 */
export function streamingRuntime() {
  const g = /** @type {any} */ (globalThis);
  const streaming = typeof g.ReadableStream === 'function' && typeof g.Response === 'function' &&
    'body' in g.Response.prototype;
  return { streaming };
}

/** `setTimeout` when the engine has one; a bare engine without timers runs without deadlines. */
const timers = /** @type {any} */ (globalThis);
const hasTimers = typeof timers.setTimeout === 'function' && typeof timers.clearTimeout === 'function';

/**
 * An AbortController when the engine has one, else null.
 * @returns {AbortController | null}
 */
function newController() {
  return typeof globalThis.AbortController === 'function' ? new AbortController() : null;
}

/**
 * One call's deadline: `expired` rejects when it passes, and `signal` (where AbortController exists) aborts every
 * request of the call then.
 */
export class Deadline {
  /** @param {number} ms */
  constructor(ms) {
    this.controller = newController();
    /** @type {AbortSignal | null} */
    this.signal = this.controller ? this.controller.signal : null;
    this.ms = ms;
    /** @type {(error: Error) => void} */
    let reject = () => {};
    /** @type {Promise<never>} */
    this.expired = new Promise((_, r) => { reject = r; });
    this.expired.catch(() => {});
    this.timer = hasTimers && Number.isFinite(ms) ? timers.setTimeout(() => {
      reject(new FuelTilesError('deadline-exceeded',
        `the lookup did not finish within its ${ms / 1000} s deadline and was cancelled; retry`));
      this.controller?.abort();
    }, ms) : null;
  }

  /** Ends the deadline: no timer is left running. */
  end() {
    if (this.timer !== null) timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Runs one call within `timeoutMs`: its answer, or a `deadline-exceeded` FuelTilesError once the deadline passes,
 * even when a request ignores its abort signal (the race does not wait for it).
 * @template T
 * @param {number} timeoutMs
 * @param {(deadline: Deadline) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withinDeadline(timeoutMs, work) {
  const deadline = new Deadline(timeoutMs);
  try {
    return await Promise.race([work(deadline), deadline.expired]);
  } finally {
    deadline.end();
  }
}

/**
 * One request's watch: a stall timer restarted by every byte, and an abort signal for fetch that fires on a stall or
 * on the call's deadline. `race` settles a step (the fetch, a read) as soon as either happens, so an engine without
 * AbortController, or a fetch that ignores it, still returns.
 */
export class Watch {
  /**
   * @param {number} stallMs
   * @param {Deadline | null} deadline
   */
  constructor(stallMs, deadline) {
    this.stallMs = stallMs;
    this.controller = newController();
    /** @type {(error: Error) => void} */
    let reject = () => {};
    /** @type {Promise<never>} */
    this.stopped = new Promise((_, r) => { reject = r; });
    this.stopped.catch(() => {});
    /** @type {Error | null} why the request was abandoned, once it was */
    this.reason = null;
    this.stop = (/** @type {Error} */ error) => {
      if (!this.reason) this.reason = error;
      // Rejected before the abort, so that a race settles with this reason rather than the fetch's AbortError.
      reject(error);
      this.controller?.abort();
    };
    this.timer = null;
    deadline?.expired.catch(() => this.stop(new StalledError('the lookup passed its deadline')));
    this.kick();
  }

  /** The signal to pass to fetch, or undefined without AbortController. */
  get signal() {
    return this.controller ? this.controller.signal : undefined;
  }

  /** A byte arrived (or the request started): the stall limit counts again from now. */
  kick() {
    if (!hasTimers || !Number.isFinite(this.stallMs)) return;
    if (this.timer !== null) timers.clearTimeout(this.timer);
    this.timer = timers.setTimeout(() => this.stop(new StalledError(
      `nothing arrived for ${this.stallMs / 1000} s (stallMs); the request was abandoned`)), this.stallMs);
  }

  /**
   * `step`, unless the request stalls or the deadline passes first.
   * @template T
   * @param {Promise<T>} step
   * @returns {Promise<T>}
   */
  race(step) {
    return Promise.race([step, this.stopped]);
  }

  /** Abandons the request: its fetch is aborted where AbortController exists. */
  abort() {
    this.controller?.abort();
  }

  /** The request is over: no timer is left. */
  end() {
    if (this.timer !== null) timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Reads a response's body, counting bytes: at most `cap` (after any decoding the HTTP layer did). With a body stream
 * (`response.body.getReader()`), reading stops and the stream is cancelled at the cap; without one,
 * `arrayBuffer()` reads it whole and it is refused after. A `Content-Length` over the cap is refused unread.
 * @param {any} response a fetch Response
 * @param {number} cap bytes
 * @param {Watch} watch
 * @returns {Promise<Uint8Array>}
 * @throws {TooLargeError} past the cap
 * @throws {StalledError} when the request stalled or the call's deadline passed
 */
export async function readBody(response, cap, watch) {
  const tooLarge = (/** @type {string} */ what) =>
    new TooLargeError(`${what} is larger than the ${cap / (1 << 20)} MiB cap; reading stopped`);
  const declared = Number(response.headers?.get?.('content-length') ?? NaN);
  const body = response.body;
  if (Number.isFinite(declared) && declared > cap) {
    if (body && typeof body.cancel === 'function') body.cancel().catch(() => {});
    throw tooLarge(`the body (Content-Length ${declared})`);
  }
  if (!body || typeof body.getReader !== 'function') {
    const whole = new Uint8Array(await watch.race(response.arrayBuffer()));
    if (whole.length > cap) throw tooLarge('the body');
    return whole;
  }
  const reader = body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await watch.race(reader.read());
      if (done) break;
      watch.kick();
      length += value.byteLength;
      if (length > cap) throw tooLarge('the body');
      chunks.push(value);
    }
  } catch (error) {
    chunks.length = 0;
    reader.cancel().catch(() => {});
    watch.abort();
    throw error;
  }
  return joinChunks(chunks, length);
}

/**
 * The chunks of a body as one array (the chunk itself when there is one).
 * @param {Uint8Array[]} chunks
 * @param {number} length their total length
 * @returns {Uint8Array}
 */
export function joinChunks(chunks, length) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
