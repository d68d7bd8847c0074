"""The stand-in's page, for a person trying the bot without a Discord account (the
playground, ``python -m bot``) or watching a test's guild: act as any member (switch, add
one), see the channels, threads and DMs as that member sees them (a private answer or a DM
only under its member, each marked for whom), pictures inline, the bot's buttons and menus
to use, and suggestions while typing a command: the command's names and options from the
synced schema, and the bot's own autocomplete (an APPLICATION_COMMAND_AUTOCOMPLETE
interaction the stand-in sends it, as Discord's client does).

Emoji: the page asks for a colour emoji font the stand-in serves (``/_standin/emoji.ttf``:
``PLATEAU_EMOJI_FONT``, else Debian's Noto Color Emoji where installed), so the browser needs
none of its own; without one it falls back to the browser's fonts, and every emoji keeps its
Unicode name as a tooltip. The font is not shipped in the package: it weighs 10 MB.

``GET /_standin/feed`` (no member) shows everything, every private part marked; the form
also takes ``alice: /loka new players:4`` lines (:func:`parse_line`)."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import web

from . import limits as L
from .models import Channel, Member, Message

if TYPE_CHECKING:
    from .server import StandIn
    from .world import World

EMOJI_FONTS = (
    "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",
)
SUGGESTIONS = 12  # at most, under the line being typed
NAME = re.compile(r"^[\w.@-]{1,32}$")
LOCALE = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} (Discord stand-in)</title>
<style>
@font-face {{ font-family: PlateauEmoji; src: url(/_standin/emoji.ttf); }}
* {{ box-sizing: border-box; }}
body {{ font-family: system-ui, sans-serif; margin: 0; background: #313338; color: #dbdee1;
       line-height: 1.35; overflow-wrap: anywhere; }}
header {{ background: #2b2d31; padding: .5em .8em; display: flex; flex-wrap: wrap; gap: .4em;
          align-items: center; position: sticky; top: 0; z-index: 2; }}
header h1 {{ font-size: 1.05em; margin: 0 .6em 0 0; }}
main {{ padding: .3em .8em 9em; max-width: 60em; }}
h2 {{ font-size: 1em; color: #949ba4; text-transform: uppercase; margin: 1.2em 0 .3em; }}
h3 {{ color: #f2f3f5; margin: .8em 0 .3em; font-size: 1em; cursor: pointer; }}
h3.here {{ color: #00a8fc; }}
.msg {{ margin: .35em 0 .35em .4em; }} .who {{ font-weight: bold; color: #f2f3f5; }}
.bot {{ color: #949cf7; }} .eph {{ border-left: 3px solid #5865f2; padding-left: .5em; }}
.note {{ color: #949ba4; font-size: 85%; }}
img {{ max-width: min(100%, 480px); height: auto; display: block; margin: .2em 0; }}
.embed {{ border-left: 4px solid #4e5058; padding: .2em .6em; margin: .2em 0;
          background: #2b2d31; }}
button, select, input {{ font: inherit; }}
.msg button {{ margin: .15em .15em 0 0; background: #4e5058; color: #fff; border: 0;
               border-radius: 4px; padding: .3em .7em; }}
.msg button:disabled {{ opacity: .5; }}
.thread {{ margin-left: 1em; border-left: 2px solid #3f4147; padding-left: .5em; }}
.dm {{ border-left: 2px solid #f0b232; padding-left: .5em; }}
.emoji {{ font-family: PlateauEmoji, "Noto Color Emoji", "Apple Color Emoji",
          "Segoe UI Emoji", sans-serif; }}
#log {{ color: #949ba4; font-size: 85%; }}
footer {{ position: fixed; bottom: 0; left: 0; right: 0; background: #383a40; padding: .5em .8em;
          z-index: 2; }}
#composer {{ display: flex; flex-wrap: wrap; gap: .3em; }}
#line {{ flex: 1 1 14em; min-width: 0; padding: .4em; }}
#suggest {{ list-style: none; margin: 0 0 .3em; padding: 0; max-height: 40vh; overflow-y: auto; }}
#suggest button {{ width: 100%; text-align: left; background: #2b2d31; color: #dbdee1;
                   border: 0; padding: .35em .5em; }}
#suggest button:hover, #suggest button:focus {{ background: #404249; }}
#suggest small {{ color: #949ba4; }}
#faults {{ font-size: 85%; color: #949ba4; }}
</style></head><body>
<header><h1>{title}</h1>
<label>act as <select id="as"></select></label>
<form id="adder"><input id="newname" size="9" placeholder="new member" aria-label="new member">
<select id="newlocale" aria-label="their language"><option>en-US</option><option>fr</option>
</select> <button>Add</button></form>
</header>
<main><p class="note">Type <code>/</code> at the bottom for the bot's commands (try
<code>/chess new</code>), then act as another member to join; each sees only their own
private answers and DMs.</p><div id="log"></div><div id="feed"></div>
<details id="faults"><summary>Discord failures</summary>
<form onsubmit="fault(event)">Discord fails for <input id="secs" size="3" value="5"> s
on <input id="where" size="12" placeholder="#games, dms, all"> with
<select id="status"><option>502</option><option>500</option><option>503</option>
<option>429</option></select> <button>Fail</button></form>
<p>API <code>{api}</code> &middot; gateway <code>{gateway}</code></p></details>
</main>
<footer><ul id="suggest"></ul>
<form id="composer"><select id="place" aria-label="channel"></select>
<input id="line" autocomplete="off" placeholder="/chess new   or a message">
<button id="send">Send</button></form></footer>
<script>
const $ = (id) => document.getElementById(id);
let me = {me}, place = null, lastFeed = '', knownPlaces = null, asking = 0;
function fill(select, items, chosen) {{
  const text = JSON.stringify(items);
  if (select.dataset.items !== text) {{
    select.innerHTML = '';
    for (const [value, label] of items) select.add(new Option(label, value));
    select.dataset.items = text;
  }}
  select.value = chosen;
}}
async function refresh() {{
  const who = me;
  const r = await fetch('/_standin/state?as=' + encodeURIComponent(who));
  const s = await r.json();
  if (who !== me) return;  // the page acts as another member since: never show theirs
  if (!s.members.includes(me)) me = s.members[0] || '';
  fill($('as'), s.members.map((m) => [m, m]), me);
  const ids = s.places.map((p) => p.id);
  if (knownPlaces !== null) {{
    const fresh = s.places.filter((p) => p.thread && !knownPlaces.includes(p.id));
    if (fresh.length) place = fresh[fresh.length - 1].id;  // a new thread: type there
  }}
  knownPlaces = ids;
  if (!ids.includes(place)) place = ids[0] || null;
  fill($('place'), s.places.map((p) => [p.id, p.label]), place);
  $('log').innerHTML = s.log;
  const mark = 'data-place="' + place + '"';
  const feed = s.feed.replace(mark, mark + ' class="here"');
  if (feed !== lastFeed) {{
    const atEnd = innerHeight + scrollY >= document.body.scrollHeight - 80;
    $('feed').innerHTML = feed; lastFeed = feed;
    if (atEnd) scrollTo(0, document.body.scrollHeight);  // follow the game, as a chat does
  }}
  $('feed').dataset.as = me;
}}
async function post(url, data) {{
  const r = await fetch(url, {{method: 'POST', headers: {{'Content-Type': 'application/json'}},
                               body: JSON.stringify(data)}});
  setTimeout(refresh, 250);
  return r.json();
}}
$('as').onchange = () => {{ me = $('as').value; lastFeed = ''; refresh(); }};
$('place').onchange = () => {{ place = $('place').value; refresh(); }};
$('feed').onclick = (ev) => {{
  const h = ev.target.closest('h3[data-place]');
  if (h) {{ place = h.dataset.place; refresh(); }}
}};
$('adder').onsubmit = async (ev) => {{
  ev.preventDefault();
  const name = $('newname').value.trim();
  const answer = await post('/_standin/member', {{name: name, locale: $('newlocale').value}});
  if (answer.ok) {{ me = answer.name; $('newname').value = ''; }}
  refresh();
}};
$('composer').onsubmit = (ev) => {{
  ev.preventDefault();
  const line = $('line').value.trim();
  if (!line) return;
  post('/_standin/act', {{as: me, channel: place, line: line}});
  $('line').value = ''; $('suggest').innerHTML = '';
}};
async function suggest() {{
  const line = $('line').value, mine = ++asking;
  if (!line.startsWith('/')) {{ $('suggest').innerHTML = ''; return; }}
  const r = await fetch('/_standin/suggest', {{method: 'POST',
    headers: {{'Content-Type': 'application/json'}},
    body: JSON.stringify({{as: me, channel: place, line: line}})}});
  const found = await r.json();
  if (mine !== asking) return;  // the line changed meanwhile
  const list = $('suggest');
  list.innerHTML = '';
  for (const s of found) {{
    const b = document.createElement('button');
    b.type = 'button'; b.className = 'suggestion'; b.dataset.line = s.line;
    b.innerHTML = s.html;
    b.onclick = () => {{ $('line').value = s.line; $('line').focus(); suggest(); }};
    const li = document.createElement('li'); li.appendChild(b); list.appendChild(li);
  }}
}}
let typing = null;
$('line').oninput = () => {{ clearTimeout(typing); typing = setTimeout(suggest, 120); }};
function press(message, customId) {{
  post('/_standin/press', {{as: me, message: message, custom_id: customId}});
}}
function pick(message, customId, select) {{
  const values = Array.from(select.selectedOptions).map((o) => o.value);
  post('/_standin/select', {{as: me, message: message, custom_id: customId, values: values}});
}}
function fault(ev) {{
  ev.preventDefault();
  post('/_standin/fault', {{seconds: $('secs').value, where: $('where').value,
                            status: $('status').value}});
}}
setInterval(refresh, 1500); refresh();
</script></body></html>"""

