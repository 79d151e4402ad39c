// Pinch and drag zoom for pictures the Python UI draws (the Time of Crisis map).
// Plain JavaScript, no dependencies, no inline style in markup (the CSP forbids it: the
// transform is set through the CSSOM).
//
// Contract: an element with data-panzoom="<key>" holds one child with class "pz-inner". Two
// fingers pinch to scale it (1x to 4x), one finger or the mouse drags it once it is scaled,
// ctrl+wheel (a trackpad pinch) scales it; a drag does not count as a tap. The scale and offset
// are kept per key, so a re-render of #app keeps them; the UI changes the key (e.g. when a
// region is focused) to start again at 1x. A double tap on the picture returns it to 1x.
(() => {
  "use strict";
  const views = new Map(); // key -> {s, x, y}
  const pointers = new Map(); // pointerId -> {x, y}
  let active = null; // {el, key, start: {s, x, y}, p0: [{x, y}...], moved}
  let suppressClick = false;
  const MIN = 1, MAX = 4;

  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

  function apply(el) {
    const key = el.dataset.panzoom;
    const inner = el.querySelector(":scope > .pz-inner");
    if (!inner) return;
    const v = views.get(key) || { s: 1, x: 0, y: 0 };
    const w = el.clientWidth, h = el.clientHeight;
    // keep the picture covering the frame
    v.x = clamp(v.x, w - w * v.s, 0);
    v.y = clamp(v.y, h - h * v.s, 0);
    views.set(key, v);
    inner.style.transformOrigin = "0 0";
    inner.style.transform = v.s === 1 ? "" : `translate(${v.x}px, ${v.y}px) scale(${v.s})`;
    el.classList.toggle("pz-zoomed", v.s > 1);
  }

  function zoomAt(el, factor, cx, cy) {
    const key = el.dataset.panzoom;
    const v = views.get(key) || { s: 1, x: 0, y: 0 };
    const r = el.getBoundingClientRect();
    const px = cx - r.left, py = cy - r.top;
    const s = clamp(v.s * factor, MIN, MAX);
    const k = s / v.s;
    views.set(key, { s, x: px - (px - v.x) * k, y: py - (py - v.y) * k });
    apply(el);
  }

  function frameOf(target) {
    return target && target.closest ? target.closest("[data-panzoom]") : null;
  }

  document.addEventListener("pointerdown", (ev) => {
    const el = frameOf(ev.target);
    if (!el) return;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const key = el.dataset.panzoom;
    const v = views.get(key) || { s: 1, x: 0, y: 0 };
    active = { el, key, start: { ...v }, p0: [...pointers.values()].map((p) => ({ ...p })), moved: false };
  });

  document.addEventListener("pointermove", (ev) => {
    if (!active || !pointers.has(ev.pointerId)) return;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const pts = [...pointers.values()];
    const { el, key, start, p0 } = active;
    if (pts.length >= 2 && p0.length >= 2) {
      const d0 = Math.hypot(p0[0].x - p0[1].x, p0[0].y - p0[1].y) || 1;
      const d1 = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      const r = el.getBoundingClientRect();
      const cx = (pts[0].x + pts[1].x) / 2 - r.left, cy = (pts[0].y + pts[1].y) / 2 - r.top;
      const c0x = (p0[0].x + p0[1].x) / 2 - r.left, c0y = (p0[0].y + p0[1].y) / 2 - r.top;
      const s = clamp(start.s * d1 / d0, MIN, MAX);
      const k = s / start.s;
      views.set(key, { s, x: cx - (c0x - start.x) * k, y: cy - (c0y - start.y) * k });
      active.moved = true;
      apply(el);
      ev.preventDefault();
    } else if (pts.length === 1 && start.s > 1) {
      const dx = pts[0].x - p0[0].x, dy = pts[0].y - p0[0].y;
      if (Math.abs(dx) + Math.abs(dy) > 8) active.moved = true;
      if (active.moved) {
        views.set(key, { s: start.s, x: start.x + dx, y: start.y + dy });
        apply(el);
        ev.preventDefault();
      }
    }
  }, { passive: false });

  function end(ev) {
    if (!pointers.has(ev.pointerId)) return;
    pointers.delete(ev.pointerId);
    if (active && active.moved) suppressClick = true;
    if (pointers.size === 0) active = null;
    else if (active) {
      const v = views.get(active.key) || { s: 1, x: 0, y: 0 };
      active = { ...active, start: { ...v }, p0: [...pointers.values()].map((p) => ({ ...p })) };
    }
  }
  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);

  // a drag or a pinch is not a tap: swallow the click that follows it
  document.addEventListener("click", (ev) => {
    if (suppressClick) {
      suppressClick = false;
      if (frameOf(ev.target)) {
        ev.stopPropagation();
        ev.preventDefault();
      }
    }
  }, true);

  document.addEventListener("dblclick", (ev) => {
    const el = frameOf(ev.target);
    if (!el) return;
    views.set(el.dataset.panzoom, { s: 1, x: 0, y: 0 });
    apply(el);
  });

  document.addEventListener("wheel", (ev) => {
    const el = frameOf(ev.target);
    if (!el || !ev.ctrlKey) return;
    ev.preventDefault();
    zoomAt(el, Math.exp(-ev.deltaY / 200), ev.clientX, ev.clientY);
  }, { passive: false });

  // re-apply after the UI re-renders #app
  const reapply = () => document.querySelectorAll("[data-panzoom]").forEach(apply);
  new MutationObserver(reapply).observe(document.documentElement, { childList: true, subtree: true });
  window.tbPanZoom = { zoomAt, views };
})();
