// Reads the memory snapshot out of Cache Storage off the page's main thread, and puts back the
// zero words tb-snapshot-worker.mjs left out of it (tb-pyodide.mjs starts this worker on a start
// with a stored snapshot, while the runtime downloads and compiles).
//
// Message in:  {keyURL, cacheName}
// Message out: {ok: true, buf: ArrayBuffer (transferred) | null} or {ok: false, error}

import { restoreZeros } from "./tb-snapshot-format.mjs";

addEventListener("message", async ({ data }) => {
  try {
    const hit = await (await caches.open(data.cacheName)).match(data.keyURL);
    if (!hit) return postMessage({ ok: true, buf: null });
    const stored = await hit.arrayBuffer();
    const buf = hit.headers.get("X-TB-Snapshot-Encoding") === "zeros" ? restoreZeros(stored) : stored;
    postMessage({ ok: true, buf }, [buf]);
  } catch (err) {
    postMessage({ ok: false, error: String((err && err.message) || err) });
  }
});
