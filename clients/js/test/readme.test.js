// README.md's example runs, against a fake published base, and prints the displayed prices.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BASE, fakeSite, station } from './support/fake-site.js';

test("README's example prints each station's displayed price", async (t) => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(readme)[1];
  assert.ok(example.split('\n').length <= 12, 'the example is no longer short');
  const source = example
    .replace("from 'fueltiles'", `from '${new URL('../src/index.js', import.meta.url)}'`)
    .replace('https://tiles.example.org/fuel/', BASE);
  const at = '2026-11-29T08:31:00Z';
  const site = fakeSite({ '77_-19': [
    station('PT-1', 38.73, -9.15, [{ fuel: 'diesel', price: 1.699, updated: at, service: 'full' },
      { fuel: 'diesel', price: 1.599, updated: at, service: 'self' }], { name: 'Galp Amoreiras' }),
    station('PT-2', 38.72, -9.14, [{ fuel: 'gasoline_95', price: 1.8, updated: at }]),
  ] });
  const lines = [];
  const saved = { fetch: globalThis.fetch, log: console.log };
  globalThis.fetch = site.fetch;
  console.log = (line) => lines.push(line);
  const dir = mkdtempSync(join(tmpdir(), 'fueltiles-readme-'));
  t.after(() => {
    Object.assign(globalThis, { fetch: saved.fetch });
    console.log = saved.log;
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(join(dir, 'example.mjs'), source);
  await import(pathToFileURL(join(dir, 'example.mjs')).href);
  console.log = saved.log;
  assert.deepEqual(lines, ['Galp Amoreiras: 1.599 €/l, 1.4 km']);
});
