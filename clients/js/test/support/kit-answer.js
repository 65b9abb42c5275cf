// A reader's answer in the conformance kit's terms (conformance/README.md, "Running the cases"): shared by the Node
// runner (conformance.test.js) and the QuickJS harness (quickjs/run.py evaluates this file with its `export`
// keywords removed), so both compare the same thing. Plain JavaScript: no Node API.

/** A lookup's answer in the kit's terms, with every key a case may expect. */
export async function answer(reader, query) {
  const { openAt, ...rest } = query;
  try {
    const asked = openAt == null ? rest : { ...rest, openAt: new Date(openAt) };
    // A query with a route is a lookup along it (R12).
    const result = await ('route' in query ? reader.along(asked) : reader.nearby(asked));
    return {
      outcome: result.outcome,
      error: null,
      missingTiles: result.missingTiles,
      stations: result.stations.map((s) => ({
        id: s.station.id,
        distanceM: metres(s.distanceKm),
        ...(s.alongKm === undefined ? {} : { alongM: metres(s.alongKm), detourM: metres(s.detourKm) }),
        price: s.displayed && {
          price: s.displayed.price, service: s.displayed.service, unit: s.displayed.unit,
          was: s.displayed.was, changed: s.displayed.changed,
        },
        ...(s.open === undefined ? {} : { open: s.open }),
      })),
      format: result.format,
      stale: result.stale,
      staleReasons: Object.keys(result.staleReasons).sort(),
    };
  } catch (error) {
    if (!error || typeof error.code !== 'string') throw error;
    return { outcome: 'failed', error: error.code, missingTiles: [], stations: [], format: null, stale: false,
      staleReasons: [] };
  }
}

/** Kilometres in whole metres, halves away from zero, as the kit rounds them. */
function metres(km) {
  return Math.sign(km) * Math.round(Math.abs(km * 1000));
}

/** A stations() call's answer (R13) in the kit's terms, without `reads`, which the runner takes from its log. */
export async function stationsAnswer(reader, ids, fuel) {
  try {
    const result = await reader.stations(ids, { fuel: fuel ?? null });
    return {
      outcome: result.outcome,
      error: null,
      missingTiles: result.missingTiles,
      ids: result.ids,
      stations: result.stations.map((s) => ({
        id: s.station.id,
        distanceM: metres(s.distanceKm),
        price: s.displayed && {
          price: s.displayed.price, service: s.displayed.service, unit: s.displayed.unit,
          was: s.displayed.was, changed: s.displayed.changed,
        },
      })),
    };
  } catch (error) {
    if (!error || typeof error.code !== 'string') throw error;
    return { outcome: 'failed', error: error.code, missingTiles: [], ids: [], stations: [] };
  }
}

/** A trend() call's answer in the kit's terms. */
export async function trendAnswer(reader, country) {
  try {
    const doc = await reader.trend(country);
    if (doc === null) return { outcome: 'none', error: null, trend: null };
    return { outcome: 'ok', error: null, trend: { country: doc.country, since: doc.since, days: doc.days } };
  } catch (error) {
    if (!error || typeof error.code !== 'string') throw error;
    return { outcome: 'failed', error: error.code, trend: null };
  }
}

/** A history() call's answer (R14) in the kit's terms. */
export async function historyAnswer(reader, id, days, cell) {
  try {
    const options = {};
    if (days != null) options.days = days;
    if (cell != null) options.cell = cell;
    const result = await reader.history(id, options);
    return {
      outcome: result.outcome, error: null, cell: result.cell, status: result.status, days: result.days,
      missingDays: result.missingDays,
    };
  } catch (error) {
    if (!error || typeof error.code !== 'string') throw error;
    return { outcome: 'failed', error: error.code, cell: null, status: null, days: [], missingDays: [] };
  }
}
