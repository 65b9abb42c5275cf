// Type-checked by `tsc --noEmit -p clients/js` (never run): the usage README.md shows, against src/index.d.ts.

import {
  Cache, FuelTilesError, MemoryCache, NearbyResult, OpenState, ReaderRuntime, Trend, cellsOfCircle, createReader,
  displayedPrice, keyOf, openState, stationTimeZone,
} from '../src/index.js';

declare const storage: { getItem(k: string): Promise<string | null>; setItem(k: string, v: string): Promise<void> };

const diskCache: Cache = {
  get: (key) => storage.getItem(key),
  set: (key, value) => storage.setItem(key, value),
};

export async function example(): Promise<string[]> {
  const lines: string[] = [];
  const reader = createReader({ baseUrl: 'https://tiles.example.org/fuel/', cache: new MemoryCache({ maxEntries: 50 }) });
  const other = createReader({ baseUrl: 'https://tiles.example.org/fuel/', format: 2, cache: diskCache,
    timeoutMs: 10_000, stallMs: 5_000 });
  const streaming: boolean = other.runtime.streaming;
  if (!streaming) lines.push('bodies are read whole');
  const runtime: ReaderRuntime = reader.runtime;
  if (runtime.sha256 === 'built-in' || runtime.inflate === 'built-in' || !runtime.timeZones) lines.push(runtime.utf8);
  try {
    const result: NearbyResult = await reader.nearby({ lat: 38.72, lon: -9.14, radiusKm: 10, fuel: 'diesel', limit: 5 });
    if (result.outcome === 'partial') lines.push(`missing ${result.missingTiles.join(', ')}`);
    for (const { station, distanceKm, displayed } of result.stations) {
      const price: number | undefined = displayed?.price;
      lines.push(`${station.name ?? station.id} ${distanceKm.toFixed(1)} km ${price ?? '-'} ${displayed?.unit ?? 'l'}`);
    }
    const cheapest = await reader.nearby({ lat: 41.45, lon: 2.24, radiusKm: 5, fuel: 'diesel', sort: 'price',
      includeBrands: ['Repsol', 'BP'], excludeBrands: ['Shell'], limit: 3 });
    lines.push(...cheapest.stations.map((s) => `${s.displayed?.price ?? '-'} ${s.station.brand ?? ''}`));
    const again = displayedPrice(result.stations[0].station, 'cng');
    const open: OpenState = openState(result.stations[0].station, new Date());
    if (open !== 'closed') lines.push(open);
    if (again) lines.push(String(again.secondary.length));
    const { sources } = await other.sources();
    const attribution = sources.map((s) => s.attribution);
    const country = sources.find((s) => s.country === result.stations[0].station.country) ?? null;
    const zone: string | null = stationTimeZone(result.stations[0].station, country);
    if (zone !== null && country?.currency !== undefined) lines.push(`${zone} ${country.currency}`);
    const byHolidays: OpenState = openState(result.stations[0].station, new Date(), country);
    if (byHolidays === 'automat') lines.push('card payment only');
    const trend: Trend | null = await other.trend('ES');
    const median: number | undefined = trend?.days[0]?.fuels[0]?.median;
    if (median !== undefined) lines.push(String(median));
    lines.push(...attribution, keyOf(38.72, -9.14), ...cellsOfCircle(38.72, -9.14, 10));
  } catch (error) {
    if (error instanceof FuelTilesError) {
      if (error.needsAppUpdate) lines.push('update the app');
      if (error.code === 'deadline-exceeded') lines.push('the server is too slow: retry');
      lines.push(`${error.code}: ${error.message} (${error.failedTiles.length} tiles)`);
    } else {
      throw error;
    }
  }
  return lines;
}

// @ts-expect-error a lookup sorts by distance or price only
createReader({ baseUrl: 'x' }).nearby({ lat: 0, lon: 0, radiusKm: 1, fuel: 'diesel', sort: 'cheapest' });
// @ts-expect-error brand lists are arrays of strings
createReader({ baseUrl: 'x' }).nearby({ lat: 0, lon: 0, radiusKm: 1, excludeBrands: 'Shell' });

// @ts-expect-error format 3 does not exist
createReader({ baseUrl: 'x', format: 3 });

// @ts-expect-error reader.runtime is read-only
createReader({ baseUrl: 'x' }).runtime.sha256 = 'option';
