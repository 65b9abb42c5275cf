// Strict UTF-8 in plain JavaScript, for runtimes without TextDecoder/TextEncoder (Hermes before React Native 0.85,
// QuickJS) or with a TextDecoder that ignores `{fatal: true}`.

/** Code units gathered before they are turned into a string, in one call. */
const CHUNK = 4096;

/**
 * Decodes UTF-8 as `new TextDecoder('utf-8', {fatal: true})` does: a leading byte-order mark is dropped, and an
 * overlong form, a surrogate, a code point above U+10FFFF, a stray continuation byte or a truncated sequence throws.
 * @param {Uint8Array} bytes
 * @returns {string}
 * @throws {TypeError} on malformed UTF-8, naming the offset
 */
export function decodeUtf8(bytes) {
  const units = new Uint16Array(CHUNK + 2);
  let text = '';
  let n = 0;
  const length = bytes.length;
  let i = length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const bad = (/** @type {number} */ at) => new TypeError(`malformed UTF-8 at byte ${at}`);
  while (i < length) {
    const b = bytes[i];
    if (b < 0x80) {
      units[n++] = b;
      i += 1;
    } else {
      let need, point, low = 0x80, high = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) {
        need = 1; point = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        need = 2; point = b & 0x0f;
        if (b === 0xe0) low = 0xa0; // overlong
        if (b === 0xed) high = 0x9f; // surrogates
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3; point = b & 0x07;
        if (b === 0xf0) low = 0x90; // overlong
        if (b === 0xf4) high = 0x8f; // above U+10FFFF
      } else {
        throw bad(i);
      }
      for (let k = 1; k <= need; k++) {
        const c = bytes[i + k];
        if (c === undefined || c < low || c > high) throw bad(i);
        low = 0x80;
        high = 0xbf;
        point = (point << 6) | (c & 0x3f);
      }
      i += need + 1;
      if (point >= 0x10000) {
        point -= 0x10000;
        units[n++] = 0xd800 | (point >> 10);
        units[n++] = 0xdc00 | (point & 0x3ff);
      } else {
        units[n++] = point;
      }
    }
    if (n >= CHUNK) {
      text += String.fromCharCode.apply(null, /** @type {any} */ (units.subarray(0, n)));
      n = 0;
    }
  }
  return text + String.fromCharCode.apply(null, /** @type {any} */ (units.subarray(0, n)));
}

/**
 * Encodes text as UTF-8 as `TextEncoder` does: a lone surrogate becomes U+FFFD.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function encodeUtf8(text) {
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const point = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i += 1;
        out[n++] = 0xf0 | (point >> 18);
        out[n++] = 0x80 | ((point >> 12) & 0x3f);
        out[n++] = 0x80 | ((point >> 6) & 0x3f);
        out[n++] = 0x80 | (point & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return out.slice(0, n);
}
