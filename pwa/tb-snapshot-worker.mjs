// Makes the memory snapshot that tb-worker.mjs restores, in a Web Worker of its own so neither the
// page nor the app waits. Started by tb-page.mjs once after a normal start, when the app is ready
// and the service worker controls the page (every download here then comes from the precache).
//
// Message in:  {key, keyURL, cacheName, modules: [names the live app has imported], wheels: [URLs
//               relative to this module]}
// Message out: {ok: true, bytes, stored, ms, preloaded, skipped} or {ok: false, error}
//   (bytes: the snapshot's size; stored: its size in Cache Storage, without its zero words)
//
// Steps: a fresh Pyodide with _makeSnapshot; our wheels unpacked into site-packages without
// loadPackage (a snapshot cannot hold packages loaded that way); then the imports, in two rounds:
// our packages (py_engine, tb_ui without its worker layer, which holds JavaScript objects) and the
// standard library modules the live app uses, then a snapshot — then the rest of the live app's
// modules that import here, and a second snapshot that replaces the first if it can be made
// (a module holding a browser object that cannot be serialized makes it fail). The snapshot goes
// into Cache Storage under keyURL without its zero words (tb-snapshot-format.mjs); older snapshots
// there are deleted.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { elideZeros } from "./tb-snapshot-format.mjs";

const here = (path) => new URL(path, import.meta.url).href;

// Modules that hold JavaScript objects (the worker layer, which talks to the page) and the
// top-level script: never imported here.
const NEVER = /^(__main__|js|pyodide_js|micropip|tb_ui\.worker)(\.|$)/;

const PRELOAD = `
import importlib, json, pkgutil, sys

def _tb_preload(names, packages, never):
    import re
    done, skipped = [], []
    todo = list(names)
    for pkg in packages:
        mod = importlib.import_module(pkg)
        # (not a command line: py_engine.__main__ is never run in the app)
        todo += [m.name for m in pkgutil.walk_packages(mod.__path__, pkg + ".") if not m.name.endswith(".__main__")]
    for name in todo:
        if name in sys.modules or re.match(never, name):
            continue
        try:
            importlib.import_module(name)
            done.append(name)
        except BaseException as e:  # a module that cannot start here: leave it out
            skipped.append(f"{name} ({type(e).__name__})")
    return json.dumps([done, skipped])
`;

async function installWheels(py, wheels) {
  wheels = (wheels || []).filter((p) => /\.whl$/.test(p));
  if (!wheels.length) throw new Error("no wheels to snapshot");
  const site = py.runPython("import sysconfig\nsysconfig.get_paths()['purelib']");
  for (const w of wheels) {
    const r = await fetch(here(w));
    if (!r.ok) throw new Error(`${w}: HTTP ${r.status}`);
    py.unpackArchive(await r.arrayBuffer(), "wheel", { extractDir: site });
  }
  py.runPython("import importlib\nimportlib.invalidate_caches()");
  return wheels;
}

function preload(py, names, packages) {
  const code = `_tb_preload(${JSON.stringify(names)}, ${JSON.stringify(packages)}, ${JSON.stringify(NEVER.source)})`;
  return JSON.parse(py.runPython(code));
}

addEventListener("message", async ({ data }) => {
  const t0 = performance.now();
  try {
    const { key, keyURL, cacheName, modules, wheels } = data;
    const py = await loadPyodide({ indexURL: here("./pyodide/"), _makeSnapshot: true });
    await installWheels(py, wheels);
    py.runPython(PRELOAD);
    const wanted = modules.filter((m) => !NEVER.test(m));
    const ours = (m) => /^(py_engine|tb_ui)(\.|$)/.test(m);
    const stdlib = wanted.filter((m) => !ours(m) && !m.startsWith("pyodide") && !m.startsWith("_pyodide"));
    const [done1, skipped1] = preload(py, stdlib, ["py_engine", "tb_ui"]);
    py.runPython(`import sys\nsys._tb_snapshot = ${JSON.stringify(key)}\ndel _tb_preload`);
    let snapshot = py.makeMemorySnapshot();
    let [done2, skipped2] = [[], []];
    try {
      py.runPython(PRELOAD);
      [done2, skipped2] = preload(py, wanted, []);
      py.runPython("del _tb_preload");
      snapshot = py.makeMemorySnapshot();
    } catch (err) {
      skipped2.push(`second round dropped: ${err && err.message}`);
    }
    // Stored without its zero words (tb-worker.mjs puts them back): under half the
    // size, for tens of milliseconds off the main thread on each start (gzip: slower starts).
    const stored = elideZeros(snapshot);
    const cache = await caches.open(cacheName);
    for (const req of await cache.keys()) if (req.url !== keyURL) await cache.delete(req);
    await cache.put(keyURL, new Response(stored, {
      headers: { "Content-Type": "application/octet-stream", "X-TB-Snapshot-Encoding": "zeros" } }));
    postMessage({ ok: true, bytes: snapshot.byteLength, stored: stored.byteLength, ms: Math.round(performance.now() - t0),
                  preloaded: done1.length + done2.length, skipped: [...skipped1, ...skipped2] });
  } catch (err) {
    postMessage({ ok: false, error: String((err && err.stack) || err) });
  }
});
