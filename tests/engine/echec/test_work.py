"""The scratch copy's own ``freeze`` (built at once, for the search's speed) gives the state
the common ``Scratch.freeze`` gives, every field of it, along random games of both levels."""

from __future__ import annotations

import random
from dataclasses import fields

from engine import echec
from engine.echec.game import _act
from engine.echec.state import EchecState
from engine.echec.work import Work
from engine.turns import Scratch


def test_freeze_gives_every_field_as_the_common_scratch_does() -> None:
    for n, config in enumerate((echec.EchecConfig(), echec.EchecConfig(level=2, units="P3 M2"))):
        rng = random.Random(n)
        state = echec.RULES.new(config, seed=b"work", game_id=f"w{n}")
        for _ in range(400):
            if echec.outcome(state) is not None:
                break
            seat = rng.choice(echec.to_act(state))
            actions = echec.legal_actions(state, seat)
            confirm = state.phase == echec.PLACEMENT and echec.Confirm() in actions
            action: echec.Action = echec.Confirm() if confirm else rng.choice(actions)
            w = Work(state)
            _act(w, seat, action)
            frozen = w.freeze()
            assert isinstance(frozen, EchecState)
            common = Scratch.freeze(w)
            for f in fields(EchecState):
                assert getattr(frozen, f.name) == getattr(common, f.name), f.name
            state = frozen
        assert state.phase != echec.PLACEMENT  # it went past the placement