# Emoji: pictographs, symbols and dingbats (with a variation selector, skin tones and
# zero-width-joined sequences), keycaps and flags.
EMOJI = re.compile(
    "(?:[\U0001f1e6-\U0001f1ff]{2}"
    "|[#*0-9]\ufe0f?\u20e3"
    "|[\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2934\u2935\u2b05-\u2b55\u3030\u303d"
    "\U0001f000-\U0001faff][\ufe0f\U0001f3fb-\U0001f3ff]?"
    "(?:\u200d[\u2600-\u27bf\U0001f000-\U0001faff][\ufe0f\U0001f3fb-\U0001f3ff]?)*)"
)


def emoji_html(text: str) -> str:
    """``text`` escaped, each emoji in a ``span.emoji`` titled with its Unicode name."""

    def wrap(found: re.Match[str]) -> str:
        names = [unicodedata.name(c, "") for c in found.group(0) if c not in "\ufe0f\u200d"]
        title = html.escape(", ".join(n.lower() for n in names if n), quote=True)
        return f'<span class="emoji" title="{title}">{found.group(0)}</span>'

    return EMOJI.sub(wrap, html.escape(text))


def text_html(world: World, text: str) -> str:
    """A message's text as Discord's client shows it: mentions by name (``<@id>`` as
    ``@alice``, ``<#id>`` as ``#games``), ``**bold**``, ``*italic*``, ``code``, emoji."""

    def mention(found: re.Match[str]) -> str:
        kind, ident = found.group(1), int(found.group(2))
        if kind == "#":
            channel = world.channels.get(ident)
            return place_label(channel) if channel is not None else "#unknown"
        member = world.members.get(ident)
        return "@" + (member.name if member is not None else "unknown")

    out = emoji_html(re.sub(r"<(@!?|@&|#)(\d+)>", mention, text))
    out = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![*\w])\*(?!\s)([^*\n]+?)\*(?![*\w])", r"<i>\1</i>", out)
    return out.replace("\n", "<br>")


