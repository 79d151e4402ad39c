// The page's side of the app (issue 44): the main thread is the player's. Python (the engines, the
// UI's state and markup, the bots) runs in tb-worker.mjs; this module only
// - turns taps, changes and forms on #app into messages (one delegated listener per kind),
// - patches #app with the markup that comes back (Idiomorph, vendored from npm: unchanged nodes,
//   focus, scroll and open fold-outs stay), applies the data-css styles through the CSSOM (the CSP
//   refuses style attributes), the theme and the title, brings the decision's targets into view,
// - and does what only a page can do, when the worker asks: the History API, storage.js
//   (IndexedDB), downloads, the clipboard and share sheet, the table links of table-link.mjs and the
//   QR codes and camera of table-qr.mjs, the live region that announces moves, and the memory
//   snapshot's making (tb-snapshot-worker.mjs).
// The protocol is described in pwa/tb_ui/worker.py. Nothing here decides anything about a game.
import { Idiomorph } from "./vendor/idiomorph.js";
import { svgBox } from "./panzoom-frames.js";

const shell = window.tbShell;
const root = document.getElementById("app");
const STARTED_KEY = "tb-started"; // first-screens.js: Python has started the app on this device
const MAX_GLOW = 8; // most targets highlighted at once
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// started by shell.js (before this module loaded), with what it said meanwhile; else here
const started = shell.worker || null;
const worker = started ? started.worker : new Worker(new URL("./tb-worker.mjs", import.meta.url), { type: "module" });
/** The page's clock and calendar date go with every message: the app's "now" and "today" (saves'
 * times, the daily challenge's date) are the page's, the clock a player (or a test) sets. */
