"""The self-check (hp.self_check, hp.Question): its rules, its HTML, and a reader answering it in Chromium.

The HTML is checked for what makes it work without a kernel: every choice a closed ``<details>`` that says right or
wrong and why, a number question's field hidden until the book's script shows it, the answer folded under it for
clients without the script. In Chromium, on a page holding only the self-check and the book's own style sheet and
script (``book/_assets``), a reader picks answers and types numbers, and the page answers with no request at all.
The same is checked on the built book's chapter 1 in tests/test_reading.py.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import hotpart as hp
from conftest import ROOT

ASSETS = ROOT / "book" / "_assets"


def _choice(prompt="Which is 2?", answer="2", **kw):
    wrong = kw.pop("wrong", {"1": "One too few.", "3": "One too many."})
    return hp.Question(prompt, answer, kw.pop("why", "One and one."), wrong, **kw)


def _number(**kw):
    defaults = dict(answer=7_000, why="Partition A serves its ceiling.", wrong={0: "The table has headroom."}, unit="WCU/s")
    defaults.update(kw)
    return hp.Question("At least how many WCU/s are refused?", **defaults)


def test_a_question_needs_a_prompt_a_why_and_wrong_answers_that_say_why():
    with pytest.raises(ValueError, match="prompt"):
        hp.Question("  ", "2", "why", {"1": "no", "3": "no"})
    with pytest.raises(ValueError, match="why"):
        hp.Question("p", "2", "", {"1": "no", "3": "no"})
    with pytest.raises(ValueError, match=r"wrong\['1'\]"):
        hp.Question("p", "2", "why", {"1": "", "3": "no"})
    with pytest.raises(ValueError, match="2 to 4 wrong choices"):
        hp.Question("p", "2", "why", {"1": "no"})  # 2 choices in all: a coin toss, not a question
    with pytest.raises(ValueError, match="2 to 4 wrong choices"):
        hp.Question("p", "2", "why", {str(i): "no" for i in range(5)})
    with pytest.raises(ValueError, match="2 to 4 wrong choices"):
        hp.Question("p", "2", "why", {"2": "no", "3": "no"})  # the answer among the wrong ones
    assert len(_choice(wrong={str(i): "no" for i in range(3, 7)}).choices()) == 5


def test_a_number_question_checks_its_answer_tolerance_and_slips():
    with pytest.raises(ValueError, match="answer"):
        _number(answer=float("nan"))
    with pytest.raises(ValueError, match="tolerance"):
        _number(tolerance=0.6)
    with pytest.raises(ValueError, match="at least one wrong number"):
        _number(wrong={})
    with pytest.raises(ValueError, match="within the tolerance"):
        _number(wrong={7_001: "too close to be wrong"}, tolerance=0.01)
    q = _number(tolerance=0.005)
    assert q.accepts(7_000) and q.accepts(7_035) and not q.accepts(7_036) and not q.accepts(6_964)
    assert q.written(7_000) == "7,000 WCU/s"
    zero = _number(answer=0, wrong={1: "no"})
    assert zero.accepts(0) and not zero.accepts(1e-6)


def test_a_self_check_has_three_to_five_questions():
    q = _choice()
    for n in (0, 1, 2, 6):
        with pytest.raises(ValueError, match="3 to 5 questions"):
            hp.self_check(*[q] * n)
    with pytest.raises(ValueError, match=r"hp\.Question"):
        hp.self_check(q, q, "not a question")
    assert len(hp.self_check(q, q, q, q, q).questions) == 5


def test_choices_in_number_order_or_in_an_order_fixed_by_the_prompt():
    numeric = _choice(answer="3 WCU", wrong={"2 WCU": "down", "2.44 WCU": "not whole", "6 WCU": "doubled"})
    assert [text for text, _, _ in numeric.choices()] == ["2 WCU", "2.44 WCU", "3 WCU", "6 WCU"]
    words = _choice(answer="the reason", wrong={"the class": "no", "the table's metric": "no"})
    order = [text for text, _, _ in words.choices()]
    assert sorted(order) == sorted(["the reason", "the class", "the table's metric"])
    assert order == [text for text, _, _ in words.choices()]  # the same order every build
    assert sum(right for _, right, _ in words.choices()) == 1


def test_the_html_folds_every_answer_and_leaves_the_field_to_the_script():
    check = hp.self_check(_choice(), _number(), _choice(prompt="Which is 4?", answer="4", wrong={"5": "no", "6": "no"}))
    page = check._repr_html_()
    assert page.startswith('<section class="hp-selfcheck" id="self-check">')
    options = re.findall(r'<details class="hp-sc-option hp-sc-(right|wrong)" name="([^"]+)">', page)
    assert len(options) == 6 and [o for o, _ in options].count("right") == 2
    assert len({name for _, name in options}) == 2, "each question's choices share one name (one open at a time)"
    assert " open" not in page, "an answer is open before the reader picks one"
    assert page.count("<strong>Right.</strong>") == 2 and page.count("<strong>Not this one.</strong>") == 4
    form = re.search(r'<div class="hp-sc-entry" data-check="([^"]+)"></div>', page)
    assert form, "the number field is the book's script's to build: without it, there is none"
    data = json.loads(html.unescape(form.group(1)))
    assert data["answer"] == 7_000 and data["slips"] == [{"value": 0.0, "why": "The table has headroom."}]
    assert '<details class="hp-sc-answer"><summary>Show the answer</summary>' in page
    assert "<script" not in page and "onclick" not in page, "the self-check carries no script of its own"
    markdown = check._repr_markdown_()
    assert markdown.count("<details>") == markdown.count("</details>") == 7  # 6 choices and one folded answer


def test_text_is_escaped():
    q = hp.Question("Is <b>this</b> bold?", "<script>x</script>", "Escaped.", {"a & b": "no", "c": "no"})
    page = hp.self_check(q, q, q)._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page and "a &amp; b" in page


# --- in Chromium --------------------------------------------------------------------------------------------


def _page_with(check, tmp_path: Path) -> Path:
    """A page holding only ``check``, with the book's style sheet and script, as the built book serves them."""
    page = tmp_path / "check.html"
    page.write_text(
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<link rel='stylesheet' href='{(ASSETS / 'hotpart-reading.css').as_uri()}'>"
        f"<script defer src='{(ASSETS / 'hotpart-reading.js').as_uri()}'></script></head>"
        f"<body><article class='bd-article'>{check._repr_html_()}</article></body></html>",
        encoding="utf-8",
    )
    return page


