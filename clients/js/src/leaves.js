// Format 2's first read (R15): which leaves of a root a lookup reads, and which tiles or parts of tiles its cells need.

import { parseLeaf } from './documents.js';
import { compareKeys, parseKey } from './grid.js';
import { CACHE_PREFIX, loadNamedFile } from './files.js';
import { readEntry } from './cache.js';

/** Cells per side of a leaf's block, and the ring of cells around it that the leaf lists too (the root's
 * `leafCells` and `leafMargin`). */
export const LEAF_CELLS = 4;
export const LEAF_MARGIN = 1;

/** The 0.25° grid of a cell's quarters: each cell is 2 × 2 of them. */
const QUARTER_DEGREES = 0.25;

/**
 * One cell's read: `tile` the whole tile, `parts` those quarters, `none` a listed cell that has no station in the
 * lookup's box (no request).
 * @typedef {{key: string, read: 'tile', path: string, hash: string}
 *   | {key: string, read: 'parts', parts: Array<{quarter: string, path: string, hash: string}>}
 *   | {key: string, read: 'none'}} CellRead
 * @typedef {{key: string, code: string, url: string, reason: string}} LeafFailure
 */

/**
 * The block that holds a cell: `floor(row / 4)_floor(column / 4)`.
 * @param {number} row
 * @param {number} col
 * @returns {string}
 */
export function blockOf(row, col) {
  return `${Math.floor(row / LEAF_CELLS)}_${Math.floor(col / LEAF_CELLS)}`;
}

/**
 * Every block whose leaf covers a cell (its own 4 × 4 cells and the ring of one around them): one to four.
 * @param {number} row
 * @param {number} col
 * @returns {string[]}
 */
export function blocksCovering(row, col) {
  const span = (/** @type {number} */ at) => {
    const low = Math.ceil((at - LEAF_CELLS - LEAF_MARGIN + 1) / LEAF_CELLS);
    const high = Math.floor((at + LEAF_MARGIN) / LEAF_CELLS);
    const all = [];
    for (let b = low; b <= high; b++) all.push(b);
    return all;
  };
  return span(row).flatMap((br) => span(col).map((bc) => `${br}_${bc}`));
}

/**
 * The quarters (`"01"`: south half, east half) of a cell that meet a box, on the 0.25° grid.
 * @param {number} row
 * @param {number} col
 * @param {{south: number, north: number, west: number, east: number}} box
 * @returns {string[]}
 */
export function quartersInBox(row, col, box) {
  const found = [];
  for (let q = Math.floor(box.south / QUARTER_DEGREES); q <= Math.floor(box.north / QUARTER_DEGREES); q++) {
    const i = q - 2 * row;
    if (i !== 0 && i !== 1) continue;
    for (let p = Math.floor(box.west / QUARTER_DEGREES); p <= Math.floor(box.east / QUARTER_DEGREES); p++) {
      const j = p - 2 * col;
      if (j === 0 || j === 1) found.push(`${i}${j}`);
    }
  }
  return found;
}

/**
 * What a lookup reads for `cells` through a root (R15): the leaves it needs (a cell is answered by a leaf already
 * chosen or cached that covers it, else by its own block's; a block the root does not list has no stations), read
 * at once, then each listed cell's whole tile, or around a point (`box` given) the parts of a split cell that meet
 * the box: none, one or two parts, three or four the whole tile.
 * @param {import('./files.js').Context} ctx
 * @param {{leaves: Map<string, {path: string, hash: string}>}} root
 * @param {string[]} cells in the order the rule reads them (a circle's centre cell first)
 * @param {{south: number, north: number, west: number, east: number} | null} box the circle's box; null for whole tiles
 * @returns {Promise<{reads: CellRead[], notListed: string[], failures: LeafFailure[], notFound: boolean}>}
 */
export async function planThroughLeaves(ctx, root, cells, box) {
  /** @type {Map<string, {path: string, hash: string}>} */
  const chosen = new Map();
  /** @type {string[]} */
  const listedCells = [];
  /** @type {string[]} */
  const notListed = [];
  for (const key of cells) {
    const { row, col } = /** @type {{row: number, col: number}} */ (parseKey(key));
    if (!root.leaves.has(blockOf(row, col))) {
      notListed.push(key);
      continue;
    }
    listedCells.push(key);
    const covering = blocksCovering(row, col).filter((block) => root.leaves.has(block));
    if (covering.some((block) => chosen.has(block))) continue;
    let pick = blockOf(row, col);
    for (const block of covering) {
      const leaf = /** @type {{path: string, hash: string}} */ (root.leaves.get(block));
      if (await readEntry(ctx.cache, CACHE_PREFIX + ctx.base + leaf.path)) {
        pick = block;
        break;
      }
    }
    chosen.set(pick, /** @type {{path: string, hash: string}} */ (root.leaves.get(pick)));
  }
  const blocks = [...chosen.keys()].sort(compareKeys);
  const loaded = await Promise.all(blocks.map(async (block) => {
    const leaf = /** @type {{path: string, hash: string}} */ (chosen.get(block));
    const file = await loadNamedFile(ctx, leaf.path, leaf.hash);
    const parsed = 'text' in file ? parseLeaf(file.text, block) : file;
    const url = ctx.base + leaf.path;
    return { block, parsed, url, notFound: 'notFound' in file && file.notFound === true };
  }));
  /** @type {LeafFailure[]} */
  const failures = [];
  for (const { block, parsed, url } of loaded) {
    if ('code' in parsed) failures.push({ key: `leaf ${block}`, code: parsed.code, url, reason: parsed.reason });
  }
  const notFound = loaded.some((l) => l.notFound);
  if (failures.length > 0) return { reads: [], notListed, failures, notFound };
  /** @type {CellRead[]} */
  const reads = [];
  for (const key of listedCells) {
    const { row, col } = /** @type {{row: number, col: number}} */ (parseKey(key));
    const leaf = loaded.find(({ block }) => blocksCovering(row, col).includes(block))?.parsed;
    const hash = leaf && 'tiles' in leaf ? leaf.tiles.get(key) : undefined;
    if (!leaf || !('tiles' in leaf) || hash === undefined) {
      notListed.push(key);
      continue;
    }
    const split = leaf.parts.get(key);
    const quarters = split && box ? quartersInBox(row, col, box).filter((q) => split.has(q)) : null;
    if (quarters === null || quarters.length > 2) {
      reads.push({ key, read: 'tile', path: `v2/tiles/${key}.${hash}.json`, hash });
    } else if (quarters.length === 0) {
      reads.push({ key, read: 'none' });
    } else {
      const parts = quarters.map((quarter) => ({
        quarter, path: `v2/parts/${key}.${hash}.${quarter}.json`, hash: /** @type {string} */ (split?.get(quarter)),
      }));
      reads.push({ key, read: 'parts', parts });
    }
  }
  return { reads, notListed, failures, notFound };
}
