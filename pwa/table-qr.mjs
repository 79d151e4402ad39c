// A table across phones (issue 27): the link's codes (table-link.mjs) shown and read as QR codes.
// The host phone draws its offer code, the guest phone reads it with its camera (or from a photo),
// then the other way round with the guest's answer code.
//
//   drawCode(canvas, code)                       the QR code of a text on a <canvas>
//   const text = await readImage(file)           a QR code's text from a photo, a canvas, an image
//   const stop = await startCamera(video, (code) => ...)   the back camera until a table code shows
//
// Libraries (npm, vendored into ./vendor/ by scripts/build.py, each with its licence; precached):
// - drawing: lean-qr 2.7.4 (vendor/lean-qr.js: 6,900 bytes, 3,315 with brotli);
// - reading: the browser's own BarcodeDetector where it has one that reads QR codes (Chrome on
//   Android, macOS and ChromeOS), else jsQR 1.4.0 (vendor/jsqr.js: 256,885 bytes, 33,223 with
//   brotli; its Apache-2.0 licence 3,056 more), imported on the first read only. Measured against
//   the other candidates (brotli at quality 11, as scripts/build.py writes the twins):
//   - barcode-detector 3.2.2 (zxing-wasm 3.1.3): 58,799 + 1,093,289 bytes of wasm, 14,787 +
//     356,924 with brotli. Reads camera pictures best, but precached, its wasm would take most of
//     what is left under a first visit's bound (e2e/test_install.py: 5.5 MB; 5.15 MB with this
//     module and jsQR), and left out of the precache and fetched on first use, a phone that never
//     scanned before could not scan offline (a table across phones needs a local network only).
//   - qr-scanner 1.4.2: 15,844 + 43,994 bytes (4,954 + 8,657 with brotli), but it builds its
//     decoding worker from a blob: URL and loads pictures through blob: image URLs, which the
//     Content-Security-Policy (worker-src 'self', img-src 'self') refuses.
//   jsQR is plain JavaScript (no eval, no worker, no wasm), 33 KB more on a first visit, and works
//   offline from the first visit on. It decodes on the main thread: camera frames are scaled down
//   to at most 800 px and read about four times a second; a photo at up to 1,024 then 2,048 px.
// Pictures are opened with createImageBitmap (never a blob: URL, which img-src 'self' refuses).
import { correction, generate } from "./vendor/lean-qr.js";
import { CODE_PREFIX } from "./table-link.mjs";

/** What a table code starts with: startCamera reports the first code that does. */
export const TABLE_CODE_START = `${CODE_PREFIX}|`;

/**
 * An error a player can read, for the table's screens.
 * ``reason``: "too-long" (drawCode), "not-a-picture" or "no-code" (readImage), "no-camera" (startCamera).
 */
export class QrError extends Error {
  name = "QrError";
  /** @param {string} message @param {"too-long" | "not-a-picture" | "no-code" | "no-camera"} reason */
  constructor(message, reason) {
    super(message);
    this.reason = reason;
  }
}

const NO_CODE = "No code was found in that picture. Take it again with the whole code in view, "
  + "sharp and not too small, or paste the code instead.";
const NOT_A_PICTURE = "That file is not a picture this phone can open: choose a photo of the code, "
  + "or paste the code instead.";
const QUIET_ZONE = 4; // modules of white around the code (ISO 18004)
const CAMERA_SIDE = 800; // px: the longest side of a camera frame as read
const PICTURE_SIDES = [1024, 2048]; // px: a photo is read at these sizes in turn (never enlarged)

/**
 * Draws the QR code of ``text`` on ``canvas``: black modules on white (whatever the app's theme),
 * a quiet zone of 4 modules, each module a whole number of device pixels. The canvas's bitmap is
 * set to its CSS content width × devicePixelRatio, square: give the canvas a width in the
 * stylesheet (its height follows from the bitmap's aspect ratio; leave it auto), and draw again
 * when that width changes. A canvas that is not laid out (hidden) is drawn 256 CSS px wide.
 * Give it an accessible name yourself (e.g. role="img" aria-label="…").
 * @param {HTMLCanvasElement} canvas
 * @param {string} text at most about 2,900 ASCII characters (a table code is ~150)
 * @returns {{modules: number, pixelsPerModule: number, pixels: number}} the code's width in
 *   modules (without the quiet zone), a module's width and the canvas's width in device pixels
 * @throws {QrError} reason "too-long" when the text does not fit in a QR code
 */
