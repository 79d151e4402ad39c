// Pinch and drag zoom for pictures the Python UI draws (the Time of Crisis map), done by the
// @panzoom/panzoom library (vendored from npm into ./vendor/panzoom.js by scripts/build.py).
// This module only adapts it to a UI that redraws #app's HTML after every action.
//
// Contract: an element with data-panzoom="<key>" (the frame) holds one child with class
// "pz-inner" (the picture). Two fingers pinch it (1x to 4x), one finger or the mouse drags it
// once it is zoomed, ctrl+wheel (a trackpad pinch) zooms at the pointer, and the picture always
// covers its frame. A drag or a pinch is not a tap: the click that follows it is swallowed. A
// double tap returns to 1x. The view (scale, offset) is kept per key, so a re-render keeps it;
// the UI changes the key (e.g. when a region is focused) to start again at 1x. The frame has
// class "pz-zoomed" while zoomed. Semantic zoom: a frame with data-near-at="<px per unit>" whose
// picture is an <svg viewBox> has class "pz-near" while one unit of the picture is drawn at least
// that many CSS px wide (its own size and the pinch together), so its CSS can show details then.
// Styles are set through the CSSOM only (the CSP forbids inline style in markup).
import Panzoom from "./vendor/panzoom.js";

const MAX = 4;
const SLOP = 8; // px a pointer may travel and still tap
const OPTIONS = {
  minScale: 1, maxScale: MAX, contain: "outside", panOnlyWhenZoomed: true,
  cursor: "", touchAction: "", // toc.css sets them (at 1x a finger scrolls the page: pan-y)
  handleStartEvent: () => {}, // the default cancels every pointerdown, taps included
};
const views = new Map(); // key -> {scale, x, y} in Panzoom's units (x, y: unscaled px)
const live = new Map(); // .pz-inner element -> {frame, key, pz}
const downs = new Map(); // pointerId -> {x0, y0, x, y, key} for pointers that went down on a frame
let gesture = false; // the pointers down dragged or pinched: the click that follows is no tap
let lastTap = null; // {t, x, y, key} of the last tap of a finger on a frame

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const zoomed = (pz) => pz.getScale() > 1.001;
// Panzoom sets the transform at the next animation frame; this sets it now, so the picture
// never shows a stale view and Panzoom's next measure of it is right.
const applyNow = (inner, pz) => Panzoom.defaultOptions.setTransform(inner, { scale: pz.getScale(), ...pz.getPan() });
// A picture's layout size (CSS px), kept by a ResizeObserver: read after every patch, it would
// force a layout in the middle of the page's work (issue 44); the observer reports it after the
// browser's own layout. The first read of a new picture measures it.
const boxes = new WeakMap(); // svg -> {w, h}
const sizer = new ResizeObserver((entries) => {
  for (const e of entries) boxes.set(e.target, { w: e.target.clientWidth, h: e.target.clientHeight });
  for (const [inner, { frame, pz }] of live) detail(frame, inner, pz);
  document.dispatchEvent(new Event("tb-svg-resized")); // tb-page.mjs: the Barons board's detail
});
/** ``svg``'s layout width and height in CSS px, as last laid out. */
export function svgBox(svg) {
  let box = boxes.get(svg);
  if (!box) {
    box = { w: svg.clientWidth, h: svg.clientHeight };
    boxes.set(svg, box);
    sizer.observe(svg);
  }
  return box;
}

