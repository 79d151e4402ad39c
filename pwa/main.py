"""Entry point run by PyScript (see index.html): start the Time & Barons UI (pwa/tb_ui)."""

import js

js.performance.mark("tb:main")  # PyScript has started this script (benchmarks/boot.py)

import tb_ui  # noqa: E402

tb_ui.start()
