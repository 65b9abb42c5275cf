// What the QuickJS harness (run.py) adds to the engine: console.log and a fetch, both backed by Python host
// functions (__hostLog, __hostFetch), and a runner of one conformance case in the kit's terms, the same mapping as
// test/support/kit-answer.js's `answer`, `trendAnswer`, `stationsAnswer` and `historyAnswer` (evaluated before this file). QuickJS itself has no fetch,
// TextDecoder, crypto, streams or Intl.

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
    return JSON.stringify([await trendAnswer(reader, c.country)]);
  }
  if (c.call === 'history') {
    __hostUse(JSON.stringify(c.server ?? {}), rawBodies);
    return JSON.stringify([await historyAnswer(reader, c.id, c.days, c.cell)]);
  }
  if (c.call === 'stations') {
    __hostUse(JSON.stringify(c.server ?? {}), rawBodies);
    return JSON.stringify([await stationsAnswer(reader, c.ids, c.fuel)]);
  }
  const steps = c.steps ?? [{ advanceSeconds: 0, server: c.server, query: c.query }];
  const answers = [];
  for (const step of steps) {
    clock += step.advanceSeconds * 1000;
    __hostUse(JSON.stringify(step.server ?? {}), rawBodies);
    const got = await answer(reader, step.query);
    got.requests = JSON.parse(__hostTileRequests());
    answers.push(got);
  }
  return JSON.stringify(answers);
};
