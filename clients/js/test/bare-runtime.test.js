// README.md's example, copied as written, in Node without crypto, TextDecoder/TextEncoder and DecompressionStream
// (as on React Native's Hermes): it answers from the conformance kit's build, format 2 (auto, v2 published) and
// format 1 (auto, v2 absent), with bodies decoded by the HTTP layer and still gzipped. Each answer equals the one the
// same example prints in Node with all its APIs. The kit has no diesel within the example's 10 km of Lisbon (its
// answer is `empty`, so it prints nothing), so a small site with README test's Lisbon stations is served the same
// ways, and its printed line is checked.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startKitServer } from './support/kit-server.js';
import { fakeSite, station } from './support/fake-site.js';

const run = promisify(execFile);
const kitDir = process.env.FUELTILES_CONFORMANCE ?? fileURLToPath(new URL('../../../conformance/', import.meta.url));
const bare = fileURLToPath(new URL('./support/bare-node.js', import.meta.url));

/** README.md's first js block, importing src/ and reading `baseUrl`, written to a file in `dir`. */
function exampleFile(dir, baseUrl, name) {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, 'README.md has no js example');
  const source = block[1]
    .replace("from 'fueltiles'", `from '${new URL('../src/index.js', import.meta.url)}'`)
    .replace('https://tiles.example.org/fuel/', baseUrl);
  assert.ok(source.includes(baseUrl) && source.includes('/src/index.js'), 'the example no longer has its URL/import');
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  return file;
}

describe('README example without crypto, TextDecoder and DecompressionStream', () => {
  assert.ok(existsSync(join(kitDir, 'build', 'fuel')), `no conformance kit at ${kitDir}`);
  const dir = mkdtempSync(join(tmpdir(), 'fueltiles-bare-'));
  const servers = {};
  before(async () => {
    servers.decoded = await startKitServer(kitDir);
    servers.raw = await startKitServer(kitDir, { raw: true });
    servers.siteDecoded = await startSiteServer(false);
    servers.siteRaw = await startSiteServer(true);
  });
  after(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  for (const bodies of ['decoded', 'raw']) {
    for (const format of [2, 1]) {
      test(`format ${format}, bodies ${bodies}`, async () => {
        const server = servers[bodies];
        server.use(format === 1 ? { 'v2/root.json': { status: 404 }, 'v2/index.json': { status: 404 } } : {});
        const example = exampleFile(dir, server.baseUrl, `example-${bodies}-${format}`);
        const full = await run(process.execPath, [example]);
        const fullRequests = [...server.requests];
        server.use(format === 1 ? { 'v2/root.json': { status: 404 }, 'v2/index.json': { status: 404 } } : {});
        const stripped = await run(process.execPath, [bare, example]);
        const [runtimeLine, ...lines] = stripped.stdout.split('\n').filter(Boolean);
        assert.deepEqual(JSON.parse(runtimeLine.replace(/^RUNTIME /, '')),
          { sha256: 'built-in', utf8: 'built-in', inflate: 'built-in', timeZones: true, streaming: true });
        assert.equal(stripped.stderr, '');
        assert.ok(lines.every((l) => / €\/(l|kg|m3), \d+\.\d km$/.test(l)), stripped.stdout);
        assert.deepEqual(lines, full.stdout.split('\n').filter(Boolean), 'the same answer as with all of Node\'s APIs');
        assert.deepEqual(server.requests, fullRequests, 'the same requests');
        const tiles = server.requests.filter((p) => p.includes('tiles/'));
        assert.ok(tiles.length > 0 && tiles.every((p) => p.startsWith(format === 2 ? 'v2/tiles/' : 'tiles/')),
          `format ${format} tiles read: ${server.requests.join(', ')}`);
      });
    }
  }

  for (const bodies of ['decoded', 'raw']) {
    for (const format of [2, 1]) {
      test(`a site with diesel in Lisbon: format ${format}, bodies ${bodies}`, async () => {
        const server = servers[bodies === 'raw' ? 'siteRaw' : 'siteDecoded'];
        server.hideV2 = format === 1;
        const example = exampleFile(dir, server.baseUrl, `site-${bodies}-${format}`);
        const { stdout } = await run(process.execPath, [bare, example]);
        const [runtimeLine, ...lines] = stdout.trim().split('\n');
        assert.match(runtimeLine, /"sha256":"built-in","utf8":"built-in","inflate":"built-in"/);
        assert.deepEqual(lines, ['Galp Amoreiras: 1.599 €/l, 1.4 km']);
        assert.ok(server.paths.some((p) => p.startsWith(format === 2 ? 'v2/tiles/' : 'tiles/')), server.paths.join());
      });
    }
  }
});

/**
 * Serves test/support/fake-site.js's files with README test's Lisbon stations on 127.0.0.1, gzipped: with
 * Content-Encoding: gzip, or with `raw` without it. `hideV2`: v2/index.json answers 404.
 */
async function startSiteServer(raw) {
  const at = '2026-11-29T08:31:00Z';
  const site = fakeSite({ '77_-19': [
    station('PT-1', 38.73, -9.15, [{ fuel: 'diesel', price: 1.699, updated: at, service: 'full' },
      { fuel: 'diesel', price: 1.599, updated: at, service: 'self' }], { name: 'Galp Amoreiras' }),
    station('PT-2', 38.72, -9.14, [{ fuel: 'gasoline_95', price: 1.8, updated: at }]),
  ] });
  const state = { baseUrl: '', hideV2: false, paths: [], close: () => new Promise((done) => server.close(done)) };
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname.replace(/^\/fuel\//, '');
    state.paths.push(path);
    const file = state.hideV2 && path === 'v2/index.json' ? undefined : site.files.get(path);
    if (!file) {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    const body = gzipSync(Buffer.from(file.body));
    res.writeHead(200, { 'Content-Length': String(body.length), ...(raw ? {} : { 'Content-Encoding': 'gzip' }) });
    res.end(body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  state.baseUrl = `http://127.0.0.1:${server.address().port}/fuel/`;
  return state;
}
