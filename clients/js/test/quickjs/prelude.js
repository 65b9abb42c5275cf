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

/** A lookup's answer in the kit's terms, with every key a case may expect (test/conformance.test.js's `answer`). */
globalThis.__answer = async (reader, query) => {
  const { openAt, ...rest } = query;
  try {
    const result = await reader.nearby(openAt == null ? rest : { ...rest, openAt: new Date(openAt) });
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
        ...(s.open === undefined ? {} : { open: s.open }),
      })),
      format: result.format,
      stale: result.stale,
      staleReasons: Object.keys(result.staleReasons).sort(),
    };
  } catch (error) {
    if (!error || typeof error.code !== 'string') return { thrown: String(error && error.stack || error) };
    return { outcome: 'failed', error: error.code, missingTiles: [], stations: [], format: null, stale: false,
      staleReasons: [] };
  }
};

/** A trend() call's answer in the kit's terms (test/conformance.test.js's `trendAnswer`). */
globalThis.__trendAnswer = async (reader, country) => {
  try {
    const doc = await reader.trend(country);
    if (doc === null) return { outcome: 'none', error: null, trend: null };
    return { outcome: 'ok', error: null, trend: { country: doc.country, since: doc.since, days: doc.days } };
  } catch (error) {
    if (!error || typeof error.code !== 'string') return { thrown: String(error && error.stack || error) };
    return { outcome: 'failed', error: error.code, trend: null };
  }
};

/**
 * Runs one kit case (JSON: the case, the base URL and whether bodies stay gzipped) with one reader, cache and clock,
 * as test/conformance.test.js does; resolves with the answers as JSON: one per step, or the trend call's.
 */
globalThis.__runCase = async (json) => {
  const { baseUrl, raw, c } = JSON.parse(json);
  let clock = Date.parse('2026-12-02T06:00:00Z');
  const reader = FuelTiles.createReader({
    baseUrl, format: c.format, cache: new FuelTiles.MemoryCache(), now: () => clock,
  });
  const rawBodies = raw || c.transport === 'gzip-without-content-encoding';
  if (c.call === 'trend') {
    __hostUse(JSON.stringify(c.server ?? {}), rawBodies);
    return JSON.stringify([await __trendAnswer(reader, c.country)]);
  }
  const steps = c.steps ?? [{ advanceSeconds: 0, server: c.server, query: c.query }];
  const answers = [];
  for (const step of steps) {
    clock += step.advanceSeconds * 1000;
    __hostUse(JSON.stringify(step.server ?? {}), rawBodies);
    const got = await __answer(reader, step.query);
    got.requests = JSON.parse(__hostTileRequests());
    answers.push(got);
  }
  return JSON.stringify(answers);
};