def emoji_font() -> Path | None:
    """The colour emoji font the page is served: ``PLATEAU_EMOJI_FONT``, else a system one."""
    for candidate in (os.environ.get("PLATEAU_EMOJI_FONT", ""), *EMOJI_FONTS):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


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
    command, options = split_command(rest)
    return who, where, "slash", command.strip(), options


def split_command(text: str) -> tuple[str, dict[str, str]]:
    """``"/loka new players:4 name:two words"`` -> (``loka new``, its options)."""
    chunks = re.split(r"\s+(?=[\w-]+:)", text.strip().removeprefix("/").strip())
    options = {}
    for chunk in chunks[1:]:
        name, _, value = chunk.partition(":")
        options[name] = value.strip()
    return chunks[0], options


# ---------------------------------------------------------------- what a member sees


def sees(viewer: Member | None, channel: Channel, message: Message) -> bool:
    """Whether ``viewer`` sees ``message`` (None: the watcher, who sees everything)."""
    if message.deleted:
        return False
    if viewer is None:
        return True
    if message.ephemeral:
        return message.visible_to == viewer.id
    if channel.is_dm:
        return channel.recipient is not None and channel.recipient.id == viewer.id
    return True


def _for_whom(viewer: Member | None, seer: str) -> str:
    you = " (you)" if viewer is not None and viewer.name == seer else ""
    return f'<span class="note">(only {html.escape(seer)}{you} sees this)</span>'


