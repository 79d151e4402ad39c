"""The one wording helper of the engines and the UI: counted nouns, possessives, seat
names, and the patterns of broken wording a test looks for (issue 24 §4).

Every engine's log lines, prompts and action labels, and every piece of the UI that
counts something or names a seat, goes through these functions, so "3 dice", "1 point",
"Ann's turn" and "Bot 1 (normal)" are spelled one way everywhere.

>>> plural(3, "movement die"), plural(1, "political point"), plural(2, "trophy")
('3 movement dice', '1 political point', '2 trophies')
>>> possessive("Ann"), possessive("You")
("Ann's", 'your')
>>> seat_name("Bot 1 (normal)", bot=True), seat_name("Ann", bot=True)
('Bot 1 (normal)', 'Ann (bot)')
"""

from __future__ import annotations

import re

__all__ = ["BAD_WORDING", "a_an", "article", "bad_wording", "bare_name", "plural", "plural_word", "possessive", "seat_name",
           "their", "verb"]

#: Nouns whose plural is not made by the ordinary rules of :func:`plural_word`.
IRREGULAR: dict[str, str] = {
    "die": "dice", "half": "halves", "man": "men", "person": "people", "knife": "knives",
    "life": "lives", "wolf": "wolves", "thief": "thieves", "child": "children", "foot": "feet",
    "mouse": "mice", "ox": "oxen", "gold": "gold", "health": "health", "damage": "damage",
}

#: The tags a seat name may end with: a bot's level, or "bot" itself.
TAGS = ("easy", "normal", "hard", "random", "bot")
_TAG = re.compile(r"\s*\((?:" + "|".join(TAGS) + r")\)\s*$", re.IGNORECASE)


