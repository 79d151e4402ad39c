"""No game lost to an update (issue 50): the saves of every earlier engine version load and play on.

``tests/compat/saves-<version>.jsonl.gz`` holds saves of random games as each release wrote them
(``tests/compat/make_corpus.py`` plays them with that release's own engine, unpacked from the
project's history, at every commit that shipped it): every title, every player count, the
variants the release knew, cut mid-game and played to the end. Each must load in today's engine
and play on: to its last move where the rule changes since are rewritten (the games'
``upgrade_moves`` and ``mend_move``), else from the last move today's rules allow, with a notice
(``Match.stopped``); a game not over must take its next legal action. Where a rule change rewrote
an old save's moves, the position reached must be the old engine's in everything it kept
(``position``: parts of the final state as that release left it). A version bump adds its own
file.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from py_engine import __version__
from py_engine.core import Match
from py_engine.core.game import engine_version

HERE = Path(__file__).resolve().parent / "compat"
CORPUS = {p.name[len("saves-"):-len(".jsonl.gz")]: p for p in sorted(HERE.glob("saves-*.jsonl.gz"))}
#: Saves each version's file holds at least (issue 50).
AT_LEAST = 150
#: The most saves of a version that may resume before their end, or end elsewhere: games that a
#: rule fix since took elsewhere (an eliminated free-for-all player's attachments leave with the
#: player, so a later move that used one cannot be played, or the game ends otherwise), where no
#: move can be rewritten to the same game.
MOST_STOPPED = 0.03


def saves(version: str) -> Iterator[dict[str, Any]]:
    """The corpus lines of ``version``: ``{"engine", "commit", "case", "finished", "save"}``, and
    ``"position"`` for the titles whose rules changed since, ``"searched"`` for the games searched
    for a rare rule change (``make_corpus.SEARCH``)."""
    with gzip.open(CORPUS[version], "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def test_the_corpus_holds_every_release_since_0_3_0_and_this_one() -> None:
    from compat.make_corpus import RELEASES

    assert set(RELEASES) | {__version__} <= set(CORPUS), "run tests/compat/make_corpus.py for the missing ones"
    assert all(engine_version(v) <= engine_version(__version__) for v in CORPUS)


@pytest.mark.parametrize("version", sorted(CORPUS, key=engine_version))
def test_every_save_of_a_version_loads_and_plays_on(version: str) -> None:
    count, titles, failures, stopped = 0, set(), [], []
    for line in saves(version):
        count += 1
        save = line["save"]
        titles.add(save["game"])
        assert save["engine"] == line["engine"] == version
        try:
            m = Match.load(save)
        except Exception as e:  # every kind of failure is a lost game: list them all
            failures.append(f"{line['case']} ({line['commit']}): {type(e).__name__}: {e}")
            continue
        searched = line.get("searched", False)  # chosen because the rules changed under it
        if m.stopped is not None:
            stopped.append("searched " * searched + f"{line['case']} ({line['commit']}): {m.stopped.message()}")
            assert m.notices[-1] == m.stopped.message() and "version " + version in m.notices[-1]
            assert len(m.actions) < len(save["actions"]) and m.is_over() == m.stopped.over
        elif m.is_over() != line["finished"]:
            if not m.upgraded:  # only a rule change since may end a game elsewhere
                failures.append(f"{line['case']}: finished {line['finished']} when saved, {m.is_over()} now")
                continue
            stopped.append("searched " * searched + f"{line['case']} ({line['commit']}): rewritten, finished {line['finished']} when saved, "
                           f"{m.is_over()} now")
        if not m.is_over():
            seat = m.to_act()[0]
            m.apply(seat, m.game.legal_actions(m.state, seat)[0])
    assert not failures, f"{len(failures)} of {count} saves of engine {version}:\n" + "\n".join(failures[:40])
    unsearched = [x for x in stopped if not x.startswith("searched ")]
    assert len(unsearched) <= MOST_STOPPED * count, "\n".join(unsearched)
    assert version != __version__ or not stopped
    assert count >= AT_LEAST and titles == {"timeline", "time_war", "time_barons", "time_of_crisis", "barons"}


def same_position(old: Any, new: Any, where: str = "") -> str | None:
    """Where ``new`` differs from ``old`` in what ``old`` holds (a key that only ``new`` has is a
    record a later version keeps besides), or None."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k in old:
            if k in new and (d := same_position(old[k], new[k], f"{where}.{k}")):
                return d
        return None
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return f"{where}: {len(old)} entries, now {len(new)}"
        for k, (a, b) in enumerate(zip(old, new, strict=True)):
            if d := same_position(a, b, f"{where}[{k}]"):
                return d
        return None
    return None if old == new else f"{where}: {old!r}, now {new!r}"


#: The rule changes that rewrite an old save's moves: (title, the first version with the new rule,
#: what the case names must hold, the parts of the position the rule leaves alone, the rule). The
#: Time Barons one takes an eliminated player's attachments out of the game, so the sites, the
#: discard pile and all that their Plague, Conscription and Sanctions did since differ, by rule:
#: only the draw stacks must be the same.
RULE_CHANGES = [
    ("time_of_crisis", "0.4.0", "speed_up=True", None,
     "ToC §6.8 and §6.3.1: one free capital move per army between choices"),
    ("barons", "0.6.1", "", None, "B §15: an outpost left without a sale is not offered again"),
    ("time_barons", "0.4.0", "free_for_all", ("stacks",), "TB Free-for-all: an eliminated player's attachments leave"),
]


@pytest.mark.parametrize("game_id, fixed_in, case, kept, rule", RULE_CHANGES, ids=[r[0] for r in RULE_CHANGES])
def test_each_rule_change_rewrites_the_old_moves_to_the_same_position(game_id: str, fixed_in: str, case: str,
                                                                     kept: tuple[str, ...] | None, rule: str) -> None:
    """Every corpus save written before the rule changed whose moves the upgrade rewrote and that
    replays to its end reaches the position the old engine left, in every part the old one kept."""
    rewritten = 0
    for version in sorted(CORPUS, key=engine_version):
        if engine_version(version) >= engine_version(fixed_in):
            continue
        for line in saves(version):
            if line["save"]["game"] != game_id or case not in line["case"] or "position" not in line:
                continue
            m = Match.load(line["save"])
            if not m.upgraded or m.stopped is not None:
                continue
            rewritten += 1
            keys = [k for k in line["position"] if kept is None or k in kept]
            differs = same_position({k: line["position"][k] for k in keys}, {k: m.state[k] for k in keys})
            assert differs is None, f"{rule}: {line['case']} of {version} ({line['commit']}) {differs}"
            assert m.notices, "a rewritten save says so"
    assert rewritten, f"no save of the corpus exercises the rule change ({rule})"
