"""Rules help, written for this app in our own words (never pasted from a rulebook)."""

from __future__ import annotations

import importlib

from ..html import e

#: game id -> module with ``HTML`` (trusted, hand-written markup).
MODULES = {
    "timeline": "tb_ui.rules.timeline",
    "time_war": "tb_ui.rules.time_war",
    "time_barons": "tb_ui.rules.time_barons",
    "barons": "tb_ui.rules.barons",
}


def rules_html(game_id: str) -> str:
    mod = MODULES.get(game_id)
    if mod is None:
        return f"<p>No rules help is written for {e(game_id)} yet.</p>"
    return str(importlib.import_module(mod).HTML)
