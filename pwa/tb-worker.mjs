// The app's Python, off the page's main thread (issue 44): a module Web Worker that starts Pyodide,
// installs our wheels and runs tb_ui.worker, which holds the app. tb-page.mjs starts it and talks
// to it in messages (the protocol: pwa/tb_ui/worker.py); the page never waits for Python.
//
// Starting fast, as the page did before it moved here:
// 1. Python starts as soon as the page says how (its first message, {type: "boot"}: whether this
//    is a first visit, whose downloads go into the precache too).
// 2. On a device that has run the app before, Python starts from a memory snapshot: the whole
//    interpreter with our engines and UI modules already imported, made once per build by
//    tb-snapshot-worker.mjs (the page starts it after the first start), kept in Cache Storage. A
//    restore skips Python's own start-up and every import. The snapshot is tied to the build
//    (SNAPSHOT_KEY, written by scripts/build.py) and to the Pyodide build (Pyodide checks that);
//    if restoring fails for any reason, Python starts the normal way and the snapshot is remade.
//
// Reports to the page: {type: "resource", name, size, end} for each download (the boot panel's
// progress; `end` in ms since the epoch), {type: "step", text}, {type: "mark", name} (User Timing
// for benchmarks/boot.py), {type: "snapshot", info}, {type: "fail", text} when Python cannot start.
// Messages that arrive before Python listens are kept and handed to it in order.
import { loadPyodide as loadFresh } from "./pyodide/pyodide.mjs";
import { restoreZeros } from "./tb-snapshot-format.mjs";

/** Hash of everything a snapshot holds (wheels, Pyodide, the snapshot worker); set by scripts/build.py. */
export const SNAPSHOT_KEY = "__TB_SNAPSHOT_KEY__";
/** Our wheels (URLs relative to this module); set by scripts/build.py. */
const WHEELS = /*__TB_WHEELS__*/[];
const CACHE = "tb-snapshot";
const FIRST_VISIT_CACHE = "tb-first-visit"; // shell.js moves it into the precache (see there)
const indexURL = new URL("./pyodide/", import.meta.url).href;
const keyURL = new URL(`./__snapshot__/${SNAPSHOT_KEY}`, import.meta.url).href;
const info = { state: "none", key: SNAPSHOT_KEY };

const early = []; // page messages before Python listens
let handler = null;
const send = (msg) => postMessage(msg);
const mark = (name) => {
  performance.mark(name);
  send({ type: "mark", name });
};
const report = (fields) => {
  Object.assign(info, fields);
  send({ type: "snapshot", info: { ...info } });
};

// ---- downloads: the boot panel's progress, and a first visit's precache --------------------------
const teed = [];
function teeFirstVisit() {
  // Until a service worker controls the page, every same-origin GET of this worker (the runtime,
  // the standard library, the wheels) is also written to the first-visit cache as it streams in,
  // for shell.js to move into the precache: a first visit downloads each file once.
  const nativeFetch = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const response = nativeFetch(input, init);
    try {
      const req = new Request(input, init);
      const url = new URL(req.url);
      if (req.method === "GET" && url.origin === location.origin) {
        url.search = "";
        url.hash = "";
        teed.push(response.then((r) => {
          if (!r.ok || r.status !== 200 || r.type !== "basic") return null;
          const copy = r.clone();
          return caches.open(FIRST_VISIT_CACHE).then((c) => c.put(url.href, copy));
        }).catch(() => null));
      }
    } catch {
      /* not a request we keep */
    }
    return response;
  };
}

function watchDownloads() {
  const onEntry = (e) => send({ type: "resource", name: e.name, size: e.encodedBodySize || e.transferSize || 0,
                                end: performance.timeOrigin + (e.responseEnd || e.startTime) });
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type: "resource", buffered: true });
  } catch {
    /* no resource timing here: the steps still move */
  }
}

// ---- the snapshot ---------------------------------------------------------------------------------
/** The stored snapshot's bytes for this build ({bytes}: a promise, read meanwhile), or null when
 * there is none. */
