"""Information-set Monte Carlo tree search over the engine protocol.

Each iteration determinizes the view (a full state consistent with it: the dice reseeded,
hidden choices sampled), descends one UCT tree shared by every determinization, its edges
keyed by an action's text, expands one action, rolls out a few actions with the rollout
policy and scores the leaf with the game's evaluation (or its outcome). A child's UCB counts
its *availability* (the iterations where it was legal), as in ISMCTS. When several seats
decide at once, the tree holds only the searching seat's choices: the other seats' actions
are sampled by the policy. A seat's reward is its side's: 1 when it is among the winners.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from ai.knowledge import Knowledge
from ai.levels import Level, level_of

Seat = str

# Actions the AI never takes while it has another choice: giving up, or asking for a draw.
WITHHELD = frozenset({"resign", "offer draw"})


def candidates(actions: list[Any]) -> list[Any]:
    """The actions worth searching: ``actions`` without resigning and offering a draw,
    unless nothing else is left."""
    kept = [a for a in actions if str(a) not in WITHHELD]
    return kept or actions


@dataclass
class Node:
    mover: Seat | None = None
    """The seat whose action led here (its rewards are summed in ``total``)."""
    visits: int = 0
    total: float = 0.0
    available: int = 0
    """Iterations where the action leading here was legal at its parent."""
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


@dataclass
class Search:
    knowledge: Knowledge
    seat: Seat
    level: Level
    rng: random.Random
    root: Node = field(default_factory=Node)
    watched: dict[Seat, float] = field(default_factory=dict)
    """Seats whose reward is summed over every iteration (the position's value to each)."""

    @property
    def rules(self) -> Any:
        return self.knowledge.rules

    def legal(self, state: Any, seat: Seat) -> list[Any]:
        """The seat's actions worth searching (:func:`candidates`, where the game may list
        one it withholds: ``Knowledge.withholds``)."""
        actions = self.rules.legal_actions(state, seat)
        return candidates(actions) if self.knowledge.withholds else actions

    def pick(self, state: Any, seat: Seat, actions: list[Any]) -> Any:
        """The rollout policy's action (uniform without knowledge)."""
        policy = self.knowledge.policy if self.level.knowledge else None
        if policy is None:
            return self.rng.choice(actions)
        return policy(state, seat, actions, self.rng)

    def expand(self, state: Any, mover: Seat, legal: dict[str, Any], untried: list[str]) -> str:
        """The untried action a node grows next. With the game's knowledge, the rollout
        policy's pick among them: where actions outnumber the iterations (an Inka turn has
        a hundred), the likely good ones are the ones searched; else one at random."""
        if self.level.knowledge and self.knowledge.policy is not None:
            key = str(self.pick(state, mover, [legal[k] for k in untried]))
            if key in untried:
                return key
        return self.rng.choice(untried)

    def wide_enough(self, node: Node, tried: int) -> bool:
        """Whether ``node``, with ``tried`` of its children legal now, has as many children
        as its visits allow (see ``Knowledge.widening``; never before one is legal)."""
        widening = self.knowledge.widening if self.level.knowledge else None
        if widening is None or tried == 0:
            return False
        return tried >= widening * math.sqrt(node.visits + 1)

    def others_act(self, state: Any) -> tuple[Any, Seat | None]:
        """Play the policy for every seat to act but one (the searching seat if it is among
        them); the state and the seat whose choice the tree holds (``None``: game over)."""
        while True:
            if self.rules.outcome(state) is not None:
                return state, None
            waiting = self.rules.to_act(state)
            if len(waiting) == 1:
                return state, waiting[0]
            other = next(s for s in waiting if s != self.seat)
            action = self.pick(state, other, self.legal(state, other))
            state, _ = self.rules.apply(state, action, other)

    def iterate(self, state: Any) -> None:
        node, path = self.root, [self.root]
        state, mover = self.others_act(state)
        while mover is not None:
            legal = {str(a): a for a in self.legal(state, mover)}
            tried = [key for key in legal if key in node.children]
            for key in tried:
                node.children[key].available += 1
            untried = (
                []
                if self.wide_enough(node, len(tried))
                else [key for key in legal if key not in node.children]
            )
            if untried:
                key = self.expand(state, mover, legal, untried)
                child = node.children[key] = Node(mover, available=1)
            else:
                explore = self.level.exploration
                key = max(tried, key=lambda k: node.children[k].ucb(explore))
                child = node.children[key]
            state, _ = self.rules.apply(state, legal[key], mover)
            node = child
            path.append(node)
            state, mover = self.others_act(state)
            if untried:
                break
        rewards = self.score(self.rollout(state))
        for seat in self.watched:
            self.watched[seat] += rewards(seat)
        for step in path:
            step.visits += 1
            if step.mover is not None:
                step.total += rewards(step.mover)

    def rollout(self, state: Any) -> Any:
        for _ in range(self.level.depth):
            if self.rules.outcome(state) is not None:
                break
            seat = self.rules.to_act(state)[0]
            action = self.pick(state, seat, self.legal(state, seat))
            state, _ = self.rules.apply(state, action, seat)
        return state

    def score(self, state: Any) -> Any:
        """Each seat's reward at the leaf ``state``, computed once per seat asked."""
        outcome = self.rules.outcome(state)
        seen: dict[Seat, float] = {}

        def reward(seat: Seat) -> float:
            if seat not in seen:
                if outcome is not None:
                    seen[seat] = 0.5 if outcome.is_draw else float(seat in outcome.winners)
                elif self.level.knowledge:
                    seen[seat] = self.knowledge.evaluate(state, seat)
                else:
                    seen[seat] = 0.5
            return seen[seat]

        return reward


@dataclass(frozen=True)
class Choice:
    """One of a seat's actions as the search saw it: how often it was tried and the seat's
    mean reward after it (its chance of winning, as far as the search could tell)."""

    action: Any
    visits: int
    chance: float


@dataclass(frozen=True)
class Analysis:
    """A search's result: the seat's choices, most tried first (the first is what it plays),
    and each watched seat's chance of winning the position."""

    choices: tuple[Choice, ...]
    chances: dict[Seat, float]


def analyse(
    knowledge: Knowledge,
    view: Any,
    seat: Seat,
    level: str | Level,
    rng: random.Random,
    *,
    timed: bool = True,
    watch: tuple[Seat, ...] = (),
) -> Analysis:
    """Search ``seat``'s choices from its ``view`` alone at ``level`` (a name of
    ``ai.levels.LEVELS``, or a :class:`Level`); untimed, the search runs all the level's
    iterations whatever the clock says (a seeded run replays its choices). ``watch``: the
    seats whose chance of winning is estimated too (a review's, from a full state)."""
    budget = level_of(level)
    if knowledge.guided and not budget.knowledge:
        budget = replace(budget, knowledge=True)
    legal = candidates(knowledge.rules.legal_actions(view, seat))
    if not legal:
        raise ValueError(f"{seat} has no legal action in this view")
    if len(legal) == 1 and not watch:
        return Analysis((Choice(legal[0], 0, 0.5),), {})
    search = Search(knowledge, seat, budget, rng, watched=dict.fromkeys(watch, 0.0))
    deadline = time.perf_counter() + budget.seconds if timed else math.inf
    iterations = 0
    for _ in range(budget.iterations):
        search.iterate(knowledge.determinize(view, seat, rng))
        iterations += 1
        if time.perf_counter() > deadline:
            break
    children = search.root.children

    def choice(action: Any) -> Choice:
        child = children.get(str(action))
        if child is None or not child.visits:
            return Choice(action, 0, 0.0)
        return Choice(action, child.visits, child.total / child.visits)

    # Most tried first; ties by mean reward, then as the rules list them (max is stable).
    order = sorted(
        range(len(legal)), key=lambda i: (-choice(legal[i]).visits, -choice(legal[i]).chance, i)
    )
    chances = {s: total / iterations for s, total in search.watched.items()}
    return Analysis(tuple(choice(legal[i]) for i in order), chances)


def decide(*args: Any, **kwargs: Any) -> Any:
    """The action :func:`analyse` (same arguments) finds best: the most tried."""
    return analyse(*args, **kwargs).choices[0].action