const today = () => {
  const d = new Date();
  return `${String(d.getFullYear()).padStart(4, "0")}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const post = (msg, transfer) => worker.postMessage({ ...msg, clock: { now: Date.now(), today: today() } }, transfer || []);
const firstVisit = "serviceWorker" in navigator && !navigator.serviceWorker.controller && "caches" in window;
// ?cpu=N: benchmarks only, the worker as slow as a CPU N times slower (see tb-worker.mjs)
if (!started) post({ type: "boot", firstVisit, cpu: Number(new URLSearchParams(location.search).get("cpu")) || 1 });

let ready = false;
let maxSaveBytes = 8 * 1024 * 1024;
let lastScreen = "";
let drawn = 0;
const appliedCss = new WeakMap(); // element -> the data-css last applied to it
let decision = ""; // the decision last drawn (bringTargets)
let storageModule = null;

// ---- boot ----------------------------------------------------------------------------------------
const teedDone = new Promise((resolve) => { shell.firstVisitCopies = resolve; });
shell.waitFirstVisit = [teedDone];

function failed(text, html) {
  document.body.dataset.error = "1";
  if (shell && shell.fail) shell.fail(text);
  else if (html) root.innerHTML = html;
}

async function openStorage() {
  try {
    storageModule = await shell.storage;
    const snap = await storageModule.open();
    storageModule.onExternal((changes) => post({ type: "external", changes }));
    return snap;
  } catch (err) {
    console.warn("storage could not be opened:", err);
    return { failed: String((err && err.message) || err) };
  }
}
const storageSnap = openStorage();

async function startApp() {
  const storage = await storageSnap;
  // the first screens (first-screens.js) stop here: what the player did there goes with the start
  window.tbFirstClosed = true;
  let first = null;
  try {
    if (window.tbFirst) first = window.tbFirst.take();
  } catch (err) {
    console.warn("the first screens' taps could not be taken:", err);
  }
  const q = new URLSearchParams(location.search);
  const query = {};
  for (const name of ["botspeed", "bottime"]) if (q.get(name)) query[name] = q.get(name);
  post({ type: "start", storage, query, history: history.state, hash: decodeURIComponent(location.hash), first });
}

// ---- rendering -------------------------------------------------------------------------------------
/** Whether each fold-out (<details>) was open in the markup it was last drawn from. A fold-out the
 * player opened or closed keeps that state through later renders while the markup says what it
 * said before; when the markup changes its mind (e.g. a mat opens because a choice waits there),
 * the markup wins. */
const markupOpen = new WeakMap();
/** The same for what the player types: a text field keeps its text through renders while the
 * markup's value stays what it was (a code half pasted while the table moves on). */
const markupValue = new WeakMap();
const TYPED = "textarea, input:not([type]), input[type=text], input[type=search], input[type=number], input[type=url]";
const typing = new WeakSet(); // fields typed in since their last change event went to the app
root.addEventListener("input", (ev) => { if (ev.target && ev.target.matches && ev.target.matches(TYPED)) typing.add(ev.target); });
const markupValueOf = (el) => (el.tagName === "TEXTAREA" ? el.textContent : el.getAttribute("value") || "");
const noteFoldOuts = (node) => {
  if (node.nodeType !== 1) return;
  for (const d of [node, ...node.querySelectorAll("details, " + TYPED)]) {
    if (d.tagName === "DETAILS") markupOpen.set(d, d.open);
    else if (d.matches(TYPED)) markupValue.set(d, markupValueOf(d));
  }
};

/** The classes the page, not the markup, gives a picture's frame (see MORPH). */
const PAGE_CLASSES = ["pz-near", "pz-zoomed"];

/** Style attributes are the page's (data-css, panzoom's transforms), never the markup's (the
 * classes panzoom-frames.js sets on a zoom frame, it sets again); fold-outs and typed text as
 * above. */
const MORPH = {
  morphStyle: "innerHTML",
  // not ignoreActiveValue: Idiomorph then leaves every child of the focused element as it was (a
  // button just tapped would keep its old label); text fields keep what the player typed as above
  restoreFocus: true,
  callbacks: {
    beforeAttributeUpdated(name, el, how) {
      if (name === "style") return false;
      if (name === "data-css" && how === "remove") {
        el.removeAttribute("style");
        appliedCss.delete(el);
      }
      return true;
    },
    beforeNodeMorphed(oldNode, newNode) {
      // called for every node a patch walks: text first, then one tag name read per element before
      // any attribute or selector test (a selector matched on every node was a few ms a patch at x4)
      if (oldNode.nodeType !== 1 || newNode.nodeType !== 1) return true;
      // a region the worker did not send again (tb_ui/regions.py): the page's copy is the one
      if (newNode.hasAttribute("data-same")) {
        if (oldNode.getAttribute("data-patch") === newNode.getAttribute("data-patch")) {
          root.dataset.kept = String(++kept); // how many regions were kept so (the tests read it)
          return false;
        }
        missed = `${newNode.getAttribute("data-patch")} matched ${oldNode.nodeName}.${oldNode.getAttribute("class") || ""}`;
        return true;
      }
      const tag = oldNode.tagName;
      // the classes the page sets on a picture's frame (pz-near, pz-zoomed: panzoom-frames.js,
      // nearDetail) stay through the patch: dropped and set again, they restyle the whole picture
      if (tag === "DIV" && (oldNode.hasAttribute("data-near-at") || oldNode.hasAttribute("data-panzoom"))) {
        for (const c of oldNode.classList) if (PAGE_CLASSES.includes(c)) newNode.classList.add(c);
      }
      // a QR code already drawn for the same code, and the camera's picture, stay as they are
      if (tag === "CANVAS" && oldNode.hasAttribute("data-qr") && oldNode.getAttribute("data-drawn") === "1"
          && newNode.getAttribute("data-qr") === oldNode.getAttribute("data-qr")) return false;
      if (oldNode.hasAttribute("data-scan") && newNode.hasAttribute("data-scan")) return false;
      if (tag === "DETAILS" && newNode.tagName === "DETAILS") {
        const now = newNode.hasAttribute("open");
        const was = markupOpen.has(oldNode) ? markupOpen.get(oldNode) : now;
        markupOpen.set(oldNode, now);
        if (was === now) newNode.toggleAttribute("open", oldNode.open); // the player's choice stays
      } else if ((tag === "INPUT" || tag === "TEXTAREA") && oldNode.matches(TYPED) && newNode.tagName === tag) {
        const now = markupValueOf(newNode);
        const was = markupValue.has(oldNode) ? markupValue.get(oldNode) : now;
        markupValue.set(oldNode, now);
        // the player's text stays: while they type (the app has not seen it), or while the markup
        // says what it said before
        if ((typing.has(oldNode) || was === now) && oldNode.value !== now) {
          if (newNode.tagName === "TEXTAREA") newNode.value = oldNode.value;
          else newNode.setAttribute("value", oldNode.value);
        }
      }
      return true;
    },
    afterNodeAdded: noteFoldOuts,
  },
};

function liveRegion() {
  let el = document.getElementById("tb-live");
  if (!el) {
    el = document.createElement("div");
    el.id = "tb-live";
    el.className = "visually-hidden";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
    document.body.appendChild(el);
  }
  return el;
}

const routeURL = (route) => location.pathname + location.search + "#/" + route;

/** The page's history follows the worker's steps in order. history.go() only starts a traversal:
 * its popstate comes later (much later on a busy phone), and a pushState made meanwhile would be
 * overtaken by it (a tap on Saved games right after leaving a table: the traversal back to the
 * library then landed on an older entry and its popstate took the player away from the game they
 * had opened since). So after a go, the steps that follow wait for its popstate, and that popstate,
 * the page doing what the worker asked, is not reported back as a Back or Forward of the player's. */
let traversal = null; // {state, timer}: our own history.go() whose popstate has not come yet
const waitingSteps = [];
const TRAVERSAL_MS = 10000; // a go the browser did not perform (no such entry) gives no popstate

function applyHistory(step) {
  if (traversal) return void waitingSteps.push(step);
  const url = routeURL(step.route);
  if (step.op === "push") history.pushState(step.state, "", url);
  else if (step.op === "replace") history.replaceState(step.state, "", url);
  else if (step.op === "go" && step.delta) {
    traversal = { state: step.state, timer: setTimeout(traversed, TRAVERSAL_MS) };
    history.go(step.delta);
  }
}

/** Our traversal is over (its popstate came, or never will): the steps that waited for it. */
function traversed() {
  if (!traversal) return;
  clearTimeout(traversal.timer);
  traversal = null;
  while (!traversal && waitingSteps.length) applyHistory(waitingSteps.shift());
}

const sameEntry = (a, b) => !!a && !!b && a.route === b.route && a.depth === b.depth;

addEventListener("popstate", (ev) => {
  if (traversal && sameEntry(ev.state, traversal.state)) return void traversed();
  if (traversal) traversed(); // the player's own Back or Forward overtook ours
  post({ type: "popstate", state: ev.state });
});

/** Benchmarks only (?cpu=N, benchmarks/taps.py): when each render arrived, when its patch was
 * applied and when the render's work was over, in ms of performance.now(), and the worker's own
 * time for it at this machine's speed (Python's dispatch of the event and render of the markup, and
 * the whole worker task that posted it): [arrived, morphed, done, {dispatch, render, task}]. */
const renderTimes = new URLSearchParams(location.search).has("cpu") ? (window.tbRenderTimes = []) : null;

/** The number of the last render applied (tb_ui/worker.py's seq), and whether a region the worker
 * left out found no copy to keep in it. */
let applied = null;
let missed = ""; // why a placeholder found no copy to keep, if it did not
let wholeAsked = 0;
let shownDialog = null; // the table's confirmation last brought into view
let shownEnd = null; // the end panel last brought into view
let kept = 0;
/** Ask the worker for the whole page again (counted on #app's data-whole-asked for the tests). */
function askWhole(why) {
  root.dataset.wholeWhy = why; // the last reason (the tests print it)
  applied = null;
  root.dataset.wholeAsked = String(++wholeAsked);
  post({ type: "whole" });
}

function render(m) {
  const arrived = renderTimes && performance.now();
  if (m.base != null && m.base !== applied) { // its placeholders keep regions this page does not hold
    for (const step of m.history || []) applyHistory(step); // what goes with it is not lost
    if (m.announce) liveRegion().textContent = m.announce;
    return askWhole(`base ${m.base}, applied ${applied}`);
  }
  for (const step of m.history || []) applyHistory(step);
  let strip = document.getElementById("tl-scroll");
  const scrollLeft = strip ? strip.scrollLeft : null;
  const active = document.activeElement;
  const activeId = active && active.id ? active.id : "";
  missed = "";
  Idiomorph.morph(root, m.html, MORPH);
  unack(); // the tap is answered (a region kept whole keeps the class the page gave it)
  // a placeholder drawn as such: the whole page follows (a whole page has none, so this never loops)
  if (m.base != null && (missed || root.querySelector("[data-same]"))) askWhole(missed || "a placeholder left");
  else applied = m.seq;
  root.dataset.drawn = String(++drawn); // how many renders this page has applied (tests wait on it)
  const morphed = renderTimes && performance.now();
  for (const el of root.querySelectorAll("[data-css]")) { // only where it changed: a style set is a style to recompute
    const css = el.getAttribute("data-css");
    if (appliedCss.get(el) !== css) {
      el.style.cssText = css;
      appliedCss.set(el, css);
    }
  }
  // set only when changed: an attribute set, even to its value, restyles what [data-theme] rules select
  if (document.documentElement.dataset.theme !== m.theme) document.documentElement.dataset.theme = m.theme;
  if (document.title !== m.title) document.title = m.title;
  const first = root.firstElementChild;
  const screen = first ? first.dataset.screen || "" : "";
  const changed = screen !== lastScreen;
  lastScreen = screen;
  // the screen's kind on <body>, for the shell's header (app.css): a :has() on <body> was tested
  // against the whole page on every patch
  if (changed) document.body.dataset.screen = screen;
  strip = document.getElementById("tl-scroll");
  if (strip && scrollLeft !== null && !changed) strip.scrollLeft = scrollLeft;
  const target = document.querySelector("[data-scroll-to]");
  if (target && strip) {
    // bring the card just placed to the middle of the strip (never scroll the page)
    const t = target.getBoundingClientRect(), r = strip.getBoundingClientRect();
    strip.scrollBy({ left: t.left + t.width / 2 - (r.left + r.width / 2), behavior: reducedMotion() ? "auto" : "smooth" });
  }
  if (changed) {
    window.scrollTo(0, 0);
    const h1 = root.querySelector("h1");
    if (h1) h1.focus({ preventScroll: true });
  } else {
    const again = root.querySelector("[data-autofocus]") || (activeId ? document.getElementById(activeId) : null);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }
  nearDetail();
  try {
    bringTargets(m.decision, m.tapped);
    // a confirmation a tap opened on the table (Time Barons' early end of turn) shows whole
    const dialog = root.querySelector("#main [role=alertdialog]");
    if (dialog && dialog !== shownDialog) bringOption(dialog);
    shownDialog = dialog;
    // the end of the game: its panel's head ("… wins!") shows just below the bar (issue 48)
    const end = root.querySelector("#main .endpanel");
    if (end && end !== shownEnd) {
      const top = end.getBoundingClientRect().top;
      if (top < barBottom() - 1 || top > innerHeight - 120) window.scrollBy(0, top - barBottom() - 8);
    }
    shownEnd = end;
  } catch (err) { // never let a scroll stop the table
    console.warn(err);
  }
  if (m.hintScroll) {
    // the hinted option's button (its board target is ringed too), opened out of a folded group
    const hinted = root.querySelector("#main button[data-hint]") || root.querySelector("#main [data-hint]");
    if (hinted) bringOption(hinted);
  }
  if (m.announce) liveRegion().textContent = m.announce;
  afterRenderPhones(m.scan);
  // the worker's next bot thinks once this render is on the screen (worker.py, _page_drew): rAF
  // runs just before the frame, its timeout just after
  if (m.seq != null) requestAnimationFrame(() => setTimeout(() => post({ type: "drawn", seq: m.seq }), 0));
  if (renderTimes) renderTimes.push([arrived, morphed, performance.now(), { ...(m.py || {}), task: m.task ?? null }]);
  if (!ready) {
    ready = true;
    liveRegion(); // there from the start, so a screen reader follows it
    document.body.dataset.ready = "1";
    performance.mark("tb:rendered");
    try { // from now on this device's first screens are Python's (first-screens.js)
      localStorage.setItem(STARTED_KEY, "1");
    } catch {
      /* no storage: nothing to remember */
    }
    scheduleSnapshot();
  }
}

function progress(m) {
  const el = document.getElementById(m.id);
  if (el) el.setAttribute("aria-valuenow", String(m.pct));
  // a transform, not a width: the bar moves on the compositor, with no layout or paint of the page
  for (const fill of document.querySelectorAll(".think-bar > .think-fill")) fill.style.transform = `scaleX(${m.pct / 100})`;
}

// ---- the decision beside its targets (issue 24 §2) -------------------------------------------------
function targetElements(ids) {
  const out = [];
  for (const t of ids) {
    for (const el of root.querySelectorAll(`[data-tgt~="${CSS.escape(t)}"]`)) if (!out.includes(el)) out.push(el);
  }
  return out;
}

/** Scroll so the targets show below the pinned bar: nothing if all of them are in full view; else
 * all of them (centred) if they fit, else the first. */
function scrollTo(els) {
  const bar = document.querySelector(".tbar");
  const topEdge = bar ? bar.getBoundingClientRect().bottom : 0;
  const bottomEdge = innerHeight;
  const rects = els.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 || r.height > 0);
  if (!rects.length) return;
  if (rects.every((r) => r.top >= topEdge - 1 && r.bottom <= bottomEdge + 1)) return;
  const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
  const room = bottomEdge - topEdge;
  const delta = bottom - top <= room - 16 ? (top + bottom) / 2 - (topEdge + bottomEdge) / 2 : rects[0].top - topEdge - 8;
  window.scrollBy(0, delta);
}

/** True if the elements' boxes, taken together, fit between the pinned bar and the bottom of the
 * screen (with a margin). */
function fitsBelowBar(els) {
  const rects = els.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 || r.height > 0);
  if (!rects.length) return false;
  const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
  return bottom - top <= innerHeight - barBottom() - 16;
}

/** Semantic zoom for a picture that does not pan (the Barons board; panzoom-frames.js does it for
 * the frames that do): an element with data-near-at="<px per unit>" holding an <svg viewBox> has
 * class pz-near while one unit is drawn at least that many CSS px (the svg letterboxes its picture,
 * so the smaller of its two scales), so its CSS shows small labels only where they read (issue 48
 * §2). Set after every patch (a new board) and when the picture changes size; the patch keeps
 * the class meanwhile (MORPH). */
function nearDetail() {
  for (const el of root.querySelectorAll("[data-near-at]:not([data-panzoom])")) {
    const svg = el.querySelector("svg"), vb = svg && svg.viewBox.baseVal;
    if (!vb || !vb.width || !vb.height) continue;
    const box = svgBox(svg); // as last laid out: no layout forced after a patch
    const perUnit = Math.min(box.w / vb.width, box.h / vb.height);
    el.classList.toggle("pz-near", perUnit >= parseFloat(el.dataset.nearAt));
  }
}
document.addEventListener("tb-svg-resized", nearDetail);

/** A decision's options on the page (see firstOption). */
const OPTIONS = '#main [data-a][data-act="play"], #main [data-a][data-act="caution"], #main [data-option]';

/** The pinned bar's bottom edge: what lies above it is hidden under the bar. */
function barBottom() {
  const bar = document.querySelector(".tbar");
  return bar ? bar.getBoundingClientRect().bottom : 0;
}

/** True if ``el`` shows whole between the pinned bar and the bottom of the screen. */
function inFullView(el) {
  const r = el.getBoundingClientRect();
  return (r.width > 0 || r.height > 0) && r.top >= barBottom() - 1 && r.bottom <= innerHeight + 1;
}

/** Bring one option into view (issue 48 §0): open the folded groups that hold it, then, unless it
 * already shows whole below the pinned bar, scroll it to just below the bar (with room for the
 * heading of its group above it), or as high as it fits. */
function bringOption(el) {
  for (let d = el.closest("details:not([open])"); d; d = d.parentElement && d.parentElement.closest("details:not([open])")) {
    d.open = true;
  }
  if (inFullView(el)) return;
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return;
  const top = barBottom();
  const room = innerHeight - top;
  window.scrollBy(0, r.top - (top + Math.max(8, Math.min(48, room - r.height - 8))));
}

/** ``els`` in the order a reader meets them on the page: top to bottom, then left to right (a
 * table's CSS may draw its parts in another order than its markup: Time Barons' decision above the
 * stacks on a phone). An element folded away counts where the heading of its outermost closed group
 * shows. */
function readingOrder(els) {
  const at = (el) => {
    let shown = el;
    for (let d = el.closest("details:not([open])"); d; d = d.parentElement && d.parentElement.closest("details:not([open])")) {
      shown = d.querySelector(":scope > summary") || d;
    }
    const r = shown.getBoundingClientRect();
    return [Math.round(r.top), r.left];
  };
  const keyed = els.map((el) => [at(el), el]);
  keyed.sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1]);
  return keyed.map((k) => k[1]);
}

/** The first option of the decision shown: its first button that plays (or that opens an option
 * to play, data-option: Time War's placement previews), in reading order (readingOrder), preferring one that does
 * not ask first (a caution); a board's drawn regions (SVG, inside a map that pans and zooms) only
 * when no button offers the decision; null when nobody here decides. The e2e tests'
 * FIRST_OPTION_JS (e2e/player_helpers.py) finds the same element. */
function firstOption() {
  const opts = readingOrder([...root.querySelectorAll(OPTIONS)]
    .filter((el) => el.getClientRects().length || el.closest("details:not([open])"))); // drawn, or folded away
  for (const pool of [opts.filter((el) => !(el instanceof SVGElement)), opts]) {
    const pick = pool.find((el) => !el.hasAttribute("data-caution")) || pool[0];
    if (pick) return pick;
  }
  return null;
}

/** After a render: when a new decision appears, highlight its targets on the board and scroll them
 * into view below the pinned prompt (those of options without a caution first); then, unless one of
 * those targets is itself an option shown whole, make sure the decision's first option shows whole
 * below the bar, opening the group that holds it (issue 48 §0: after a tap, a bot's move or the end
 * of a phase, the next thing to tap is never under the bar, above or below the screen, or folded
 * away). When the player tapped an option aimed at a target, that target comes into view. */
function bringTargets(key, tapped) {
  const isNew = key !== decision;
  decision = key;
  // a region the patch kept (tb_ui/regions.py) keeps the classes the page gave it: an earlier
  // decision's highlight goes with that decision
  if (isNew) for (const el of root.querySelectorAll(".tgt-now")) el.classList.remove("tgt-now");
  if (!key) return;
  const ids = [];
  const cautioned = new Set();
  for (const el of root.querySelectorAll("[data-target]")) {
    const t = el.getAttribute("data-target");
    if (!ids.includes(t)) ids.push(t);
    if (el.hasAttribute("data-caution")) cautioned.add(t);
  }
  const els = isNew ? targetElements(ids) : [];
  // what the bots did since the player's last move (a reaction to the player's attack, an attack
  // on them): shown with the new decision's targets, or its first option, where they fit together
  // (the first option is often the decision's own button just below the summary)
  const news = isNew ? root.querySelector("#main .catchup") : null;
  const first = isNew ? firstOption() : null;
  const withNews = news && first && fitsBelowBar([news, first]);
  if (els.length) {
    if (els.length <= MAX_GLOW) for (const el of els) el.classList.add("tgt-now");
    const preferred = targetElements(ids.filter((t) => !cautioned.has(t)));
    const shown = preferred.length ? preferred : els;
    if (news && fitsBelowBar([news, ...shown])) scrollTo([news, ...shown]);
    else if (!withNews) scrollTo(shown);
  }
  if (isNew) {
    if (news && first && (withNews || !els.length)) scrollTo([news, first]);
    // a board whose highlighted targets are the options themselves (a space, a region that plays
    // when tapped) shows the decision where they are; else its first option comes into view
    const onBoard = els.some((el) => el.matches(OPTIONS) && inFullView(el));
    if (first && !onBoard) bringOption(first);
    if (els.length) return;
  }
  if (tapped) {
    const shown = targetElements([tapped]);
    for (const el of shown.slice(0, MAX_GLOW)) el.classList.add("tgt-now");
    scrollTo(shown);
  }
}

// ---- events ----------------------------------------------------------------------------------------
const NOT_TAPS = ["input", "select", "textarea", "form", "label"];

/** A tapped element's data-* (without data-act). An action's button (data-a) carries only the
 * action: the state it was drawn for and the seat acting are the screen's (data-n, data-acting on
 * the .screen wrapper, tb_ui/screens.py), added here, so its markup stays the same from one move to
 * the next while the option does (and the patch leaves it untouched). */
function dataOf(el) {
  const out = {};
  for (const a of el.attributes) if (a.name.startsWith("data-") && a.name !== "data-act") out[a.name.slice(5)] = a.value;
  const screen = "a" in out ? el.closest("[data-screen]") : null;
  if (screen) {
    if (!("n" in out) && screen.hasAttribute("data-n")) out.n = screen.getAttribute("data-n");
    if (!("seat" in out) && screen.hasAttribute("data-acting")) out.seat = screen.getAttribute("data-acting");
  }
  return out;
}

/** The element last tapped, drawn pressed (.tap-ack) until the render that answers the tap: the tap
 * shows in the next frame, while the worker works. Without it a tap that changes nothing on the page
 * until the render comes has no frame of its own, and its Event Timing entry runs to the render's
 * paint. */
let acked = null;
let ackTimer = 0;
function unack() {
  clearTimeout(ackTimer);
  if (acked) acked.classList.remove("tap-ack");
  acked = null;
}
function ack(el) {
  unack();
  acked = el;
  el.classList.add("tap-ack");
  ackTimer = setTimeout(unack, 2000); // a tap the app answers with no render (never left pressed)
}

root.addEventListener("click", (ev) => {
  const el = ev.target && ev.target.closest ? ev.target.closest("[data-act]") : null;
  if (!el || NOT_TAPS.includes(el.tagName.toLowerCase()) || el.hasAttribute("disabled")) return;
  ev.preventDefault();
  ack(el);
  post({ type: "event", act: el.getAttribute("data-act"), data: dataOf(el), target: el.getAttribute("data-target") });
});

root.addEventListener("change", (ev) => {
  const el = ev.target;
  if (el) typing.delete(el);
  if (!el || !el.hasAttribute || !el.hasAttribute("data-act")) return;
  const act = el.getAttribute("data-act");
  if (act === "import") return void importFile(el);
  if (act === "scan-photo") return void scanPhoto(el);
  const data = { ...dataOf(el), value: String(el.value) };
  if (el.type === "checkbox" || el.type === "radio") data.checked = !!el.checked;
  post({ type: "event", act, data });
});

root.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const form = ev.target;
  if (!form || !form.hasAttribute("data-act")) return;
  const fields = {};
  for (const x of form.elements) {
    typing.delete(x); // the app has them now
    if (x.name && !["checkbox", "radio", "submit", "button", "file"].includes(x.type)) fields[x.name] = String(x.value);
  }
  post({ type: "event", act: form.getAttribute("data-act"), data: { ...dataOf(form), fields } });
});

async function importFile(el) {
  const f = el.files && el.files[0];
  if (!f) return;
  try {
    if (f.size > maxSaveBytes) return post({ type: "import", name: f.name, size: f.size }); // refused unread
    const buf = await f.arrayBuffer(); // decoded (strictly, as UTF-8) by the app
    post({ type: "import", name: f.name, size: f.size, bytes: buf }, [buf]);
  } catch (err) {
    post({ type: "import", name: f.name, size: 0, error: String((err && err.message) || err) });
  } finally {
    el.value = "";
  }
}

// ---- what only the page can do ---------------------------------------------------------------------
async function store(m) {
  try {
    const mod = storageModule || (await shell.storage);
    await (m.op === "put" ? mod.put(m.key, m.value) : mod.remove(m.key));
    post({ type: "stored", id: m.id, ok: true });
  } catch (err) {
    post({ type: "stored", id: m.id, ok: false, error: String((err && err.message) || err) });
  }
}

const download = (name, text) => shell.download(name, text); // shell.js: one way to save a file

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    post({ type: "copied", ok: true });
  } catch {
    const box = document.getElementById("daily-share");
    if (box) {
      box.focus();
      box.select();
    }
    post({ type: "copied", ok: false });
  }
}

async function share(text) {
  if (!navigator.share) return copy(text);
  try {
    await navigator.share({ text });
  } catch {
    /* cancelled by the player, or refused */
  }
}

// ---- a table across phones (issue 27): the links and the QR codes -------------------------------------
const hostLinks = new Map(); // seat -> open link
const offers = new Map(); // seat -> pending invitation
const guest = { answer: null, link: null };
let hostSession = null;
const camera = { video: null, stop: null, for: null };

/** A player's message from a failed link or QR step: the text of the modules' own errors. */
const why = (e) => {
  let text = String((e && e.message) || e || "");
  for (const prefix of ["LinkError: ", "QrError: ", "Error: "]) if (text.startsWith(prefix)) text = text.slice(prefix.length);
  return text || "The other phone could not be reached.";
};
const expected = (e) => e && ["LinkError", "QrError"].includes(e.name);
const close = (obj) => {
  try {
    if (obj && obj.close) obj.close();
    else if (obj && obj.cancel) obj.cancel();
  } catch (err) {
    console.warn(err);
  }
};
const phone = (ev, fields) => post({ type: "phone", ev, ...fields });

async function linkOp(op) {
  const kind = op.op;
  const seat = Number(op.seat ?? -1);
  if (kind === "offer" || kind === "close") {
    for (const table of [offers, hostLinks]) {
      if (table.has(seat)) {
        const x = table.get(seat);
        table.delete(seat);
        close(x);
      }
    }
  }
  if (kind === "close-host" || kind === "answer") {
    for (const key of ["answer", "link"]) {
      if (guest[key]) {
        close(guest[key]);
        guest[key] = null;
      }
    }
  }
  try {
    const tl = await shell.phones();
    if (kind === "offer") {
      const offer = await tl.offerLink();
      offers.set(seat, offer);
      phone("offered", { seat, code: offer.code });
    } else if (kind === "accept") {
      const offer = offers.get(seat);
      if (!offer) return phone("lost", { seat, why: "That invitation was put away: invite the phone again." });
      const link = await offer.accept(String(op.code || ""));
      if (offers.get(seat) !== offer) return link.close();
      offers.delete(seat);
      hostLinks.set(seat, link);
      link.onmessage = (text) => { if (hostLinks.get(seat) === link) phone("message", { seat, text }); };
      link.onclose = (reason) => {
        if (hostLinks.get(seat) !== link) return;
        hostLinks.delete(seat);
        phone("lost", { seat, why: reason === "flood" ? "flood" : null });
      };
      phone("joined", { seat });
    } else if (kind === "answer") {
      const answer = await tl.answerLink(String(op.code || ""));
      guest.answer = answer;
      phone("answered", { code: answer.code });
      const link = await answer.link;
      if (guest.answer !== answer) return link.close();
      guest.answer = null;
      guest.link = link;
      link.onmessage = (text) => { if (guest.link === link) phone("guest-message", { text }); };
      link.onclose = () => {
        if (guest.link !== link) return;
        guest.link = null;
        phone("guest-lost", {});
      };
      phone("guest-joined", {});
    }
  } catch (e) {
    if (expected(e)) console.info(`table link: ${why(e)}`); // a refusal the player is told about
    else console.warn(e);
    if (kind === "accept" && e && e.retry && offers.has(seat)) phone("retry", { seat, why: why(e) });
    else if (kind === "offer" || kind === "accept") {
      offers.delete(seat);
      phone("lost", { seat, why: why(e) });
    } else if (kind === "answer") {
      guest.answer = null;
      phone("guest-failed", { why: why(e) });
    }
  }
}

/** Send what the app queued for the other phones; a new table closes the links of the old one. */
function sendLinks(m) {
  if (m.session !== hostSession) {
    hostSession = m.session;
    for (const table of [offers, hostLinks]) {
      for (const [seat, x] of [...table]) {
        table.delete(seat);
        close(x);
      }
    }
  }
  for (const [key, text] of m.out) {
    const link = key === "host" ? guest.link : hostLinks.get(Number(key));
    if (!link) continue;
    try {
      link.send(text);
    } catch (err) { // a link closing under us: its onclose says so
      console.warn(err);
    }
  }
}

/** Draw the QR codes on the page; show the camera in [data-scan] while the app reads a code, and
 * close it when it no longer does. */
async function afterRenderPhones(purpose) {
  if (!root.querySelector("canvas[data-qr]") && !purpose && !camera.stop) return;
  let qr;
  try {
    qr = await shell.qr();
  } catch (e) {
    console.warn(e);
    if (purpose) post({ type: "scan-failed", purpose, why: `This phone cannot read codes here (${why(e)}): paste the code instead.` });
    return;
  }
  for (const c of root.querySelectorAll("canvas[data-qr]")) {
    try {
      if (c.getAttribute("data-drawn") !== "1") {
        qr.drawCode(c, c.getAttribute("data-qr"));
        c.setAttribute("data-drawn", "1"); // e2e waits on it
      }
    } catch (err) {
      console.warn(err);
    }
  }
  const spot = root.querySelector("[data-scan]");
  if (!purpose || !spot) {
    if (camera.stop && camera.stop !== "opening") camera.stop();
    if (camera.stop) camera.stop = camera.for = null;
    return;
  }
  if (!camera.video) {
    const video = document.createElement("video");
    video.className = "scan-video";
    video.setAttribute("playsinline", "");
    video.muted = true;
    camera.video = video;
  }
  if (!spot.contains(camera.video)) spot.replaceChildren(camera.video);
  const same = camera.for && JSON.stringify(camera.for) === JSON.stringify(purpose);
  if (camera.stop && same) return;
  if (camera.stop && camera.stop !== "opening") camera.stop();
  camera.for = purpose;
  camera.stop = "opening"; // a render meanwhile does not open it twice
  const found = (text) => {
    camera.stop = camera.for = null;
    if (purpose.for === "answer") post({ type: "event", act: "phone-answer", data: { seat: String(purpose.seat), code: String(text) } });
    else post({ type: "event", act: "join-code", data: { code: String(text) } });
  };
  let stop;
  try {
    stop = await qr.startCamera(camera.video, found);
  } catch (e) {
    camera.stop = camera.for = null;
    return post({ type: "scan-failed", purpose, why: why(e) });
  }
  if (camera.for === purpose) camera.stop = stop;
  else stop();
}

async function scanPhoto(el) {
  const f = el.files && el.files[0];
  if (!f) return;
  const purpose = el.getAttribute("data-for") || "";
  const seat = el.getAttribute("data-seat") || "";
  try {
    const qr = await shell.qr();
    const text = String(await qr.readImage(f));
    if (purpose === "answer") post({ type: "event", act: "phone-answer", data: { seat, code: text } });
    else post({ type: "event", act: "join-code", data: { code: text } });
  } catch (e) {
    post({ type: "scan-failed", purpose: purpose === "answer" && /^\d+$/.test(seat) ? { for: "answer", seat: Number(seat) } : null,
           why: why(e) });
  } finally {
    el.value = "";
  }
}

// ---- the memory snapshot (after a normal start) ------------------------------------------------------
let snapshotScheduled = false;
const requests = new Map(); // id -> resolve, for the worker's answers
let nextRequest = 1;
function ask(type) {
  const id = nextRequest++;
  return new Promise((resolve) => {
    requests.set(id, resolve);
    post({ type, id });
  });
}
/** The modules Python holds (scripts/trace_stdlib.py, through the e2e runs). */
window.tbModules = () => ask("modules").then((m) => m.modules);

function whenControlled() {
  const sw = navigator.serviceWorker;
  return new Promise((resolve) => {
    if (sw.controller) return resolve();
    sw.addEventListener("controllerchange", () => resolve(), { once: true });
  });
}
const idle = () => new Promise((resolve) =>
  "requestIdleCallback" in window ? requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 500));

function scheduleSnapshot() {
  const state = shell.boot.snapshot && shell.boot.snapshot.state;
  if (snapshotScheduled || state === "restored" || !("caches" in window) || !("serviceWorker" in navigator)) return;
  snapshotScheduled = true;
  const report = (fields) => {
    shell.boot.snapshot = { ...(shell.boot.snapshot || {}), ...fields };
  };
  report({ state: "waiting" });
  whenControlled()
    .then(idle)
    .then(async () => {
      report({ state: "making" });
      const [{ modules }, config] = await Promise.all([ask("modules"), new Promise((resolve) => {
        configWaiter = resolve;
        post({ type: "config" });
      })]);
      if (String(config.key).startsWith("__")) throw new Error("a build without a snapshot key");
      const maker = new Worker(new URL("./tb-snapshot-worker.mjs", import.meta.url), { type: "module" });
      try {
        const result = await new Promise((resolve, reject) => {
          maker.onmessage = (e) => resolve(e.data);
          maker.onerror = (e) => reject(new Error(e.message || "the snapshot worker failed to start"));
          maker.postMessage({ key: config.key, keyURL: new URL(`./__snapshot__/${config.key}`, location.href).href,
                              cacheName: "tb-snapshot", modules, wheels: config.wheels });
        });
        if (!result.ok) throw new Error(result.error);
        report({ state: "made", bytes: result.bytes, stored: result.stored, makeMs: result.ms, preloaded: result.preloaded,
                 skipped: result.skipped });
      } finally {
        maker.terminate();
      }
    })
    .catch((err) => {
      console.warn("tb-page: no snapshot made:", err);
      report({ state: "unavailable", error: String((err && err.message) || err) });
    })
    .finally(() => dispatchEvent(new CustomEvent("tb:snapshot", { detail: { ...shell.boot.snapshot } })));
}
let configWaiter = null;

// ---- the worker's messages -------------------------------------------------------------------------
function onWorkerMessage({ data: m }) {
  switch (m.type) {
    case "render": return render(m);
    case "history": return applyHistory(m); // an entry Back or Forward reached that could not open
    case "progress": return progress(m);
    case "store": return void store(m);
    case "drop-legacy": return void (storageModule && storageModule.dropLegacy(m.keys));
    case "link": return void linkOp(m);
    case "send": return sendLinks(m);
    case "download": return download(m.name, m.text);
    case "copy": return void copy(m.text);
    case "share": return void share(m.text);
    case "mark": return void performance.mark(m.name);
    case "step": return shell.step && shell.step(m.text);
    case "resource": return shell.resource && shell.resource({ name: m.name, size: m.size, end: m.end - performance.timeOrigin });
    case "part": return shell.part && shell.part(m.part);
    case "snapshot": shell.boot.snapshot = { ...m.info }; return;
    case "teed": return shell.firstVisitCopies();
    case "listening": return void startApp();
    case "ready": maxSaveBytes = m.maxSaveBytes || maxSaveBytes; return;
    case "fail": return failed(m.text, m.html);
    case "modules": {
      const resolve = requests.get(m.id);
      requests.delete(m.id);
      return resolve && resolve(m);
    }
    case "config": return configWaiter && configWaiter(m);
    default: return undefined;
  }
}
if (started) { // what the worker said before this module ran, in order, then the rest as it comes
  worker.onmessage = null;
  for (const m of started.early.splice(0)) onWorkerMessage({ data: m });
} else {
  worker.addEventListener("error", (e) => failed(`The app's worker could not start: ${e.message || e}`));
}
worker.addEventListener("message", onWorkerMessage);