async function findSnapshot() {
  if (!("caches" in self) || SNAPSHOT_KEY.startsWith("__")) return null;
  try {
    const t0 = performance.now();
    const hit = await (await caches.open(CACHE)).match(keyURL);
    mark("tb:snapshot-looked-up");
    if (!hit) return null;
    const encoding = hit.headers.get("X-TB-Snapshot-Encoding");
    const bytes = hit.arrayBuffer().then((buf) => {
      const out = encoding === "zeros" ? restoreZeros(buf) : buf;
      report({ readMs: Math.round(performance.now() - t0), bytes: out.byteLength, encoding, inWorker: true });
      return new Uint8Array(out);
    });
    bytes.catch(() => {}); // a failed read is handled where the bytes are awaited (start)
    return { bytes }; // wrapped: an async function returning the promise would wait for it here
  } catch (err) {
    console.warn("tb-worker: could not read the snapshot:", err);
    return null;
  }
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
 * ("offset is out of bounds") and every start would be a slow one. */
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

async function startPython() {
  mark("tb:loader");
  send({ type: "step", text: "Starting Python…" });
  const found = await findSnapshot();
  if (found) {
    const t0 = performance.now();
    try {
      // the runtime's module loads while the snapshot is read; a snapshot that cannot be read
      // fails here, before Pyodide holds any of it (a fresh start follows)
      import(`${indexURL}pyodide.asm.mjs`).catch(() => {});
      const bytes = await found.bytes;
      const py = await loadFresh({ indexURL, _loadSnapshot: bytes, createPyodideModule: factoryFitting(bytes) });
      afterRestore(py);
      report({ state: "restored", restoreMs: Math.round(performance.now() - t0) });
      return py;
    } catch (err) {
      console.warn("tb-worker: the snapshot could not be restored; starting Python normally:", err);
      report({ state: "failed", error: String((err && err.message) || err) });
      await dropSnapshots();
    }
  }
  report({ state: info.state === "failed" ? "failed" : "none" });
  return loadFresh({ indexURL });
}

/** Benchmarks only (the page's ?cpu=N, benchmarks/taps.py): a CPU N times slower for this
 * worker. Chromium's CPU throttling (CDP) slows a page's main thread, not its workers; here every
 * task of this thread (a page's message, a timer, a message-channel callback: all of Pyodide's
 * event loop) is followed by a busy wait of N - 1 times its own length, and what the task posts to
 * the page is held until that wait is over, so the worker answers as late as it would on a slower
 * CPU. */
function slowDown(factor) {
  const post = self.postMessage.bind(self);
  const held = [];
  let depth = 0;
  self.postMessage = (...args) => void (depth ? held.push(args) : post(...args));
  const wrap = (fn) => function slowed(...args) {
    const t0 = performance.now();
    depth += 1;
    try {
      return fn.apply(this, args);
    } finally {
      const own = performance.now() - t0;
      const until = performance.now() + own * (factor - 1);
      while (performance.now() < until) { /* the slower CPU's extra time */ }
      depth -= 1;
      if (!depth) {
        for (const a of held.splice(0)) {
          // a render says how long its task took, at this machine's speed (benchmarks/taps.py)
          if (a[0] && a[0].type === "render") a[0].task = Math.round(own * 10) / 10;
          post(...a);
        }
      }
    }
  };
  const timeout = self.setTimeout;
  self.setTimeout = (fn, ms, ...args) => timeout(typeof fn === "function" ? wrap(fn) : fn, ms, ...args);
  const port = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    ...port, set(fn) { port.set.call(this, typeof fn === "function" ? wrap(fn) : fn); },
  });
  return wrap;
}
let slowed = (fn) => fn;

/** Our wheels' bytes, fetched at once (beside Python's own start: the service worker's copy on
 * later visits, the network on a first one, teed into the precache like the rest). */
function fetchWheels() {
  return WHEELS.map((w) => {
    const url = new URL(w, import.meta.url).href;
    const bytes = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    bytes.catch(() => {}); // awaited (and reported) in start
    return { url, bytes };
  });
}

/** Unpack pure-Python wheels into site-packages: what loadPackage does with a wheel's URL, without
 * its fetch coming after Python's start (0.4 s of a warm start) or its lock-file bookkeeping. */
async function installWheels(py, wheels) {
  const site = py.runPython("import sysconfig\nsysconfig.get_path('purelib')");
  for (const { url, bytes } of wheels) {
    try {
      py.unpackArchive(await bytes, "wheel", { extractDir: site });
    } catch (err) {
      throw new Error(`could not install ${url}: ${(err && err.message) || err}`);
    }
  }
  py.runPython("import importlib\nimportlib.invalidate_caches()");
}

async function start(boot) {
  if (Number(boot.cpu) > 1) slowed = slowDown(Number(boot.cpu));
  if (boot.firstVisit) teeFirstVisit();
  watchDownloads();
  const wheels = fetchWheels();
  const py = await startPython();
  mark("tb:python-started");
  send({ type: "step", text: "Installing the game engines…" });
  await installWheels(py, wheels);
  mark("tb:wheels-installed");
  send({ type: "step", text: "Starting the game…" });
  py.runPython("from tb_ui import worker as _tb_worker");
  send({ type: "part", part: "ui" });
  py.runPython("_tb_worker.start()");
  // the first-visit downloads are in the cache once these settle (shell.js waits for them)
  Promise.all(teed).then(() => send({ type: "teed" }));
  self.tbWheels = WHEELS;
}

/** What tb_ui.worker calls to listen to the page; the messages kept so far come first. */
self.tbWorker = {
  listen(fn) {
    handler = fn;
    for (const data of early.splice(0)) fn(data);
  },
  /** For the page's snapshot maker: the build's key and wheels. */
  config: () => ({ key: SNAPSHOT_KEY, wheels: WHEELS }),
};

// A promise Pyodide leaves rejected while this start falls back (a snapshot that does not restore)
// would reach the page as the worker's error, which the page takes for a failed start: a start
// that fails says so itself ({type: "fail"}).
self.addEventListener("unhandledrejection", (ev) => {
  console.warn("tb-worker: unhandled rejection:", ev.reason);
  ev.preventDefault();
});

let booted = false;
self.addEventListener("message", (ev) => slowed(onMessage)(ev));
function onMessage({ data }) {
  if (!booted && data && data.type === "boot") {
    booted = true;
    start(data).catch((err) => send({ type: "fail", text: String((err && err.stack) || err) }));
    return;
  }
  if (data && data.type === "config") {
    send({ type: "config", key: SNAPSHOT_KEY, wheels: WHEELS });
    return;
  }
  if (handler) handler(data);
  else early.push(data);
}
