"""Place Governor (ToC §6.3.2): votes needed, the dice, success and failure, Italia
and the Emperor's support, and the rulebook's worked example."""

from __future__ import annotations

from py_engine.time_of_crisis import GAME

from .toc import act, choices, dice, logs, prov, pts, refused, table


def test_rulebook_example_hispania() -> None:
    """ToC §6.3.2 example: Hispania at support 3, governed by another player, one of
    your legions in its capital: 5 votes needed. Blue 3 + Blue 1 give 4 dice: 6, 6,
    2, 1 (the 1 does not count against a player); two bonus dice 6, 1; one more
    bonus 3: five votes. The governor is replaced, support drops to 2 and the old
    governor goes back to its owner's box."""
    s = table(n=4, prov={"hispania": {"gov": 1, "sup": 3}, "gallia": {"gov": 0}},
              armies=[{"owner": 0, "at": "hispania", "cap": True}], hands=[["foederati", "senate_1"], [], [], []],
              govs=[2, 1, 1, 1])
    assert GAME.votes_needed(s, 0, "hispania") == 5
    s = act(s, "play", "foederati")
    s = act(s, "play", "senate_1")
    s = act(s, "place_governor", "hispania")
    assert choices(s) == [["spend", k] for k in range(1, 5)]
    with dice(6, 6, 2, 1, 6, 1, 3):
        s = act(s, "spend", 4)
    assert s["last_pg"] == {"seat": 0, "prov": "hispania", "faces": [6, 6, 2, 1, 6, 1, 3], "votes": 5, "need": 5,
                            "ok": True}
    assert prov(s, "hispania")["gov"] == 0 and prov(s, "hispania")["sup"] == 2
    assert sum(s["players"][1]["govs"]) == 1 and not any(p["gov"] == 1 for p in s["prov"].values())
    assert pts(s) == (0, 0, 0) and s["tp"]["pg"] == ["hispania"]


def test_votes_needed_counts_units_in_the_capital() -> None:
    """ToC §6.3.2: twice the support, +1 per unit of the governor in the capital
    (legions, Militia), −1 per unit of yours there, at least 1."""
    s = table(prov={"gallia": {"gov": 1, "sup": 2, "mil": True}},
              armies=[{"owner": 1, "at": "gallia", "cap": True, "full": 1, "red": 1}])
    assert GAME.votes_needed(s, 0, "gallia") == 4 + 3
    t = table(prov={"gallia": {"gov": -1, "sup": 1}}, armies=[{"owner": 0, "at": "gallia", "cap": True, "full": 3}])
    assert GAME.votes_needed(t, 0, "gallia") == 1


def test_ones_count_only_against_a_neutral_governor() -> None:
    """ToC §6.3.2: a 1 is a vote only if the Neutral faction governs the target."""
    s = table(prov={"gallia": {"gov": -1, "sup": 1}, "pannonia": {"gov": 1, "sup": 1}}, pts={"senate": 4}, govs=[3, 1])
    s = act(s, "place_governor", "gallia")
    with dice(1, 1):
        s = act(s, "spend", 2)
    assert prov(s, "gallia")["gov"] == 0 and prov(s, "gallia")["sup"] == 1  # support 1 stays 1 (minimum)
    s = act(s, "place_governor", "pannonia")
    with dice(1, 5):
        s = act(s, "spend", 2)
    assert prov(s, "pannonia")["gov"] == 1 and s["last_pg"]["votes"] == 1


def test_failure_spends_the_points_and_the_target_is_used_up() -> None:
    """ToC §6.3.2: the points are declared and spent before rolling; each province is
    the target of one Place Governor per turn."""
    s = table(prov={"gallia": {"gov": 1, "sup": 3}}, pts={"senate": 5}, govs=[2, 1])
    s = act(s, "place_governor", "gallia")
    with dice(2, 3):
        s = act(s, "spend", 2)
    assert prov(s, "gallia")["gov"] == 1 and pts(s)[1] == 3
    assert ["place_governor", "gallia"] not in choices(s)
    refused(s, "place_governor", "gallia")
    assert "failure" in logs(s)[-1]


