"""Time & Barons app UI.

Pure-Python layer (testable in CPython): :mod:`tb_ui.app` (state and event
handling), :mod:`tb_ui.screens` and :mod:`tb_ui.tables` (HTML strings),
:mod:`tb_ui.store` (saves and settings over an abstract key-value storage),
:mod:`tb_ui.rules` (rules help). Browser layer: :mod:`tb_ui.browser`, the only
module importing pyscript/js.
"""

from __future__ import annotations


def start() -> None:
    """Boot the app in the browser (PyScript).

    Leaves User Timing marks for benchmarks/boot.py: ``tb:main`` (PyScript has run
    main.py), ``tb:imported`` (the UI modules are imported), then the browser layer's
    ``tb:booted`` and ``tb:rendered``.
    """
    import js  # type: ignore[import-not-found]

    js.performance.mark("tb:main")
    from . import browser

    js.performance.mark("tb:imported")
    browser.start()
