// A local server of a conformance kit's build, as the bucket serves it (conformance/README.md, "Running the cases"):
// every file gzipped, with Content-Encoding: gzip (none with `raw`, or with a case's transport
// `gzip-without-content-encoding`: the same gzip bytes, as a server or CDN that drops the header sends them), an ETag
// that is the MD5 of the stored bytes in quotes, 304 for a matching If-None-Match, and a case's `server` overrides
// applied. Test support only (Node APIs allowed here).

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/**
 * Starts a server on 127.0.0.1 for the kit in `kitDir`. Its base URL serves `build/fuel/`.
 * @param {string} kitDir the `conformance/` folder
 * @param {{raw?: boolean}} [options] `raw`: send no Content-Encoding, so the client gets the gzip bytes
 */
export async function startKitServer(kitDir, { raw = false } = {}) {
  const buildDir = resolve(kitDir, 'build', 'fuel');
  let overrides = {};
  let transport = null;
  const requests = [];
  /** @type {Array<{path: string, ifNoneMatch: string | null}>} */
  const log = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname).replace(/^\/fuel\//, '');
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    requests.push(path);
    log.push({ path, ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : null });
    const override = overrides[path];
    if (override && override.status !== 200) {
      res.writeHead(override.status, { 'Content-Length': '0' });
      res.end();
      return;
    }
    const file = override ? resolve(kitDir, override.file) : resolve(buildDir, path);
    const root = override ? resolve(kitDir) : buildDir;
    let body;
    try {
      if (!file.startsWith(root + sep)) throw new Error('outside the kit');
      body = await readFile(file);
    } catch {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    if (ifNoneMatch === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': cacheControl(path) });
      res.end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json',
      ...(raw || transport === 'gzip-without-content-encoding' ? {} : { 'Content-Encoding': 'gzip' }),
      'Content-Length': String(body.length),
      'Cache-Control': cacheControl(path),
      ETag: etag,
    });
    res.end(body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    baseUrl: `http://127.0.0.1:${port}/fuel/`,
    /**
     * Serves the next requests with a case's (or step's) `server` object and, when given, a case's `transport`.
     * @param {Record<string, {status: number, file?: string}> | undefined} caseOverrides
     * @param {string | null} [caseTransport]
     */
    use(caseOverrides, caseTransport = null) {
      overrides = caseOverrides ?? {};
      transport = caseTransport;
      requests.length = 0;
      log.length = 0;
    },
    /** The paths (below `fuel/`) requested since the last `use`. */
    requests,
    /** The requests since the last `use`, each with the If-None-Match it carried (or null). */
    log,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** The publisher's Cache-Control for each kind of file (docs/format.md). */
function cacheControl(path) {
  if (path === 'index.json') return 'public, max-age=300, no-transform';
  if (path === 'v2/index.json' || path === 'v2/root.json') return 'public, max-age=60, no-transform';
  if (path.startsWith('v2/')) return 'public, max-age=31536000, immutable, no-transform';
  return 'public, max-age=3600, no-transform';
}

