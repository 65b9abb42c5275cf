import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EARTH_RADIUS_KM, haversineKm } from '../src/index.js';

test('the sphere is 6371.0088 km', () => assert.equal(EARTH_RADIUS_KM, 6371.0088));

test('a point is 0 km from itself', () => assert.equal(haversineKm(38.72, -9.14, 38.72, -9.14), 0));

test('one degree of latitude is R·π/180', () => {
  assert.ok(Math.abs(haversineKm(0, 0, 1, 0) - (6371.0088 * Math.PI) / 180) < 1e-9);
});

test('antipodes are half the circumference (asin clamped at 1)', () => {
  assert.ok(Math.abs(haversineKm(0, 0, 0, 180) - 6371.0088 * Math.PI) < 1e-9);
});

test('Lisbon to Madrid, and the same distance both ways, bit for bit', () => {
  const d = haversineKm(38.72, -9.14, 40.4168, -3.7038);
  assert.ok(Math.abs(d - 502.6) < 1, String(d));
  assert.equal(haversineKm(40.4168, -3.7038, 38.72, -9.14), d);
});

test('computed in the agreed order (R2), bit for bit', () => {
  // The formula of R2 written out here independently; a reordering of the arithmetic changes low bits.
  const [lat1, lon1, lat2, lon2] = [45.07, 7.68, 45.0712345, 7.6987654];
  const r = Math.PI / 180;
  const s1 = Math.sin(((lat2 - lat1) * r) / 2);
  const s2 = Math.sin(((lon2 - lon1) * r) / 2);
  const a = s1 * s1 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * s2 * s2;
  assert.equal(haversineKm(lat1, lon1, lat2, lon2), 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a))));
});
