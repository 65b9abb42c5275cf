// What the QuickJS harness (run.py) adds to the engine: console.log and a fetch, both backed by Python host
// functions (__hostLog, __hostFetch), and a runner of one conformance case in the kit's terms, the same mapping as
// test/conformance.test.js's `answer`. QuickJS itself has no fetch, TextDecoder, crypto, streams or Intl.

globalThis.console = { log: (...args) => __hostLog(args.map(String).join(' ')) };

globalThis.fetch = async (url, init) => {
  const answer = JSON.parse(__hostFetch(String(url), JSON.stringify((init && init.headers) || {})));
  const binary = atob(answer.body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const headers = answer.headers;
  return {
    status: answer.status,
    ok: answer.status >= 200 && answer.status < 300,
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    arrayBuffer: async () => bytes.buffer,
  };
};

/** A lookup's answer in the kit's terms (test/conformance.test.js's `answer`). */
globalThis.__answer = async (reader, query) => {
  try {
    const result = await reader.nearby(query);
    return {
      outcome: result.outcome,
      error: null,
      missingTiles: result.missingTiles,
      stations: result.stations.map((s) => ({
        id: s.station.id,
        distanceM: Math.sign(s.distanceKm) * Math.round(Math.abs(s.distanceKm * 1000)),
        price: s.displayed && {
          price: s.displayed.price, service: s.displayed.service, unit: s.displayed.unit,
          was: s.displayed.was, changed: s.displayed.changed,
        },
      })),
    };
  } catch (error) {
    if (!error || typeof error.code !== 'string') return { thrown: String(error && error.stack || error) };
    return { outcome: 'failed', error: error.code, missingTiles: [], stations: [] };
  }
};

/** Runs one kit case (JSON) with a fresh reader and cache; resolves with the answer as JSON. */
globalThis.__runCase = async (json) => {
  const c = JSON.parse(json);
  const reader = FuelTiles.createReader({ baseUrl: c.baseUrl, format: c.format, cache: new FuelTiles.MemoryCache() });
  return JSON.stringify(await __answer(reader, c.query));
};
