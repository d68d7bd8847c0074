"""Structured logs: one line per event, ``key=value`` pairs, never a secret.

``event(log, "command", game="loka", ...)`` writes
``ts=2025-01-01T12:00:00Z level=info logger=plateau.discord event=command game=loka ...``.
Records from other libraries (discord.py) come out in the same shape with ``msg=...``.
Secrets are kept out in three ways: callers never pass them (:func:`safe_options` drops the
values of secret commands), libraries that would log them at DEBUG stay at INFO, and the
formatter masks the token should any line contain it. ``PLATEAU_LOG_FORMAT=json`` writes the
same records as one JSON object per line (:class:`JsonFormatter`), masked alike."""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

# Commands whose option values are secret (an army being built, a message to the ally).
SECRET_COMMANDS = frozenset({"army add", "army remove", "army show", "army confirm", "team"})
# Échec au Roi's secret placement: where a base goes is the secret.
SECRET_COMMANDS |= {"setup place", "setup lift"}
# What any other option's value shows of itself (a PGN, a position, a name): a short prefix.
SHOWN_VALUE = 40
REDACTED = "[redacted]"


def quote(value: Any) -> str:
    """A value as one ``key=value`` token: bare if simple, else double-quoted and escaped."""
    text = str(value)
    if text and all(c.isalnum() or c in "-_.,:/@#+" for c in text):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\r", "\\r").replace("\t", "\\t") + '"'


def safe_options(command: str, options: Mapping[str, Any]) -> str:
    """Options for a log line: names only for secret commands, else ``name:value`` with
    at most a short prefix of each value (the user's text is theirs, not the log's)."""
    if command in SECRET_COMMANDS:
        return ",".join(sorted(k for k, v in options.items() if v is not None))
    return ",".join(f"{k}:{_prefix(v)}" for k, v in sorted(options.items()) if v is not None)


def _prefix(value: Any) -> str:
    text = " ".join(str(value).split())  # one line: no newline or tab of theirs
    return text if len(text) <= SHOWN_VALUE else text[: SHOWN_VALUE - 1] + "…"


class KeyValueFormatter(logging.Formatter):
    """``ts=... level=... logger=... event=...|msg=... key=value ...``, one line per record
    (a traceback goes into ``exc="..."`` with escaped newlines). Any of ``secrets`` (the
    token) is masked wherever it would appear, tracebacks included."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        parts = [
            f"ts={stamp}Z",
            f"level={record.levelname.lower()}",
            f"logger={quote(record.name)}",
        ]
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            parts.append(f"event={quote(record.getMessage())}")
            parts.extend(f"{k}={quote(v)}" for k, v in fields.items() if v is not None)
        else:
            parts.append(f"msg={quote(record.getMessage())}")
        if record.exc_info:
            parts.append(f"exc={quote(self.formatException(record.exc_info))}")
        return self.redact(" ".join(parts))

    def redact(self, text: str) -> str:
        """``text`` with every secret masked."""
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return text


class JsonFormatter(KeyValueFormatter):
    """One JSON object per record and per line (``PLATEAU_LOG_FORMAT=json``): ``time``,
    ``level``, ``logger``, ``event`` (a structured line's name) or ``msg`` (a library's
    line), ``fields`` (a structured line's, in order; values kept as JSON numbers and
    booleans, anything else as text) and ``exc`` (a traceback). The same secrets are masked,
    in every string of it."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        line: dict[str, Any] = {
            "time": f"{stamp}.{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line["event"] = self.redact(record.getMessage())
            line["fields"] = {
                self.redact(str(k)): self._value(v) for k, v in fields.items() if v is not None
            }
        else:
            line["msg"] = self.redact(record.getMessage())
        if record.exc_info:
            line["exc"] = self.redact(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False)

    def _value(self, value: Any) -> Any:
        if isinstance(value, bool | int | float):
            return value
        return self.redact(str(value))


FORMATTERS: dict[str, type[KeyValueFormatter]] = {
    "keyvalue": KeyValueFormatter,
    "json": JsonFormatter,
}


def setup(
    level: str | int = "INFO",
    *,
    secrets: Iterable[str] = (),
    stream: TextIO | None = None,
    form: str = "keyvalue",
) -> logging.Handler:
    """Route every logger (ours and discord.py's) through one handler: ``key=value`` lines,
    or JSON objects (``form="json"``)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(FORMATTERS[form](secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    quiet_libraries()
    return handler


def quiet_libraries() -> None:
    """Libraries whose DEBUG lines would hold secrets stay at INFO or above: discord.py logs
    request bodies (DM texts), aiosqlite logs SQL parameters (game states with drafts)."""
    logging.getLogger("discord").setLevel(logging.INFO)
    logging.getLogger("aiosqlite").setLevel(logging.INFO)


def event(log: logging.Logger, name: str, *, level: int = logging.INFO, **fields: Any) -> None:
    """One structured line: ``event=name`` then the fields in the given order."""
    if log.isEnabledFor(level):
        log.log(level, name, extra={"fields": fields})
