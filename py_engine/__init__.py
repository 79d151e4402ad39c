"""Time & Barons rules engines: pure Python, the same in CPython and Pyodide.

The engine contract lives in :mod:`py_engine.core`; each game is a subpackage
registered in :mod:`py_engine.games`.
"""

__version__ = "0.8.0"
