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
    assert timeline["min_players"] == 1 and timeline["max_players"] == 8  # 1: solo (our variant)
    assert timeline["daily"] is True
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


def test_simulate_reports_a_game_that_errs_with_status_1(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine error inside a game is counted and reported; the run goes on."""
    from py_engine.timeline.rules import Timeline

    def broken(self: Timeline, state: dict) -> None:  # type: ignore[type-arg]
        raise AssertionError("invariant broken on purpose")

    monkeypatch.setattr(Timeline, "check_invariants", broken)
    code = main(["simulate", "timeline", "--players", "2", "--games", "2"])
    out = capsys.readouterr()
    last = json.loads(out.out.splitlines()[-1])
    assert code == 1 and last["errors"] == 2 and last["finished"] == 0
    assert "invariant broken on purpose" in out.err


def test_simulate_counts_any_unexpected_error_with_its_seed(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """An error of any type (here a TypeError in one game) counts against that game and
    seed only: the other games finish, and the summary names the seed to replay."""
    from py_engine.timeline.rules import Timeline

    real_setup = Timeline.setup

    def setup(self: Timeline, seats: list[str], options: dict, seed: int,  # type: ignore[type-arg]
              generator: str = "xoshiro128**") -> dict:  # type: ignore[type-arg]
        if seed == 12:
            raise TypeError("an unexpected kind of error")
        return real_setup(self, seats, options, seed, generator)

    monkeypatch.setattr(Timeline, "setup", setup)
    code = main(["simulate", "timeline", "--players", "2", "--games", "4", "--seed", "10"])
    out = capsys.readouterr()
    last = json.loads(out.out.splitlines()[-1])
    assert code == 1
    assert (last["games"], last["finished"], last["errors"]) == (4, 3, 1)
    assert last["failed"] == [{"seed": 12, "error": "TypeError: an unexpected kind of error"}]
    assert "game 2 (seed 12) failed" in out.err


@pytest.mark.parametrize("argv, message", [
    (["simulate", "timeline", "--options", "{not json"], "--options is not usable JSON"),
    (["simulate", "timeline", "--options", "[1, 2]"], "must be a JSON object"),
    (["simulate", "timeline", "--options", "[" * 5000 + "]" * 5000], "nested more than"),
    (["simulate", "timeline", "--options", '{"cards_per_player": 99}'], "'cards_per_player': 99 is not allowed"),
    (["simulate", "timeline", "--options", '{"colour": "red"}'], "has no option 'colour'"),
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "timeline", "--bot", "genius"], "no bot level 'genius'"),
    (["simulate", "time_war", "--players", "5"], "for 2–2 players, not 5"),
    (["simulate", "timeline", "--games", "-5"], "must be at least 1, not -5"),
    (["simulate", "timeline", "--players", "two"], "not a whole number"),
    (["simulate", "x" * 7_000_000], "characters)"),
    (["frobnicate"], "invalid choice"),
])
def test_simulate_bad_input_is_one_clear_line_and_status_2(argv: list[str], message: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9: every bad input is one line on stderr, exit status 2, no traceback,
    and a huge argument is not echoed back."""
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.splitlines()
    assert len(lines) == 1 and message in lines[0] and len(lines[0]) < 600, out.err[:300]


def _bad_replay_files(tmp_path: Path) -> list[tuple[str, str]]:
    """(path, expected message part) for every kind of bad file the audit found."""
    m = Match.new("timeline", [Seat("Ann"), Seat("Bob")], {}, 3)
    d = m.save()
    cases = {
        "latin1.json": (b"\xe9t\xe9", "not UTF-8"),
        "options.json": (json.dumps({**d, "options": "fast"}).encode(), "options"),
        "deep.json": (("[" * 6000 + "]" * 6000).encode(), "nested more than"),
        "bad.json": (b"{]", "not valid JSON"),
        "huge.json": (b" " * (9 * 1024 * 1024), "too large"),
    }
    out = []
    for name, (data, msg) in cases.items():
        (tmp_path / name).write_bytes(data)
        out.append((str(tmp_path / name), msg))
    out.append((str(tmp_path / "missing.json"), "cannot read"))
    out.append((str(tmp_path), "is a directory"))
    out.append(("/dev/zero", "too large"))
    return out


def test_replay_bad_files_are_one_clear_line_and_status_2(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9: non-UTF-8, wrong-typed options, deep nesting, a missing file, a
    directory, /dev/zero (read only up to the size limit, so it cannot hang)."""
    for path, message in _bad_replay_files(tmp_path):
        assert main(["replay", path]) == 2, path
        out = capsys.readouterr()
        lines = out.err.splitlines()
        assert len(lines) == 1 and message in lines[0] and len(lines[0]) < 600, (path, out.err[:300])


def test_replay_accepts_a_save_with_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m = Match.new("timeline", [Seat("Ann", "bot", "easy"), Seat("Bob", "bot", "easy")], {}, 3)
    m.play_bot()
    f = tmp_path / "bom.json"
    f.write_bytes(b"\xef\xbb\xbf" + m.save_json().encode())
    assert main(["replay", str(f)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["actions"] == 1


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
