// The hand-written types declare exactly the values the module exports, and src/ imports nothing but itself.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as api from '../src/index.js';

const src = new URL('../src/', import.meta.url);

test('src/index.d.ts declares every exported value, and no other', () => {
  const types = readFileSync(new URL('index.d.ts', src), 'utf8');
  const declared = [...types.matchAll(/^export (?:function|const|class) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual([...new Set(declared)].sort(), Object.keys(api).sort());
});

test('src/ uses standard APIs only: no import but its own files', () => {
  for (const file of readdirSync(src).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(new URL(file, src), 'utf8');
    const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    for (const name of imports) assert.match(name, /^\.\/[\w-]+\.js$/, `${file} imports ${name}`);
    assert.doesNotMatch(text, /\b(?:require|process|Buffer)\b/, `${file} uses a Node-only global`);
  }
});

test('package.json: an ES module with exports and types, and no dependencies', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.exports['.'].default, './src/index.js');
  assert.equal(pkg.exports['.'].types, './src/index.d.ts');
  assert.equal(pkg.types, './src/index.d.ts');
  for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    assert.equal(pkg[key], undefined, key);
  }
});
