// Runs a module in Node as on a bare engine: `crypto`, `TextDecoder`, `TextEncoder` and `DecompressionStream` are
// removed from the global object first (Node's own fetch is loaded before, since it uses them internally), then
// `reader.runtime` of a reader is printed as `RUNTIME <json>` and the module file given as argv[2] is imported.
// Test support only: test/bare-runtime.test.js runs it as a child process.

import { pathToFileURL } from 'node:url';

const nodeFetch = globalThis.fetch;
await nodeFetch('data:,warm-up').then((r) => r.arrayBuffer());
for (const name of ['crypto', 'TextDecoder', 'TextEncoder', 'DecompressionStream']) {
  Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
}
const left = ['crypto', 'TextDecoder', 'TextEncoder', 'DecompressionStream'].filter((n) => globalThis[n] !== undefined);
if (left.length > 0) throw new Error(`could not remove ${left.join(', ')}`);
const { createReader } = await import('../../src/index.js');
console.log(`RUNTIME ${JSON.stringify(createReader({ baseUrl: 'http://127.0.0.1/' }).runtime)}`);
await import(pathToFileURL(process.argv[2]).href);
