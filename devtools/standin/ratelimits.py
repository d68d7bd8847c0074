"""Rate-limit buckets, a channel's shared message limit, deliberate 429 storms, injected 5xx
answers and outages.

Windows here are measured in real monotonic time, not with the stand-in's clock: discord.py
waits them out with ``asyncio.sleep``."""

from __future__ import annotations

import fnmatch
import hashlib
import math
import random
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

#: a retried request may arrive this much before Retry-After ends (sleep granularity)
TOLERANCE = 0.005
#: statuses discord.py's HTTPClient retries by itself; its webhook adapter retries all 5xx
REST_RETRIED = {500, 502, 504, 524}
MAJOR = ("channel_id", "guild_id", "webhook_id", "webhook_token")
#: what a channel's shared message limit counts: the bot's posts and edits there
CHANNEL_MESSAGES = (
    "POST /channels/{channel_id}/messages",
    "PATCH /channels/{channel_id}/messages/*",
)
#: what an outage fails unless told otherwise: every message route of the channel
OUTAGE_ROUTES = "* /channels/{channel_id}/messages*"


def route_matches(pattern: str, method: str, route: str) -> bool:
    """``"POST /channels/{channel_id}/messages"``, ``"/webhooks/*"`` or ``"* /users/*"``."""
    label = f"{method} {route}"
    if pattern.startswith("/"):
        return fnmatch.fnmatchcase(route, pattern)
    return fnmatch.fnmatchcase(label, pattern)


@dataclass
class Bucket:
    key: str
    hash: str
    limit: int
    per: float
    enforced: bool
    window_start: float = 0.0
    count: int = 0
    retry_until: float = 0.0
    failures: int = 0

    def remaining(self) -> int:
        return max(0, self.limit - self.count)

    def reset_after(self, now: float) -> float:
        return max(0.0, self.window_start + self.per - now)


@dataclass
class Storm:
    pattern: str
    times: int
    retry_after: float | tuple[float, float]
    scope: str = "user"


@dataclass
class Failure:
    pattern: str
    status: int
    times: int


@dataclass
class Outage:
    """Discord failing for a while: every matching request answered ``status`` until
    ``until`` (monotonic), on ``channels`` (ids; None: every channel), on DMs only if
    ``dms``."""

    until: float
    status: int = 502
    channels: frozenset[int] | None = None
    dms: bool = False
    pattern: str = OUTAGE_ROUTES
    answered: int = 0  # requests it failed


@dataclass
class Sent429:
    """A 429 the stand-in answered."""

    route: str
    bucket: str
    retry_after: float
    at: float
    reason: str  # storm | limit | window | channel


@dataclass
class Decision:
    status: int = 200
    retry_after: float = 0.0
    scope: str = "user"
    violation: str = ""
    reason: str = ""