@pytest.mark.browser
def test_a_reader_answers_in_the_page_with_no_request(browser, tmp_path):
    check = hp.self_check(
        _choice(answer="3 WCU", wrong={"2 WCU": "That rounds down.", "6 WCU": "That is a transaction."}),
        _number(),
        _choice(prompt="Which is 4?", answer="4", wrong={"5": "One too many.", "6": "Two too many."}),
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(_page_with(check, tmp_path).as_uri())
        page.wait_for_function("() => document.querySelector('.hp-sc-entry input')")
        first = page.locator(".hp-sc-question").nth(0)
        wrong = first.locator("details.hp-sc-option", has_text="2 WCU")
        right = first.locator("details.hp-sc-option", has_text="3 WCU")
        assert not wrong.locator(".hp-sc-why").is_visible()
        wrong.locator("summary").click()
        assert wrong.locator(".hp-sc-why").is_visible()
        assert wrong.locator(".hp-sc-why").inner_text() == "Not this one. That rounds down."
        right.locator("summary").click()
        assert right.locator(".hp-sc-why").inner_text() == "Right. One and one."
        assert not wrong.evaluate("e => e.open"), "choosing another answer closes the first (one open at a time)"
        color = right.evaluate("e => getComputedStyle(e).borderTopColor")
        assert color == "rgb(26, 127, 55)", f"a right answer is not marked green: {color}"

        field = page.locator(".hp-sc-entry input")
        feedback = page.locator(".hp-sc-feedback")
        for typed, expected in (
            ("7,000", "Right: 7,000 WCU/s. Partition A serves its ceiling."),
            ("0", "Not this one: The table has headroom."),
            ("6500", "Not this one. Try again, or open the answer below."),
            ("lots", "Type a number, such as 1,000 or 0.5."),
            ("7020", "Right: 7,000 WCU/s. Partition A serves its ceiling."),
        ):
            field.fill(typed)
            field.press("Enter")
            assert feedback.inner_text() == expected, typed
        assert page.url.endswith("check.html"), "pressing Enter left the page"
        assert all(url.startswith("file://") for url in requests), f"requests beyond the page: {requests}"
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.browser
def test_without_the_script_the_answer_is_folded_not_lost(browser, tmp_path):
    """As in JupyterLab or on GitHub, where no script of the book runs: the field stays hidden and the answer, with
    the slips and why they are wrong, opens from a summary."""
    check = hp.self_check(_choice(), _number(), _choice())
    page = browser.new_page(java_script_enabled=False)
    try:
        page.set_content(check._repr_html_())
        assert page.locator(".hp-sc-entry input").count() == 0
        answer = page.locator("details.hp-sc-answer")
        assert not answer.locator(".hp-sc-why").is_visible()
        answer.locator("summary").click()
        assert "7,000 WCU/s." in answer.inner_text() and "0 WCU/s: The table has headroom." in answer.inner_text()
        option = page.locator("details.hp-sc-option").first
        option.locator("summary").click()
        assert option.locator(".hp-sc-why").is_visible()
    finally:
        page.close()


def test_a_count_of_one_takes_the_singular_unit():
    """Round 5, 7.3: chapter 7's slip of one copy read "1 copies"; with ``unit_one`` the page writes "1 copy"."""
    q = hp.Question("How many copies?", 5, "Five.", {1: "The hot key itself.", 4: "One short."}, unit="copies", unit_one="copy")
    assert (q.written(1), q.written(4), q.written(5)) == ("1 copy", "4 copies", "5 copies")
    assert "<strong>1 copy</strong>" in hp.self_check(q, q, q)._repr_html_()
    assert hp.Question("Units?", 1, "One.", {2: "Two."}, unit="WCU/s").written(1) == "1 WCU/s"  # no unit_one: as before
    with pytest.raises(ValueError, match="unit_one"):
        hp.Question("Units?", 1, "One.", {2: "Two."}, unit_one="copy")
