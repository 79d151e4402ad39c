// Run the engine's ordinary pytest files inside Pyodide under Node (no browser, no network).
//
//   node tests/pyodide/run_pytest_in_pyodide.mjs [pytest args and test paths...]
//
// Paths are relative to the repo root and must lie under tests/ (which is mounted into
// Pyodide's file system as /repo/tests); "file.py::test_name" works; other arguments
// ("-k expr", "-x", ...) are passed to pytest as they are. With no path, it runs
// tests/test_conformance.py, or tests/pyodide/test_smoke_in_pyodide.py until that exists.
//
// It loads: the engine wheel from dist/wheels/ (the one the app ships: build first) and
// the wheels pinned in tests/pyodide/requirements-pyodide.txt from
// build/cache/pyodide-wheels/ (fetch_wheels.py). Every load error is fatal: in Node,
// Pyodide otherwise logs "attempting to load from https://cdn..." and carries on.
// Exit code: pytest's.
//
// Environment: every TB_* variable is passed to Python's os.environ (a file path under tests/ or
// build/ as its mounted path), and build/ is mounted beside tests/ when it exists.
//
// --from-snapshot: run the tests in an interpreter restored from a memory snapshot, the way the
// app starts on a device that has run it before (pwa/tb-worker.mjs): a first interpreter,
// made with _makeSnapshot, gets the engine wheel unpacked (not loadPackage'd: a snapshot cannot
// hold that) and imports every py_engine module; the tests then run in a second interpreter
// restored from that snapshot, with the wheels installed again as the app does.
import { loadPyodide } from "pyodide";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const INDEX_URL = path.join(ROOT, "node_modules", "pyodide") + path.sep;
const ENGINE_WHEELS = process.env.TB_WHEEL_DIR || path.join(ROOT, "dist", "wheels");
const DEP_WHEELS = process.env.TB_PYODIDE_WHEELS || path.join(ROOT, "build", "cache", "pyodide-wheels");
const MOUNT = "/repo";

const die = (msg) => {
  console.error(`run_pytest_in_pyodide: ${msg}`);
  process.exit(2);
};
const wheelsIn = (dir, what) => {
  if (!existsSync(dir)) die(`${dir} missing (${what})`);
  const found = readdirSync(dir).filter((f) => f.endsWith(".whl")).map((f) => path.join(dir, f));
  if (!found.length) die(`no wheel in ${dir} (${what})`);
  return found;
};

// --- arguments: map host paths under tests/ into the mounted tree ---------------------
const pytestArgs = [];
let paths = 0;
const fromSnapshot = process.argv.includes("--from-snapshot");
for (const arg of process.argv.slice(2).filter((a) => a !== "--from-snapshot")) {
  const [file, ...rest] = arg.split("::");
  const abs = path.resolve(process.cwd(), file);
  if (!arg.startsWith("-") && existsSync(abs)) {
    const rel = path.relative(ROOT, abs);
    if (rel.startsWith("..") || !(rel === "tests" || rel.startsWith(`tests${path.sep}`))) {
      die(`${arg}: only paths under tests/ are mounted`);
    }
    pytestArgs.push([`${MOUNT}/${rel.split(path.sep).join("/")}`, ...rest].join("::"));
    paths += 1;
  } else {
    if (!arg.startsWith("-") && /\.py($|::)/.test(arg)) die(`${arg}: no such test file`);
    pytestArgs.push(arg);
  }
}
if (!paths) {
  const def = existsSync(path.join(ROOT, "tests", "test_conformance.py"))
    ? "tests/test_conformance.py"
    : "tests/pyodide/test_smoke_in_pyodide.py";
  pytestArgs.push(`${MOUNT}/${def}`);
}

const wheels = [
  ...wheelsIn(DEP_WHEELS, "run tests/pyodide/fetch_wheels.py, or make test-pyodide"),
  ...wheelsIn(ENGINE_WHEELS, "build the site first: make build"),
];

// --- boot --------------------------------------------------------------------------------
const t0 = Date.now();

