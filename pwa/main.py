"""Entry point run by PyScript (see index.html): start the Time & Barons UI (pwa/tb_ui)."""

import js

js.performance.mark("tb:main")  # PyScript has started this script (benchmarks/boot.py)

from tb_ui import browser  # noqa: E402

browser.start()  # User Timing marks for benchmarks/boot.py: tb:imported, tb:booted, tb:rendered