def plural_word(word: str) -> str:
    """The plural of ``word`` (a noun, or a phrase whose last word is its noun):
    irregular nouns from :data:`IRREGULAR` (``die`` → ``dice``), ``-y`` after a consonant
    → ``-ies``, ``-s``/``-x``/``-ch``/``-sh`` → ``-es``, else ``-s``. The capital of the
    first letter of the noun is kept.

    >>> plural_word("Hunting die"), plural_word("army"), plural_word("day"), plural_word("pass")
    ('Hunting dice', 'armies', 'days', 'passes')
    """
    head, sep, noun = word.rpartition(" ")
    low = noun.lower()
    if low in IRREGULAR:
        out = IRREGULAR[low]
        out = out[:1].upper() + out[1:] if noun[:1].isupper() else out
    elif len(low) > 1 and low.endswith("y") and low[-2] not in "aeiou":
        out = noun[:-1] + "ies"
    elif low.endswith(("s", "x", "ch", "sh", "z")):
        out = noun + "es"
    else:
        out = noun + "s"
    return head + sep + out


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 or -1: ``"1 card"``,
    ``"0 cards"``, ``"3 dice"``. ``word`` is the singular (a noun, or a phrase ending in its
    noun); ``words`` overrides the plural (for a phrase such as ``"point of damage"``).

    >>> plural(1, "die"), plural(0, "card"), plural(2, "point of damage", "points of damage")
    ('1 die', '0 cards', '2 points of damage')
    """
    return f"{n} {word if abs(n) == 1 else (words or plural_word(word))}"


#: Words that start with a vowel letter and a consonant sound ("a unit", "a one-off"), and with a
#: consonant letter and a vowel sound ("an hour"): the starts that decide, in lower case.
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ure", "uro", "eu", "one", "once", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")
#: Numbers said with a vowel sound first: 8, 11, 18, 80–89, 800–899, 8000… ("an 8", "an 11 GP toll").
_VOWEL_NUMBER = re.compile(r"(?:8\d*|11|18|11\d{3}|18\d{3})(?!\d)")


def article(phrase: str) -> str:
    """The indefinite article for ``phrase`` by how its first word sounds: ``"an"`` before a
    vowel sound, ``"a"`` before a consonant sound. Numbers count as said ("an 8", "an 11").

    >>> article("Amphitheater"), article("Iron card"), article("unit"), article("hour"), article("11 GP toll")
    ('an', 'an', 'a', 'an', 'an')
    >>> article("Military card"), article("one-off"), article("8"), article("1")
    ('a', 'a', 'an', 'a')
    """
    word = phrase.lstrip()
    low = word.lower()
    if word[:1].isdigit():
        return "an" if _VOWEL_NUMBER.match(word) else "a"
    if low.startswith(_VOWEL_SOUND):
        return "an"
    if low[:1] in "aeiou" and not low.startswith(_CONSONANT_SOUND):
        return "an"
    return "a"


def a_an(phrase: str) -> str:
    """``phrase`` after its indefinite article (:func:`article`): ``"an Aqueduct"``, ``"a Basilica"``.

    >>> a_an("Aqueduct"), a_an("Basilica"), a_an("18 GP toll")
    ('an Aqueduct', 'a Basilica', 'an 18 GP toll')
    """
    return f"{article(phrase)} {phrase}"


def possessive(name: str) -> str:
    """``name``'s possessive: ``"Ann's"``, ``"Marcus'"`` (a name ending in s), and
    ``"your"`` for the seat named ``"You"`` (the daily challenge's player).

    >>> possessive("Bob"), possessive("Marcus"), possessive("Sand Worm")
    ("Bob's", "Marcus'", "Sand Worm's")
    """
    if name.lower() == "you":
        return "your"
    return name + ("'" if name.endswith("s") else "'s")


def their(name: str) -> str:
    """The possessive pronoun for the seat named ``name``: ``"your"`` for ``"You"``,
    else ``"their"`` (``"You placed your last card"``, ``"Ann placed their last card"``).

    >>> their("You"), their("Ann")
    ('your', 'their')
    """
    return "your" if name.lower() == "you" else "their"


_SECOND_PERSON = {"is": "are", "was": "were", "has": "have", "does": "do"}


def verb(name: str, form: str) -> str:
    """The verb ``form`` (third person singular: ``"plays"``, ``"is"``) agreeing with the
    seat named ``name``: the second person for ``"You"`` (the daily challenge's player),
    else ``form`` unchanged.

    >>> verb("You", "plays"), verb("You", "was"), verb("You", "passes"), verb("Ann", "is")
    ('play', 'were', 'pass', 'is')
    """
    if name.lower() != "you":
        return form
    if form in _SECOND_PERSON:
        return _SECOND_PERSON[form]
    if form.endswith(("sses", "shes", "ches", "xes", "zes")):
        return form[:-2]
    if form.endswith("ies") and len(form) > 4:
        return form[:-3] + "y"
    return form[:-1] if form.endswith("s") else form


def bare_name(name: str) -> str:
    """``name`` without its trailing level or bot tags (``"Bot 1 (normal)"`` → ``"Bot 1"``),
    for a place that shows the level beside the name.

    >>> bare_name("Bot 1 (normal) (bot)"), bare_name("Ann")
    ('Bot 1', 'Ann')
    """
    out = name
    while True:
        cut = _TAG.sub("", out)
        if cut == out or not cut:
            return out
        out = cut


def seat_name(name: str, *, bot: bool = False) -> str:
    """A seat's name for running text, marking a bot once: ``"Ann (bot)"``; a name that
    already carries a level or bot tag, or says "Bot", is left as it is, so the tags
    never double (``"Bot 1 (normal)"``, not ``"Bot 1 (normal) (bot)"``).

    >>> seat_name("Bot (hard)", bot=True), seat_name("Cy"), seat_name("Robo", bot=True)
    ('Bot (hard)', 'Cy', 'Robo (bot)')
    """
    if not bot or _TAG.search(name) or re.search(r"\bbot\b", name, re.IGNORECASE):
        return name
    return f"{name} (bot)"


#: Patterns of broken wording (issue 24 §4), each with what it catches: a count with the
#: wrong number ("1 political points", "3 movement dies", "2 die"), a doubled possessive
#: ("Sand Worm's Sand Worm attacks"), doubled tags ("(normal) (bot)", "(bot) (bot)"), a
#: doubled word, "their" after "You", a plural verb made of a gerund ("mendings").
BAD_WORDING: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("'dies' after a number", re.compile(r"\b\d+ (?:[A-Za-z]+ )?dies\b")),
    ("a singular 'die' after a number other than 1",
     re.compile(r"(?<![\d.+\-])\b(?:0|[2-9]|\d{2,}) (?:[A-Za-z]+ )?die\b(?!\s*(?:roll|face|result))")),
    ("a plural after the number 1",
     re.compile(r"(?<![\d.,+\-/:])\b1 (?:[a-z]+ )?(?:points|cards|dice|dies|followers|rounds|turns|actions|"
                r"hits|coins|legions|players|lines|moves|markers|tokens|sites|votes|spaces|steps|"
                r"trophies|mobs|provinces|barbarians|invaders|items|monsters|wounds|lives)\b")),
    ("a singular after a number other than 1",
     re.compile(r"(?<![\d.,+\-/:#])\b(?:0|[2-9]|\d{2,}) (?:[a-z]+ )?(?:point|card|follower|round|turn|action|"
                r"coin|legion|player|line|marker|token|site|vote|trophy|mob|province|invader|item|"
                r"monster)\b(?![-'’])")),
    ("a doubled possessive (X's X)", re.compile(r"\b([A-Z][\w]*(?: [A-Z][\w]*)*)['’]s \1\b")),
    ("a doubled seat tag", re.compile(r"\((?:" + "|".join(TAGS) + r")\)\s*\((?:" + "|".join(TAGS) + r")\)",
                                      re.IGNORECASE)),
    ("'You' with 'their'", re.compile(r"\bYou (?:\w+ ){1,2}their\b")),
    ("'You' with a third-person verb", re.compile(r"\bYou (?:has|is|was|places|plays|takes|wins|loses)\b")),
    ("a gerund made plural", re.compile(r"\b[a-z]+ings \d")),
    ("a doubled word", re.compile(r"\b([a-z]{3,}) \1\b")),
)


#: An indefinite article and the word after it (a one-letter word, such as a map key's letter, is
#: left alone: "an X" and "a X" are both read; a digit is a number: "a 8" is wrong).
_ARTICLE = re.compile(r"(?<![\w'’-])([Aa]n?) ([A-Za-z0-9][\w-]+|\d)")


def bad_wording(text: str) -> list[str]:
    """What :data:`BAD_WORDING` finds wrong in ``text``, and an article that is not the one
    :func:`article` gives the next word ("a Amphitheater", "an unit") (an empty list when
    nothing): each entry names the fault and quotes the words.

    >>> bad_wording("Roll 3 movement dies"), bad_wording("Roll 3 movement dice")
    (["'dies' after a number: '3 movement dies'"], [])
    >>> bad_wording("Bot 1 (normal) (bot) to play")
    ["a doubled seat tag: '(normal) (bot)'"]
    >>> bad_wording("Build a Amphitheater"), bad_wording("Build an Amphitheater")
    (["'a' before 'Amphitheater': 'a Amphitheater'"], [])
    """
    found = [f"{what}: {m.group(0)!r}" for what, rx in BAD_WORDING for m in rx.finditer(text)]
    return found + [f"'{m.group(1)}' before {m.group(2)!r}: {m.group(0)!r}" for m in _ARTICLE.finditer(text)
                    if article(m.group(2)) != m.group(1).lower()]
