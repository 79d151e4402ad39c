// Boot shell for Time & Barons: loading progress, boot errors, service worker and updates.
// Plain JavaScript, no dependencies; runs before the app's modules (a deferred classic script).
//
// Contract with the app (tb-page.mjs on this page, Python in tb-worker.mjs):
//   - the page sets document.body.dataset.ready = "1" (or dispatches a "tb:ready" event on
//     window) once it has drawn; the loading panel then hides;
//   - window.tbShell.resource({name, size, end}) reports a download made by the app's worker
//     (its own Resource Timing is not the page's), .step(text) the start's next step and
//     .part(name) a part ready that is no download ("app": the worker runs; "ui": Python has
//     the user interface); .waitFirstVisit holds promises of the worker's first-visit copies;
//   - window.tbShell.updateReady tells whether a new version waits; a "tb:update-ready"
//     event is dispatched on window when one does; window.tbShell.applyUpdate() switches
//     to it (the page reloads), window.tbShell.checkForUpdate() asks the server now;
//   - window.tbShell.boot holds timings (ms since navigation) for benchmarks;
//     window.tbShell.boot.precache says what a first visit put into the precache itself.
//   - window.tbShell.storage is a promise of the ./storage.js module (saved games in IndexedDB),
//     imported and opened at once so the database is read while Python starts;
//   - window.tbShell.phones() and .qr() import ./table-link.mjs and ./table-qr.mjs (issue 27);
//   - window.tbShell.fail(text) shows the boot-error panel (the UI calls it if it cannot start);
//     the panel offers to export, then reset, the stored data, without Python.
//
// One download on a first visit: until a service worker controls the page, every same-origin
// GET that the page makes with fetch() (the runtime, the standard library, the wheels, the
// config) is also written to a temporary cache as it streams in. Once the app is ready, the
// shell reads precache-manifest.json (written by scripts/sw.mjs), moves each file whose content
// matches its revision (a SHA-256) into Workbox's precache under Workbox's own cache key, takes
// the files the browser loaded itself (scripts, styles, the page) from the HTTP cache without
// touching the network, and only then registers the service worker: Workbox's install finds
// those entries already cached and downloads only what is missing.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const started = performance.now();
  const FIRST_VISIT_CACHE = "tb-first-visit";
  const nativeFetch = window.fetch;
  const firstVisit = "serviceWorker" in navigator && !navigator.serviceWorker.controller && "caches" in window;
  const teed = [];
  let teeing = firstVisit;
  if (firstVisit) {
    window.fetch = function (input, init) {
      const response = nativeFetch.apply(this, arguments);
      if (!teeing) return response;
      try {
        const req = new Request(input, init);
        const url = new URL(req.url);
        if (req.method === "GET" && url.origin === location.origin) {
          url.search = "";
          url.hash = "";
          // Registered before the caller's own handlers, so the clone is taken before the body is read.
          teed.push(response.then((r) => {
            if (!r.ok || r.status !== 200 || r.type !== "basic") return null;
            const copy = r.clone(); // now, before the caller starts reading the body
            return caches.open(FIRST_VISIT_CACHE).then((c) => c.put(url.href, copy));
          }).catch(() => null));
        }
      } catch {
        /* not a request we keep */
      }
      return response;
    };
  }
  const boot = { parts: {}, readyAt: null, errors: [] };
  const shell = {
    boot,
    updateReady: false,
    applyUpdate: () => {},
    checkForUpdate: async () => false,
    storage: null,
    fail: (text) => showError(text),
  };
  window.tbShell = shell;

  // ---- The app's worker (Python) ------------------------------------------------------------
  // Started here, before the page's modules have loaded (tb-page.mjs takes it over, with the
  // messages it sent meanwhile): Python's start is the longest part of a start.
  try {
    const worker = new Worker(new URL("./tb-worker.mjs", document.currentScript.src), { type: "module" });
    const early = [];
    worker.onmessage = (e) => early.push(e.data);
    worker.addEventListener("error", (e) => showError(`The app's worker could not start: ${e.message || e}`));
    // ?cpu=N: benchmarks only, the worker as slow as a CPU N times slower (see tb-worker.mjs)
    const cpu = Number(new URLSearchParams(location.search).get("cpu")) || 1;
    worker.postMessage({ type: "boot", firstVisit, cpu });
    shell.worker = { worker, early };
  } catch (err) {
    console.warn("tb-shell: the app's worker is started by the page instead:", err);
  }

  // ---- Stored data ----------------------------------------------------------------------
  // Relative to this script, so any sub-path works. Opening starts now, in parallel with Python.
  shell.storage = import("./storage.js");
  // A table across phones (issue 27): the link and the QR codes, loaded when first used.
  shell.phones = () => import("./table-link.mjs");
  shell.qr = () => import("./table-qr.mjs");
  shell.storage.then((m) => m.open()).catch((err) => console.warn("storage could not be opened:", err));

  // ---- Progress -------------------------------------------------------------------------
  // Which downloads make up a boot, matched on the resource URL's path ("app" and "ui" are
  // reported by the page: the worker runs, Python has the user interface).
  const PARTS = [
    ["app", /\/tb-worker\.mjs$/],
    ["runtime", /\/pyodide\/pyodide\.asm\.wasm$/],
    ["stdlib", /\/pyodide\/python_stdlib\.zip$/],
    ["engine", /\/wheels\/[^/]+\.whl$/],
  ];
  const workerLoaded = new Set(); // what the app's worker downloaded (for the first-visit precache)
  shell.waitFirstVisit = [];
  let bytes = 0;
  let lastActivity = performance.now();
  let ready = false;
  let failed = false;

  const setStep = (text) => {
    const el = $("boot-step");
    if (el && !ready && !failed) el.textContent = text;
    const line = $("boot-line");
    if (line && !ready && !failed) line.textContent = text;
    lastActivity = performance.now();
  };
  const refresh = () => {
    const done = Object.keys(boot.parts).length + (ready ? 1 : 0);
    const bar = $("boot-progress");
    if (bar) {
      bar.value = done;
      bar.textContent = `${done} of ${bar.max}`;
    }
    const b = $("boot-bytes");
    if (b && bytes > 0) b.textContent = `${(bytes / 1e6).toFixed(1)} MB loaded`;
  };
  const arrived = (part, t) => {
    if (boot.parts[part] !== undefined) return;
    boot.parts[part] = Math.round(t);
    const li = document.querySelector(`#boot-list [data-part="${part}"]`);
    if (li) li.classList.add("done");
    lastActivity = performance.now();
    refresh();
  };
  const onResource = (entry) => {
    let path;
    try {
      path = new URL(entry.name).pathname;
    } catch {
      return;
    }
    bytes += entry.encodedBodySize || entry.transferSize || 0;
    for (const [part, re] of PARTS) if (re.test(path)) arrived(part, entry.responseEnd || entry.startTime);
    refresh();
  };
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onResource)).observe({ type: "resource", buffered: true });
    } catch {
      /* very old browser: the step text still moves */
    }
  }
  shell.resource = ({ name, size, end }) => {
    workerLoaded.add(String(name).split(/[?#]/)[0]);
    onResource({ name, encodedBodySize: size, responseEnd: end });
  };
  shell.step = (text) => setStep(text);
  shell.part = (part) => arrived(part, performance.now());

  // ---- Ready ----------------------------------------------------------------------------
  const markReady = () => {
    if (ready) return;
    ready = true;
    boot.readyAt = Math.round(performance.now());
    refresh();
    const panel = $("boot");
    if (panel) panel.hidden = true;
    document.documentElement.dataset.booted = "1";
    registerServiceWorker();
  };
  addEventListener("tb:ready", markReady);
  const watchBody = () => {
    if (document.body.dataset.ready === "1") return markReady();
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "attributes" && document.body.dataset.ready === "1") markReady();
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  };

  // ---- Errors ---------------------------------------------------------------------------
  const showError = (message) => {
    const text = String(message || "Unknown error").trim();
    boot.errors.push(text);
    if (ready) return; // after boot, the app shows what went wrong itself
    failed = true;
    const box = $("boot-error");
    if (!box) return;
    // The last line of a Python traceback says what went wrong; the rest goes under "Details".
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    $("boot-error-summary").textContent = lines[lines.length - 1] || text;
    $("boot-error-text").textContent = boot.errors.join("\n\n").slice(-8000);
    box.hidden = false;
    const panel = $("boot");
    if (panel) panel.hidden = true;
    document.documentElement.dataset.bootFailed = "1";
  };
  addEventListener("error", (e) => {
    // Resource load errors do not bubble to window; these are script errors.
    showError(e.message || (e.error && e.error.message));
  });
  addEventListener("unhandledrejection", (e) => {
    const r = e.reason;
    if (r && r.name === "QuotaExceededError") {
      // A storage write refused because the device is full: not a failed start. Ours are
      // handled (the app says new moves are not being saved).
      e.preventDefault();
      console.warn("a storage write was refused (the device's storage is full):", r.message);
      return;
    }
    showError((r && (r.message || r.toString())) || "Unhandled promise rejection");
  });
  if (typeof WebAssembly !== "object") {
    document.addEventListener("DOMContentLoaded", () =>
      showError("This browser cannot run WebAssembly, which the game needs. Please use a current browser."));
  }
  setInterval(() => {
    if (ready || failed) return;
    const slow = $("boot-slow");
    if (slow && performance.now() - lastActivity > 30000) slow.hidden = false;
  }, 5000);

  // ---- Service worker and updates -------------------------------------------------------
  let swRequested = false;
  let reloadOnControllerChange = false;

  const showUpdate = (worker) => {
    shell.updateReady = true;
    shell.applyUpdate = () => {
      reloadOnControllerChange = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    };
    const banner = $("update-banner");
    if (banner) banner.hidden = false;
    dispatchEvent(new CustomEvent("tb:update-ready"));
  };

  const watchRegistration = (reg) => {
    const offer = (worker) => {
      // Only an *update* is offered: on the very first install there is no controller.
      if (worker && navigator.serviceWorker.controller) showUpdate(worker);
    };
    if (reg.waiting) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
      });
    });
    shell.checkForUpdate = async () => {
      await reg.update();
      return shell.updateReady;
    };
    // Look for a new version when the player comes back to the app, and hourly.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") reg.update().catch(() => {});
    });
    setInterval(() => reg.update().catch(() => {}), 60 * 60 * 1000);
  };

  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

  /** First visit: put what the page already downloaded into Workbox's precache (see the top). */
  async function fillPrecache() {
    teeing = false;
    window.fetch = nativeFetch;
    await Promise.all([...teed, ...shell.waitFirstVisit]);
    const t0 = performance.now();
    const stats = { fromPage: 0, fromHttpCache: 0, left: [] };
    boot.precache = stats;
    const manifest = await (await nativeFetch("./precache-manifest.json", { cache: "no-store" })).json();
    const scope = new URL("./", location.href).href;
    const precache = await caches.open(manifest.cacheName + scope);
    const temp = await caches.open(FIRST_VISIT_CACHE);
    // This page, as it was requested (the HTTP cache keys it with its query string).
    const page = location.href.split("#")[0];
    const pagePath = new URL(page).pathname;
    const isIndex = pagePath === new URL(scope).pathname || pagePath === new URL("index.html", scope).pathname;
    // What the browser itself loaded for this page (scripts, styles, images): only those can be
    // in the HTTP cache, and asking for anything else would log a cache miss.
    const loaded = new Set([...performance.getEntriesByType("resource").map((e) => e.name.split(/[?#]/)[0]),
                            ...workerLoaded]);
    // The browser's own icon fetch (the tab's favicon) is not a resource entry, but it is cached.
    for (const link of document.querySelectorAll("link[rel~='icon']")) loaded.add(link.href.split(/[?#]/)[0]);
    for (const { url, revision } of manifest.entries) {
      const file = new URL(url, scope);
      const key = new URL(file.href);
      key.searchParams.set("__WB_REVISION__", revision);
      if (await precache.match(key.href)) continue;
      let response = await temp.match(file.href);
      let from = "fromPage";
      if (!response) {
        from = "fromHttpCache";
        // The page itself may have been loaded as ./ (or with a query) rather than ./index.html.
        const asLoaded = url === "index.html" && isIndex ? page : file.href;
        if (asLoaded === page || loaded.has(asLoaded)) {
          response = await nativeFetch(asLoaded, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
        }
      }
      if (response && response.ok && response.status === 200) {
        const body = await response.clone().arrayBuffer();
        if (hex(await crypto.subtle.digest("SHA-256", body)).slice(0, revision.length) === revision) {
          await precache.put(key.href, response);
          stats[from] += 1;
          continue;
        }
      }
      stats.left.push(url);
    }
    await caches.delete(FIRST_VISIT_CACHE);
    stats.ms = Math.round(performance.now() - t0);
  }

  function registerServiceWorker() {
    if (swRequested || !("serviceWorker" in navigator)) return;
    swRequested = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloadOnControllerChange) {
        reloadOnControllerChange = false;
        location.reload();
      }
    });
    // Relative URL: the worker's scope is the folder of index.html, any sub-path works.
    const filled = firstVisit
      ? fillPrecache().catch((err) => console.warn("precache fill failed; the service worker downloads it:", err))
      : Promise.resolve();
    filled
      .then(() => navigator.serviceWorker.register("./sw.js"))
      .then(watchRegistration)
      .catch((err) => console.warn("service worker registration failed:", err));
  }

  // Registered once the app is ready (markReady), so the service worker's precache does not race
  // the app for the 10 MB runtime.

  // ---- Boot-error panel: export, then reset, the stored data --------------------------------
  let exported = false;
  const dataStatus = (text) => {
    const el = $("boot-data-status");
    if (el) el.textContent = text;
  };
  /** Save ``text`` as a JSON file called ``name`` (the boot panel's backup, the app's exports). */
  const download = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  shell.download = download;
  const exportData = async () => {
    const button = $("boot-export");
    button.disabled = true;
    try {
      const { name, text } = await (await shell.storage).exportAll();
      download(name, text);
      exported = true;
      dataStatus(`Exported as ${name}. Import it from “Saved games” once the app starts again.`);
    } catch (err) {
      dataStatus(`Could not export the stored data: ${err && err.message ? err.message : err}`);
    } finally {
      button.disabled = false;
    }
  };
  const askReset = () => {
    $("boot-reset-question").textContent =
      "Delete every saved game and setting stored on this device? This cannot be undone." +
      (exported ? "" : " You have not exported them yet.");
    $("boot-reset-confirm").hidden = false;
    $("boot-reset-yes").focus();
  };
  const resetData = async () => {
    const button = $("boot-reset-yes");
    button.disabled = true;
    try {
      await (await shell.storage).resetAll();
      dataStatus("The stored data was deleted. Reloading…");
      setTimeout(() => location.reload(), 300);
    } catch (err) {
      button.disabled = false;
      dataStatus(`Could not delete the stored data: ${err && err.message ? err.message : err}`);
    }
  };

  const wireButtons = () => {
    $("boot-retry")?.addEventListener("click", () => location.reload());
    $("boot-export")?.addEventListener("click", exportData);
    $("boot-reset")?.addEventListener("click", askReset);
    $("boot-reset-yes")?.addEventListener("click", resetData);
    $("boot-reset-no")?.addEventListener("click", () => {
      $("boot-reset-confirm").hidden = true;
      $("boot-reset").focus();
    });
    $("update-reload")?.addEventListener("click", () => shell.applyUpdate());
    $("update-later")?.addEventListener("click", () => {
      $("update-banner").hidden = true;
    });
  };

  const init = () => {
    watchBody();
    wireButtons();
    setStep("Loading the app…");
    refresh();
    boot.shellAt = Math.round(started);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
