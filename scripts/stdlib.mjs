// Which standard-library modules our Python needs, found in Pyodide's own Python under Node.
// Used by scripts/build.py (issue 26 §2: the app ships a standard library trimmed to them).
//
// Usage: node scripts/stdlib.mjs imports <python_stdlib.zip> <request.json>
//        node scripts/stdlib.mjs compile <python_stdlib.zip> <out-dir> <archive>...
// imports: request.json is {"wheels": [paths], "packages": [names whose every module is imported],
//                  "names": [modules to import as well], "skip": [modules never imported here]}
// Prints one JSON line: {"modules": [sys.modules after every import], "failed": ["name: error"]}
// Exit code 0 when the imports ran (failures are listed, not fatal), 3 when Pyodide or a wheel
// could not load. The zip is loaded through Pyodide's stdLibURL, as the app loads it, so the same
// script checks a trimmed zip: every import that works with the full one must work with it.
// compile: Pyodide starts with the given standard library, and each archive (a standard-library
// zip, or a wheel: *.whl; our own wheels, time_and_barons*, without their docstrings, which nothing
// reads at run time) is written to <out-dir> under its own name with every module compiled
// by this Pyodide's own Python (unchecked hash-based .pyc in place of the .py, no source), stored,
// not deflated, so that the host's brotli compresses it whole. A wheel's RECORD is rewritten to
// match. No start of the app then compiles a module again.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [mode, zip, arg, ...archives] = process.argv.slice(2);
if (!["imports", "compile"].includes(mode) || !zip || !arg || (mode === "compile" && !archives.length)) {
  console.error("usage: stdlib.mjs imports <python_stdlib.zip> <request.json>\n"
                + "       stdlib.mjs compile <python_stdlib.zip> <out-dir> <archive>...");
  process.exit(2);
}
let py;
try {
  py = await loadPyodide({ indexURL: path.resolve("node_modules/pyodide") + "/", stdLibURL: path.resolve(zip) });
} catch (err) {
  console.error("Pyodide did not start with", zip, ":", err);
  process.exit(3);
}

const COMPILE = `
import ast, base64, hashlib, importlib._bootstrap_external as be, importlib.util, sys, sysconfig, zipfile

def _undocumented(source, filename):
    # the module, class and function docstrings left out (our wheels: nothing reads them at run
    # time, and they were a tenth of the heap a memory snapshot stores); the line numbers of
    # tracebacks stay those of the sources. Asserts stay (no -O).
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                first = body.pop(0)
                if not body:
                    body.append(ast.copy_location(ast.Pass(), first))
    return tree

def _compile(src, out, wheel, strip=False):
    # co_filename as the app's Python sees the file: in site-packages, or inside the zip on sys.path
    prefix = sysconfig.get_paths()["purelib"] if wheel else next(p for p in sys.path if p.endswith(".zip"))
    written, record = [], None
    with zipfile.ZipFile(src) as z:
        for info in z.infolist():
            data = z.read(info)
            name = info.filename
            if name.endswith(".py"):
                filename = f"{prefix}/{name}"
                code = compile(_undocumented(data, filename) if strip else data, filename, "exec", dont_inherit=True)
                data = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
            if wheel and name.endswith(".dist-info/RECORD"):
                record = (name, info.date_time)
                continue
            written.append((zipfile.ZipInfo(name, info.date_time), data))
    if wheel:
        if record is None:
            raise ValueError(f"{src}: a wheel without RECORD")
        lines = []
        for zi, data in written:
            if not zi.filename.endswith("/"):
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                lines.append(f"{zi.filename},sha256={digest},{len(data)}")
        lines.append(f"{record[0]},,")
        written.append((zipfile.ZipInfo(record[0], record[1]), ("\\n".join(lines) + "\\n").encode()))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as o:
        for zi, data in written:
            o.writestr(zi, data)
`;

if (mode === "compile") {
  py.runPython(COMPILE);
  const compileOne = py.globals.get("_compile");
  for (const archive of archives) {
    py.FS.writeFile("/tmp/in.zip", readFileSync(archive));
    // our own wheels (time_and_barons*) without their docstrings
    compileOne("/tmp/in.zip", "/tmp/out.zip", archive.endsWith(".whl"), path.basename(archive).startsWith("time_and_barons"));
    writeFileSync(path.join(arg, path.basename(archive)), py.FS.readFile("/tmp/out.zip"));
  }
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
    return json.dumps({"modules": sorted(sys.modules), "failed": failed})

_run(REQUEST)
`);
process.stdout.write(out + "\n");
