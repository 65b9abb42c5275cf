// The display rule R6: which one price of a fuel a station shows.

/** Units in order of preference: litre (no `unit` key), then kg, then m³. */
const UNIT_PREFERENCE = [null, 'kg', 'm3'];

/**
 * The price a station shows for a fuel (R6), and its other prices of that fuel.
 *
 * Among the station's prices of `fuel`, the unit is the first of litre (no `unit`), `kg`, `m3` that occurs; among
 * the prices in that unit, the lowest wins, ties going to the first in the tile's order. Every other price of the fuel
 * is secondary (in the tile's order), for example the attended-service price where a self-service one is shown.
 *
 * @param {{prices?: Array<{fuel: string, price: number, updated?: string, unit?: string, service?: string,
 *   label?: string, was?: number, changed?: string}>}} station a station as a tile spells it
 * @param {string} fuel a fuel code, e.g. `"diesel"`
 * @returns {null | {fuel: string, price: number, unit: string | null, service: string | null,
 *   updated: string | null, label: string | null, was: number | null, changed: string | null,
 *   secondary: Array<object>}} null when the station has no price of
 *   the fuel
 */
export function displayedPrice(station, fuel) {
  const prices = (station.prices ?? []).filter((p) => p.fuel === fuel);
  if (prices.length === 0) return null;
  const unitOf = (/** @type {{unit?: string}} */ p) => p.unit ?? null;
  let unit = UNIT_PREFERENCE.find((u) => prices.some((p) => unitOf(p) === u));
  // A unit this reader does not know yet: the first price's unit stands.
  if (unit === undefined) unit = unitOf(prices[0]);
  // Strictly lower replaces, so a tie keeps the first in tile order.
  const best = prices.filter((p) => unitOf(p) === unit).reduce((low, p) => (p.price < low.price ? p : low));
  return {
    fuel,
    price: best.price,
    unit: best.unit ?? null,
    service: best.service ?? null,
    updated: best.updated ?? null,
    label: best.label ?? null,
    was: best.was ?? null,
    changed: best.changed ?? null,
    secondary: prices.filter((p) => p !== best),
  };
}
