#!/usr/bin/env python3
"""Serve the built site (default ``dist/``) on 127.0.0.1 with pinned MIME types.

    python3 scripts/serve.py [--dir dist] [--port 8000] [--host 127.0.0.1]

MIME types are pinned instead of read from /etc/mime.types, because Pyodide
refuses a ``.wasm`` that is not ``application/wasm`` and browsers refuse module
scripts that are not JavaScript. Every response carries ``Cache-Control:
no-cache`` so the browser revalidates and a rebuild shows at once (the service
worker does the offline caching). The e2e tests import :func:`make_server`.
"""

from __future__ import annotations

import argparse
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


class Handler(SimpleHTTPRequestHandler):
    """Static files with pinned MIME types, no-cache, the CSP, and quiet logs unless asked."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    verbose = False
    #: The Content-Security-Policy header (None: none, for pages that are not the app).
    csp: str | None = CSP

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        if self.verbose:
            super().log_message(format, *args)


class VerboseHandler(Handler):
    verbose = True


def make_server(directory: str | Path, host: str = "127.0.0.1", port: int = 0,
                verbose: bool = False) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer for ``directory``; port 0 picks a free port."""
    directory = Path(directory)
    if not directory.is_dir():
        raise SystemExit(f"serve: {directory} is not a folder (build the site first: make build)")
    handler = partial(VerboseHandler if verbose else Handler, directory=str(directory))
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
    args = parser.parse_args()
    server = make_server(args.dir, args.host, args.port, verbose=not args.quiet)
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
