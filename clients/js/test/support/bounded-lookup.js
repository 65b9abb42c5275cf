// Run as a child process by memory-bounds.test.js, so that its peak RSS is the reader's alone: one lookup, then one
// line of JSON on stdout: the outcome or error code, each failed tile's code and reason, and the peak RSS in bytes.
// Usage: node bounded-lookup.js '{"baseUrl": "...", "format": 1}'

import { createReader } from '../../src/index.js';

const { baseUrl, format } = JSON.parse(process.argv[2]);
const reader = createReader({ baseUrl, format });
const started = Date.now();
let answer;
try {
  const result = await reader.nearby({ lat: 38.72, lon: -9.14, radiusKm: 5 });
  answer = { outcome: result.outcome };
} catch (error) {
  answer = { outcome: 'failed', code: error.code, message: error.message,
    failedTiles: (error.failedTiles ?? []).map((f) => ({ code: f.code, reason: f.reason })) };
}
// maxRSS is in kilobytes.
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ ...answer, peakRss, ms: Date.now() - started })}\n`);
