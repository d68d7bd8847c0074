"""A small page to watch a game without a Discord account: channels, threads and DMs with
their messages (images inline), refreshed every 2 s, a one-line form to act as a member
(``alice: /loka new players:4`` or ``bob: hello``) and the bot's buttons to press."""

from __future__ import annotations

import asyncio
import html
import json
import re
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .models import Channel, Message

if TYPE_CHECKING:
    from .server import StandIn

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord stand-in</title>
<style>
body {{ font-family: sans-serif; margin: 1em 2em; background: #313338; color: #dbdee1; }}
h2 {{ margin-top: 1.2em; }} h3 {{ color: #949ba4; margin: .8em 0 .3em; }}
.msg {{ margin: .3em 0 .3em 1em; }} .who {{ font-weight: bold; color: #f2f3f5; }}
.bot {{ color: #5865f2; }} .eph {{ border-left: 3px solid #5865f2; padding-left: .5em; }}
.note {{ color: #949ba4; font-size: 80%; }} img {{ max-width: 480px; display: block; }}
.embed {{ border-left: 4px solid #4e5058; padding: .2em .6em; margin: .2em 0; }}
button {{ margin: .1em; }} #line {{ width: 40em; }} .log {{ color: #949ba4; }}
.thread {{ margin-left: 2em; }}
</style></head><body>
<h1>{title}</h1>
<p>API <code>{api}</code> &middot; gateway <code>{gateway}</code></p>
<form onsubmit="act(event)">act as <select id="as">{people}</select>
<input id="line" placeholder="alice: /loka new players:4   or   bob: hello">
<button>Send</button></form>
<form onsubmit="fault(event)">Discord fails for <input id="secs" size="3" value="5"> s
on <input id="where" size="12" placeholder="#games, dms, all"> with
<select id="status"><option>502</option><option>500</option><option>503</option>
<option>429</option></select> <button>Fail</button></form>
<div id="feed"></div>
<script>
async function refresh() {{
  const r = await fetch('/_standin/feed');
  document.getElementById('feed').innerHTML = await r.text();
}}
async function post(url, data) {{
  await fetch(url, {{method: 'POST', headers: {{'Content-Type': 'application/json'}},
                     body: JSON.stringify(data)}});
  setTimeout(refresh, 300);
}}
function act(ev) {{
  ev.preventDefault();
  const box = document.getElementById('line');
  let line = box.value.trim();
  const named = /^[\\w.@-]+(\\s+(in\\s+)?#[^:]+)?\\s*:/;
  if (!named.test(line)) line = document.getElementById('as').value + ': ' + line;
  post('/_standin/act', {{line: line}});
  box.value = '';
}}
function press(message, customId) {{
  post('/_standin/press', {{as: document.getElementById('as').value, message: message,
                            custom_id: customId}});
}}
function fault(ev) {{
  ev.preventDefault();
  post('/_standin/fault', {{seconds: document.getElementById('secs').value,
                            where: document.getElementById('where').value,
                            status: document.getElementById('status').value}});
}}
setInterval(refresh, 2000); refresh();
</script></body></html>"""


def parse_line(line: str) -> tuple[str, str | None, str, str, dict[str, str]]:
    """``"alice: /loka new players:4 name:two words"`` -> (``alice``, None, ``slash``,
    ``loka new``, ``{"players": "4", "name": "two words"}``). ``"bob #game 1: hi"`` acts in
    the channel or thread named ``game 1``; text without ``/`` is a message (``say``)."""
    found = re.match(r"\s*([\w.@-]+)(?:\s+(?:in\s+)?#([^:]+?))?\s*:\s*(.*)$", line, re.S)
    if not found:
        raise ValueError("write it as  name: /command option:value  or  name: text")
    who, where, rest = found.group(1), found.group(2), found.group(3).strip()
    if not rest.startswith("/"):
        return who, where, "say", rest, {}
    chunks = re.split(r"\s+(?=[\w-]+:)", rest[1:].strip())
    command, options = chunks[0], {}
    for chunk in chunks[1:]:
        name, _, value = chunk.partition(":")
        options[name] = value.strip()
    return who, where, "slash", command.strip(), options


def _message_html(standin: StandIn, message: Message) -> str:
    world = standin.world
    who = html.escape(message.author.name)
    css = "who bot" if message.author.bot else "who"
    parts = [
        f'<div class="msg{" eph" if message.ephemeral else ""}"><span class="{css}">{who}</span>'
    ]
    if message.ephemeral and message.visible_to in world.members:
        seer = html.escape(world.members[message.visible_to].name)
        parts.append(f' <span class="note">(only {seer} sees this)</span>')
    if message.loading:
        parts.append(' <span class="note">is thinking…</span>')
    if message.edited_timestamp:
        parts.append(' <span class="note">(edited)</span>')
    if message.content:
        parts.append("<div>" + html.escape(message.content).replace("\n", "<br>") + "</div>")
    for embed in message.embeds:
        title = html.escape(str(embed.get("title") or ""))
        text = html.escape(str(embed.get("description") or "")).replace("\n", "<br>")
        image = (embed.get("image") or {}).get("url", "")
        parts.append(f'<div class="embed"><b>{title}</b><div>{text}</div>')
        if image.startswith("attachment://"):
            name = image.removeprefix("attachment://")
            image = next((a.url for a in message.attachments if a.filename == name), "")
        if image:
            parts.append(f'<img src="{html.escape(image)}">')
        parts.append("</div>")
    for attachment in message.attachments:
        url, name = html.escape(attachment.url), html.escape(attachment.filename)
        if (attachment.content_type or "").startswith("image/"):
            # Its description (Discord's alt text) where it has one, else its file's name.
            alt = html.escape(attachment.description or attachment.filename, quote=True)
            parts.append(f'<img src="{url}" alt="{alt}" title="{alt}">')
        else:
            parts.append(f'<a href="{url}">{name}</a>')
    for component in _buttons(message.components):
        label = html.escape(str(component.get("label") or component.get("custom_id")))
        cid = json.dumps(component["custom_id"])
        disabled = " disabled" if component.get("disabled") else ""
        parts.append(
            f"<button{disabled} onclick='press(\"{message.id}\", {html.escape(cid)})'>"
            f"{label}</button>"
        )
    parts.append("</div>")
    return "".join(parts)


def _buttons(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for component in components or []:
        if component.get("type") == 2 and component.get("custom_id"):
            out.append(component)
        out.extend(_buttons(component.get("components") or []))
        if isinstance(component.get("accessory"), dict):
            out.extend(_buttons([component["accessory"]]))
    return out


def _channel_html(standin: StandIn, channel: Channel, css: str = "") -> str:
    world = standin.world
    shown = [m for m in world.messages.values() if m.channel_id == channel.id and not m.deleted]
    state = " (archived)" if channel.archived else ""
    body = "".join(_message_html(standin, m) for m in sorted(shown, key=lambda m: m.id))
    title = html.escape(channel.label + state)
    return f'<div class="{css}"><h3>{title}</h3>{body or "<p class=note>(empty)</p>"}</div>'


def feed_html(standin: StandIn) -> str:
    world = standin.world
    parts = []
    log = "".join(f"<div>{html.escape(line)}</div>" for line in standin.page_log[-8:])
    if log:
        parts.append(f'<div class="log">{log}</div>')
    parts.append("<h2>Channels</h2>")
    for channel in world.channels.values():
        if channel.type == 0 and not channel.deleted:
            parts.append(_channel_html(standin, channel))
            for thread in world.threads(channel):
                parts.append(_channel_html(standin, thread, "thread"))
    dms = [c for c in world.channels.values() if c.is_dm]
    if dms:
        parts.append("<h2>Direct messages</h2>")
        parts.extend(_channel_html(standin, c) for c in dms)
    if world.violations:
        parts.append("<h2>Violations</h2>")
        parts.extend(f"<div>{html.escape(str(v))}</div>" for v in world.violations[-20:])
    return "".join(parts)


def install(app: web.Application, standin: StandIn) -> None:
    """Add the page and its two actions to the stand-in's app."""
    tasks: set[asyncio.Task[Any]] = set()

    async def page(request: web.Request) -> web.Response:
        people = "".join(
            f"<option>{html.escape(m.name)}</option>"
            for m in standin.world.members.values()
            if not m.bot
        )
        text = PAGE.format(
            title=html.escape(standin.world.guild_name),
            api=standin.api_base,
            gateway=standin.gateway_url,
            people=people,
        )
        return web.Response(text=text, content_type="text/html")

    async def feed(request: web.Request) -> web.Response:
        return web.Response(text=feed_html(standin), content_type="text/html")

    async def fields(request: web.Request) -> dict[str, Any]:
        if request.content_type == "application/json":
            return dict(await request.json())
        return dict(await request.post())

    def run(label: str, coro: Any) -> None:
        async def wrapped() -> None:
            try:
                exchange = await coro
            except Exception as error:  # shown on the page, not raised: a person is typing
                standin.page_log.append(f"{label}: refused: {error}")
                return
            replies = [m.content for m in getattr(exchange, "replies", [])]
            standin.page_log.append(f"{label}: done {replies if replies else ''}".rstrip())

        task = asyncio.create_task(wrapped())
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def act(request: web.Request) -> web.StreamResponse:
        data = await fields(request)
        line = str(data.get("line", ""))
        try:
            who, where, kind, what, options = parse_line(line)
            channel = standin.world.channel(where.strip()) if where else standin.page_channel
            if kind == "slash":
                run(line, standin.slash(who, channel, what, options))
            else:
                run(line, standin.say(who, channel, what))
        except (ValueError, KeyError) as error:
            standin.page_log.append(f"{line}: {error}")
        if request.content_type == "application/json":
            return web.json_response({"ok": True})
        raise web.HTTPSeeOther("/_standin/")

    async def press(request: web.Request) -> web.StreamResponse:
        data = await fields(request)
        label = f"{data.get('as')} presses {data.get('custom_id')}"
        run(label, standin.press(data.get("as"), int(data["message"]), str(data["custom_id"])))
        if request.content_type == "application/json":
            return web.json_response({"ok": True})
        raise web.HTTPSeeOther("/_standin/")

    async def fault(request: web.Request) -> web.StreamResponse:
        """An outage (a 5xx for some seconds) on a channel, on DMs or everywhere; or, with
        429, a storm of as many 429s on the channels' messages."""
        data = await fields(request)
        where, status = str(data.get("where") or "all").strip(), int(data.get("status") or 502)
        seconds = float(data.get("seconds") or 5)
        try:
            if status == 429:
                standin.storm("POST /channels/*/messages", max(1, int(seconds)))
            elif where == "dms":
                standin.outage(seconds, dms=True, status=status)
            else:
                channel = None if where == "all" else standin.world.channel(where)
                standin.outage(seconds, channel=channel, status=status)
            standin.page_log.append(f"Discord fails: {status} on {where} ({seconds:g})")
        except (ValueError, KeyError) as error:
            standin.page_log.append(f"fault: {error}")
        if request.content_type == "application/json":
            return web.json_response({"ok": True})
        raise web.HTTPSeeOther("/_standin/")

    app.router.add_get("/", page)
    app.router.add_get("/_standin/", page)
    app.router.add_get("/_standin/feed", feed)
    app.router.add_post("/_standin/act", act)
    app.router.add_post("/_standin/press", press)
    app.router.add_post("/_standin/fault", fault)
