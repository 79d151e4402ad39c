#!/usr/bin/env python3
"""Serve the built site (default ``dist/``) on 127.0.0.1 with pinned MIME types.

    python3 scripts/serve.py [--dir dist] [--port 8000] [--host 127.0.0.1]

MIME types are pinned instead of read from /etc/mime.types, because Pyodide
refuses a ``.wasm`` that is not ``application/wasm`` and browsers refuse module
scripts that are not JavaScript. Every response carries ``Cache-Control:
no-cache`` so the browser revalidates and a rebuild shows at once (the service
worker does the offline caching). The e2e tests import :func:`make_server`.

Precompressed files: when the client accepts it, ``x.wasm`` is answered with the
bytes of ``x.wasm.br`` (or ``x.wasm.gz``) that scripts/build.py wrote next to it,
with ``Content-Encoding`` set and the original file's type, so the local server
shows the real first-visit size; a twin older than its file is ignored. ``--no-compress``
serves the files as they are.
"""

from __future__ import annotations

import argparse
import email.utils
import os
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".html": "text/html",
    ".css": "text/css",
    ".py": "text/x-python",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
    ".txt": "text/plain",
}


#: The policy in pwa/index.html's <meta http-equiv="Content-Security-Policy"> (keep them equal;
#: e2e/test_security.py checks): this origin's files only, WebAssembly compilation but no eval,
#: no inline script or style, no plugins, no <base>, no form posts.
META_CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; "
            "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
            "form-action 'none'")
#: The header this server sends: the meta policy, and no framing by other sites (clickjacking).
CSP = META_CSP + "; frame-ancestors 'none'"


#: Precompressed twins, in order of preference: (suffix, Content-Encoding).
ENCODINGS = ((".br", "br"), (".gz", "gzip"))


def accepted(header: str | None) -> set[str]:
    """Encodings an Accept-Encoding header allows (q=0 excluded)."""
    out = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if name and not (q.startswith("q=") and float(q[2:] or 0) == 0):
            out.add(name.strip().lower())
    return out


class Handler(SimpleHTTPRequestHandler):
    """Static files with pinned MIME types, no-cache, the CSP, precompressed twins, and quiet logs
    unless asked."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    verbose = False
    compress = True
    #: The Content-Security-Policy header (None: none, for pages that are not the app).
    csp: str | None = CSP

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """Like SimpleHTTPRequestHandler.send_head, but answers with a precompressed twin
        (``.br``/``.gz`` next to the file) when the client accepts that encoding."""
        path = self.translate_path(self.path)
        if self.compress and os.path.isfile(path) and not path.endswith((".br", ".gz")):
            ok = accepted(self.headers.get("Accept-Encoding"))
            mtime = os.stat(path).st_mtime
            for suffix, encoding in ENCODINGS:
                twin = path + suffix
                # A twin older than its file is stale (the file was edited after the build): skip it.
                if encoding in ok and os.path.isfile(twin) and os.stat(twin).st_mtime >= mtime:
                    f = open(twin, "rb")  # noqa: SIM115 (closed by do_GET/do_HEAD)
                    try:
                        st = os.fstat(f.fileno())
                        self.send_response(200)
                        self.send_header("Content-Type", self.guess_type(path))
                        self.send_header("Content-Encoding", encoding)
                        self.send_header("Content-Length", str(st.st_size))
                        self.send_header("Vary", "Accept-Encoding")
                        self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
                        self.end_headers()
                        return f
                    except BaseException:
                        f.close()
                        raise
        return super().send_head()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        if self.verbose:
            super().log_message(format, *args)


class RecordingHandler(Handler):
    """Handler that appends one record per GET to its server's ``records`` list (tests and
    benchmarks count downloads with it): the path as requested, the status, the body bytes sent
    (after compression), the Referer and Range headers, and whether a service worker asked
    (its fetches carry the worker's script as Referer; its script fetches say so in a header)."""

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        n = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            n += len(chunk)
        self._body = getattr(self, "_body", 0) + n

    def record(self) -> dict[str, Any]:
        referer = self.headers.get("Referer")
        return {"path": self.path, "status": self._status, "bytes": self._body, "referer": referer,
                "range": self.headers.get("Range"),
                "sw": urlsplit(referer or "").path.endswith("/sw.js") or urlsplit(self.path).path.endswith("/sw.js")
                or self.headers.get("Service-Worker") == "script"}

    def do_GET(self) -> None:
        self._body = 0
        self._status = 0
        try:
            super().do_GET()
        finally:
            self.server.records.append(self.record())  # type: ignore[attr-defined]


class VerboseHandler(Handler):
    verbose = True


class PlainHandler(Handler):
    compress = False


class VerbosePlainHandler(Handler):
    verbose = True
    compress = False


def make_server(directory: str | Path, host: str = "127.0.0.1", port: int = 0,
                verbose: bool = False, compress: bool = True) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer for ``directory``; port 0 picks a free port."""
    directory = Path(directory)
    if not directory.is_dir():
        raise SystemExit(f"serve: {directory} is not a folder (build the site first: make build)")
    cls = {(False, True): Handler, (True, True): VerboseHandler,
           (False, False): PlainHandler, (True, False): VerbosePlainHandler}[(verbose, compress)]
    handler = partial(cls, directory=str(directory))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


class BackgroundServer:
    """A server in a daemon thread, with ``.url`` and an idempotent ``.stop()``."""

    def __init__(self, directory: str | Path, host: str = "127.0.0.1", port: int = 0) -> None:
        self.httpd = make_server(directory, host, port)
        self.host, self.port = self.httpd.server_address[:2]
        self.url = f"http://{self.host}:{self.port}/"
        self.directory = Path(directory)
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)
        self._thread.start()
        self._stopped = False

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built Time & Barons site.")
    parser.add_argument("--dir", default=str(ROOT / "dist"), help="folder to serve (default: dist/)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument("--no-compress", action="store_true", help="ignore the precompressed .br/.gz twins")
    args = parser.parse_args()
    server = make_server(args.dir, args.host, args.port, verbose=not args.quiet, compress=not args.no_compress)
    host, port = server.server_address[:2]
    print(f"Serving {Path(args.dir).resolve()} at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