export function drawCode(canvas, text) {
  let code;
  try {
    code = generate(String(text), { minCorrectionLevel: correction.M });
  } catch {
    throw new QrError("This code is too long for a QR code: copy it as text instead.", "too-long");
  }
  const style = getComputedStyle(canvas);
  const edges = ["borderLeftWidth", "borderRightWidth", "paddingLeft", "paddingRight"]
    .reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0);
  const cssWidth = canvas.getBoundingClientRect().width - edges;
  const wanted = Math.round((cssWidth > 0 ? cssWidth : 256) * (devicePixelRatio || 1));
  const side = code.size + 2 * QUIET_ZONE;
  const unit = Math.max(1, Math.floor(wanted / side));
  const pixels = Math.max(wanted, unit * side);
  canvas.width = pixels;
  canvas.height = pixels;
  const ctx = canvas.getContext("2d", { alpha: false });
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, pixels, pixels);
  ctx.fillStyle = "#000";
  const offset = Math.floor((pixels - unit * code.size) / 2);
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      let end = x + 1; // one rectangle per run of dark modules
      while (end < code.size && code.get(end, y)) end++;
      ctx.fillRect(offset + x * unit, offset + y * unit, (end - x) * unit, unit);
      x = end;
    }
  }
  return { modules: code.size, pixelsPerModule: unit, pixels };
}

/**
 * Reads a QR code from a picture: the browser's BarcodeDetector where there is one, and jsQR when
 * there is none or it finds nothing.
 * @param {Blob | ImageBitmap | HTMLCanvasElement | OffscreenCanvas | HTMLImageElement | HTMLVideoElement | ImageData} source
 *   a File or Blob holds an encoded picture (JPEG, PNG, WebP, …, as the browser can open); an
 *   image element is waited for until it has loaded
 * @returns {Promise<string>} the text of the first code found (any text, not only a table code)
 * @throws {QrError} reason "not-a-picture" when the file or image cannot be opened as a picture,
 *   "no-code" ("No code was found in that picture. …") when it holds no readable code
 */
export async function readImage(source) {
  let picture = source;
  let owned = false;
  try {
    if (source instanceof Blob) {
      picture = await createImageBitmap(source);
      owned = true;
    } else if (globalThis.ImageData && source instanceof ImageData) {
      picture = await createImageBitmap(source);
      owned = true;
    } else if (globalThis.HTMLImageElement && source instanceof HTMLImageElement && !(source.complete && source.naturalWidth)) {
      await source.decode();
    }
  } catch {
    throw new QrError(NOT_A_PICTURE, "not-a-picture");
  }
  try {
    const native = await nativeDetector();
    if (native) {
      try {
        const found = await native.detect(picture);
        if (found.length) return found[0].rawValue;
      } catch {
        // e.g. a platform without its barcode service: jsQR below
      }
    }
    let lastScale = 0;
    for (const max of PICTURE_SIDES) {
      const scale = Math.min(1, max / Math.max(...sizeOf(picture)));
      if (scale === lastScale) break;
      lastScale = scale;
      const text = await jsqrRead(picture, scale, "attemptBoth");
      if (text !== null) return text;
    }
    throw new QrError(NO_CODE, "no-code");
  } finally {
    if (owned) picture.close();
  }
}

/**
 * Opens the back camera (facingMode "environment"; any camera where there is none) into
 * ``video`` (muted, inline) and reads its frames about four times a second until one shows a
 * table code (a text that starts with "TB1|"; other QR codes are passed over); then stops the
 * camera and calls ``onText(code)`` once. Call the returned ``stop()`` to give up earlier (when
 * the player leaves the screen or pastes the code instead); it stops the stream's tracks and
 * clears ``video.srcObject``, and may be called more than once. The camera also stops when its
 * track ends (another app took it).
 * @param {HTMLVideoElement} video
 * @param {(code: string) => void} onText
 * @returns {Promise<() => void>} stop
 * @throws {QrError} reason "no-camera", with the message "This phone's camera could not be opened
 *   (<why>): paste the code instead." where <why> is "permission was refused", "no camera was
 *   found", "the camera is busy or out of order", "the page is not on a secure (https) address",
 *   "this browser gives no access to a camera", or the browser's own message
 */
