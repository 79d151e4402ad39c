"""Items changing hands, shared by a turn's spaces and by combat: their names, drinking a
healing potion, keeping one item per slot, handing a building over (B §12-§14)."""

from __future__ import annotations

from . import components as C
from .effects import heal_amount, item_uses, one_use_effects
from .machine import cfg, level_on, nm, pl, say, set_building, st
from .state import BaronsState


def item_name(iid: str) -> str:
    """An item's display name."""
    return str(C.items()[iid]["name"])


def heal_items(state: BaronsState, p: int, context: str) -> list[str]:
    """Distinct healing one-use items ``p`` could drink now in ``context``."""
    me = pl(state, p)
    if me["hp"] >= int(cfg(state)["max_health"]):
        return []
    return sorted({i for i in me["potions"] if "heal" in one_use_effects(i) and context in item_uses(i)})


def drink(state: BaronsState, p: int, iid: str) -> None:
    """Drink a healing potion or elixir (B §14; Blessing adds 1)."""
    me = pl(state, p)
    me["potions"].remove(iid)
    state["idisc"].append(iid)
    gain = heal_amount(iid, me["hp"], int(st(state, p)["potion_bonus"]), int(cfg(state)["max_health"]))
    me["hp"] += gain
    say(state, f"{nm(state, p)} drinks {item_name(iid)} and heals {gain} (health {me['hp']}).")


def merge_item(state: BaronsState, p: int, iid: str, spare: list[str]) -> None:
    """``p`` receives an item from a debtor or a slain rival: one per slot is kept
    (the one with the higher classic cost, ``p``'s own on a tie); the other joins
    ``spare`` (for the bottom of the item deck). Engine ruling on B §13.3's "one per slot"."""
    me = pl(state, p)
    it = C.items()[iid]
    if it["kind"] != "permanent":
        me["potions"].append(iid)
        me["potions"].sort()
        return
    old = me["items"].get(it["slot"])
    if old is None:
        me["items"][it["slot"]] = iid
    elif int(C.items()[iid]["classic_cost"]) > int(C.items()[old]["classic_cost"]):
        me["items"][it["slot"]] = iid
        spare.append(old)
    else:
        spare.append(iid)


def give_land(state: BaronsState, p: int, q: int, land: str) -> None:
    """``p``'s building on ``land`` becomes ``q``'s; if ``q`` has one there too, ``q``
    keeps the higher level and ``p``'s is removed (B §12.3 step 4)."""
    lv = level_on(state, land, p)
    set_building(state, land, p, 0)
    set_building(state, land, q, max(lv, level_on(state, land, q)))
