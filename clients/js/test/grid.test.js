import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellsOfCircle, keyOf } from '../src/index.js';
import { compareKeys } from '../src/grid.js';

const points = [
  ['Lisbon', 38.72, -9.14, '77_-19'],
  ['floor, not truncation', -0.1, -0.1, '-1_-1'],
  ['negative zero', -0.0, -0.0, '0_0'],
  ['origin', 0, 0, '0_0'],
  ['a cell edge belongs to the cell above', 39.5, -9.5, '79_-19'],
  ['just below an edge', 39.49999999, -9.50000001, '78_-20'],
  ['east edge of the world', 10, 180, '20_360'],
  ['west edge of the world', 10, -180, '20_-360'],
  ['north pole', 90, 0, '180_0'],
  ['south pole', -90, 0, '-180_0'],
];
for (const [name, lat, lon, key] of points) {
  test(`key of ${name}`, () => assert.equal(keyOf(lat, lon), key));
}

test('a 10 km circle needs one cell inside it, four near a corner', () => {
  assert.deepEqual(cellsOfCircle(38.72, -9.14, 10), ['77_-19']);
  assert.deepEqual(cellsOfCircle(38.99, -9.01, 10), ['77_-19', '77_-18', '78_-19', '78_-18']);
});

test('cells are in grid order: by row, then column, numerically', () => {
  const cells = cellsOfCircle(0, 0, 100);
  assert.deepEqual(cells, [...cells].sort(compareKeys));
  assert.equal(cells[0], '-2_-2');
  assert.ok(compareKeys('77_-19', '77_-16') < 0);
  assert.ok(compareKeys('-1_5', '0_-5') < 0);
});

test('no wrapping at ±180°: columns go past 360 and below -360', () => {
  const east = cellsOfCircle(0, 179.9, 30);
  assert.ok(east.includes('0_360'), east.join(' '));
  assert.ok(!east.some((k) => k.endsWith('_-360')), 'an east circle wrapped');
  const west = cellsOfCircle(0, -179.9, 30);
  assert.ok(west.includes('0_-361'), west.join(' '));
});

test('near the pole the longitude span is capped at 180°, latitude at 90°', () => {
  const cells = cellsOfCircle(89.9, 0, 50);
  const rows = new Set(cells.map((k) => Number(k.split('_')[0])));
  const cols = cells.map((k) => Number(k.split('_')[1]));
  assert.deepEqual([...rows], [178, 179, 180]);
  assert.equal(Math.min(...cols), -360);
  assert.equal(Math.max(...cols), 360);
});
