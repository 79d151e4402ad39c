"""Time & Barons app UI.

Pure-Python layer (testable in CPython): :mod:`tb_ui.app` (state and event
handling), :mod:`tb_ui.screens` and :mod:`tb_ui.tables` (markup, built only through
:mod:`tb_ui.html`: MarkupSafe's ``Markup``, text escaped unless marked safe),
:mod:`tb_ui.store` (saves and settings over an abstract key-value storage),
:mod:`tb_ui.rules` (rules help). Browser layer: :mod:`tb_ui.browser`, the only
module importing pyscript/js.
"""

from __future__ import annotations

# The browser layer is started by pwa/main.py (``from tb_ui import browser``): importing this
# package in CPython must not import it (it needs the browser's js and pyscript modules).