async function makeSnapshot() {
  const maker = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const site = maker.runPython("import sysconfig\nsysconfig.get_paths()['purelib']");
  for (const w of wheelsIn(ENGINE_WHEELS, "build the site first: make build")) {
    maker.unpackArchive(new Uint8Array(readFileSync(w)), "wheel", { extractDir: site });
  }
  const n = maker.runPython(`
import importlib, pkgutil, sys
import py_engine, py_engine.games
py_engine.games.all()
for m in pkgutil.walk_packages(py_engine.__path__, "py_engine."):
    importlib.import_module(m.name)
sys._tb_snapshot = "node"
len([m for m in sys.modules if m.startswith("py_engine")])
`);
  const snapshot = maker.makeMemorySnapshot();
  console.log(`snapshot made: ${n} py_engine modules imported, ${(snapshot.byteLength / 1e6).toFixed(1)} MB`);
  return snapshot;
}

/** Pyodide's module factory with the heap grown to the snapshot's size before the restore, as
 * pwa/tb-worker.mjs does (pyodide/pyodide#6254: the restore ignores the snapshot's size). */
function factoryFitting(bytes) {
  return async (settings) => {
    const { default: create } = await import("pyodide/pyodide.asm.mjs");
    const module = await create(settings);
    if (module.HEAP8.length < bytes.byteLength && !module._emscripten_resize_heap(bytes.byteLength)) {
      die(`the heap cannot grow to the snapshot's ${bytes.byteLength} bytes`);
    }
    return module;
  };
}

const saved = fromSnapshot ? await makeSnapshot() : null;
const py = fromSnapshot
  ? await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: saved, createPyodideModule: factoryFitting(saved) })
  : await loadPyodide({ indexURL: INDEX_URL });
if (fromSnapshot) {
  const marker = py.runPython("import sys\ngetattr(sys, '_tb_snapshot', None)");
  if (marker !== "node") die(`the restored interpreter does not hold the snapshot's state (${marker})`);
  const before = py.runPython("import sys\nlen([m for m in sys.modules if m.startswith('py_engine')])");
  console.log(`restored from the snapshot with ${before} py_engine modules already imported`);
  py.runPython("import random\nrandom.seed()");
}
// Raw byte streams, so pytest's progress dots stay on one line.
const raw = (stream) => ({
  write: (buf) => {
    stream.write(Buffer.from(buf));
    return buf.length;
  },
});
py.setStdout(raw(process.stdout));
py.setStderr(raw(process.stderr));
const loadErrors = [];
await py.loadPackage(wheels, {
  messageCallback: () => {},
  errorCallback: (msg) => loadErrors.push(msg),
  checkIntegrity: true,
});
if (loadErrors.length) die(`loadPackage failed:\n  ${loadErrors.join("\n  ")}`);

py.FS.mkdirTree(`${MOUNT}/tests`);
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.join(ROOT, "tests") }, `${MOUNT}/tests`);
if (existsSync(path.join(ROOT, "build"))) {
  // build/ too (what a CPython step wrote for the tests, e.g. tests/parity.py's digests)
  py.FS.mkdirTree(`${MOUNT}/build`);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.join(ROOT, "build") }, `${MOUNT}/build`);
}
py.FS.chdir(MOUNT);
// The tests' settings (TB_*: TB_CONFORMANCE_GAMES, TB_HYPOTHESIS_EXAMPLES, TB_PARITY_FILE, ...)
// reach Python's os.environ; a path under the repository is given as its mounted path.
const tbEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("TB_")).map(([k, v]) => {
  const abs = path.resolve(ROOT, v);
  const rel = path.relative(ROOT, abs);
  const mounted = !rel.startsWith("..") && (rel.startsWith(`tests${path.sep}`) || rel.startsWith(`build${path.sep}`));
  return [k, mounted && existsSync(abs) ? `${MOUNT}/${rel.split(path.sep).join("/")}` : v];
}));
py.globals.set("TB_ENV", py.toPy(tbEnv));
py.runPython("import os\nos.environ.update(dict(TB_ENV))");
console.log(
  `pyodide ${py.version} booted and ${wheels.length} wheels loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s; ` +
    `running pytest ${pytestArgs.join(" ")}`,
);

// --- run -----------------------------------------------------------------------------------
py.globals.set("PYTEST_ARGS", py.toPy(["-q", "-p", "no:cacheprovider", ...pytestArgs]));
let code;
try {
  code = py.runPython(`
import sys, pytest
sys.dont_write_bytecode = True
int(pytest.main(list(PYTEST_ARGS)))
`);
} catch (err) {
  console.error(err.message || err);
  code = 3;
}
process.exit(code);
