// A local server of a fake published base (support/fake-site.js) whose chosen paths misbehave: a gzip bomb, an
// endless plain body, a drip, silence. Test support only (Node APIs allowed here).

import { createServer, get as httpGet } from 'node:http';
import { Readable } from 'node:stream';
import { constants, createGzip } from 'node:zlib';

/**
 * Serves `site.files` on 127.0.0.1, below `/fuel/`, except the paths of `behaviours` ({path: (req, res) => void}).
 * @returns {Promise<{baseUrl: string, requests: string[], close: () => Promise<void>}>}
 */
export async function startHostileServer(site, behaviours = {}) {
  const requests = [];
  const stops = new Set();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname).replace(/^\/fuel\//, '');
    requests.push(path);
    const behaviour = behaviours[path];
    if (behaviour) {
      const stop = behaviour(req, res);
      if (typeof stop === 'function') {
        stops.add(stop);
        res.on('close', () => { stop(); stops.delete(stop); });
      }
      return;
    }
    const file = site.files.get(path);
    if (!file || file.status !== 200) {
      res.writeHead(file?.status ?? 404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    const body = Buffer.from(file.body);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/fuel/`,
    requests,
    close: async () => {
      for (const stop of stops) stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A gzip bomb: one gzip member of `inflated` zero bytes, compressed as it is generated (never held inflated). 2 GiB
 * give about 2 MB.
 * @returns {Promise<Buffer>}
 */
export async function gzipBomb(inflated = 2 * 2 ** 30) {
  const gzip = createGzip({ level: 9, strategy: constants.Z_RLE });
  const parts = [];
  gzip.on('data', (chunk) => parts.push(chunk));
  const ended = new Promise((resolve, reject) => { gzip.on('end', resolve); gzip.on('error', reject); });
  const zeros = Buffer.alloc(4 << 20);
  for (let sent = 0; sent < inflated; sent += zeros.length) {
    if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await ended;
  return Buffer.concat(parts);
}

/** Answers the bomb with `Content-Encoding: gzip`, as a CDN serving a published file would. */
export const serveBomb = (bomb) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip',
    'Content-Length': String(bomb.length) });
  res.end(bomb);
};

/** Answers `total` bytes of JSON whitespace, chunked (no Content-Length), as fast as the reader takes them. */
export const servePlain = (total) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(1 << 20, 0x20);
  let sent = 0;
  let stopped = false;
  const pump = () => {
    while (!stopped && sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return;
    }
    if (!stopped) res.end();
  };
  res.on('drain', pump);
  pump();
  return () => { stopped = true; };
};

/** Sends headers, then one byte every `everyMs`, for ever. */
export const serveDrip = (everyMs = 1000) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.flushHeaders();
  const timer = setInterval(() => res.write(' '), everyMs);
  return () => clearInterval(timer);
};

/** Sends headers (with `headers`), then nothing. */
export const serveSilentAfterHeaders = (headers = {}) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  res.flushHeaders();
};

/** Accepts the request and never answers, not even headers. */
export const serveNothing = () => () => {};

/**
 * A fetch on node:http that knows nothing of abort signals, as on an engine without AbortController. With `stream`,
 * its Response has a `body` stream; without, only `arrayBuffer()`, as React Native's fetch.
 */
export function bareFetch({ stream }) {
  return (url, init) => new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: init?.headers ?? {} }, (res) => {
      const headers = { get: (name) => res.headers[name.toLowerCase()] ?? null };
      const arrayBuffer = () => new Promise((done, fail) => {
        const parts = [];
        res.on('data', (part) => parts.push(part));
        res.on('end', () => done(new Uint8Array(Buffer.concat(parts)).buffer));
        res.on('error', fail);
      });
      resolve(stream ? { status: res.statusCode, headers, body: Readable.toWeb(res), arrayBuffer }
        : { status: res.statusCode, headers, arrayBuffer });
    });
    request.on('error', reject);
  });
}
