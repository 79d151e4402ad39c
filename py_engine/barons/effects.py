"""The effect vocabulary of Barons (B §23.4), interpreted in one place.

Characters' talents, permanent items and skill cards carry lists of effects
``{"type": name, "value": v}`` in the data files. :func:`stats` folds every
effect a player has into the derived values of B §6.3 (dice, thresholds, ranges,
levels...); :func:`item_uses` says where a one-use item can be used and
:func:`one_use_effects` what it does. No card has code of its own.

A player (``state["players"][p]``, :class:`.state.Player`) holds ``char`` (character id), ``items``
(slot -> item id), ``potions`` (one-use item ids), ``skills`` (skill card ids)
and ``tracks`` (guild -> level, in the six-basic-skills variant).
"""

from __future__ import annotations

from typing import Any

from .components import GUILDS, characters, items, skills
from .state import Config, Player

Effect = dict[str, Any]

#: Effect types that add up into a number (B §23.4: "values add up").
ADDITIVE = ("melee_dice", "ranged_dice", "armor_dice", "ward_dice", "spell_dice", "move_dice", "flee_dice",
            "guile_dice", "hunting", "sell_bonus", "trade_range", "healing_dice", "potion_bonus",
            "reroll_per_turn", "monster_attack_dice", "city_discount")
#: Effect types that are switches (present or not).
FLAGS = ("archery_without_bow", "mending", "second_life", "toll_dodge", "mighty_blow", "best_outpost_rate")
#: Where each one-use effect can be used (B §16, §23.4): ``start`` of the turn (before
#: moving), ``actions`` (phase D), ``combat`` (as a combat turn), ``toll`` (when tolls are
#: due), ``land`` (when you may build).
USE_CONTEXTS = {
    "heal": ("start", "actions", "combat"),
    "combat_attack_dice": ("combat",),
    "auto_escape": ("combat",),
    "spell_once": ("combat", "actions"),
    "teleport_outpost": ("start",),
    "toll_waiver": ("toll",),
    "free_dwelling": ("land",),
}


def guild_level_key(guild: str) -> str:
    """``"Warrior"`` -> ``"warrior_level"`` (B §6.3)."""
    return guild.lower() + "_level"


def _character(pl: Player) -> dict[str, Any]:
    """The character card of ``pl``: effects and stats are asked only of a seat whose
    character is picked (B §8)."""
    cid = pl["char"]
    assert cid is not None, "no character picked yet"
    return characters()[cid]


def effects_of(pl: Player, skill_mode: str = "cards") -> list[tuple[str, Effect]]:
    """Every standing effect of a player with its origin (``"talent"``, an item id or
    a skill id): talent, permanent items, and skill cards (cards mode only; in the
    six-basic-skills variant the tracks give only levels)."""
    out: list[tuple[str, Effect]] = [("talent", f) for f in _character(pl)["talent"]["effects"]]
    for iid in pl["items"].values():
        out += [(iid, f) for f in items()[iid]["effects"]]
    if skill_mode == "cards":
        for sid in pl["skills"]:
            out += [(sid, f) for f in skills()[sid]["effects"]]
    return out


def levels(pl: Player, skill_mode: str = "cards") -> dict[str, int]:
    """Guild levels (B §6.3): cards held plus talents in cards mode; the trained
    track (which starts at a talent's level) in the six-basic-skills variant."""
    if skill_mode == "tracks":
        return {g: int(pl["tracks"][g]) for g in GUILDS}
    out = dict.fromkeys(GUILDS, 0)
    for _, eff in effects_of(pl, skill_mode):
        g = _LEVEL_KEYS.get(eff["type"])
        if g is not None:
            out[g] += int(eff["value"])
    return out


def talent_levels(char_id: str) -> dict[str, int]:
    """Levels a character's talent grants (the starting tracks of the six-basic-skills
    variant, B §20 basic_skill_tracks)."""
    out = dict.fromkeys(GUILDS, 0)
    for eff in characters()[char_id]["talent"]["effects"]:
        for g in GUILDS:
            if eff["type"] == guild_level_key(g):
                out[g] += int(eff["value"])
    return out


_LEVEL_KEYS = {g.lower() + "_level": g for g in GUILDS}
_CACHE: dict[tuple[Any, ...], dict[str, Any]] = {}


def stats(pl: Player, cfg: Config, adventurer: bool = True) -> dict[str, Any]:
    """:func:`compute_stats`, memoized on what it depends on (the result is shared:
    never mutate it)."""
    mode = cfg["skill_mode"]
    key = (pl["char"], tuple(sorted(pl["items"].items())), tuple(pl["skills"]) if mode == "cards" else (),
           tuple(pl["tracks"].values()) if mode == "tracks" else (), adventurer, mode, cfg["hit_threshold"],
           cfg["healing_threshold"], cfg["min_hit_threshold"], cfg["base_hunting"])
    out = _CACHE.get(key)
    if out is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        out = _CACHE[key] = compute_stats(pl, cfg, adventurer)
    return out


