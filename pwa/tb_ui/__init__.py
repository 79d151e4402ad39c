"""Time & Barons app UI.

Pure-Python layer (testable in CPython): :mod:`tb_ui.app` (state and event
handling), :mod:`tb_ui.screens` and :mod:`tb_ui.tables` (markup, built only through
:mod:`tb_ui.html`: MarkupSafe's ``Markup``, text escaped unless marked safe),
:mod:`tb_ui.store` (saves and settings over an abstract key-value storage),
:mod:`tb_ui.rules` (rules help). Worker layer: :mod:`tb_ui.worker`, the only module importing
js/pyodide: it runs the app in the page's Web Worker and talks to ``pwa/tb-page.mjs``, which
patches the page (issue 44).
"""

from __future__ import annotations

# The worker layer is started by pwa/tb-worker.mjs (``from tb_ui import worker``): importing this
# package in CPython must not import it (it needs Pyodide's js module).
