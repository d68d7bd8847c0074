"""The words a picture says: each tuple of words is its own, however they alternate (the
renderer keeps the last tuple's table)."""

from __future__ import annotations

from renderer.words import say, say_counted


def test_each_tuple_of_words_says_its_own_words() -> None:
    french = (("hello", "bonjour {name}"), ("pieces#0", "{n} piece"), ("pieces#1", "{n} pieces"))
    french += (("pieces#plural", "(n > 1)"),)
    other = (("hello", "salut {name}"),)
    for _ in range(3):  # alternating: neither keeps the other's table
        assert say(french, "hello", "hello {name}", name="Ana") == "bonjour Ana"
        assert say(other, "hello", "hello {name}", name="Ana") == "salut Ana"
        assert say((), "hello", "hello {name}", name="Ana") == "hello Ana"
        assert say_counted(french, "pieces", "{n} pcs", "{n} pc", 0) == "0 piece"
        assert say_counted(other, "pieces", "{n} pcs", "{n} pc", 0) == "0 pcs"
    # a tuple equal to one said before, and one built anew with other words in it
    assert say(tuple(list(french)), "hello", "hi", name="Bo") == "bonjour Bo"
    changed = tuple((k, "hej {name}" if k == "hello" else v) for k, v in french)
    assert say(changed, "hello", "hi", name="Bo") == "hej Bo"
    assert say(french, "missing", "fallback") == "fallback"
