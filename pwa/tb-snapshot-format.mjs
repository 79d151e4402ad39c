// How the memory snapshot is stored in Cache Storage (issue 26 §2): without its zero 32-bit words,
// which are over half of a Python heap just started (Pyodide's 30 MiB initial heap, of which the
// interpreter with our engines and UI uses about half). tb-snapshot-worker.mjs stores it with
// elideZeros; tb-worker.mjs restores it, in the app's worker, as Python starts.
// gzip stores a fifth but cost every warm start 0.1 s (0.5 s at CPU ×4) to inflate: see
// benchmarks/RESULTS.md, "Fewer bytes".

/**
 * The snapshot (a Uint8Array) without its zero words: little-endian uint32 [length, kept], a
 * bitmap with one bit per 32-bit word of the snapshot (set: the word is kept), the kept words in
 * order, then the last length % 4 bytes as they are. restoreZeros is the inverse.
 * @param {Uint8Array} bytes
 * @returns {Uint8Array}
 */
export function elideZeros(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice();
  const n = bytes.length;
  const words = n >>> 2;
  const src = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
  const maskWords = (words + 31) >>> 5;
  const mask = new Uint32Array(maskWords);
  let kept = 0;
  for (let w = 0; w < words; w++) {
    if (src[w] !== 0) {
      mask[w >>> 5] |= 1 << (w & 31);
      kept++;
    }
  }
  const body = 8 + 4 * maskWords;
  const out = new Uint8Array(body + 4 * kept + (n & 3));
  const head = new DataView(out.buffer);
  head.setUint32(0, n, true);
  head.setUint32(4, kept, true);
  new Uint32Array(out.buffer, 8, maskWords).set(mask);
  const dst = new Uint32Array(out.buffer, body, kept);
  for (let w = 0, k = 0; w < words; w++) if (src[w] !== 0) dst[k++] = src[w];
  out.set(bytes.subarray(4 * words), body + 4 * kept);
  return out;
}

/**
 * The snapshot's bytes from what elideZeros stored.
 * @param {ArrayBuffer} stored
 * @returns {ArrayBuffer}
 * @throws {Error} when the stored form does not add up (a damaged or foreign entry)
 */
export function restoreZeros(stored) {
  const damaged = () => new Error("the stored snapshot is damaged");
  if (stored.byteLength < 8) throw damaged();
  const head = new DataView(stored);
  const n = head.getUint32(0, true);
  const kept = head.getUint32(4, true);
  const words = n >>> 2;
  const maskWords = (words + 31) >>> 5;
  const body = 8 + 4 * maskWords;
  if (kept > words || stored.byteLength !== body + 4 * kept + (n & 3)) throw damaged();
  const mask = new Uint32Array(stored, 8, maskWords);
  const src = new Uint32Array(stored, body, kept);
  const out = new Uint8Array(n);
  const dst = new Uint32Array(out.buffer, 0, words);
  let k = 0;
  for (let m = 0; m < maskWords; m++) {
    let bits = mask[m];
    const base = m << 5;
    while (bits !== 0) {
      const low = bits & -bits;
      const w = base + 31 - Math.clz32(low);
      if (w >= words || k >= kept) throw damaged();
      dst[w] = src[k++];
      bits ^= low;
    }
  }
  if (k !== kept) throw damaged();
  out.set(new Uint8Array(stored, body + 4 * kept, n & 3), 4 * words);
  return out.buffer;
}
