// The Pyodide that PyScript starts: pyscript.json says "interpreter": "./tb-pyodide.mjs".
//
// Same interface as pyodide/pyodide.mjs for PyScript (it imports this module, reads `version`
// and calls `loadPyodide(options)`), with two differences that make a start fast:
//
// 1. Python starts as soon as this module is evaluated (index.html loads it as a module script
//    next to PyScript's core.js), not after PyScript's own JavaScript and config have loaded.
//    PyScript's options (stdout/stderr, the wheels to install) are applied when it asks.
// 2. On a device that has run the app before, Python starts from a memory snapshot: the whole
//    interpreter with our engines and UI modules already imported, made once per build by
//    tb-snapshot-worker.mjs in a Web Worker after the first start, kept in Cache Storage. A
//    restore skips Python's own start-up and every import. The snapshot is tied to the build
//    (SNAPSHOT_KEY, written by scripts/build.py) and to the Pyodide build (Pyodide checks that);
//    if restoring fails for any reason, Python starts the normal way and the snapshot is remade.
//
// Status for the shell, tests and benchmarks: window.tbShell.boot.snapshot, and a
// "tb:snapshot" event on window when a snapshot has been made (or could not be).
import { loadPyodide as loadFresh, version } from "./pyodide/pyodide.mjs";

export { version };

/** Hash of everything a snapshot holds (wheels, Pyodide, the worker); set by scripts/build.py. */
export const SNAPSHOT_KEY = "__TB_SNAPSHOT_KEY__";
/** Our wheels (URLs relative to this module), installed when PyScript asks for Python; set by
 * scripts/build.py (pyscript.json lists none, see there). */
const WHEELS = /*__TB_WHEELS__*/[];
const CACHE = "tb-snapshot";
const indexURL = new URL("./pyodide/", import.meta.url).href;
const keyURL = new URL(`./__snapshot__/${SNAPSHOT_KEY}`, import.meta.url).href;
const info = { state: "none", key: SNAPSHOT_KEY };

const report = (fields) => {
  Object.assign(info, fields);
  const boot = globalThis.tbShell && globalThis.tbShell.boot;
  if (boot) boot.snapshot = { ...info };
};

/** The stored snapshot for this build as {bytes: a promise of its bytes}, read while the runtime
 * loads (the promise is not awaited here: an async function would wait for it), or null when
 * there is none. */
async function findSnapshot() {
  if (!("caches" in globalThis) || SNAPSHOT_KEY.startsWith("__")) return null;
  try {
    const t0 = performance.now();
    const hit = await (await caches.open(CACHE)).match(keyURL);
    performance.mark("tb:snapshot-looked-up");
    if (!hit) return null;
    // tb-snapshot-worker.mjs stores it without its zero words; tb-snapshot-reader.mjs reads it
    // and puts them back in a worker, so the page's main thread stays free for PyScript meanwhile
    // (here, if the browser has no module workers).
    const encoding = hit.headers.get("X-TB-Snapshot-Encoding");
    const inWorker = typeof Worker === "function";
    const read = inWorker ? readInWorker()
      : hit.arrayBuffer().then(async (b) => (encoding === "zeros" ? (await import("./tb-snapshot-format.mjs")).restoreZeros(b) : b));
    const bytes = read.then((buf) => {
      if (!buf) throw new Error("the snapshot went from Cache Storage while it was read");
      report({ readMs: Math.round(performance.now() - t0), bytes: buf.byteLength, encoding, inWorker });
      return new Uint8Array(buf);
    });
    bytes.catch(() => {}); // a failed read is handled where the bytes are awaited (start)
    return { bytes };
  } catch (err) {
    console.warn("tb-pyodide: could not read the snapshot:", err);
    return null;
  }
}

/** The stored snapshot's bytes, read and restored by tb-snapshot-reader.mjs in a worker. */
function readInWorker() {
  const worker = new Worker(new URL("./tb-snapshot-reader.mjs", import.meta.url), { type: "module" });
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.ok ? resolve(data.buf) : reject(new Error(data.error)));
    worker.onerror = (e) => reject(new Error(e.message || "the snapshot reader failed to start"));
    worker.postMessage({ keyURL, cacheName: CACHE });
  }).finally(() => worker.terminate());
}

async function dropSnapshots() {
  try {
    await caches.delete(CACHE);
  } catch {
    /* nothing to drop */
  }
}

/** Pyodide's module factory, wrapped so that a restored heap fits its snapshot. Pyodide
 * 314.0.7 sizes the heap for a snapshot through INITIAL_MEMORY, which its module never reads
 * (pyodide/pyodide#6254): a snapshot larger than the default 30 MiB heap then fails to restore
 * ("offset is out of bounds") and every start would be a slow one. The heap is grown to the
 * snapshot's size before Pyodide copies the snapshot in. */
function factoryFitting(snapshot) {
  return async (settings) => {
    const { default: create } = await import(`${indexURL}pyodide.asm.mjs`);
    const module = await create(settings);
    const bytes = await snapshot;
    if (module.HEAP8.length < bytes.byteLength && !module._emscripten_resize_heap(bytes.byteLength)) {
      throw new Error(`the heap cannot grow to the snapshot's ${bytes.byteLength} bytes`);
    }
    return module;
  };
}