def _local(url: str) -> str:
    """An attachment's address on this server, as a path: the page may be reached by
    another name than the one the stand-in gives its files."""
    found = re.match(r"https?://[^/]+(/attachments/.*)$", url)
    return found.group(1) if found else url


def _message_html(standin: StandIn, viewer: Member | None, message: Message) -> str:
    world = standin.world
    who = html.escape(message.author.name)
    css = "who bot" if message.author.bot else "who"
    parts = [
        f'<div class="msg{" eph" if message.ephemeral else ""}" data-id="{message.id}">'
        f'<span class="{css}">{who}</span>'
    ]
    if message.ephemeral and message.visible_to in world.members:
        parts.append(" " + _for_whom(viewer, world.members[message.visible_to].name))
    if message.loading:
        parts.append(' <span class="note">is thinking…</span>')
    if message.edited_timestamp:
        parts.append(' <span class="note">(edited)</span>')
    if message.content:
        parts.append(f"<div>{text_html(world, message.content)}</div>")
    for embed in message.embeds:
        title = emoji_html(str(embed.get("title") or ""))
        text = text_html(world, str(embed.get("description") or ""))
        image = (embed.get("image") or {}).get("url", "")
        parts.append(f'<div class="embed"><b>{title}</b><div>{text}</div>')
        if image.startswith("attachment://"):
            name = image.removeprefix("attachment://")
            image = next((a.url for a in message.attachments if a.filename == name), "")
        if image:
            parts.append(f'<img src="{html.escape(_local(image))}">')
        parts.append("</div>")
    for attachment in message.attachments:
        url, name = html.escape(_local(attachment.url)), html.escape(attachment.filename)
        if (attachment.content_type or "").startswith("image/"):
            # Its description (Discord's alt text) where it has one, else its file's name.
            alt = html.escape(attachment.description or attachment.filename, quote=True)
            parts.append(f'<img src="{url}" alt="{alt}" title="{alt}">')
        else:
            parts.append(f'<a href="{url}">{name}</a>')
    if message.components:
        parts.append('<div class="components">')
        parts.extend(_component_html(message, c) for c in _controls(message.components))
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


def _component_html(message: Message, component: dict[str, Any]) -> str:
    cid = html.escape(json.dumps(component["custom_id"]), quote=True)
    disabled = " disabled" if component.get("disabled") else ""
    if component.get("type") == L.BUTTON:
        emoji = (component.get("emoji") or {}).get("name") or ""
        label = " ".join(x for x in (emoji, str(component.get("label") or "")) if x)
        custom = html.escape(component["custom_id"], quote=True)
        return (
            f'<button type="button"{disabled} data-custom-id="{custom}"'
            f" onclick=\"press('{message.id}', {cid})\">"
            f"{emoji_html(label or component['custom_id'])}</button>"
        )
    many = " multiple" if (component.get("max_values") or 1) > 1 else ""
    options = "".join(
        f'<option value="{html.escape(str(o["value"]), quote=True)}">'
        f"{emoji_html(str(o.get('label') or o['value']))}</option>"
        for o in component.get("options") or []
    )
    hint = html.escape(str(component.get("placeholder") or "choose"))
    return (
        f'<select{disabled}{many} aria-label="{hint}"'
        f" onchange=\"pick('{message.id}', {cid}, this)\">"
        f'<option value="" disabled selected>{hint}</option>{options}</select>'
    )


