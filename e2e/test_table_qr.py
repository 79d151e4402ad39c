"""A table across phones, its codes as QR codes (issue 27, pwa/table-qr.mjs): a code drawn on a
canvas and read back from a screenshot of it (a photo's stand-in), pictures without a code refused
with a reason, and the camera: Chromium's fake camera showing a drawn code, read by startCamera.

Each test launches a Chromium of its own (like e2e/test_table_link.py's ``phones``) with a fake
camera device, whose prompt is refused unless the test grants it
(``--use-fake-ui-for-media-stream``), and the link's flags, so that ``offerLink`` gives a real
offer code. The pages are dist/first-screens.html (an HTML page of the app that shows nothing and
runs no script) under the app's Content-Security-Policy, with pwa/table-qr.mjs imported as
``window.tq``; the autouse ``traffic`` fixture watches them (a CSP violation is a console error)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, DIST, wait_until
from test_table_link import LINK_FLAGS

#: A camera for getUserMedia: Chromium's fake device (a test pattern, or the given .y4m file).
FAKE_CAMERA = "--use-fake-device-for-media-stream"
#: Grants the camera's permission prompt (without it, headless Chromium refuses it).
GRANT_CAMERA = "--use-fake-ui-for-media-stream"
NO_CODE = ("No code was found in that picture. Take it again with the whole code in view, "
           "sharp and not too small, or paste the code instead.")
#: An offer as long as a phone with IPv4 and two local IPv6 addresses makes one (a valid code: a
#: phone's public addresses are left out of its code, issue 47).
LONG_OFFER = ("TB1|o|Xy9+|q1w2e3r4t5y6u7i8o9p0a1s2|0123456789abcdefghijABCDEFGHIJ-_0123456789a|s|"
              "192.168.1.5:51234,[fd00:1234:5678:9abc:def0:1234:5678:9abc]:51235,"
              "[fd12:cb00:1234:5600:abcd:ef01:2345:6789]:51236")


def _phone(playwright: Any, launch_args: dict[str, Any], server: Any, traffic: Any,
           flags: list[str], **context_args: Any) -> tuple[Any, Any]:
    """(browser, page): a Chromium launched with ``flags``, one page on dist/first-screens.html with
    table-qr.mjs as ``window.tq`` and table-link.mjs as ``window.tl``, watched by ``traffic``."""
    browser = playwright.chromium.launch(**{**launch_args, "args": [*launch_args.get("args", []), *flags]})
    context = browser.new_context(**context_args)
    for event, handler in {"request": traffic.on_request, "response": traffic.on_response,
                           "console": traffic.on_console, "weberror": traffic.on_weberror}.items():
        context.on(event, handler)
    # a page without <link rel="icon">: Chromium asks for /favicon.ico (a 404)
    context.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page = context.new_page()
    page.goto(server.url + "first-screens.html")
    page.evaluate("""async ([qr, link]) => {
        window.tq = await import(qr);
        window.tl = await import(link);
      }""", [server.url + "table-qr.mjs", server.url + "table-link.mjs"])
    return browser, page


@pytest.fixture
def phone(playwright: Any, browser_type_launch_args: dict[str, Any], server: Any, traffic: Any) -> Iterator[Any]:
    """A phone with a high-density screen (devicePixelRatio 2) in dark mode, a camera whose
    permission is refused, and the link's flags."""
    browser, page = _phone(playwright, browser_type_launch_args, server, traffic, [*LINK_FLAGS, FAKE_CAMERA],
                           device_scale_factor=2, color_scheme="dark")
    try:
        yield page
    finally:
        browser.close()


