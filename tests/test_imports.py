"""The code reads one way: no module of the engines (``py_engine``) or the UI
(``pwa/tb_ui``) imports inside a function, where an import would hide a cycle or a
dependency that points the wrong way (issue 28). A function-level import is allowed only
on a line carrying the comment ``# inner import:`` followed by why it cannot be avoided.
The UI's layers import in one direction only (:mod:`tb_ui.context`'s docstring)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "py_engine").rglob("*.py"), *(ROOT / "pwa" / "tb_ui").rglob("*.py")])
ALLOW = re.compile(r"#\s*inner import:\s*\S")


def function_imports(path: Path) -> list[str]:
    """``"path:line: import"`` for each import inside a function of ``path`` that
    carries no ``# inner import: <why>`` comment."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Import | ast.ImportFrom) and not ALLOW.search(lines[sub.lineno - 1]):
                    found.append(f"{path.relative_to(ROOT)}:{sub.lineno}: {lines[sub.lineno - 1].strip()}")
    return found


def test_the_check_finds_a_function_level_import(tmp_path: Path) -> None:
    probe = ROOT / "py_engine" / "_probe_inner_import.py"
    probe.write_text("def f():\n    import json\n    return json\n\n\ndef g():\n"
                     "    import os  # inner import: a probe\n    return os\n", encoding="utf-8")
    try:
        assert function_imports(probe) == ["py_engine/_probe_inner_import.py:2: import json"]
    finally:
        probe.unlink()


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_inside_a_function(path: Path) -> None:
    assert function_imports(path) == []


LAYERS = ["html", "events", "context", "parts", "regions", "tables", "rules", "replay", "phones", "tutorial", "screen_new",
          "screen_saves", "screen_settings", "screen_table", "screens", "daily", "store", "nav",
          "first", "app", "worker"]
LOWER = {  # what each UI module may import from tb_ui (anything earlier in the one-way order)
    "html": set(), "events": set(), "nav": set(), "store": set(), "first": set(), "regions": set(), "context": {"html"},
    "parts": {"html", "context"},
    "rules": {"html"}, "tables": {"html", "context", "parts", "regions", "tables"},
    "replay": {"html", "events", "context", "parts", "tables"}, "daily": {"html", "events", "context", "parts", "store"},
    "phones": {"html", "events", "context", "parts", "tables", "replay"},
    "screen_new": {"html", "events", "context", "parts"}, "screen_saves": {"html", "events", "context", "parts", "store"},
    "screen_settings": {"html", "events", "context", "parts", "store"},
    "tutorial": {"events"},
    "screen_table": {"html", "events", "phones", "tables", "tutorial"},
    "screens": {"html", "context", "parts", "tables", "rules", "replay", "daily", "phones", "screen_new",
                "screen_saves", "screen_settings", "tutorial"},
    "app": {"html", "events", "context", "parts", "tables", "rules", "replay", "daily", "screen_new", "screen_saves", "first",
            "screen_settings", "screen_table", "screens", "store", "phones", "tutorial"},
    "worker": {"html", "app", "first", "nav", "regions", "replay", "store"},
}


def _ui_imports(path: Path) -> set[str]:
    """The tb_ui layers ``path`` imports (relative imports resolved to their top module)."""
    rel = path.relative_to(ROOT / "pwa" / "tb_ui").with_suffix("").parts
    package = list(rel[:-1]) if rel[-1] != "__init__" else list(rel[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            target = [*base, *(node.module.split(".") if node.module else [])]
            names = [a.name for a in node.names]
            out.update([target[0]] if target else names)
    return out


@pytest.mark.parametrize("path", sorted((ROOT / "pwa" / "tb_ui").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_the_ui_imports_one_way(path: Path) -> None:
    rel = path.relative_to(ROOT / "pwa" / "tb_ui").with_suffix("").parts
    layer = rel[0] if rel[0] != "__init__" else None
    if layer is None:
        assert _ui_imports(path) == set()
        return
    assert layer in LOWER, f"{layer}: place this module in the UI's order (LOWER)"
    assert _ui_imports(path) <= LOWER[layer], f"{layer} imports {_ui_imports(path) - LOWER[layer]}"
