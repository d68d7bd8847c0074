"""What the bot reads at start-up: the environment, then a ``.env`` file for what it lacks.

Every setting is listed in ``.env.example``. The token is never printed (not even by
``repr``)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.shards import Shards

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("keyvalue", "json")
# PLATEAU_DB: a SQLite file path (or sqlite:///path), or a PostgreSQL URL.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


class SettingsError(ValueError):
    """A setting is present but cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Settings:
    token: str | None = field(default=None, repr=False)
    # A PostgreSQL URL may hold a password: kept out of ``repr``, logged as ``db_shown``.
    db: str = field(default="./plateau.db", repr=False)
    dev_guild: int | None = None
    log_level: str = "INFO"
    # Discord's REST and gateway bases; set only behind a proxy or for a local stand-in.
    api_base: str | None = None
    gateway_url: str | None = None
    # Worker processes drawing pictures: None one per core, 0 none (threads in the bot).
    render_processes: int | None = None
    # Where the renderer's warm state (its fitted palettes) is kept between starts; None: not
    # kept (every start draws its first pictures cold).
    cache_dir: Path | None = None
    # Discord's sharding: None (neither PLATEAU_SHARD_COUNT nor PLATEAU_SHARD_IDS set) is a
    # plain client; else this process's shards, an AutoShardedClient.
    shards: Shards | None = None
    # Seconds between two looks for deadlines due (clocks, reminders, Super D20 time-outs).
    expire_seconds: float = 30.0
    # Seconds at least from one computer player's action to the next with no person between.
    ai_pace: float = 1.0
    # Logs: ``key=value`` lines, or one JSON object per line (``PLATEAU_LOG_FORMAT=json``).
    log_format: str = "keyvalue"
    # /metrics and /healthz (bot.health) on this port (0: any free one, logged); None: not
    # served. On this address (0.0.0.0: every interface).
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"

    @property
    def db_shown(self) -> str:
        """``db`` without a password, for logs."""
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", self.db)


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines; blank lines and ``#`` comments skipped, one pair of matching
    quotes around a value removed, ``export KEY=VALUE`` accepted."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def load(environ: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Settings:
    """The settings: a variable set in the environment wins over the same one in ``.env``;
    empty values count as unset."""
    env = dict(read_dotenv(dotenv)) if dotenv is not None else {}
    env.update({k: v for k, v in (os.environ if environ is None else environ).items() if v})

    def get(name: str) -> str | None:
        value = env.get(name, "").strip()
        return value or None

    guild = get("PLATEAU_DEV_GUILD")
    if guild is not None and not guild.isdigit():
        raise SettingsError(f"PLATEAU_DEV_GUILD must be a guild id (digits), not {guild!r}")
    level = (get("PLATEAU_LOG_LEVEL") or "INFO").upper()
    if level not in LEVELS:
        raise SettingsError(f"PLATEAU_LOG_LEVEL is one of {', '.join(LEVELS)}, not {level!r}")
    db = get("PLATEAU_DB") or "./plateau.db"
    if "://" in db and not db.startswith((*POSTGRES_SCHEMES, SQLITE_SCHEME)):
        raise SettingsError(
            "PLATEAU_DB is a SQLite file, sqlite:///path or postgresql://..., "
            f"not a {db.split('://')[0]}:// URL"
        )
    api_base = get("DISCORD_API_BASE")
    gateway = get("DISCORD_GATEWAY_URL")
    if api_base is not None and not api_base.startswith(("http://", "https://")):
        raise SettingsError(f"DISCORD_API_BASE must be an http(s) URL, not {api_base!r}")
    if gateway is not None and not gateway.startswith(("ws://", "wss://")):
        raise SettingsError(f"DISCORD_GATEWAY_URL must be a ws(s) URL, not {gateway!r}")
    processes = get("PLATEAU_RENDER_PROCESSES")
    if processes is not None and not processes.isdigit():
        raise SettingsError(
            f"PLATEAU_RENDER_PROCESSES must be a number of processes (0: none), not {processes!r}"
        )
    log_format = (get("PLATEAU_LOG_FORMAT") or "keyvalue").lower()
    if log_format not in LOG_FORMATS:
        raise SettingsError(
            f"PLATEAU_LOG_FORMAT is one of {', '.join(LOG_FORMATS)}, not {log_format!r}"
        )
    port = get("PLATEAU_METRICS_PORT")
    if port is not None and not (port.isdigit() and int(port) <= 65535):
        raise SettingsError(
            f"PLATEAU_METRICS_PORT must be a port from 1 to 65535 (0: any free one), not {port!r}"
        )
    return Settings(
        log_format=log_format,
        metrics_port=int(port) if port is not None else None,
        metrics_host=get("PLATEAU_METRICS_HOST") or "127.0.0.1",
        expire_seconds=seconds("PLATEAU_EXPIRE_SECONDS", get, 30.0, 0.5, 3600),
        ai_pace=seconds("PLATEAU_AI_PACE", get, 1.0, 0, 60),
        shards=read_shards(get("PLATEAU_SHARD_COUNT"), get("PLATEAU_SHARD_IDS")),
        token=get("DISCORD_TOKEN"),
        db=db,
        dev_guild=int(guild) if guild else None,
        log_level=level,
        api_base=api_base.rstrip("/") if api_base else None,
        gateway_url=gateway,
        render_processes=int(processes) if processes is not None else None,
        cache_dir=cache_dir(get("PLATEAU_CACHE_DIR"), env),
    )


def seconds(
    name: str, get: Callable[[str], str | None], default: float, low: float, high: float
) -> float:
    """A setting in seconds, from ``low`` to ``high`` (unset: ``default``)."""
    value = get(name)
    try:
        number = float(value) if value is not None else default
    except ValueError:
        number = -1.0
    if not low <= number <= high:
        raise SettingsError(f"{name} must be seconds from {low:g} to {high:g}, not {value!r}")
    return number


def read_shards(count: str | None, ids: str | None) -> Shards | None:
    """``PLATEAU_SHARD_COUNT`` (a positive number) and ``PLATEAU_SHARD_IDS`` (this process's
    shards, comma-separated, each below the count; unset: all of them)."""
    if count is None and ids is None:
        return None
    if count is None or not count.isdigit() or int(count) < 1:
        raise SettingsError(
            "PLATEAU_SHARD_COUNT must be the number of shards (a positive number, such as 2), "
            f"not {count!r}"
        )
    total = int(count)
    if ids is None:
        return Shards(tuple(range(total)), total)
    parts = [part.strip() for part in ids.split(",")]
    if not all(part.isdigit() and int(part) < total for part in parts):
        raise SettingsError(
            f"PLATEAU_SHARD_IDS must be shard numbers from 0 to {total - 1} separated by "
            f"commas (such as 0 or 0,1), not {ids!r}"
        )
    chosen = tuple(sorted({int(part) for part in parts}))
    return Shards(chosen, total)


def cache_dir(setting: str | None, env: Mapping[str, str]) -> Path:
    """``PLATEAU_CACHE_DIR``, else ``plateau`` in the user's cache folder (``XDG_CACHE_HOME``,
    else ``~/.cache``)."""
    if setting is not None:
        return Path(setting).expanduser()
    base = env.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "plateau"
