"""Learn by playing (issue 45): every game's lesson, played in CPython by the real engine and the
app's own taps.

For each lesson: every scripted step is a legal action where it comes (an engine change that
breaks a lesson fails here), the element the coach rings is the button of that very action, a
tap on anything else is refused with the coach's reason and the game unchanged, the bots play
their scripted moves, a reload mid-lesson resumes it, and the end shows the summary with "Play a
real game".
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui import tutorial  # noqa: E402
from tb_ui.app import App  # noqa: E402
from tb_ui.html import jattr  # noqa: E402
from tb_ui.store import MemoryStorage  # noqa: E402
from test_tb_ui import buttons, tap  # noqa: E402

from py_engine.core import Action  # noqa: E402
from py_engine.games import ids  # noqa: E402

LESSONS = [g for g in ids() if tutorial.lesson(g) is not None]


def make_app(storage: MemoryStorage | None = None) -> App:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    return App(storage if storage is not None else MemoryStorage(), now_ms=lambda: float(next(clock)),
               botspeed_override="instant")


def ringed(app: App) -> list[dict[str, Any]]:
    """The buttons the table rings now (``data-hint``)."""
    return [b for b in buttons(str(app.render())) if b["attrs"].get("data-hint") == "1"]


def coach_text(app: App) -> str:
    """The coach's words under the table's bar, as text (``#coach-line``), or ""."""
    m = re.search(r'<div class="coach[^"]*"[^>]*id="coach-line">(.*?)</div>', str(app.render()), re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) if m else ""


def play_ringed(app: App) -> None:
    """Tap the ringed choice (its preview first, where the table previews it)."""
    rings = ringed(app)
    if rings[0]["attrs"]["data-act"] == "table-ui":
        tap(app, rings[0])
        rings = ringed(app)
    tap(app, next(b for b in rings if b["attrs"]["data-act"] in ("play", "caution")))


def bots_play(app: App) -> None:
    while app.bot_pending():
        assert app.bot_step()


def test_every_game_has_a_lesson() -> None:
    assert set(LESSONS) == set(ids())


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_scripted_step_is_legal_where_it_comes(game_id: str) -> None:
    """The script replayed on the engine alone: each step is its seat's turn and a legal action
    then, and the lesson's coach lines name a rule."""
    les = tutorial.lesson(game_id)
    assert les is not None
    m = les.new_match()
    for i, step in enumerate(les.steps):
        assert not m.is_over(), f"step {i}: the game ended before the script did"
        assert step.seat in m.to_act(), f"step {i}: seat {step.seat} is not to act ({m.to_act()})"
        assert step.action in m.game.legal_actions(m.state, step.seat), f"step {i}: {step.action} is not legal"
        assert step.rule.strip() and step.coach.strip()
        m.apply(step.seat, step.action)
    assert tutorial.finished(m)


@pytest.mark.parametrize("game_id", LESSONS)
def test_tapping_only_the_ringed_choice_plays_the_lesson_to_its_end(game_id: str) -> None:
    """From the library's Learn button: at each of the learner's steps exactly the scripted
    action's buttons are ringed (and the coach's line is shown); tapping one plays it; the bots
    play their scripted moves; at the end the summary and "Play a real game" show and nothing
    more is played."""
    app = make_app()
    learn = [b for b in buttons(str(app.render()), "learn") if b["attrs"]["data-game"] == game_id]
    assert len(learn) == 1
    tap(app, learn[0])
    assert app.screen == "table" and app.match is not None
    les = tutorial.lesson(game_id)
    assert les is not None
    human = next(i for i, s in enumerate(les.seats) if s.kind == "human")
    while True:
        bots_play(app)
        now = tutorial.step_of(app.match)
        if now is None:
            break
        i, step = now
        assert step.seat == human and app.acting_seat() == human
        assert step.coach in coach_text(app) and f"step {i + 1} of {len(les.steps)}" in coach_text(app)
        rings = ringed(app)
        assert rings, f"step {i}: nothing ringed"
        if all(b["attrs"]["data-act"] == "table-ui" for b in rings):  # a preview first (Time War)
            assert len(rings) == 1
            tap(app, rings[0])
            assert len(app.match.actions) == i, "a preview plays nothing"
            rings = ringed(app)
        plays = [b for b in rings if b["attrs"]["data-act"] in ("play", "caution")]
        assert plays and {b["attrs"]["data-a"] for b in plays} == {jattr(step.action.to_json())}
        tap(app, plays[0])
        assert app.error is None and app.coach_refused is None
        assert app.match.actions[-1] == (human, step.action)
    assert tutorial.finished(app.match) and len(app.match.actions) == len(les.steps)
    assert not app.bot_pending()
    page = str(app.render())
    assert "Lesson complete" in page and all(x in html.unescape(page) for x in les.summary)
    assert app.acting_seat() is None, "the game stops with the lesson"
    entry = app.store.entry(app.match_id)  # listed as the lesson, over: viewed, never "Continue"d
    assert entry is not None and entry["title"] == les.title and entry["over"]
    assert app.store.latest_unfinished(game_id) is None
    assert not [b for b in buttons(page) if b["attrs"].get("data-act") in ("play", "caution")]
    assert "is thinking" not in page, "no bot is shown thinking after the lesson"
    real = [b for b in buttons(page, "new") if b["attrs"].get("data-game") == game_id]
    assert real, "Play a real game"
    tap(app, real[0])
    assert app.screen == "new" and app.draft is not None and app.draft["game"] == game_id


@pytest.mark.parametrize("game_id", LESSONS)
def test_another_choice_is_refused_with_the_reason_and_nothing_changes(game_id: str) -> None:
    """At the learner's first step, every other option's button is refused: the coach says to
    tap the ringed choice and names it; the state, the save and the move count stay as they
    were."""
    app = make_app()
    app.dispatch("learn", {"game": game_id})
    bots_play(app)
    before = json.dumps(app.match.state, sort_keys=True)
    saved = app.store.text(app.match_id)
    step = tutorial.step_of(app.match)
    assert step is not None
    others = [b for b in buttons(str(app.render())) if b["attrs"].get("data-act") in ("play", "caution")
              and b["attrs"]["data-a"] != jattr(step[1].action.to_json())]
    assert others, "the first step offers another choice to refuse"
    for b in others:
        tap(app, b, confirm=False)
        assert app.coach_refused is not None and app.coach_refused.startswith("Not yet")
        label = str(app.match.game.action_label(app.match.state, step[1].seat, step[1].action))
        assert label in app.coach_refused
        assert app.coach_refused in str(app.render())
        assert json.dumps(app.match.state, sort_keys=True) == before
        assert app.store.text(app.match_id) == saved and len(app.match.actions) == step[0]
    play_ringed(app)
    assert app.coach_refused is None and len(app.match.actions) == step[0] + 1


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_reload_mid_lesson_resumes_it(game_id: str) -> None:
    """The lesson is an ordinary save: a new app on the same storage reopens it at the same step,
    with the same ringed choice and coach line."""
    storage = MemoryStorage()
    app = make_app(storage)
    app.dispatch("learn", {"game": game_id})
    bots_play(app)
    play_ringed(app)
    bots_play(app)
    step = tutorial.step_of(app.match)
    assert step is not None
    again = make_app(storage)
    again.boot()
    assert again.screen == "table" and again.match is not None and again.match.meta.get("tutorial") == game_id
    assert tutorial.step_of(again.match) == step
    assert coach_text(again) == coach_text(app)
    assert ({b["attrs"].get("data-a") or b["attrs"].get("data-key") for b in ringed(again)}
            == {b["attrs"].get("data-a") or b["attrs"].get("data-key") for b in ringed(app)})


def test_no_hint_and_no_hand_over_in_a_lesson() -> None:
    """A lesson is a guided game: the Hint button and "Let a bot finish for me" are not offered
    (hints are on by default)."""
    app = make_app()
    app.dispatch("learn", {"game": "timeline"})
    bots_play(app)
    assert not app.hint_offered() and app.hand_over_levels() == []
    page = str(app.render())
    assert not buttons(page, "hint") and not buttons(page, "hand-over")


def test_a_malformed_lesson_is_refused_with_what_is_wrong() -> None:
    les = json.loads((ROOT / "pwa" / "tb_ui" / "tutorials" / "timeline.json").read_text("utf-8"))
    for broken, why in (({**les, "steps": []}, "steps"),
                        ({**les, "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]}, "human"),
                        ({**les, "steps": [{**les["steps"][0], "coach": "x" * 201}]}, "200 characters"),
                        ({k: v for k, v in les.items() if k != "seed"}, "seed")):
        with pytest.raises(ValueError, match=why):
            tutorial._lesson_from(broken)
    assert tutorial._lesson_from(les).steps[0].action == Action("select", ("dis-027",))


def test_a_tap_for_a_game_without_a_lesson_is_refused() -> None:
    app = make_app()
    app.dispatch("learn", {"game": "no_such_game"})
    assert app.error == "There is no lesson for that game yet." and app.match is None


def test_the_refusal_names_whose_move_the_script_waits_for() -> None:
    """refusal() in the learner's own step names the ringed choice; in a bot's step (a game with
    choices made at once could let the learner tap then) it names the bot; none for the scripted
    move or an ordinary game."""
    les = tutorial.lesson("timeline")
    assert les is not None
    m = les.new_match()
    first = les.steps[0]
    assert tutorial.refusal(m, 0, first.action) is None
    assert tutorial.refusal(m, 0, Action("select", ("dis-042",))) == (
        "Not yet: in this lesson, tap the ringed choice (Rosetta Stone).")
    for step in les.steps[:2]:
        m.apply(step.seat, step.action)
    assert tutorial.refusal(m, 0, Action("place", (0,))) == "Not yet: in this lesson, Clio moves first."
    m.meta.pop("tutorial")
    assert tutorial.refusal(m, 0, Action("place", (0,))) is None and tutorial.step_of(m) is None


#: The game log at each lesson's end, as this engine plays its script (sha256 of the log's JSON,
#: first 16 hex digits). The coach lines name exact dice, draws and results that were read off
#: this log; a rules or wording change that makes the lesson's game go (or read) differently
#: fails here, so its coach lines are read again against the new log before the digest is updated.
LESSON_LOGS = {
    "timeline": "6d1a0279dc085a52",
    "time_war": "25930cd08fec0089",
    "time_barons": "f6db400052d4c4a5",
    "time_of_crisis": "0c13a8b706c87ce9",
    "barons": "93022933da1de73f",
}


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_plays_out_as_its_coach_lines_were_written_for(game_id: str) -> None:
    les = tutorial.lesson(game_id)
    assert les is not None
    m = les.new_match()
    for step in les.steps:
        m.apply(step.seat, step.action)
    log = json.dumps(m.state["log"], ensure_ascii=False)
    digest = hashlib.sha256(log.encode("utf-8")).hexdigest()[:16]
    assert digest == LESSON_LOGS.get(game_id), (
        f"the {game_id} lesson's game now goes differently: read its coach lines against this log, "
        f"then set LESSON_LOGS[{game_id!r}] = {digest!r}\n" + "\n".join(str(x) for x in m.state["log"]))
