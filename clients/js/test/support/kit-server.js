// A local server of a conformance kit's build, as the bucket serves it: every file gzipped, with
// Content-Encoding: gzip (or, with `raw`, the same gzip bytes without it, as a server or CDN that drops the header
// does), and a case's `server` overrides applied. Test support only (Node APIs allowed here).

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
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname).replace(/^\/fuel\//, '');
    requests.push(path);
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
    res.writeHead(200, {
      'Content-Type': 'application/json',
      ...(raw ? {} : { 'Content-Encoding': 'gzip' }),
      'Content-Length': String(body.length),
      'Cache-Control': cacheControl(path),
    });
    res.end(body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    baseUrl: `http://127.0.0.1:${port}/fuel/`,
    /** Serves the next requests with a case's `server` object. */
    use(caseOverrides) {
      overrides = caseOverrides ?? {};
      requests.length = 0;
    },
    /** The paths (below `fuel/`) requested since the last `use`. */
    requests,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** The publisher's Cache-Control for each kind of file (docs/format.md). */
function cacheControl(path) {
  if (path === 'index.json') return 'public, max-age=300, no-transform';
  if (path === 'v2/index.json') return 'public, max-age=60, no-transform';
  if (path.startsWith('v2/')) return 'public, max-age=31536000, immutable, no-transform';
  return 'public, max-age=3600, no-transform';
}