// the frame's semantic zoom level, from the picture's size on screen (layout width x pinch scale)
function detail(frame, inner, pz) {
  const at = parseFloat(frame.dataset.nearAt), svg = inner.querySelector("svg");
  if (!(at > 0) || !svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
  const perUnit = (svgBox(svg).w * pz.getScale()) / svg.viewBox.baseVal.width;
  frame.classList.toggle("pz-near", perUnit >= at);
}

function attach(inner) {
  const frame = inner.parentElement, key = frame.dataset.panzoom, v = views.get(key);
  // startX/startY: Panzoom pans there (within the frame) once its first layout is done
  const pz = Panzoom(inner, { ...OPTIONS, startX: v ? v.x : 0, startY: v ? v.y : 0 });
  if (v) { // restore the view the previous element had (it was kept within its frame then)
    const raw = { animate: false, force: true, contain: false };
    pz.zoom(v.scale, raw);
    pz.pan(v.x, v.y, raw);
    applyNow(inner, pz);
  }
  frame.classList.toggle("pz-zoomed", zoomed(pz));
  detail(frame, inner, pz);
  const onChange = () => {
    if (!inner.isConnected) return;
    views.set(key, { scale: pz.getScale(), ...pz.getPan() });
    frame.classList.toggle("pz-zoomed", zoomed(pz));
    detail(frame, inner, pz);
  };
  const onWheel = (ev) => {
    if (!ev.ctrlKey) return; // a plain wheel scrolls the page
    ev.preventDefault();
    pz.zoomToPoint(Math.min(MAX, Math.max(1, pz.getScale() * Math.exp(-ev.deltaY / 200))), ev, { animate: false });
    applyNow(inner, pz);
  };
  inner.addEventListener("panzoomchange", onChange);
  frame.addEventListener("wheel", onWheel, { passive: false });
  // what detach() undoes: the picture and its frame may stay in the page under another key
  const off = () => {
    pz.destroy();
    inner.removeEventListener("panzoomchange", onChange);
    frame.removeEventListener("wheel", onWheel);
  };
  live.set(inner, { frame, key, pz, off });
  // fingers still down from before the re-render go on dragging the new element
  for (const [pointerId, d] of downs) {
    if (d.key === key) pz.handleDown({ target: inner, pointerId, clientX: d.x, clientY: d.y });
  }
}

// The page is patched, not replaced (tb-page.mjs): a picture may stay the same element while its
// frame gets a new key (a region focused: start again at 1x) or new classes from the markup (the
// frame's state classes are this module's: set again).
function sync() {
  for (const [inner, rec] of live) {
    if (!inner.isConnected || inner.parentElement !== rec.frame || rec.frame.dataset.panzoom !== rec.key) {
      rec.off();
      live.delete(inner);
    }
  }
  for (const inner of document.querySelectorAll("[data-panzoom] > .pz-inner")) {
    const rec = live.get(inner);
    if (!rec) attach(inner);
    else {
      rec.frame.classList.toggle("pz-zoomed", zoomed(rec.pz));
      detail(rec.frame, inner, rec.pz);
    }
  }
}

const recOf = (target) => {
  const inner = target instanceof Element && target.closest("[data-panzoom]")?.querySelector(":scope > .pz-inner");
  return inner ? live.get(inner) : undefined;
};

// Tap or gesture (capture phase, before Panzoom and the UI see the event).
document.addEventListener("pointerdown", (ev) => {
  const rec = recOf(ev.target);
  if (!rec) return;
  if (ev.isPrimary) { // a new touch sequence, or the mouse: start afresh (a pointerup may never have come)
    downs.clear();
    gesture = false;
  }
  downs.set(ev.pointerId, { x0: ev.clientX, y0: ev.clientY, x: ev.clientX, y: ev.clientY, key: rec.key });
  if (downs.size >= 2) {
    gesture = true;
    // Panzoom's pinch is linear: scale = s0 + (d - d0) * step / 80 for fingers d apart (d0 at
    // the start). This step makes it s0 * d / d0, so the picture stays under the fingers.
    const [a, b] = [...downs.values()];
    rec.pz.setOptions({ step: (80 * rec.pz.getScale()) / (Math.hypot(a.x - b.x, a.y - b.y) || 1) });
  }
}, true);
document.addEventListener("pointermove", (ev) => {
  const d = downs.get(ev.pointerId);
  if (!d) return;
  d.x = ev.clientX;
  d.y = ev.clientY;
  const rec = [...live.values()].find((r) => r.key === d.key);
  if (rec && zoomed(rec.pz) && Math.hypot(d.x - d.x0, d.y - d.y0) > SLOP) gesture = true;
}, true);
document.addEventListener("pointercancel", (ev) => downs.delete(ev.pointerId), true);
document.addEventListener("pointerup", (ev) => {
  const d = downs.get(ev.pointerId);
  if (!downs.delete(ev.pointerId) || gesture || ev.pointerType === "mouse") return;
  // a finger's second tap near the first, soon after it, is a double tap (touch makes no dblclick)
  const near = lastTap && lastTap.key === d.key && ev.timeStamp - lastTap.t < 300 && Math.hypot(d.x - lastTap.x, d.y - lastTap.y) < 24;
  lastTap = near ? null : { t: ev.timeStamp, x: d.x, y: d.y, key: d.key };
  if (near) toOne(d.key);
}, true);
document.addEventListener("click", (ev) => {
  const frame = ev.target instanceof Element && ev.target.closest("[data-panzoom]");
  if (!frame) return;
  if (gesture) {
    gesture = false;
    ev.stopPropagation();
    ev.preventDefault();
  } else if (ev.detail === 2) { // a double click (no dblclick comes when the first click re-rendered)
    toOne(frame.dataset.panzoom);
  }
}, true);

// A double click or tap returns to 1x. By key: the first one may have re-rendered the frame.
function toOne(key) {
  views.delete(key);
  for (const rec of live.values()) {
    if (rec.key === key) rec.pz.reset({ startX: 0, startY: 0, animate: !reducedMotion() });
  }
}

// A new frame size (rotation, window): keep the picture covering it.
addEventListener("resize", () => {
  for (const [inner, { frame, pz }] of live) {
    const { x, y } = pz.getPan();
    pz.pan(x, y, { animate: false, force: true });
    detail(frame, inner, pz);
  }
});

new MutationObserver(sync).observe(document.documentElement, {
  childList: true, subtree: true, attributes: true, attributeFilter: ["data-panzoom", "data-near-at", "viewBox", "class"],
});
sync();
