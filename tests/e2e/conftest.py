"""The end-to-end fixtures: a stand-in and a bot process logged in to it."""

from tests.e2e.harness import bot, standin

__all__ = ["bot", "standin"]