/** Checks a restored interpreter and renews what must differ between sessions. */
function afterRestore(py) {
  const key = py.runPython("import sys\ngetattr(sys, '_tb_snapshot', None)");
  if (key !== SNAPSHOT_KEY) throw new Error(`the snapshot holds ${key}, expected ${SNAPSHOT_KEY}`);
  // The snapshot froze the state of `random` (seeded when it was made) and the time zone.
  py.runPython("import random, time\nrandom.seed()\nif hasattr(time, 'tzset'):\n    time.tzset()");
}

async function start() {
  performance.mark("tb:loader");
  const found = await findSnapshot();
  if (found) {
    const t0 = performance.now();
    try {
      const snapshot = found.bytes;
      const py = await loadFresh({ indexURL, _loadSnapshot: snapshot, createPyodideModule: factoryFitting(snapshot) });
      afterRestore(py);
      report({ state: "restored", restoreMs: Math.round(performance.now() - t0) });
      return py;
    } catch (err) {
      console.warn("tb-pyodide: the snapshot could not be restored; starting Python normally:", err);
      report({ state: "failed", error: String(err && err.message || err) });
      await dropSnapshots();
    }
  }
  return loadFresh({ indexURL });
}

// Started at once; PyScript's loadPyodide() call below joins it. (User Timing marks for
// benchmarks/boot.py: tb:python-started, tb:wheels-installed.)
const starting = start().then((py) => {
  performance.mark("tb:python-started");
  return py;
});

/**
 * PyScript's entry point. Options used: stdout, stderr (line callbacks) and packages (only in
 * a micropip build; otherwise our WHEELS are installed); PyScript's indexURL is replaced by ./pyodide/.
 * @param {{stdout?: (line: string) => void, stderr?: (line: string) => void, packages?: string[]}} [options]
 */
export async function loadPyodide(options = {}) {
  const py = await starting;
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  let packages = (options.packages || WHEELS.map((w) => new URL(w, import.meta.url).href)).filter(Boolean);
  if (options.lockFileContents) {
    // PyScript's micropip mode on a later start: names from the lock micropip.freeze() wrote.
    const lock = JSON.parse(await options.lockFileContents).packages || {};
    packages = packages.map((name) => (lock[name] && lock[name].file_name) || name);
  }
  if (packages.length) {
    const failed = [];
    await py.loadPackage(packages, { messageCallback: () => {}, errorCallback: (m) => failed.push(m) });
    if (failed.length) throw new Error(`could not install ${packages.join(", ")}: ${failed.join("; ")}`);
    py.runPython("import importlib\nimportlib.invalidate_caches()");
  }
  performance.mark("tb:wheels-installed");
  // For scripts/trace_stdlib.py (the e2e runs with TB_TRACE_MODULES): the modules Python holds.
  globalThis.tbModules = () => JSON.parse(py.runPython("import json, sys\njson.dumps(sorted(sys.modules))"));
  if (info.state !== "restored") scheduleSnapshot();
  return py;
}

// ---- making the snapshot (after a normal start) ----------------------------------------------

let scheduled = false;

/** Resolves once the app has drawn its first screen and a service worker controls the page
 * (so the worker's downloads come from the precache, not the network). */
function whenInstalled() {
  const booted = () => document.documentElement.dataset.booted === "1";
  const ready = new Promise((resolve) => {
    if (booted()) return resolve();
    new MutationObserver((_, obs) => {
      if (booted()) {
        obs.disconnect();
        resolve();
      }
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-booted"] });
  });
  const sw = navigator.serviceWorker;
  const controlled = new Promise((resolve) => {
    if (sw.controller) return resolve();
    sw.addEventListener("controllerchange", () => resolve(), { once: true });
  });
  return Promise.all([ready, controlled]);
}

function idle() {
  return new Promise((resolve) =>
    "requestIdleCallback" in globalThis ? requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 500));
}

function scheduleSnapshot() {
  if (scheduled || SNAPSHOT_KEY.startsWith("__") || !("caches" in globalThis) || !globalThis.Worker
      || !("serviceWorker" in navigator)) return;
  scheduled = true;
  report({ state: "waiting" });
  whenInstalled()
    .then(idle)
    .then(makeSnapshot)
    .catch((err) => {
      console.warn("tb-pyodide: no snapshot made:", err);
      report({ state: "unavailable", error: String(err && err.message || err) });
    })
    .finally(() => dispatchEvent(new CustomEvent("tb:snapshot", { detail: { ...info } })));
}

async function makeSnapshot() {
  report({ state: "making" });
  const py = await starting;
  // Everything the live app has imported (and the worker can import) goes into the snapshot.
  const modules = JSON.parse(py.runPython("import json, sys\njson.dumps(sorted(sys.modules))"));
  const worker = new Worker(new URL("./tb-snapshot-worker.mjs", import.meta.url), { type: "module" });
  try {
    const result = await new Promise((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message || "the snapshot worker failed to start"));
      worker.postMessage({ key: SNAPSHOT_KEY, keyURL, cacheName: CACHE, modules });
    });
    if (!result.ok) throw new Error(result.error);
    report({ state: "made", bytes: result.bytes, stored: result.stored, makeMs: result.ms, preloaded: result.preloaded,
             skipped: result.skipped });
  } finally {
    worker.terminate();
  }
}
