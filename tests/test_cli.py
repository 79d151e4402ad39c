"""The command line: ``python -m py_engine list | simulate | replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from py_engine.__main__ import main
from py_engine.core import Match, Seat


def test_list_describes_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    timeline = next(r for r in rows if r["id"] == "timeline")
    assert timeline["min_players"] == 2 and timeline["max_players"] == 8
    assert {o["name"] for o in timeline["options"]} == {"cards_per_player", "first_player", "decks"}
    assert timeline["bot_levels"] == ["random", "easy", "normal", "hard"]


def test_simulate_last_line_is_a_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "timeline", "--players", "3", "--games", "6", "--seed", "2", "--bot", "normal"])
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    assert {"game", "players", "games", "finished", "errors", "actions", "seconds"} <= set(last)
    assert (last["game"], last["players"], last["games"], last["finished"], last["errors"]) == (
        "timeline", 3, 6, 6, 0)
    assert last["actions"] > 0 and sum(last["wins_by_seat"]) >= 6


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "timeline", "--players", "4", "--games", "3", "--seed", "9"])
    a = json.loads(capsys.readouterr().out.splitlines()[-1])
    main(["simulate", "timeline", "--players", "4", "--games", "3", "--seed", "9"])
    b = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (a["actions"], a["wins_by_seat"]) == (b["actions"], b["wins_by_seat"])


def test_simulate_reports_errors_with_a_nonzero_status(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "timeline", "--players", "2", "--games", "2",
                 "--options", '{"cards_per_player": 99}'])
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert code == 1 and last["errors"] == 2 and last["finished"] == 0


def test_replay_prints_the_log_and_refuses_bad_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m = Match.new("timeline", [Seat("Ann", "bot", "hard"), Seat("Bob", "bot", "easy")], {}, 3)
    while not m.is_over():
        m.play_bot()
    good = tmp_path / "good.json"
    good.write_text(m.save_json())
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("The starting card is")
    assert json.loads(out[-1])["over"] is True
    bad = tmp_path / "bad.json"
    bad.write_text("{]")
    assert main(["replay", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_simulate_counts_the_variants_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    """Time War draws a scenario per game; the summary shows each was played."""
    assert main(["simulate", "time_war", "--players", "2", "--games", "40", "--seed", "3"]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert set(last["setups"]) == {"attrition", "centre", "objectives", "raid", "garrison"}
    assert sum(last["setups"].values()) == 40