def test_success_clears_mobs_militia_and_quaestor() -> None:
    """ToC §6.3.2, §11.2: a new governor removes the mobs and the Militia."""
    s = table(prov={"gallia": {"gov": 1, "sup": 3, "mobs": 2, "mil": True, "q": True}}, pts={"senate": 9}, govs=[2, 1])
    need = GAME.votes_needed(s, 0, "gallia")
    assert need == 2 * 3 + 1 + 1  # Militia +1, Quaestor +1 (data)
    s = act(s, "place_governor", "gallia")
    with dice(*[5] * 8):
        s = act(s, "spend", 8)
    p = prov(s, "gallia")
    assert (p["gov"], p["sup"], p["mobs"], p["mil"], p["q"]) == (0, 2, 0, False, False)


def test_targets_exclude_own_npg_pretender_and_recalled_provinces() -> None:
    """ToC §6.3.2, §3.3, §12.1: not your own province, not a No Place Governor
    province, not a Seat of Power or Breakaway province, not one you recalled this
    turn; you need a governor in your box."""
    s = table(prov={"gallia": {"gov": 0}, "pannonia": {"gov": 1, "sup": 3, "mark": "sop"},
                    "macedonia": {"gov": 0}}, pts={"senate": 4}, govs=[3, 1])
    targets = {c[1] for c in choices(s) if c[0] == "place_governor"}
    assert "gallia" not in targets and "pannonia" not in targets and "syria" not in targets  # Syria: 2p NPG
    assert {"italia", "thracia"} <= targets
    s = act(s, "recall", "macedonia")
    assert "macedonia" not in {c[1] for c in choices(s) if c[0] == "place_governor"}
    t = table(prov={"gallia": {"gov": 0}}, pts={"senate": 4})  # the only governor is on the map
    assert "place_governor" not in {c[0] for c in choices(t)}


def test_taking_italia_makes_an_emperor() -> None:
    """ToC §6.3.2: in Italia the support is set to the number of provinces the new
    Emperor governs, Italia included; Basilicas add one die each (ToC §6.3.3);
    1s count against a Neutral Emperor."""
    s = table(prov={"gallia": {"gov": 0, "imps": ["basilica"]}, "pannonia": {"gov": 0, "imps": ["basilica"]}},
              italia=1, pts={"senate": 2}, govs=[3, 1])
    s = act(s, "place_governor", "italia")
    assert GAME.action_label(s, 0, GAME.legal_actions(s, 0)[0]) == "Spend 1 (3 dice)"
    with dice(1, 1, 3):
        s = act(s, "spend", 1)
    assert prov(s, "italia")["gov"] == 0 and prov(s, "italia")["sup"] == 3
    assert "new Emperor" in " ".join(logs(s))


def test_emperor_gains_italia_support_with_each_new_governor() -> None:
    """ToC §6.3.2 Support level of Italia: +1 for each successful Place Governor by
    the Emperor."""
    s = table(prov={"italia": {"gov": 0}, "gallia": {"gov": -1, "sup": 1}}, italia=3, pts={"senate": 2}, govs=[2, 1])
    s = act(s, "place_governor", "gallia")
    with dice(4, 4):
        s = act(s, "spend", 2)
    assert prov(s, "italia")["sup"] == 4


def test_emperor_loses_italia_support_when_a_governor_is_replaced() -> None:
    """ToC §6.3.2: Italia −1 at once each time the Emperor must remove a governor
    from the map (here another player replaces it)."""
    s = table(prov={"italia": {"gov": 1}, "gallia": {"gov": 1, "sup": 1}, "pannonia": {"gov": 0}}, italia=3,
              pts={"senate": 2}, govs=[2, 2])
    s = act(s, "place_governor", "gallia")
    with dice(4, 4):
        s = act(s, "spend", 2)
    assert prov(s, "gallia")["gov"] == 0 and prov(s, "italia")["sup"] == 2


def test_deposing_the_emperor() -> None:
    """ToC §6.3.2: taking Italia from a player sends his governor home; the new
    Emperor's Italia support is his province count."""
    s = table(prov={"italia": {"gov": 1, "sup": 1}, "gallia": {"gov": 0}}, italia=1, pts={"senate": 2}, govs=[2, 2])
    assert GAME.votes_needed(s, 0, "italia") == 2
    s = act(s, "place_governor", "italia")
    with dice(3, 3):
        s = act(s, "spend", 2)
    assert prov(s, "italia")["gov"] == 0 and prov(s, "italia")["sup"] == 2
    assert not any(p["gov"] == 1 for p in s["prov"].values())