def draw(page: Any, text: str, css_width: int = 240) -> dict[str, Any]:
    """drawCode on a canvas #qr (``css_width`` CSS px wide, through the CSSOM: the CSP refuses a
    style attribute); its result, the pixel values it used and where its dark pixels lie."""
    return dict(page.evaluate("""([text, cssWidth]) => {
        document.getElementById("qr")?.remove();
        const c = document.createElement("canvas");
        c.id = "qr";
        c.style.width = cssWidth + "px";
        c.style.display = "block";
        document.body.prepend(c);
        const r = tq.drawCode(c, text);
        const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        const values = new Set();
        let top = c.height, left = c.width, bottom = -1, right = -1;
        for (let y = 0; y < c.height; y++) {
          for (let x = 0; x < c.width; x++) {
            const i = 4 * (y * c.width + x);
            values.add(`${px[i]},${px[i + 1]},${px[i + 2]},${px[i + 3]}`);
            if (px[i] === 0) {
              top = Math.min(top, y); bottom = Math.max(bottom, y);
              left = Math.min(left, x); right = Math.max(right, x);
            }
          }
        }
        return { ...r, width: c.width, height: c.height, values: [...values].sort(),
                 margins: [top, left, c.height - 1 - bottom, c.width - 1 - right] };
      }""", [text, css_width]))


def test_a_drawn_code_read_back_from_a_screenshot_of_it_is_the_same_text(phone: Any) -> None:
    """The host's code on its screen, photographed (a Playwright screenshot, PNG) and opened as a
    file: the guest reads exactly that code. The drawing is crisp (only black and white pixels, a
    whole number of device pixels a module), with a quiet zone, whatever the app's theme."""
    offer = phone.evaluate("""async () => {
        const offer = await tl.offerLink();
        offer.cancel();
        return offer.code;
      }""")
    assert offer.startswith("TB1|o|"), offer
    phone.evaluate("(code) => tl.decodeDescription(code, 'offer')", LONG_OFFER)  # a valid code
    phone.evaluate("""() => {
        const input = document.createElement("input");
        input.type = "file";
        input.id = "pick";
        input.accept = "image/*";
        document.body.append(input);
      }""")
    for name, code in (("offer", offer), ("long-offer", LONG_OFFER)):
        drawn = draw(phone, code)
        assert drawn["width"] == drawn["height"] == drawn["pixels"] == 480, drawn  # 240 CSS px × 2
        assert drawn["values"] == ["0,0,0,255", "255,255,255,255"], drawn["values"]
        assert min(drawn["margins"]) >= 4 * drawn["pixelsPerModule"] >= 8, drawn
        png = phone.locator("#qr").screenshot()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"table-qr-{name}.png").write_bytes(png)
        phone.set_input_files("#pick", files=[{"name": f"{name}.png", "mimeType": "image/png", "buffer": png}])
        read = phone.evaluate("""async () => {
            const file = document.getElementById("pick").files[0];
            return [await tq.readImage(file), await tq.readImage(await createImageBitmap(file)),
                    await tq.readImage(document.getElementById("qr"))];
          }""")
        assert read == [code, code, code], (name, read)
    # a text that no QR code holds is refused in words
    too_long = phone.evaluate("""() => {
        try { tq.drawCode(document.getElementById("qr"), "x".repeat(5000)); return null; }
        catch (e) { return [e.name, e.reason, e.message]; }
      }""")
    assert too_long == ["QrError", "too-long", "This code is too long for a QR code: copy it as text instead."]


def test_a_picture_without_a_code_is_refused_with_a_reason(phone: Any) -> None:
    phone.evaluate("""() => {
        const input = document.createElement("input");
        input.type = "file";
        input.id = "pick";
        document.body.append(input);
      }""")
    refusal = """async (source) => {
        try { return ["read", await tq.readImage(source)]; } catch (e) { return [e.name, e.reason, e.message]; }
      }"""
    icon = (DIST / "icons" / "icon-192.png").read_bytes()
    phone.set_input_files("#pick", files=[{"name": "photo.png", "mimeType": "image/png", "buffer": icon}])
    assert phone.evaluate(f"() => ({refusal})(document.getElementById('pick').files[0])") == ["QrError", "no-code", NO_CODE]
    # an <img> not loaded yet, and a blank canvas
    assert phone.evaluate(f"""() => {{
        const img = document.createElement("img");
        img.src = "./icons/icon-512.png";
        return ({refusal})(img);
      }}""") == ["QrError", "no-code", NO_CODE]
    assert phone.evaluate(f"() => ({refusal})(document.createElement('canvas'))") == ["QrError", "no-code", NO_CODE]
    # a file that is no picture at all
    phone.set_input_files("#pick", files=[{"name": "notes.png", "mimeType": "image/png", "buffer": b"not a picture"}])
    assert phone.evaluate(f"() => ({refusal})(document.getElementById('pick').files[0])") == [
        "QrError", "not-a-picture",
        "That file is not a picture this phone can open: choose a photo of the code, or paste the code instead."]


