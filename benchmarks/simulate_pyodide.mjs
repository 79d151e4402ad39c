// Run `python -m py_engine simulate ...` inside Pyodide under Node (no browser).
// Usage: node benchmarks/simulate_pyodide.mjs <wheel.whl> [simulate args...]
// Prints the simulator's output; exits with its status. Fails on any package
// loading error (Node's loadPackage would otherwise fall back to a CDN silently).
import { loadPyodide } from "pyodide";
import path from "node:path";

const [wheel, ...args] = process.argv.slice(2);
if (!wheel) {
  console.error("usage: simulate_pyodide.mjs <wheel> [simulate args]");
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
console.error(`pyodide ready in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
py.globals.set("ARGS", py.toPy(["simulate", ...args]));
const code = py.runPython(`
import sys
from py_engine.__main__ import main
main(list(ARGS))
`);
process.exit(code);
