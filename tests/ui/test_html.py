"""``tb_ui.html.html``: its parsed-once templates fill fields exactly as MarkupSafe's
``Markup.format`` does (escaping every field that is not Markup)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pwa"))

from tb_ui import html as h  # noqa: E402

LITERALS = st.text(alphabet='<>&"\' abc{}', max_size=6).map(lambda s: s.replace("{", "{{").replace("}", "}}"))
VALUES = st.one_of(st.text(alphabet='<>&"\'xy', max_size=5), st.integers(-5, 500), st.integers(),
                   st.floats(width=32), st.floats(),
                   st.text(alphabet="<b>i", max_size=5).map(Markup), st.booleans(), st.none())


@given(data=st.data())
def test_html_fills_a_template_as_markup_format_does(data: st.DataObject) -> None:
    n = data.draw(st.integers(0, 4))
    values = [data.draw(VALUES) for _ in range(n)]
    named = data.draw(st.booleans())
    pieces = [data.draw(LITERALS)]
    for i, v in enumerate(values):
        # the format specs a number or a text takes, fills that would need escaping included
        specs = {float: ["", ":.1f", ":&^9.2f", ":e", ":%", ":<7"], int: ["", ":+d", ":&>6", ":'<4", ":,", ":x"],
                 str: ["", ":>4", ":\"^5"]}.get(type(v), [""])
        spec = data.draw(st.sampled_from(specs))
        pieces.append("{" + (f"v{i}" if named else "") + spec + "}")
        pieces.append(data.draw(LITERALS))
    template = "".join(pieces)
    kwargs = {f"v{i}": v for i, v in enumerate(values)} if named else {}
    args = [] if named else values
    want = Markup(template).format(*args, **kwargs)  # noqa: S704 - the reference being compared
    got = h.html(template, *args, **kwargs)  # type: ignore[arg-type]
    assert type(got) is Markup and got == want


@pytest.mark.parametrize("template,args,kwargs,want", [
    ("<i>{0.real}</i>", (3,), {}, "<i>3</i>"),          # attribute access: left to Markup.format
    ("<i>{!r}</i>", ("<a>",), {}, "<i>&#39;&lt;a&gt;&#39;</i>"),
    ("<i>{:{w}}</i>", ("x",), {"w": 3}, "<i>x  </i>"),  # a nested spec
    ("{{{}}}", ("<",), {}, "{&lt;}"),
])
def test_templates_the_fast_path_leaves_to_markupsafe(template: str, args: tuple[Any, ...],
                                                      kwargs: dict[str, Any], want: str) -> None:
    assert h.html(template, *args, **kwargs) == Markup(want)  # type: ignore[arg-type]  # noqa: S704


def test_a_format_spec_on_markup_and_mixed_numbering_raise_as_markupsafe_does() -> None:
    with pytest.raises(ValueError):
        h.html("<i>{:>4}</i>", Markup("<b>"))
    with pytest.raises(ValueError):
        h.html("<i>{}{0}</i>", "a")
    with pytest.raises(IndexError):
        h.html("<i>{}{}</i>", "a")


def _attrs_by_template(**kw: Any) -> Markup:
    """``attrs`` as it was first written, one :func:`h.html` template per attribute: the
    reference its direct version is held to."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(h.html(" {}", name) if v is True else h.html(' {}="{}"', name, v))
    return h.join(out)


@given(st.dictionaries(st.sampled_from(["class_", "data_act", "aria_label", "data_n", "hidden", "for_"]), VALUES))
def test_attrs_escapes_and_drops_as_one_template_per_attribute_does(kw: dict[str, Any]) -> None:
    got = h.attrs(**kw)
    assert type(got) is Markup and got == _attrs_by_template(**kw)


@given(st.lists(VALUES, max_size=6), st.sampled_from([Markup(""), Markup("<br>"), Markup(", ")]))
def test_join_escapes_and_keeps_as_markup_join_does(parts: list[Any], sep: Markup) -> None:
    got = h.join(parts, sep)
    assert type(got) is Markup and got == sep.join(parts)