@dataclass
class RateLimits:
    """Per-route buckets (major parameters apart), storms, failures and their records."""

    default_limit: int = 50
    default_per: float = 1.0
    fail_rate: float = 0.0
    fail_statuses: tuple[int, ...] = (500, 502)
    seed: int | None = None
    rules: list[tuple[str, int, float]] = field(default_factory=list)
    storms: list[Storm] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    buckets: dict[str, Bucket] = field(default_factory=dict)
    sent_429: list[Sent429] = field(default_factory=list)
    expectations: dict[str, float] = field(default_factory=dict)
    #: Discord's own limit on a channel's messages (posts and edits together, in any window of
    #: that many seconds), announced by no header: a bot keeps within it by its own pace
    channel_limit: tuple[int, float] | None = (5, 5.0)
    outages: list[Outage] = field(default_factory=list)
    channel_sent: dict[str, deque[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ------------------------------------------------------------ configuration

    def limit(self, pattern: str, limit: int, per: float) -> None:
        """Enforce ``limit`` requests per ``per`` seconds on matching routes (each channel,
        guild or interaction token apart, as Discord does)."""
        self.rules.insert(0, (pattern, limit, per))
        self.buckets.clear()

    def storm(
        self, pattern: str, times: int, retry_after: float | tuple[float, float] = (0.05, 0.3)
    ) -> None:
        self.storms.append(Storm(pattern, times, retry_after))

    def fail_next(self, pattern: str, status: int, times: int) -> None:
        self.failures.append(Failure(pattern, status, times))

    def outage(
        self,
        seconds: float,
        *,
        status: int = 502,
        channels: frozenset[int] | None = None,
        dms: bool = False,
        pattern: str = OUTAGE_ROUTES,
    ) -> Outage:
        outage = Outage(time.monotonic() + seconds, status, channels, dms, pattern)
        self.outages.append(outage)
        return outage

    def out(self, method: str, route: str, channel_id: int | None, is_dm: bool) -> int:
        """The status an outage answers this request with, or 0."""
        now = time.monotonic()
        for outage in self.outages:
            if now >= outage.until or not route_matches(outage.pattern, method, route):
                continue
            if outage.dms and not is_dm:
                continue
            if outage.channels is not None and channel_id not in outage.channels:
                continue
            if outage.channels is None and not outage.dms and is_dm:
                continue  # a channel outage spares DMs unless it says so
            outage.answered += 1
            return outage.status
        return 0

    # ------------------------------------------------------------ per request

    def bucket(self, method: str, route: str, params: dict[str, str]) -> Bucket:
        major = ":".join(params.get(k, "") for k in MAJOR if k in params)
        key = f"{method} {route}|{major}"
        bucket = self.buckets.get(key)
        if bucket is None:
            limit, per, enforced = self.default_limit, self.default_per, False
            for pattern, rule_limit, rule_per in self.rules:
                if route_matches(pattern, method, route):
                    limit, per, enforced = rule_limit, rule_per, True
                    break
            digest = hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16]
            bucket = Bucket(key, digest, limit, per, enforced)
            self.buckets[key] = bucket
        return bucket

    def admit(self, method: str, route: str, bucket: Bucket) -> Decision:
        """Whether this request goes through, gets a 429, or a 5xx."""
        now = time.monotonic()
        self.expectations.pop(bucket.key, None)
        if now < bucket.retry_until - TOLERANCE:
            early = bucket.retry_until - now
            return self._too_many(
                route,
                bucket,
                early,
                "window",
                violation=f"sent {early:.3f}s before the Retry-After of its last 429 ran out",
            )
        for storm in self.storms:
            if storm.times > 0 and route_matches(storm.pattern, method, route):
                storm.times -= 1
                wait = storm.retry_after
                if isinstance(wait, tuple):
                    wait = round(self.rng.uniform(*wait), 3)
                return self._too_many(route, bucket, wait, "storm")
        shared = self._channel_full(method, route, bucket, now)
        if shared is not None:
            return shared
        if now >= bucket.window_start + bucket.per:
            bucket.window_start, bucket.count = now, 0
        if bucket.enforced and bucket.count >= bucket.limit:
            wait = bucket.reset_after(now)
            return self._too_many(
                route,
                bucket,
                wait,
                "limit",
                violation=f"went over {bucket.limit} per {bucket.per}s that the headers announced",
            )
        bucket.count += 1
        if bucket.enforced and bucket.remaining() == 0:
            # discord.py may be holding a request back until the window resets.
            self.expectations[bucket.key] = bucket.window_start + bucket.per + 0.1
        for failure in self.failures:
            if failure.times > 0 and route_matches(failure.pattern, method, route):
                failure.times -= 1
                return self._failed(route, bucket, failure.status)
        if self.fail_rate and self.rng.random() < self.fail_rate:
            return self._failed(route, bucket, self.rng.choice(self.fail_statuses))
        bucket.failures = 0
        return Decision()

    def _channel_full(self, method: str, route: str, bucket: Bucket, now: float) -> Decision | None:
        """A 429 (scope ``shared``) when the channel had its limit of messages in the last
        window; else the message is counted."""
        if self.channel_limit is None or not any(
            route_matches(p, method, route) for p in CHANNEL_MESSAGES
        ):
            return None
        limit, per = self.channel_limit
        channel = bucket.key.rsplit("|", 1)[-1].split(":")[0]
        sent = self.channel_sent.setdefault(channel, deque())
        while sent and sent[0] <= now - per:
            sent.popleft()
        if len(sent) >= limit:
            decision = self._too_many(route, bucket, sent[0] + per - now, "channel")
            decision.scope = "shared"
            return decision
        sent.append(now)
        return None

    def _too_many(
        self, route: str, bucket: Bucket, wait: float, reason: str, violation: str = ""
    ) -> Decision:
        now = time.monotonic()
        bucket.retry_until = max(bucket.retry_until, now + wait)
        self.sent_429.append(Sent429(route, bucket.key, wait, now, reason))
        self.expectations[bucket.key] = now + wait + 0.5
        return Decision(429, wait, violation=violation, reason=reason)

    def _failed(self, route: str, bucket: Bucket, status: int) -> Decision:
        bucket.failures += 1
        webhook = route.startswith(("/webhooks/", "/interactions/"))
        if (webhook or status in REST_RETRIED) and bucket.failures < 5:
            wait = 1 + (bucket.failures - 1) * 2
            self.expectations[bucket.key] = time.monotonic() + wait + 0.5
        return Decision(status, reason="injected")

    def headers(self, bucket: Bucket, decision: Decision) -> dict[str, str]:
        now = time.monotonic()
        if decision.status == 429:
            remaining, reset_after = 0, decision.retry_after
        else:
            remaining, reset_after = bucket.remaining(), bucket.reset_after(now)
        out = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket.hash,
        }
        if decision.status == 429:
            out["X-RateLimit-Scope"] = decision.scope
            out["Retry-After"] = str(max(1, math.ceil(decision.retry_after)))
            out["Via"] = "1.1 google"
        return out

    def pending(self) -> list[str]:
        """Buckets on which discord.py is probably about to retry (for settling)."""
        now = time.monotonic()
        for key, until in list(self.expectations.items()):
            if until <= now:
                del self.expectations[key]
        return list(self.expectations)

    def body_429(self, decision: Decision) -> dict[str, Any]:
        return {
            "message": "You are being rate limited.",
            "retry_after": decision.retry_after,
            "global": False,
        }
