// Distances of R2: haversine on a sphere, computed in exactly the agreed order so every reader gets the same doubles.

/** The radius of the FuelTiles sphere, in kilometres (the IUGG mean radius). */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * The great-circle distance between two points in kilometres (haversine, R2).
 * @param {number} lat1 latitude of the first point, degrees
 * @param {number} lon1 longitude of the first point, degrees
 * @param {number} lat2 latitude of the second point, degrees
 * @param {number} lon2 longitude of the second point, degrees
 * @returns {number}
 */
export function haversineKm(lat1, lon1, lat2, lon2) {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLon / 2);
  const a = s1 * s1 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * s2 * s2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
