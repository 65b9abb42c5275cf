// The package an app depends on: licensed, versioned with the project's one release number, and packed without tests.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const here = new URL('../', import.meta.url);
const root = new URL('../../', here);
const pkg = JSON.parse(readFileSync(new URL('package.json', here), 'utf8'));

test('the licence is the repository LICENSE, named in package.json', () => {
  assert.equal(pkg.license, 'MIT');
  assert.equal(pkg.private, undefined, 'a private package cannot be published');
  const own = readFileSync(new URL('LICENSE', here), 'utf8');
  assert.equal(own, readFileSync(new URL('LICENSE', root), 'utf8'), 'clients/js/LICENSE differs from LICENSE');
  assert.match(own, /^MIT License/);
});

test('the version is FuelTilesRelease.version, the single release number', () => {
  const swift = readFileSync(new URL('Sources/FuelFormat/FuelTilesRelease.swift', root), 'utf8');
  const release = /static let version = "(\d+\.\d+\.\d+)"/.exec(swift);
  assert.ok(release, 'FuelTilesRelease.swift no longer spells the version as expected');
  assert.equal(pkg.version, release[1]);
});

test('engines name Node and the React Native release whose fetch has Response.arrayBuffer()', () => {
  assert.equal(pkg.engines.node, '>=18');
  assert.equal(pkg.engines['react-native'], '>=0.73.1');
  assert.equal(pkg.repository.directory, 'clients/js');
});

test('npm pack --dry-run lists only what an app needs: the sources, types, README, LICENSE', () => {
  let listing;
  try {
    listing = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'],
      { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, npm_config_offline: 'true' } });
  } catch (error) {
    assert.fail(`npm pack --dry-run failed (npm comes with Debian's nodejs here): ${error}`);
  }
  const files = JSON.parse(listing)[0].files.map((/** @type {{path: string}} */ f) => f.path).sort();
  const sources = files.filter((f) => f.startsWith('src/'));
  assert.deepEqual(files.filter((f) => !f.startsWith('src/')), ['LICENSE', 'README.md', 'package.json']);
  for (const file of sources) assert.match(file, /^src\/[\w-]+\.(?:js|d\.ts)$/, `${file} is packed`);
  assert.ok(sources.includes('src/index.js') && sources.includes('src/index.d.ts'));
});
