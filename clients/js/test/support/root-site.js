// Format 2's first read (R15) on a fake site: its root.json, leaves, parts and id list, made from its v2/index.json
// as docs/format.md says a publisher makes them.

import { createHash } from 'node:crypto';

const hash16 = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

const parse = (key) => key.split('_').map(Number);
const byGrid = (a, b) => {
  const [ra, ca] = parse(a);
  const [rb, cb] = parse(b);
  return ra - rb || ca - cb;
};

/**
 * Publishes the root of `site`'s format-2 index: a leaf per block whose 6 × 6 area holds a listed cell, the parts of
 * the cells in `split` (each station in its quarter, in the tile's order), the id list when the index has `ids`, and
 * `v2/root.json`. Returns the paths written.
 * @param {{files: Map<string, any>}} site a fakeSite
 * @param {{split?: string[]}} [options]
 */
export function publishRoot(site, { split = [] } = {}) {
  const put = (path, text) => site.files.set(path, { status: 200, body: text, headers: {} });
  const index = JSON.parse(site.files.get('v2/index.json').body);
  const keys = Object.keys(index.tiles).sort(byGrid);
  const parts = {};
  const partPaths = {};
  for (const key of split) {
    const [row, col] = parse(key);
    const tile = JSON.parse(site.files.get(`v2/tiles/${key}.${index.tiles[key]}.json`).body);
    const quarters = {};
    for (const s of tile.stations) {
      const q = `${Math.floor(s.lat / 0.25) - 2 * row}${Math.floor(s.lon / 0.25) - 2 * col}`;
      (quarters[q] ??= []).push(s);
    }
    parts[key] = {};
    partPaths[key] = {};
    for (const q of Object.keys(quarters).sort()) {
      const text = JSON.stringify({ version: 1, key, part: q, stations: quarters[q] });
      parts[key][q] = hash16(text);
      partPaths[key][q] = `v2/parts/${key}.${index.tiles[key]}.${q}.json`;
      put(partPaths[key][q], text);
    }
  }
  const blocks = new Set();
  for (const key of keys) {
    const [row, col] = parse(key);
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = col - 1; c <= col + 1; c++) {
        const block = `${Math.floor(r / 4)}_${Math.floor(c / 4)}`;
        const [br, bc] = parse(block);
        if (row >= 4 * br - 1 && row <= 4 * br + 4 && col >= 4 * bc - 1 && col <= 4 * bc + 4) blocks.add(block);
      }
    }
  }
  const leaves = {};
  const leafPaths = {};
  for (const block of [...blocks].sort(byGrid)) {
    const [br, bc] = parse(block);
    const inArea = keys.filter((key) => {
      const [row, col] = parse(key);
      return row >= 4 * br - 1 && row <= 4 * br + 4 && col >= 4 * bc - 1 && col <= 4 * bc + 4;
    });
    const text = JSON.stringify({
      version: 1, block, tiles: Object.fromEntries(inArea.map((key) => [key, index.tiles[key]])),
      parts: Object.fromEntries(inArea.filter((key) => parts[key]).map((key) => [key, parts[key]])),
    });
    leaves[block] = `leaves/${block}.${hash16(text)}.json`;
    leafPaths[block] = `v2/${leaves[block]}`;
    put(leafPaths[block], text);
  }
  let idList;
  if (index.ids) {
    const text = JSON.stringify({ version: 1, shards: index.ids });
    idList = `ids.${hash16(text)}.json`;
    put(`v2/${idList}`, text);
  }
  const root = {
    version: 1, gridDegrees: index.gridDegrees, builtAt: index.builtAt, previous: index.previous,
    countries: index.countries, brands: index.brands, sources: index.sources,
    ...(index.trends ? { trends: index.trends } : {}),
    ...(idList ? { idList } : {}), leafCells: 4, leafMargin: 1, leaves,
  };
  put('v2/root.json', JSON.stringify(root));
  return { leafPaths, partPaths, idList: idList ? `v2/${idList}` : null };
}
