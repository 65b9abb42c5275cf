// The cache the app provides: string values under string keys. MemoryCache is the one that ships.

/**
 * A cache of strings, kept by the app: in memory ({@link MemoryCache}), or on disk (AsyncStorage, MMKV, files).
 * `get` and `set` may return promises. The reader stores JSON text under keys that start with `fueltiles|` and
 * never needs to list keys. A failing cache never fails a lookup: its errors are ignored.
 * @typedef {{get(key: string): (string | null | undefined | Promise<string | null | undefined>),
 *   set(key: string, value: string): (void | Promise<void>),
 *   delete?(key: string): (void | boolean | Promise<void | boolean>)}} Cache
 */

/** A cache in memory that forgets the least recently used entries beyond `maxEntries`. */
export class MemoryCache {
  /**
   * @param {{maxEntries?: number}} [options] at most this many entries (default 1000: a tile is a few kilobytes)
   */
  constructor(options = {}) {
    /** @type {number} */
    this.maxEntries = options.maxEntries ?? 1000;
    /** @type {Map<string, string>} */
    this.entries = new Map();
  }

  /**
   * The value under `key`, or undefined.
   * @param {string} key
   * @returns {string | undefined}
   */
  get(key) {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /**
   * Stores `value` under `key`, evicting the least recently used entries beyond `maxEntries`.
   * @param {string} key
   * @param {string} value
   */
  set(key, value) {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value);
  }

  /**
   * Forgets `key`.
   * @param {string} key
   * @returns {boolean} whether it was there
   */
  delete(key) {
    return this.entries.delete(key);
  }
}

/**
 * One cached file: its JSON text and what is needed to decide whether to trust it.
 * @typedef {{text: string, fetchedAt: number, maxAge: number, etag?: string | null, builtAt?: string | null}} Entry
 */

/**
 * The entry under `key`, or null when there is none, it is unreadable, or the cache fails.
 * @param {Cache | null} cache
 * @param {string} key
 * @returns {Promise<Entry | null>}
 */
export async function readEntry(cache, key) {
  if (!cache) return null;
  try {
    const value = await cache.get(key);
    if (typeof value !== 'string') return null;
    const entry = JSON.parse(value);
    return entry && typeof entry.text === 'string' && typeof entry.fetchedAt === 'number' ? entry : null;
  } catch {
    return null;
  }
}

/**
 * Stores an entry; a failing cache is ignored.
 * @param {Cache | null} cache
 * @param {string} key
 * @param {Entry} entry
 * @returns {Promise<void>}
 */
export async function writeEntry(cache, key, entry) {
  if (!cache) return;
  try {
    await cache.set(key, JSON.stringify(entry));
  } catch {
    // The answer does not depend on the cache.
  }
}

/**
 * Forgets an entry, where the cache can; a failing cache is ignored.
 * @param {Cache | null} cache
 * @param {string} key
 * @returns {Promise<void>}
 */
export async function dropEntry(cache, key) {
  if (!cache || typeof cache.delete !== 'function') return;
  try {
    await cache.delete(key);
  } catch {
    // Nothing to do: the copy is checked again whenever it is read.
  }
}
