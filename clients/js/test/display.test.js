import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayedPrice } from '../src/index.js';

const at = '2026-11-29T08:31:00Z';
const p = (fuel, price, extra = {}) => ({ fuel, price, updated: at, ...extra });

const cases = [
  { name: 'the lowest price of the fuel', prices: [p('diesel', 1.7), p('diesel', 1.6), p('gasoline_95', 1.1)],
    fuel: 'diesel', shown: 1.6, secondary: [1.7] },
  { name: 'self beside full (IT): the lower, with its service', fuel: 'diesel',
    prices: [p('diesel', 1.799, { service: 'full' }), p('diesel', 1.642, { service: 'self' })],
    shown: 1.642, service: 'self', secondary: [1.799] },
  { name: 'litre before kg, even when kg is cheaper', fuel: 'cng',
    prices: [p('cng', 1.1, { unit: 'kg' }), p('cng', 1.5)], shown: 1.5, unit: null, secondary: [1.1] },
  { name: 'kg before m3, even when m3 is cheaper (PT)', fuel: 'cng',
    prices: [p('cng', 0.9, { unit: 'm3' }), p('cng', 1.5, { unit: 'kg' }), p('cng', 1.4, { unit: 'kg' })],
    shown: 1.4, unit: 'kg', secondary: [0.9, 1.5] },
  { name: 'a tie goes to the first in tile order', fuel: 'diesel',
    prices: [p('diesel', 1.6, { service: 'full' }), p('diesel', 1.6, { service: 'self' })],
    shown: 1.6, service: 'full', secondary: [1.6] },
  { name: 'm3 alone', fuel: 'cng', prices: [p('cng', 0.9, { unit: 'm3' })], shown: 0.9, unit: 'm3', secondary: [] },
];
for (const c of cases) {
  test(`displayed price: ${c.name}`, () => {
    const shown = displayedPrice({ prices: c.prices }, c.fuel);
    assert.ok(shown);
    assert.equal(shown.price, c.shown);
    assert.equal(shown.unit, c.unit ?? null);
    assert.equal(shown.service, c.service ?? null);
    assert.equal(shown.updated, at);
    assert.deepEqual(shown.secondary.map((x) => x.price), c.secondary);
    assert.ok(!shown.secondary.includes(c.prices.find((x) => x.price === c.shown && (x.service ?? null) === shown.service)));
  });
}

test('no displayed price without a price of the fuel, whatever `unavailable` says', () => {
  assert.equal(displayedPrice({ prices: [p('gasoline_95', 1.8)], unavailable: ['diesel'] }, 'diesel'), null);
  assert.equal(displayedPrice({ prices: [] }, 'diesel'), null);
});
