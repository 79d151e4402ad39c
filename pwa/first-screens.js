// The first screens (issue 26 §1): on a first visit the library, the rules of every game, the
// new-game forms, saved games and settings work before Python has started.
//
// scripts/build.py renders those screens with the app's own Python renderer (tb_ui/first.py)
// into first-screens.html: <template data-route="..."> elements, and <template id="tb-first">
// with which taps lead from one to another ("moves"), each screen's title and the theme. It is
// fetched on a first visit only, so a returning player's start reads none of it. This
// script only shows them: a tap the build found to lead to another first screen shows that
// screen (as a #/route address, so Back works); anything else (a form field changed, Start,
// a tap that changes more than the screen) is kept, in order, with the route it was made on,
// and the page says it is getting ready. tb_ui/worker.py then opens the route shown, takes
// what was kept (window.tbFirst.take()) and replays it (tb_ui.first.replay).
//
// Only on a device where Python has never started the app (localStorage "tb-started", set by
// tb-page.mjs): a returning player's saves and settings are Python's to draw.
(async () => {
  "use strict";
  const STARTED = "tb-started";
  const NOT_TAPS = ["input", "select", "textarea", "form", "label"];
  const app = document.getElementById("app");
  const hashRoute = () => decodeURIComponent(location.hash.replace(/^#\/?/, "")) || "library";
  // Python is up (or has looked for the first screens and found none yet): they stay away
  const on0 = () => document.body.dataset.ready !== "1" && !window.tbFirstClosed;
  try {
    if (!app || localStorage.getItem(STARTED) === "1") return;
  } catch {
    return; // no storage to tell: leave it to Python
  }
  let box;
  try {
    const r = await fetch("./first-screens.html");
    if (!r.ok) return;
    box = document.createElement("template"); // parsed inert: nothing in it runs or loads
    box.innerHTML = await r.text();
  } catch {
    return; // no first screens: the loading panel shows until Python is up, as before
  }
  const first = box.content.getElementById("tb-first");
  if (!first || !on0()) return;
  const data = JSON.parse(first.dataset.first);
  const screens = new Map([...box.content.querySelectorAll("template[data-route]")].map((t) => [t.dataset.route, t]));
  if (!screens.has(hashRoute())) return; // a link to a screen only Python can draw

  const kept = [];
  let route = null;
  const stack = []; // the routes of the history entries shown, oldest first (what Back steps through)
  let dirty = false; // something was kept: the screen no longer matches its template
  let waiting = false;
  let done = false;
  const on = () => !done && on0();

  function show(r) {
    route = r;
    app.replaceChildren(screens.get(r).content.cloneNode(true));
    for (const el of app.querySelectorAll("[data-css]")) el.style.cssText = el.getAttribute("data-css");
    document.title = data.titles[r] || document.title;
    document.documentElement.dataset.theme = data.theme;
    document.body.classList.add("first-screens");
    window.scrollTo(0, 0);
    const h1 = app.querySelector("h1");
    if (h1) h1.focus({ preventScroll: true });
  }

  /** The data-* values of an element but data-act, as tb-page.mjs's dataOf reads them. */
  function dataOf(el) {
    const out = {};
    for (const a of el.attributes) if (a.name.startsWith("data-") && a.name !== "data-act") out[a.name.slice(5)] = a.value;
    return out;
  }

  /** tb_ui.first.tap_key: the act, then the data with its keys sorted, as compact JSON. */
  function tapKey(el) {
    const d = dataOf(el);
    const sorted = {};
    for (const k of Object.keys(d).sort()) sorted[k] = d[k];
    return `${el.getAttribute("data-act")} ${JSON.stringify(sorted)}`;
  }

  function keep(act, d) {
    kept.push({ route, act, data: d });
    dirty = true;
  }

  function wait(text) {
    if (!waiting) {
      waiting = true;
      app.setAttribute("aria-busy", "true");
      document.body.classList.add("first-waiting");
    }
    let note = document.getElementById("first-wait");
    if (!note) {
      note = document.createElement("p");
      note.id = "first-wait";
      note.className = "first-wait";
      note.setAttribute("role", "status");
      app.prepend(note);
    }
    note.textContent = text || "Getting the table ready: one moment…";
  }

  function go(to) {
    location.hash = "#/" + to; // a history entry; the hashchange below shows it
  }

  addEventListener("hashchange", () => {
    if (!on()) return;
    const r = hashRoute();
    if (r === route) return;
    if (!dirty && screens.has(r)) {
      // back to the entry before (the app's Back or the browser's), or on to a new one
      if (stack.length > 1 && stack[stack.length - 2] === r) stack.pop();
      else stack.push(r);
      show(r);
    } else {
      wait();
    }
  });

  app.addEventListener("click", (ev) => {
    if (!on()) return;
    const file = ev.target.closest && ev.target.closest("input[type=file]");
    if (file) { // a file chosen now could not be handed over: ask again once ready
      ev.preventDefault();
      wait("Getting ready: choose the file again in a moment.");
      return;
    }
    const el = ev.target.closest && ev.target.closest("[data-act]");
    if (!el || !app.contains(el) || NOT_TAPS.includes(el.tagName.toLowerCase())) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (waiting || el.hasAttribute("disabled")) return;
    const act = el.getAttribute("data-act");
    if (act === "back" && !dirty) {
      if (stack.length > 1) {
        history.back();
      } else if (route !== "library") {
        go("library");
      }
      return;
    }
    const to = !dirty && data.moves[route] && data.moves[route][tapKey(el)];
    if (to) {
      // a tap back to the screen before (a rules page's "‹ Rules of …") steps back, as Back would
      if (stack.length > 1 && stack[stack.length - 2] === to) history.back();
      else if (to !== route) go(to);
      return;
    }
    keep(act, dataOf(el));
    wait();
  }, true);

  app.addEventListener("change", (ev) => {
    if (!on()) return;
    const el = ev.target;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-act")) return;
    ev.stopImmediatePropagation();
    const d = dataOf(el);
    d.value = String(el.value);
    if (el.type === "checkbox" || el.type === "radio") d.checked = el.checked;
    keep(el.getAttribute("data-act"), d);
  }, true);

  app.addEventListener("submit", (ev) => {
    if (!on()) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    const form = ev.target;
    if (waiting || !form.hasAttribute("data-act")) return;
    const fields = {};
    for (const x of form.elements) {
      if (x.name && !["checkbox", "radio", "submit", "button", "file"].includes(x.type)) fields[x.name] = String(x.value);
    }
    keep(form.getAttribute("data-act"), { ...dataOf(form), fields });
    wait();
  }, true);

  window.tbFirst = {
    /** The route shown now. */
    route: () => route,
    /** Hand over to Python: what the player did that only Python can do, in order
     *  ([{route, act, data}]); the first screens stop listening. */
    take() {
      done = true;
      document.body.classList.remove("first-screens", "first-waiting");
      app.removeAttribute("aria-busy");
      return kept.splice(0);
    },
  };
  stack.push(hashRoute());
  show(hashRoute());
  // the first screen is drawn and its taps are listened to: benchmarks/boot.py's "interactive"
  performance.mark("tb:first-screens");
  dispatchEvent(new Event("tb:first-screens"));
})();