def compute_stats(pl: Player, cfg: Config, adventurer: bool = True) -> dict[str, Any]:
    """The derived values of B §6.3 for player ``pl`` under engine switches ``cfg``.

    Keys: ``lv`` (guild levels), ``str``/``agi``/``mana``/``guile`` (attributes),
    ``move`` (movement dice, at least 1), ``init``, ``melee`` and ``melee_thr``,
    ``archery`` (bool), ``archery_dice``, ``archery_range``, ``spells`` (list of
    ``{"src", "name", "range", "bonus_dice", "threshold"}``: known spells, without
    one-use scrolls), ``spell_dice``, ``armor``, ``ward``, ``guile_dice`` (Guile +
    bonuses), ``flee`` (guile_dice + flee dice), ``hunting``, ``sell_bonus``,
    ``trade_range``, ``heal_dice``, ``heal_thr``, ``steal_range`` (None: may not
    steal), ``monster_dice``, ``mending`` (Healer level 1 or a mending effect, B §14),
    plus every effect of :data:`ADDITIVE` and :data:`FLAGS`
    by its name.
    """
    mode = cfg["skill_mode"]
    ch = _character(pl)
    effs = effects_of(pl, mode)
    tot: dict[str, Any] = dict.fromkeys(ADDITIVE, 0)
    for f in FLAGS:
        tot[f] = False
    melee_thr = int(cfg["hit_threshold"])
    heal_thr = int(cfg["healing_threshold"])
    bow: dict[str, int] | None = None
    spells: list[dict[str, Any]] = []
    for origin, eff in effs:
        t, v = eff["type"], eff["value"]
        if t in tot and t in ADDITIVE:
            tot[t] += int(v)
        elif t in FLAGS:
            tot[t] = True
        elif t == "melee_threshold":
            melee_thr = min(melee_thr, int(v))
        elif t == "healing_threshold":
            heal_thr = min(heal_thr, int(v))
        elif t == "bow":
            bow = {"range_bonus": int(v["range_bonus"]), "ranged_dice": int(v["ranged_dice"])}
        elif t == "spell":
            spells.append({"src": v["name"].lower() if origin == "talent" else origin, **v})
    lv = levels(pl, mode)
    low = int(cfg["min_hit_threshold"])
    if lv["Sorcerer"] >= 1:
        spells.insert(0, {"src": "arcane_bolt", "name": "Arcane Bolt", "range": lv["Sorcerer"], "bonus_dice": 0,
                          "threshold": 6})
    elif mode == "tracks" and adventurer:  # B §20 basic_skill_tracks: level-0 Arcane Bolt
        spells.insert(0, {"src": "arcane_bolt", "name": "Arcane Bolt", "range": 0, "bonus_dice": 0, "threshold": 6})
    steal: int | None = lv["Thief"] if lv["Thief"] >= 1 or (mode == "tracks" and adventurer) else None
    guile = int(ch["guile"]) + tot["guile_dice"]
    out: dict[str, Any] = dict(tot)
    archery = bow is not None or bool(tot["archery_without_bow"])
    out.update(
        lv=lv, str=int(ch["strength"]), agi=int(ch["agility"]), mana=int(ch["mana"]), guile=int(ch["guile"]),
        move=max(1, int(ch["agility"]) + tot["move_dice"]), init=int(ch["agility"]),
        melee=int(ch["strength"]) + tot["melee_dice"] + lv["Warrior"], melee_thr=max(low, melee_thr),
        archery=archery,
        archery_dice=int(ch["strength"]) + lv["Warrior"] + (bow["ranged_dice"] if bow else 0) + tot["ranged_dice"],
        archery_range=int(ch["agility"]) + (bow["range_bonus"] if bow else 0),
        spells=spells, armor=tot["armor_dice"], ward=tot["ward_dice"], guile_dice=guile,
        flee=guile + tot["flee_dice"], hunting=int(cfg["base_hunting"]) + lv["Hunter"] + tot["hunting"],
        sell_bonus=lv["Merchant"] + tot["sell_bonus"], trade_range=lv["Merchant"] + tot["trade_range"],
        heal_dice=int(ch["mana"]) + lv["Healer"] + tot["healing_dice"], heal_thr=max(low, heal_thr),
        steal_range=steal, monster_dice=tot["monster_attack_dice"],
        mending=bool(tot["mending"]) or lv["Healer"] >= 1, rerolls=tot["reroll_per_turn"])
    if mode == "tracks":  # no perks of the skill cards; talents still count
        out["mighty_blow"] = out["second_life"] = out["toll_dodge"] = out["best_outpost_rate"] = False
    return out


def one_use_effects(item_id: str) -> dict[str, Any]:
    """A one-use item's effects by type (B §23.4), e.g. ``{"heal": 4}``."""
    return {e["type"]: e["value"] for e in items()[item_id]["effects"]}


def item_uses(item_id: str) -> set[str]:
    """The contexts (:data:`USE_CONTEXTS`) in which a one-use item can be used."""
    out: set[str] = set()
    for t in one_use_effects(item_id):
        out.update(USE_CONTEXTS.get(t, ()))
    return out


def spell_of_scroll(item_id: str) -> dict[str, Any] | None:
    """The spell of a one-use spell item (``spell_once``), with ``src`` = the item id."""
    v = one_use_effects(item_id).get("spell_once")
    return {"src": item_id, **v} if v else None


def heal_amount(item_id: str, health: int, potion_bonus: int, max_health: int) -> int:
    """Health a potion restores now: its printed amount plus the drinker's
    potion bonus (Blessing), never above ``max_health`` (B §14, §17 Blessing)."""
    v = one_use_effects(item_id).get("heal")
    if v is None:
        return 0
    target = max_health if v == "full" else health + int(v) + potion_bonus
    return max(0, min(max_health, target) - health)