def test_a_refused_camera_is_told_in_words(phone: Any) -> None:
    """The player refuses the camera's permission (headless Chromium refuses its prompt): the
    error says so and points to pasting the code; no stream is left open."""
    result = phone.evaluate("""async () => {
        const video = document.createElement("video");
        document.body.append(video);
        try { await tq.startCamera(video, () => {}); return null; }
        catch (e) { return [e.name, e.reason, e.message, video.srcObject === null]; }
      }""")
    assert result == ["QrError", "no-camera",
                      "This phone's camera could not be opened (permission was refused): paste the code instead.", True]


def write_y4m(path: Path, luma: bytes, side: int, width: int = 640, height: int = 480) -> None:
    """One grey 4:2:0 frame of ``width`` × ``height`` with the ``side`` × ``side`` picture ``luma``
    (one byte a pixel) in its middle: Chromium's fake camera shows it over and over."""
    y = bytearray([170]) * (width * height)
    x0, y0 = (width - side) // 2, (height - side) // 2
    for row in range(side):
        start = (y0 + row) * width + x0
        y[start:start + side] = luma[row * side:(row + 1) * side]
    chroma = bytes([128]) * (width * height // 2)
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n" + bytes(y) + chroma)


def test_the_camera_reads_a_code_shown_to_it_and_stops(phone: Any, playwright: Any, browser_type_launch_args: dict[str, Any],
                                                       server: Any, traffic: Any, tmp_path: Path) -> None:
    """The guest points its camera at the host's screen: Chromium's fake camera plays a frame with
    the drawn offer code; startCamera reports it once, stops the camera's tracks and frees the video.
    A stop() before any code was seen ends the scan with no report."""
    drawn = draw(phone, LONG_OFFER, css_width=150)  # 300 device px, in a 640 × 480 frame
    side = drawn["pixels"]
    luma = bytes(phone.evaluate("""() => {
        const c = document.getElementById("qr");
        const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        return Array.from({ length: c.width * c.height }, (_, i) => px[4 * i]);
      }"""))
    video_file = tmp_path / "camera.y4m"
    write_y4m(video_file, luma, side)

    browser, page = _phone(playwright, browser_type_launch_args, server, traffic,
                           [FAKE_CAMERA, GRANT_CAMERA, f"--use-file-for-fake-video-capture={video_file}"])
    try:
        page.evaluate("""() => {
            const media = navigator.mediaDevices;
            const open = media.getUserMedia.bind(media);
            window.streams = [];
            window.asked = [];
            media.getUserMedia = async (constraints) => {
              window.asked.push(constraints);
              const stream = await open(constraints);
              window.streams.push(stream);
              return stream;
            };
            window.video = document.createElement("video");
            document.body.append(window.video);
          }""")
        # stopped at once: nothing is reported, the camera is off
        page.evaluate("""async () => {
            window.early = [];
            const stop = await tq.startCamera(video, (text) => early.push(text));
            stop();
            stop();
            await new Promise((r) => setTimeout(r, 1500));
          }""")
        assert page.evaluate("""() => [early.length, streams.length, streams[0].getTracks().every((t) => t.readyState === "ended"),
                                        video.srcObject === null]""") == [0, 1, True, True]
        # scanning: the code is reported once, then the camera is off
        page.evaluate("""async () => {
            window.scanned = [];
            window.stopScan = await tq.startCamera(video, (text) => scanned.push(text));
          }""")
        wait_until(page, "() => window.scanned.length > 0", timeout=20_000)
        page.evaluate("() => new Promise((r) => setTimeout(r, 800))")
        result = page.evaluate("""() => {
            stopScan(); // harmless once stopped
            return { scanned, asked: asked[1], ended: streams[1].getTracks().map((t) => t.readyState),
                     freed: video.srcObject === null };
          }""")
        assert result["scanned"] == [LONG_OFFER]
        assert result["asked"]["video"]["facingMode"] == "environment" and result["asked"]["audio"] is False
        assert result["ended"] == ["ended"] and result["freed"], result
    finally:
        browser.close()
