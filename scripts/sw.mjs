// Generate the service worker for the built site with Workbox (no CDN: the runtime is inlined).
//
//   node scripts/sw.mjs [dist]
//
// Fails (exit 1) if Workbox warns about anything, or if a file the app cannot boot
// without is missing from the precache manifest (Workbox's default 2 MiB limit used to
// skip the 9.6 MB wasm with only a warning, which leaves an app that is not offline).
import { generateSW, getManifest } from "workbox-build";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(process.argv[2] ?? "dist");
if (!existsSync(path.join(dir, "index.html"))) {
  console.error(`sw.mjs: ${dir}/index.html not found; build the site first`);
  process.exit(1);
}

const MiB = 1024 * 1024;
// Revisions are SHA-256 (hex, 32 digits) instead of Workbox's MD5, so the page can check a file
// it already downloaded against the manifest with WebCrypto before putting it in the precache.
const sha256Revisions = (entries) => ({
  manifest: entries.map((e) => ({
    ...e,
    revision: createHash("sha256").update(readFileSync(path.join(dir, e.url))).digest("hex").slice(0, 32),
  })),
  warnings: [],
});
const globOptions = {
  globDirectory: dir,
  globPatterns: ["**/*"],
  // precache-manifest.json: read once by a first visit (shell.js); .br/.gz: precompressed twins
  // for the server (the precache keeps the files themselves).
  globIgnores: ["**/*.map", "sw.js", "precache-manifest.json", "**/*.br", "**/*.gz"],
  maximumFileSizeToCacheInBytes: 64 * MiB,
  manifestTransforms: [sha256Revisions],
};
// Workbox's precache is named <prefix>-precache-v2-<registration scope> (workbox-core cacheNames).
const PRECACHE_NAME_PREFIX = "workbox-precache-v2-";

// Files without which the app cannot start offline.
const REQUIRED = [
  "index.html",
  "tb-page.mjs",
  "tb-worker.mjs",
  "vendor/idiomorph.js",
  "pyodide/pyodide.mjs",
  "pyodide/pyodide.asm.mjs",
  "pyodide/pyodide.asm.wasm",
  "pyodide/python_stdlib.zip",
  "pyodide/pyodide-lock.json",
];

const fail = (msg) => {
  console.error(`sw.mjs: ${msg}`);
  process.exit(1);
};

const { manifestEntries, warnings: manifestWarnings } = await getManifest(globOptions);
if (manifestWarnings.length) fail(`workbox warnings:\n  ${manifestWarnings.join("\n  ")}`);
const urls = new Set(manifestEntries.map((e) => e.url));
const wheels = [...urls].filter((u) => /^wheels\/.+\.whl$/.test(u));
const missing = REQUIRED.filter((u) => !urls.has(u));
if (missing.length) fail(`not in the precache manifest: ${missing.join(", ")}`);
if (!wheels.length) fail("no wheels/*.whl in the precache manifest");

const { count, size, warnings } = await generateSW({
  ...globOptions,
  swDest: path.join(dir, "sw.js"),
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  navigateFallback: "index.html",
  ignoreURLParametersMatching: [/.*/],
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  // No skipWaiting: the page shows "A new version is ready — Reload" and posts
  // {type: "SKIP_WAITING"}, which the generated worker then honours.
  skipWaiting: false,
});
if (warnings.length) fail(`workbox warnings:\n  ${warnings.join("\n  ")}`);

// Belt and braces: the written worker names the big files and holds no CDN URL.
const sw = readFileSync(path.join(dir, "sw.js"), "utf8");
for (const u of ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"]) {
  if (!sw.includes(JSON.stringify(u))) fail(`sw.js does not precache ${u}`);
}
if (/importScripts\(|workbox-cdn|jsdelivr/.test(sw)) fail("sw.js loads code from elsewhere (expected an inlined runtime)");
if (!sw.includes("SKIP_WAITING")) fail("sw.js does not handle the SKIP_WAITING message");

if (!sw.includes('"precache-v2"') || !sw.includes('"workbox"')) {
  fail("sw.js does not use Workbox's precache-v2 cache name that shell.js fills on a first visit");
}

// The same manifest for the page (shell.js fills the precache from it on a first visit).
const manifest = {
  cacheName: PRECACHE_NAME_PREFIX,
  entries: manifestEntries.map(({ url, revision }) => ({ url, revision })),
};
writeFileSync(path.join(dir, "precache-manifest.json"), JSON.stringify(manifest) + "\n");
// Precompressed twins of what was just rewritten are stale (a server would send the old worker):
// drop them; scripts/build.py writes fresh ones after this script.
for (const name of ["sw.js", "precache-manifest.json"]) {
  for (const twin of [".br", ".gz"]) rmSync(path.join(dir, name + twin), { force: true });
}
console.log(`sw.js: precaches ${count} files, ${(size / MiB).toFixed(2)} MiB`);
