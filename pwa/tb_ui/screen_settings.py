"""The Settings screen: its render and the taps it answers (issue 49 §2; :mod:`tb_ui.events`).

Theme, bot speed, the hand-off screen between players and the Hint button, kept in the device's
storage (:func:`tb_ui.store.save_settings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .context import TableApp
from .events import Effects, handles, truthy
from .html import Markup, attrs, button, html, join
from .parts import alerts, appbar
from .store import BOT_SPEEDS, THEMES, Storage, save_settings


def _seg(name: str, value: str, choices: list[tuple[str, str]], label: str) -> Markup:
    btns = join(button(lbl, "setting", "seg-btn", data_name=name, data_value=v,
                       aria_pressed="true" if v == value else "false") for v, lbl in choices)
    return html('<div class="seg" role="group" aria-label="{}">{}</div>', label, btns)


if TYPE_CHECKING:
    class SettingsHost(TableApp, Protocol):
        """What the Settings screen reads and changes of the app, besides what every screen shows
        (:class:`~tb_ui.context.TableApp`)."""

        settings: dict[str, Any]
        storage: Storage
        bots_timed: bool
        botspeed_override: str | None


def render(app: SettingsHost) -> Markup:
    """Theme, bot speed, the hand-off screen and hints."""
    s = app.settings
    speed_note = Markup()
    if app.botspeed_override:
        speed_note = html('<p class="help">This page was opened with bot speed “{}”.</p>', app.botspeed_override)
    if not app.bots_timed:
        speed_note = html('{}<p class="help">This page was opened with bots that think to the end of their '
                          'search however long it takes, so they repeat the same moves from the same game.</p>',
                          speed_note)
    return html('{appbar}<main class="wrap narrow" id="main">{alerts}'
                '<h1 tabindex="-1">Settings</h1>'
                '<section class="panel"><h2 id="set-theme">Theme</h2>{theme}'
                '<p class="help">“System” follows your device’s light or dark setting.</p></section>'
                '<section class="panel"><h2>Bot speed</h2>{speed}'
                '<p class="help">How long bots pause after each move you can see (in Time of Crisis: a battle, '
                'a governor placed, an army moved), so you can follow them.</p>{note}</section>'
                '<section class="panel"><h2>Pass and play</h2><label class="switch">'
                "<input{handoff}>"
                '<span class="switch-track" aria-hidden="true"></span><span>Hand-off screen between players</span></label>'
                '<p class="help" id="handoff-help">Show a “pass the device” screen whenever a different person is to play. '
                "Games with hidden hands always show it; Timeline has none, so it is off by default.</p></section>"
                '<section class="panel"><h2>Hints</h2><label class="switch">'
                "<input{hints}>"
                '<span class="switch-track" aria-hidden="true"></span><span>Hint button at your decisions</span></label>'
                '<p class="help" id="hints-help">When you play alone against bots, “Hint” asks the hard bot what it '
                "would choose in your place, from what you can see, and rings that choice with one line of why. "
                "It never shows when several people play at the table, nor in the daily challenge or Timeline.</p>"
                "</section>"
                "</main>",
                appbar=appbar(app, "settings"), alerts=alerts(app),
                theme=_seg("theme", s["theme"], [("system", "System"), ("light", "Light"), ("dark", "Dark")], "Theme"),
                speed=_seg("botspeed", s["botspeed"], [("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")],
                           "Bot speed"),
                note=speed_note,
                handoff=attrs(type="checkbox", role="switch", data_act="setting", data_name="handoff",
                              checked=bool(s["handoff"]), aria_describedby="handoff-help"),
                hints=attrs(type="checkbox", role="switch", data_act="setting", data_name="hints",
                            checked=bool(s["hints"]), aria_describedby="hints-help"))


# ---- taps -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Setting:
    """A setting tapped: its ``name`` and ``value`` (a switch's ``checked`` state, if it has one,
    as ``checked``)."""

    name: str
    value: str
    checked: bool | None

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Setting:
        checked = raw.get("checked")
        return cls(str(raw.get("name") or ""), str(raw.get("value") or ""),
                   None if checked is None else truthy(checked))


@handles("setting", Setting)
def setting(app: SettingsHost, p: Setting) -> Effects:
    """Change one setting and store it (a name or value not offered changes nothing; a store
    that fails is said, the setting still applied for this visit)."""
    if p.name == "theme" and p.value in THEMES:
        app.settings["theme"] = p.value
    elif p.name == "botspeed" and p.value in BOT_SPEEDS:
        app.settings["botspeed"] = p.value
        app.botspeed_override = None
    elif p.name in ("handoff", "hints"):
        app.settings[p.name] = p.checked if p.checked is not None else truthy(p.value)
    else:
        return None
    try:
        save_settings(app.storage, app.settings)
    except Exception:
        app.error = "Settings could not be saved on this device."
    return None
