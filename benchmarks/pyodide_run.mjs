// Run a Python module of this repository inside Pyodide under Node (no browser).
// Usage: node benchmarks/pyodide_run.mjs <wheel.whl> <module> [args...]
//   e.g. node benchmarks/pyodide_run.mjs dist/wheels/x.whl py_engine simulate timeline --players 8
// The repository's benchmarks/ folder is mounted at /repo/benchmarks, so a script
// module like "benchmarks.bots" works too. Fails on any package loading error
// (Node's loadPackage otherwise silently falls back to a CDN).
import { loadPyodide } from "pyodide";
import path from "node:path";

const [wheel, module, ...args] = process.argv.slice(2);
if (!wheel || !module) {
  console.error("usage: pyodide_run.mjs <wheel> <module> [args]");
  process.exit(2);
}
const t0 = performance.now();
const py = await loadPyodide({ indexURL: path.resolve("node_modules/pyodide") + "/" });
const errors = [];
await py.loadPackage([path.resolve(wheel)], { errorCallback: (m) => errors.push(m), messageCallback: () => {} });
if (errors.length) {
  console.error("package load failed:", errors.join("\n"));
  process.exit(3);
}
py.FS.mkdirTree("/repo/benchmarks");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve("benchmarks") }, "/repo/benchmarks");
console.error(`pyodide ready in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
py.globals.set("ARGV", py.toPy([module, ...args]));
const code = py.runPython(`
import runpy, sys
sys.path.insert(0, "/repo")
sys.argv = list(ARGV)
code = 0
try:
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
code
`);
process.exit(code);