def _controls(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The buttons that send an interaction and the string select menus, in order."""
    for component in components or []:
        if component.get("custom_id") and component.get("type") in (L.BUTTON, 3):
            yield component
        yield from _controls(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield from _controls([component["accessory"]])


def _channel_html(standin: StandIn, viewer: Member | None, channel: Channel, css: str) -> str:
    shown = [
        m
        for m in standin.world.messages.values()
        if m.channel_id == channel.id and sees(viewer, channel, m)
    ]
    state = " (archived)" if channel.archived else ""
    body = "".join(_message_html(standin, viewer, m) for m in sorted(shown, key=lambda m: m.id))
    title = emoji_html(place_label(channel) + state)
    if channel.is_dm and channel.recipient is not None:
        title += " " + _for_whom(viewer, channel.recipient.name)
    return (
        f'<section class="{css}"><h3 data-place="{channel.id}">{title}</h3>'
        f"{body or '<p class=note>(empty)</p>'}</section>"
    )


def place_label(channel: Channel) -> str:
    if channel.is_dm:
        return channel.label
    return ("🧵 " if channel.is_thread else "#") + (channel.name or str(channel.id))


def places(standin: StandIn, viewer: Member | None) -> list[Channel]:
    """Where ``viewer`` can type: the text channels, their threads, and their own DM."""
    world = standin.world
    out: list[Channel] = []
    for channel in world.channels.values():
        if channel.type == 0 and not channel.deleted:
            out.append(channel)
            out.extend(t for t in world.threads(channel) if not t.deleted)
    if viewer is not None:
        out.append(world.dm_channel(viewer))
    return out


def feed_html(standin: StandIn, viewer: Member | None = None) -> str:
    """The guild as ``viewer`` sees it (None: everything, each private part marked)."""
    world = standin.world
    parts = ["<h2>Channels</h2>"]
    for channel in world.channels.values():
        if channel.type == 0 and not channel.deleted:
            parts.append(_channel_html(standin, viewer, channel, "channel"))
            for thread in world.threads(channel):
                parts.append(_channel_html(standin, viewer, thread, "thread"))
    dms = [c for c in world.channels.values() if c.is_dm and sees_dm(viewer, c)]
    if dms:
        parts.append("<h2>Direct messages</h2>")
        parts.extend(_channel_html(standin, viewer, c, "dm") for c in dms)
    if world.violations:
        parts.append("<h2>Violations</h2>")
        parts.extend(f"<div>{html.escape(str(v))}</div>" for v in world.violations[-20:])
    return "".join(parts)


def sees_dm(viewer: Member | None, channel: Channel) -> bool:
    recipient = channel.recipient
    return viewer is None or (recipient is not None and recipient.id == viewer.id)


def log_html(standin: StandIn, viewer: Member | None) -> str:
    """The page's notes on what was done (refusals...): a member's only under them."""
    lines = [
        text
        for who, text in standin.page_log
        if who is None or viewer is None or who == viewer.name
    ]
    return "".join(f"<div>{emoji_html(line)}</div>" for line in lines[-6:])


# ---------------------------------------------------------------- suggestions


async def suggestions(
    standin: StandIn, member: Member, channel: Channel, line: str
) -> list[dict[str, str]]:
    """What to offer under ``line`` (``/che``, ``/chess mo``, ``/chess move move:f``): each a
    ``{"line": the line completed, "html": what to show}``. An option the bot completes
    itself is asked of the bot, as Discord's client does."""
    if not line.startswith("/"):
        return []
    world = standin.world

    def localized(entry: dict[str, Any], key: str) -> str:
        """Its ``key`` in the member's language, as their client shows it."""
        return str((entry.get(f"{key}_localizations") or {}).get(member.locale) or entry[key])

    def about(entry: dict[str, Any]) -> str:
        return localized(entry, "description") if entry.get("description") else ""

    text = line[1:]
    chunks = re.split(r"\s+(?=[\w-]+:)", text)
    words = chunks[0].split()
    head_done = len(chunks) > 1 or text.endswith(" ")
    roots = [c for c in world.commands() + world.commands(world.guild_id) if c.get("type", 1) == 1]
    if not words or (len(words) == 1 and not head_done):
        typed = words[0] if words else ""
        return [
            _offer(f"/{c['name']} ", f"/{c['name']}", about(c))
            for c in sorted(roots, key=lambda c: str(c["name"]))
            if c["name"].startswith(typed)
        ][:SUGGESTIONS]
    node = next((c for c in roots if c["name"] == words[0]), None)
    if node is None:
        return []
    path = [words[0]]
    for index, word in enumerate(words[1:], start=1):
        subs = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
        last = index == len(words) - 1 and not head_done
        if last:
            return [
                _offer(f"/{' '.join([*path, s['name']])} ", s["name"], about(s))
                for s in subs
                if s["name"].startswith(word)
            ][:SUGGESTIONS]
        node = next((s for s in subs if s["name"] == word), None)
        if node is None:
            return []
        path.append(word)
    subs = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
    if subs:
        return [_offer(f"/{' '.join([*path, s['name']])} ", s["name"], about(s)) for s in subs][
            :SUGGESTIONS
        ]
    specs = {o["name"]: o for o in node.get("options") or []}
    given = dict(chunk.partition(":")[::2] for chunk in chunks[1:])
    typing = chunks[-1] if len(chunks) > 1 and not text.endswith(" ") else None
    if typing is None:
        stem = line if line.endswith(" ") else line + " "
        free = [s for s in specs.values() if s["name"] not in given]
        free.sort(key=lambda s: not s.get("required"))
        return [
            _offer(
                f"{stem}{s['name']}:",
                f"{s['name']}:",
                ("(required) " if s.get("required") else "") + about(s),
            )
            for s in free
        ][:SUGGESTIONS]
    name, _, typed = typing.partition(":")
    spec = specs.get(name)
    if spec is None:
        return []
    stem = line[: len(line) - len(typing)] + f"{name}:"
    choices: list[dict[str, Any]] = list(spec.get("choices") or [])
    if spec.get("autocomplete"):
        others = {k: v.strip() for k, v in given.items() if k != name and k in specs}
        try:
            choices = await standin.autocomplete(
                member,
                channel,
                " ".join(path),
                focused=name,
                options={**others, name: typed},
                quiet=0.05,
                timeout=15.0,
            )
        except Exception:  # a refused or unanswered autocomplete offers nothing
            return []
    elif spec["type"] == L.BOOLEAN:
        choices = [{"name": "true", "value": "true"}, {"name": "false", "value": "false"}]
    elif spec["type"] in (L.USER, L.MENTIONABLE):
        choices = [{"name": m.name, "value": m.name} for m in standin.world.members.values()]
    named = [(str(localized(c, "name")), c["value"]) for c in choices]
    if not spec.get("autocomplete"):  # the bot's own choices are already narrowed
        named = [(n, v) for n, v in named if n.lower().startswith(typed.strip().lower())]
    return [
        _offer(f"{stem}{value} ", shown, "" if shown == str(value) else str(value))
        for shown, value in named
    ][:SUGGESTIONS]


def _offer(line: str, shown: str, about: str) -> dict[str, str]:
    note = f" <small>{emoji_html(about)}</small>" if about else ""
    return {"line": line, "html": emoji_html(shown) + note}


# ---------------------------------------------------------------- the server's side


def install(app: web.Application, standin: StandIn) -> None:
    """Add the page and its actions to the stand-in's app."""
    tasks: set[asyncio.Task[Any]] = set()

    def people() -> list[Member]:
        return [m for m in standin.world.members.values() if not m.bot]

    def viewer(name: Any) -> Member | None:
        if not name:
            return None
        try:
            return standin.world.member_named(str(name))
        except KeyError:
            return None

    async def page(request: web.Request) -> web.Response:
        first = next(iter(people()), None)
        text = PAGE.format(
            title=html.escape(standin.world.guild_name),
            api=standin.api_base,
            gateway=standin.gateway_url,
            me=json.dumps(first.name if first else "").replace("<", "\\u003c"),
        )
        return web.Response(text=text, content_type="text/html")

    async def feed(request: web.Request) -> web.Response:
        seer = viewer(request.query.get("as"))
        return web.Response(text=feed_html(standin, seer), content_type="text/html")

    async def state(request: web.Request) -> web.Response:
        seer = viewer(request.query.get("as"))
        shown = places(standin, seer)
        return web.json_response(
            {
                "members": [m.name for m in people()],
                "places": [
                    {"id": str(c.id), "label": place_label(c), "thread": c.is_thread} for c in shown
                ],
                "feed": feed_html(standin, seer),
                "log": log_html(standin, seer),
            }
        )

    async def emoji(request: web.Request) -> web.StreamResponse:
        font = emoji_font()
        if font is None:
            return web.Response(status=404, text="no emoji font (set PLATEAU_EMOJI_FONT)")
        return web.FileResponse(font, headers={"Cache-Control": "max-age=86400"})

    async def fields(request: web.Request) -> dict[str, Any]:
        """An action's fields; refused when another site's page sends it (a browser names
        the page's origin): only this page acts as the members."""
        origin = request.headers.get("Origin")
        if origin and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="actions come from the stand-in's own page")
        if request.content_type == "application/json":
            return dict(await request.json())
        return dict(await request.post())

    def run(who: str | None, label: str, coro: Any) -> None:
        async def wrapped() -> None:
            try:
                await coro
            except AssertionError:
                pass  # the bot is still busy (a computer's game): the page shows what it does
            except Exception as error:  # shown on the page, not raised: a person is typing
                standin.page_log.append((who, f"{label}: refused: {error}"))

        task = asyncio.create_task(wrapped())
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    def answer(request: web.Request, **data: Any) -> web.StreamResponse:
        if request.content_type == "application/json":
            return web.json_response({"ok": True, **data})
        raise web.HTTPSeeOther("/_standin/")

    async def act(request: web.Request) -> web.StreamResponse:
        data = await fields(request)
        line = str(data.get("line", "")).strip()
        who = str(data.get("as") or "") or None
        try:
            if who is not None:
                line = f"{who}: {line}"
            name, where, kind, what, options = parse_line(line)
            channel: Channel | None
            if data.get("channel") and where is None:
                channel = standin.world.channel(int(str(data["channel"])))
            else:
                channel = standin.world.channel(where.strip()) if where else standin.page_channel
            if kind == "slash":
                run(name, line, standin.slash(name, channel, what, options))
            else:
                run(name, line, standin.say(name, channel, what))
        except (ValueError, KeyError) as error:
            standin.page_log.append((who, f"{line}: {error}"))
        return answer(request)

    async def press(request: web.Request) -> web.StreamResponse:
        data = await fields(request)
        who = str(data.get("as"))
        run(
            who,
            f"{who} presses {data.get('custom_id')}",
            standin.press(who, int(data["message"]), str(data["custom_id"])),
        )
        return answer(request)

    async def select(request: web.Request) -> web.StreamResponse:
        data = await fields(request)
        who, values = str(data.get("as")), [str(v) for v in data.get("values") or []]
        run(
            who,
            f"{who} picks {values} in {data.get('custom_id')}",
            standin.select(who, int(data["message"]), str(data["custom_id"]), values),
        )
        return answer(request)

    async def add_member(request: web.Request) -> web.StreamResponse:
        data = await fields(request)
        name = str(data.get("name") or "").strip()
        if not NAME.match(name):
            standin.page_log.append(
                (None, f"a member's name: 1-32 letters, digits, . @ - _ ({name!r})")
            )
            return web.json_response({"ok": False})
        locale = str(data.get("locale") or "")
        standin.member(name, locale=locale if LOCALE.match(locale) else "en-US")
        return answer(request, name=name)

    async def suggest(request: web.Request) -> web.Response:
        data = await fields(request)
        member, channel = viewer(data.get("as")), standin.page_channel  # first channel
        with contextlib.suppress(ValueError, KeyError):
            channel = standin.world.channel(int(str(data.get("channel"))))
        if member is None or channel is None:
            return web.json_response([])
        found = await suggestions(standin, member, channel, str(data.get("line") or ""))
        return web.json_response(found)

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
            standin.page_log.append((None, f"Discord fails: {status} on {where} ({seconds:g})"))
        except (ValueError, KeyError) as error:
            standin.page_log.append((None, f"fault: {error}"))
        return answer(request)

    app.router.add_get("/", page)
    app.router.add_get("/_standin/", page)
    app.router.add_get("/_standin/feed", feed)
    app.router.add_get("/_standin/state", state)
    app.router.add_get("/_standin/emoji.ttf", emoji)
    app.router.add_post("/_standin/act", act)
    app.router.add_post("/_standin/press", press)
    app.router.add_post("/_standin/select", select)
    app.router.add_post("/_standin/member", add_member)
    app.router.add_post("/_standin/suggest", suggest)
    app.router.add_post("/_standin/fault", fault)