export async function startCamera(video, onText) {
  const media = navigator.mediaDevices;
  if (!media || !media.getUserMedia) {
    throw cameraError(isSecureContext ? "this browser gives no access to a camera" : "the page is not on a secure (https) address");
  }
  let stream;
  try {
    stream = await media.getUserMedia({ audio: false, video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } } });
  } catch (e) {
    throw cameraError(cameraTrouble(e));
  }
  let stopped = false;
  let timer = 0;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
  };
  for (const track of stream.getVideoTracks()) track.addEventListener("ended", stop);
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", ""); // older iOS Safari goes full screen without it
  video.srcObject = stream;
  try {
    await video.play();
  } catch (e) {
    stop();
    throw cameraError(cameraTrouble(e));
  }
  let native = await nativeDetector();
  const tick = async () => {
    if (stopped) return;
    let text = null;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth) {
      if (native) {
        try {
          const found = await native.detect(video);
          text = found.map((b) => b.rawValue).find((t) => t.startsWith(TABLE_CODE_START)) ?? null;
        } catch {
          native = null; // jsQR from now on
        }
      } else {
        const scale = Math.min(1, CAMERA_SIDE / Math.max(video.videoWidth, video.videoHeight));
        try {
          text = await jsqrRead(video, scale, "dontInvert");
        } catch (e) {
          console.warn("table-qr: a camera frame could not be read", e); // the next one may be
        }
      }
    }
    if (stopped) return;
    if (text !== null && text.startsWith(TABLE_CODE_START)) {
      stop();
      try {
        onText(text);
      } catch (e) {
        (globalThis.reportError ?? console.error)(e);
      }
      return;
    }
    timer = setTimeout(tick, 250);
  };
  timer = setTimeout(tick, 0);
  return stop;
}

function cameraError(why) {
  return new QrError(`This phone's camera could not be opened (${why}): paste the code instead.`, "no-camera");
}

function cameraTrouble(e) {
  switch (e && e.name) {
    case "NotAllowedError":
    case "SecurityError":
      return "permission was refused";
    case "NotFoundError":
    case "OverconstrainedError":
      return "no camera was found";
    case "NotReadableError":
    case "AbortError":
      return "the camera is busy or out of order";
    default:
      return String((e && e.message) || e);
  }
}

let nativePromise = null;

/** The browser's BarcodeDetector for QR codes, or null where there is none. */
function nativeDetector() {
  nativePromise ??= (async () => {
    try {
      const Detector = globalThis.BarcodeDetector;
      if (!Detector || !(await Detector.getSupportedFormats()).includes("qr_code")) return null;
      return new Detector({ formats: ["qr_code"] });
    } catch {
      return null;
    }
  })();
  return nativePromise;
}

let jsqrPromise = null;

/** jsQR, imported on first use (its UMD build sets globalThis.jsQR). */
function loadJsqr() {
  if (!jsqrPromise) {
    jsqrPromise = import("./vendor/jsqr.js").then(() => globalThis.jsQR);
    jsqrPromise.catch(() => {
      jsqrPromise = null; // tried again next time
    });
  }
  return jsqrPromise;
}

function sizeOf(picture) {
  if (globalThis.HTMLVideoElement && picture instanceof HTMLVideoElement) return [picture.videoWidth, picture.videoHeight];
  if (globalThis.HTMLImageElement && picture instanceof HTMLImageElement) return [picture.naturalWidth, picture.naturalHeight];
  return [picture.width, picture.height];
}

let work = null; // the canvas frames are drawn on for jsQR, reused

/** jsQR's reading of ``picture`` scaled by ``scale``: its text, or null. */
async function jsqrRead(picture, scale, inversionAttempts) {
  const jsQR = await loadJsqr();
  const [w0, h0] = sizeOf(picture);
  const w = Math.max(1, Math.round(w0 * scale));
  const h = Math.max(1, Math.round(h0 * scale));
  if (!work || work.width !== w || work.height !== h) {
    work = globalThis.OffscreenCanvas ? new OffscreenCanvas(w, h) : Object.assign(document.createElement("canvas"), { width: w, height: h });
  }
  const ctx = work.getContext("2d", { willReadFrequently: true });
  ctx.fillStyle = "#fff"; // a transparent picture reads as white paper, not black
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(picture, 0, 0, w, h);
  const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts });
  return found ? found.data : null;
}
