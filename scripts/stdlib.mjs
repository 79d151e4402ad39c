// Which standard-library modules our Python needs, found in Pyodide's own Python under Node.
// Used by scripts/build.py (issue 26 §2: the app ships a standard library trimmed to them).
//
// Usage: node scripts/stdlib.mjs imports <python_stdlib.zip> <request.json>
//        node scripts/stdlib.mjs compile <python_stdlib.zip> <out.zip>
// imports: request.json is {"wheels": [paths], "packages": [names whose every module is imported],
//                  "names": [modules to import as well], "skip": [modules never imported here]}
// Prints one JSON line: {"modules": [sys.modules after every import], "failed": ["name: error"],
//                        "builtin": [sys.builtin_module_names]}
// Exit code 0 when the imports ran (failures are listed, not fatal), 3 when Pyodide or a wheel
// could not load. The zip is loaded through Pyodide's stdLibURL, as the app loads it, so the same
// script checks a trimmed zip: every import that works with the full one must work with it.
// compile: writes a zip (stored, not deflated: the host's brotli compresses it whole) in which
// every module is bytecode compiled by this Pyodide's own Python (unchecked hash-based .pyc, no
// source), so that no start of the app compiles the standard library again.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [mode, zip, arg] = process.argv.slice(2);
if (!["imports", "compile"].includes(mode) || !zip || !arg) {
  console.error("usage: stdlib.mjs imports <python_stdlib.zip> <request.json> | compile <python_stdlib.zip> <out.zip>");
  process.exit(2);
}
let py;
try {
  py = await loadPyodide({ indexURL: path.resolve("node_modules/pyodide") + "/", stdLibURL: path.resolve(zip) });
} catch (err) {
  console.error("Pyodide did not start with", zip, ":", err);
  process.exit(3);
}

if (mode === "compile") {
  py.FS.writeFile("/tmp/in.zip", readFileSync(zip));
  // co_filename as the app's Python sees the file: inside the zip on sys.path.
  const prefix = py.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
  py.globals.set("PREFIX", prefix);
  py.runPython(`
import importlib._bootstrap_external as be, importlib.util, zipfile
with zipfile.ZipFile("/tmp/in.zip") as z, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as o:
    for info in z.infolist():
        data = z.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, f"{PREFIX}/{info.filename}", "exec", dont_inherit=True)
            pyc = be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            o.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), bytes(pyc))
        else:
            o.writestr(zipfile.ZipInfo(info.filename, info.date_time), data)
`);
  writeFileSync(arg, py.FS.readFile("/tmp/out.zip"));
  process.exit(0);
}

const request = JSON.parse(readFileSync(arg, "utf8"));
const errors = [];
if ((request.wheels || []).length) {
  await py.loadPackage(request.wheels.map((w) => path.resolve(w)),
                       { errorCallback: (m) => errors.push(m), messageCallback: () => {} });
}
if (errors.length) {
  console.error("wheel load failed:", errors.join("\n"));
  process.exit(3);
}
py.globals.set("REQUEST", JSON.stringify(request));
const out = py.runPython(`
import importlib, json, pkgutil, sys

def _run(request):
    req = json.loads(request)
    skip = tuple(req.get("skip", []))
    def skipped(name):
        return any(name == s or name.startswith(s + ".") for s in skip)
    todo = []
    for pkg in req.get("packages", []):
        mod = importlib.import_module(pkg)
        todo.append(pkg)
        todo += [m.name for m in pkgutil.walk_packages(mod.__path__, pkg + ".")]
    todo += req.get("names", [])
    failed = []
    for name in todo:
        if skipped(name) or name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except BaseException as e:
            failed.append(f"{name}: {type(e).__name__}: {e}")
    return json.dumps({"modules": sorted(sys.modules), "failed": failed,
                       "builtin": sorted(sys.builtin_module_names)})

_run(REQUEST)
`);
process.stdout.write(out + "\n");
