"""constraints.txt pins every dependency pyproject.toml names (the bot's, the test and bench
extras'), each at a version its lower bound accepts: a dependency added without
running .ci/refresh-constraints fails here."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, Version]:
    found = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"not a pin: {line!r}"
            found[normalized(name)] = Version(version.strip())
    return found


def test_every_dependency_is_pinned_at_a_version_it_accepts() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    pinned = pins()
    for text in wanted:
        requirement = Requirement(text)
        name = normalized(requirement.name)
        assert name in pinned, f"{requirement.name} is not in constraints.txt"
        assert requirement.specifier.contains(pinned[name]), (requirement, pinned[name])


def test_the_build_tools_are_not_pinned() -> None:
    # pip and setuptools come with the virtual environment; the build backend's own
    # version is pyproject's [build-system] business.
    assert not {"pip", "setuptools", "wheel"} & set(pins())
