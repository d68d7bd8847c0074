"""The English of the engine's refusals in the catalog is the engine's own: for each code that
English readers read from the catalog (``engine.<code>``), every place the engine raises it
builds its message from the code's values alone, and the catalog's template is that message
with the values in braces. When the engine's wording changes, this test says what to put in
``bot/locale/plateau.pot``."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from bot.i18n import ENGINE, SOURCE, catalog
from bot.i18n_rules import own_english

ROOT = Path(__file__).resolve().parents[2]
ERRORS = {
    "EngineError",
    "InvalidNotation",
    "IllegalAction",
    "NotYourTurn",
    "InvalidPosition",
    "InvalidConfig",
    "InvalidRecord",
}


def _braced(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _template(node: ast.expr, values: dict[str, str], constants: dict[str, str]) -> str | None:
    """The message ``node`` builds as a template of ``values`` (source -> name), or None when
    it says more than its values (a computed hint)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _braced(node.value)
    if isinstance(node, ast.Name) and node.id in constants:
        return _braced(constants[node.id])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = (_template(n, values, constants) for n in (node.left, node.right))
        return None if left is None or right is None else left + right
    if not isinstance(node, ast.JoinedStr):
        return None
    out = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            out.append(_braced(str(part.value)))
            continue
        assert isinstance(part, ast.FormattedValue)
        source = ast.unparse(part.value)
        if source not in values:
            if isinstance(part.value, ast.Name) and part.value.id in constants:
                out.append(_braced(constants[part.value.id]))
                continue
            return None
        conversion = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[part.conversion]
        spec = ""
        if isinstance(part.format_spec, ast.JoinedStr):
            spec = ":" + "".join(str(getattr(p, "value", "")) for p in part.format_spec.values)
        out.append("{" + values[source] + conversion + spec + "}")
    return "".join(out)


def _raised() -> dict[str, list[tuple[str, str | None]]]:
    """code -> (where, the template its message makes, or None) for each raise of it."""
    found: dict[str, list[tuple[str, str | None]]] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        constants: dict[str, str] | None = None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            code = keywords.pop("code", None)
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            if constants is None:
                names = vars(importlib.import_module(module))
                constants = {k: v for k, v in names.items() if isinstance(v, str)}
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            values = {ast.unparse(v): k for k, v in keywords.items()}
            made = _template(node.args[0], values, constants) if name in ERRORS else None
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            found.setdefault(code.value, []).append((where, made if node.args else None))
    return found


def test_english_readers_read_the_engines_own_words() -> None:
    english = catalog(SOURCE)
    raised = _raised()
    checked = 0
    for code, sites in raised.items():
        key = ENGINE + code
        if key not in english or key in own_english():
            continue
        for where, made in sites:
            assert made is not None, (
                f"{where} raises {code} with a message that says more than its values: "
                f"flag its entry in plateau.pot with '#, engine-english'"
            )
            assert made == english[key], f"{where}: in plateau.pot, {key} should say {made!r}"
            checked += 1
    assert checked > 150


def test_a_flagged_refusal_needs_its_engine_english() -> None:
    """A code is flagged only where the engine's English says more than its values."""
    raised = _raised()
    needless = [
        key
        for key in own_english()
        if key.removeprefix(ENGINE) in raised
        and all(made is not None for _, made in raised[key.removeprefix(ENGINE)])
        and len({made for _, made in raised[key.removeprefix(ENGINE)]}) == 1
    ]
    assert needless == []
