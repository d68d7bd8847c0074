"""Discord's documented rules and the error bodies Discord answers when they are broken.

Everything here is pure: functions take JSON-like payloads and raise :class:`DiscordError`
with the status, code, message and ``errors`` tree Discord would send. The numbers come
from Discord's developer documentation (application commands, messages, components,
interactions, permissions)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Files

# ---------------------------------------------------------------- permission bits

CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
PIN_MESSAGES = 1 << 51
ALL_PERMISSIONS = (1 << 53) - 1

#: Reading, posting, attaching and reacting: what every member, the bot and a DM allow.
CHAT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | EMBED_LINKS
    | ATTACH_FILES
    | USE_EXTERNAL_EMOJIS
)
#: What an ordinary member may do in a channel.
MEMBER_PERMISSIONS = (
    CHAT_PERMISSIONS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
    | CHANGE_NICKNAME
    | CREATE_INSTANT_INVITE
)
#: A DM channel: the bot may post, attach, pin and read, never moderate.
DM_PERMISSIONS = CHAT_PERMISSIONS | PIN_MESSAGES
#: What a bot like Plateau is invited with: what a DM allows, plus threads and moderation.
BOT_PERMISSIONS = (
    DM_PERMISSIONS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
    | MANAGE_MESSAGES
    | MANAGE_THREADS
)

PERMISSION_NAMES = {
    VIEW_CHANNEL: "VIEW_CHANNEL",
    SEND_MESSAGES: "SEND_MESSAGES",
    MANAGE_MESSAGES: "MANAGE_MESSAGES",
    EMBED_LINKS: "EMBED_LINKS",
    ATTACH_FILES: "ATTACH_FILES",
    READ_MESSAGE_HISTORY: "READ_MESSAGE_HISTORY",
    ADD_REACTIONS: "ADD_REACTIONS",
    MANAGE_CHANNELS: "MANAGE_CHANNELS",
    MANAGE_THREADS: "MANAGE_THREADS",
    CREATE_PUBLIC_THREADS: "CREATE_PUBLIC_THREADS",
    CREATE_PRIVATE_THREADS: "CREATE_PRIVATE_THREADS",
    SEND_MESSAGES_IN_THREADS: "SEND_MESSAGES_IN_THREADS",
    PIN_MESSAGES: "PIN_MESSAGES",
}


def as_bits(value: Any) -> int:
    """Permissions as an int, from an int or anything with ``.value`` (discord.Permissions)."""
    return int(getattr(value, "value", value))


# ---------------------------------------------------------------- message flags, sizes

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15
MIB = 1024 * 1024
DEFAULT_SIZE_LIMIT = 10 * MIB
INITIAL_RESPONSE_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60.0

# ---------------------------------------------------------------- errors


@dataclass
class DiscordError(Exception):
    """An error answer: HTTP ``status`` and Discord's JSON body."""

    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    #: whether this refusal is the bot's fault (recorded in ``standin.violations``)
    violation: bool = True
    #: what exactly was wrong, for the violation record (not sent to the bot)
    detail: str = ""

    def __post_init__(self) -> None:
        super().__init__(f"{self.status} {self.code} {self.message}")

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            out["errors"] = self.errors
        return out


def field_error(code: str, message: str) -> dict[str, Any]:
    return {"_errors": [{"code": code, "message": message}]}


@dataclass
class ErrorTree:
    """Collects per-field errors in Discord's nested ``errors`` shape."""

    tree: dict[str, Any] = field(default_factory=dict)

    def add(self, path: tuple[Any, ...], code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)

    def raise_if_any(self) -> None:
        if self.tree:
            raise invalid_form(self.tree)


def invalid_form(errors: dict[str, Any]) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", errors)


def permission_names(bits: int) -> str:
    names = [name for bit, name in PERMISSION_NAMES.items() if bits & bit]
    return "|".join(names) or hex(bits)


def missing_permissions(needed: int, where: str) -> DiscordError:
    detail = f"the bot lacks {permission_names(needed)} in {where}"
    return DiscordError(403, 50013, "Missing Permissions", detail=detail)


def missing_access(where: str) -> DiscordError:
    return DiscordError(403, 50001, "Missing Access", detail=f"the bot cannot see {where}")


def unknown(what: str) -> DiscordError:
    codes = {
        "Channel": 10003,
        "Message": 10008,
        "User": 10013,
        "Webhook": 10015,
        "Interaction": 10062,
        "Member": 10007,
        "Guild": 10004,
        "Application": 10002,
        "Application Command": 10063,
        "Attachment": 10060,
    }
    return DiscordError(404, codes.get(what, 10000), f"Unknown {what}")


def cannot_dm(who: str) -> DiscordError:
    # Not the bot's fault: a member may close DMs at any time; the bot must cope.
    return DiscordError(
        403, 50007, "Cannot send messages to this user", violation=False, detail=f"{who}'s DMs"
    )


# ---------------------------------------------------------------- application commands

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)
CHOICE_TYPES = (STRING, INTEGER, NUMBER)
MAX_COMMAND_SIZE = 8000


def _name_char_ok(ch: str) -> bool:
    if ch in "-_":
        return True
    if 0x0900 <= ord(ch) <= 0x097F or 0x0E00 <= ord(ch) <= 0x0E7F:  # \p{sc=Deva}, \p{sc=Thai}
        return True
    return unicodedata.category(ch)[0] in "LN"


def valid_command_name(name: Any, *, chat_input: bool = True) -> bool:
    """``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where the script has
    case (chat-input commands and options); context menus allow spaces and capitals."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return False
    if not chat_input:
        return True
    return all(_name_char_ok(ch) and ch.lower() == ch for ch in name)


def _longest(base: Any, localizations: Any) -> int:
    sizes = [len(base or "")]
    sizes += [len(v or "") for v in (localizations or {}).values()]
    return max(sizes)


def command_size(command: dict[str, Any]) -> int:
    """Names, descriptions, choice names and values, each string counted at its longest
    localisation: the measure Discord caps at 8,000."""

    def option_size(option: dict[str, Any]) -> int:
        total = _longest(option.get("name"), option.get("name_localizations"))
        total += _longest(option.get("description"), option.get("description_localizations"))
        for choice in option.get("choices") or []:
            total += _longest(choice.get("name"), choice.get("name_localizations"))
            total += len(str(choice.get("value", "")))
        for child in option.get("options") or []:
            total += option_size(child)
        return total

    return option_size(command)


def _check_text(
    errors: ErrorTree, path: tuple[Any, ...], key: str, value: Any, locs: Any, low: int, high: int
) -> None:
    def bad(text: Any) -> bool:
        return not isinstance(text, str) or not low <= len(text) <= high

    message = f"Must be between {low} and {high} in length."
    if bad(value):
        errors.add((*path, key), "BASE_TYPE_BAD_LENGTH", message)
    for locale, text in (locs or {}).items():
        if bad(text):
            errors.add((*path, f"{key}_localizations", locale), "BASE_TYPE_BAD_LENGTH", message)


def _check_name(
    errors: ErrorTree, path: tuple[Any, ...], item: dict[str, Any], chat_input: bool
) -> None:
    message = "Command name is invalid"
    if not valid_command_name(item.get("name"), chat_input=chat_input):
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", message)
    for locale, text in (item.get("name_localizations") or {}).items():
        if not valid_command_name(text, chat_input=chat_input):
            code = "APPLICATION_COMMAND_INVALID_NAME"
            errors.add((*path, "name_localizations", locale), code, message)


def _check_duplicates(
    errors: ErrorTree, path: tuple[Any, ...], items: list[dict[str, Any]]
) -> None:
    seen: set[str] = set()
    for index, item in enumerate(items):
        name = item.get("name")
        if not isinstance(name, str):
            continue
        if name in seen:
            code = "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"
            errors.add((*path, index, "name"), code, "Option names must be unique")
        seen.add(name)


def _check_options(
    errors: ErrorTree, path: tuple[Any, ...], options: list[dict[str, Any]], depth: int
) -> None:
    if len(options) > 25:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    _check_duplicates(errors, path, options)
    kinds = {o.get("type") for o in options}
    if kinds & {SUB_COMMAND, SUB_COMMAND_GROUP} and kinds - {SUB_COMMAND, SUB_COMMAND_GROUP}:
        errors.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all "
            "other types",
        )
    optional_seen = False
    for index, option in enumerate(options):
        here = (*path, index)
        kind = option.get("type")
        _check_name(errors, here, option, True)
        _check_text(
            errors,
            here,
            "description",
            option.get("description"),
            option.get("description_localizations"),
            1,
            100,
        )
        if kind == SUB_COMMAND_GROUP and depth > 0:
            errors.add((*here, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Invalid type")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            children = option.get("options") or []
            if kind == SUB_COMMAND_GROUP and any(c.get("type") != SUB_COMMAND for c in children):
                errors.add(
                    (*here, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A sub-command group may only hold sub-commands",
                )
            _check_options(errors, (*here, "options"), children, depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                errors.add(
                    (*here, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if choices and kind not in CHOICE_TYPES:
            errors.add((*here, "choices"), "BASE_TYPE_CHOICES", "Choices are not allowed here")
        if choices and option.get("autocomplete"):
            errors.add(
                (*here, "autocomplete"),
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                "Autocomplete cannot be set with choices",
            )
        if len(choices) > 25:
            errors.add((*here, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for cindex, choice in enumerate(choices):
            cpath = (*here, "choices", cindex)
            _check_text(
                errors, cpath, "name", choice.get("name"), choice.get("name_localizations"), 1, 100
            )
            value = choice.get("value")
            if kind == STRING and not (isinstance(value, str) and 1 <= len(value) <= 100):
                errors.add(
                    (*cpath, "value"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
                errors.add((*cpath, "value"), "NUMBER_TYPE_COERCE", "Value is not int.")
            if kind == NUMBER and not isinstance(value, (int, float)):
                errors.add((*cpath, "value"), "NUMBER_TYPE_COERCE", "Value is not float.")


def check_commands(commands: Any) -> None:
    """Validate a bulk overwrite (``PUT .../commands``) as Discord does; raise 400 50035."""
    errors = ErrorTree()
    if not isinstance(commands, list):
        raise invalid_form(field_error("BASE_TYPE_ARRAY", "Must be an array."))
    if len(commands) > 200:
        errors.add((), "BASE_TYPE_MAX_LENGTH", "Must be 200 or fewer in length.")
    seen: set[tuple[Any, Any]] = set()
    for index, command in enumerate(commands):
        check_command(command, errors, (index,))
        key = (command.get("type", CHAT_INPUT), command.get("name"))
        if key in seen:
            errors.add(
                (index, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        seen.add(key)
    errors.raise_if_any()


def check_command(
    command: dict[str, Any], errors: ErrorTree | None = None, path: tuple[Any, ...] = ()
) -> None:
    """One command; with ``errors`` given, add to it instead of raising."""
    own = errors if errors is not None else ErrorTree()
    kind = command.get("type", CHAT_INPUT)
    chat_input = kind == CHAT_INPUT
    _check_name(own, path, command, chat_input)
    if chat_input:
        _check_text(
            own,
            path,
            "description",
            command.get("description"),
            command.get("description_localizations"),
            1,
            100,
        )
        _check_options(own, (*path, "options"), command.get("options") or [], 0)
    elif command.get("description") or command.get("options"):
        own.add((*path, "description"), "BASE_TYPE_BAD_LENGTH", "Must be 0 in length.")
    if command_size(command) > MAX_COMMAND_SIZE:
        own.add(path, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (8000)")
    if errors is None:
        own.raise_if_any()


# ---------------------------------------------------------------- messages

BUTTON, SELECTS = 2, (3, 5, 6, 7, 8)
ACTION_ROW, TEXT_INPUT, LABEL = 1, 4, 18


def _check_components(errors: ErrorTree, components: list[dict[str, Any]], v2: bool) -> None:
    """Action rows of buttons and selects (and a light pass over Components V2)."""
    custom_ids: set[str] = set()
    if not v2 and len(components) > 5:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    total = 0

    def visit(component: dict[str, Any], path: tuple[Any, ...]) -> None:
        nonlocal total
        total += 1
        kind = component.get("type")
        if kind == ACTION_ROW:
            children = component.get("components") or []
            buttons = [c for c in children if c.get("type") == BUTTON]
            selects = [c for c in children if c.get("type") in SELECTS]
            if len(children) > 5:
                errors.add(
                    (*path, "components"), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."
                )
            if selects and (buttons or len(selects) > 1):
                errors.add(
                    (*path, "components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            if not children:
                errors.add(
                    (*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                )
        if kind == BUTTON:
            style = component.get("style")
            label = component.get("label")
            if label is not None and len(label) > 80:
                errors.add(
                    (*path, "label"), "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length."
                )
            if style == 5 and not component.get("url"):
                errors.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
            if style not in (5, 6) and not component.get("custom_id"):
                errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        if kind in SELECTS:
            options = component.get("options") or []
            if kind == 3 and not 1 <= len(options) <= 25:
                errors.add(
                    (*path, "options"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                )
            placeholder = component.get("placeholder")
            if placeholder is not None and len(placeholder) > 150:
                errors.add(
                    (*path, "placeholder"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 150 or fewer in length.",
                )
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= 100:
                errors.add(
                    (*path, "custom_id"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if custom_id in custom_ids:
                errors.add(
                    (*path, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            custom_ids.add(custom_id)
        for index, child in enumerate(component.get("components") or []):
            visit(child, (*path, "components", index))
        if isinstance(component.get("accessory"), dict):
            visit(component["accessory"], (*path, "accessory"))

    for index, component in enumerate(components):
        visit(component, ("components", index))
    if v2 and total > 40:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in length.")


def _check_embeds(errors: ErrorTree, embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > 10:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for index, embed in enumerate(embeds):
        path = ("embeds", index)

        def limit(value: Any, high: int, *keys: Any, path: tuple[Any, ...] = path) -> None:
            nonlocal total
            if value is None:
                return
            total += len(str(value))
            if len(str(value)) > high:
                errors.add(
                    (*path, *keys), "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length."
                )

        limit(embed.get("title"), 256, "title")
        limit(embed.get("description"), 4096, "description")
        limit((embed.get("footer") or {}).get("text"), 2048, "footer", "text")
        limit((embed.get("author") or {}).get("name"), 256, "author", "name")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add((*path, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for findex, item in enumerate(fields):
            limit(item.get("name"), 256, "fields", findex, "name")
            limit(item.get("value"), 1024, "fields", findex, "value")
    if total > 6000:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )


def check_message(
    body: dict[str, Any],
    files: Files,
    *,
    size_limit: int,
    kept_attachments: int = 0,
) -> None:
    """A message to create or the result of an edit; raises Discord's answer."""
    for name, data in files:
        if len(data) > size_limit:
            detail = f"{name} is {len(data)} bytes, over the {size_limit}-byte limit"
            raise DiscordError(413, 40005, "Request entity too large", detail=detail)
    errors = ErrorTree()
    content = body.get("content")
    if content is not None and len(str(content)) > 2000:
        errors.add(("content",), "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    if len(files) + kept_attachments > 10:
        errors.add(("attachments",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for index, entry in enumerate(body.get("attachments") or []):
        # An attachment's description (its alt text): at most 1,024 characters.
        said = entry.get("description") if isinstance(entry, dict) else None
        if said is not None and len(str(said)) > 1024:
            errors.add(
                ("attachments", index, "description"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 1024 or fewer in length.",
            )
    v2 = bool((body.get("flags") or 0) & IS_COMPONENTS_V2)
    if v2 and (content or body.get("embeds")):
        errors.add(
            ("content",),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used when using MessageFlags."
            "IS_COMPONENTS_V2",
        )
    _check_components(errors, body.get("components") or [], v2)
    _check_embeds(errors, body.get("embeds") or [])
    errors.raise_if_any()
    empty = not (
        content
        or files
        or kept_attachments
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
    )
    if empty:
        raise DiscordError(400, 50006, "Cannot send an empty message")


def check_choices(choices: Any) -> None:
    """An autocomplete answer: at most 25 choices, names 1-100 characters."""
    errors = ErrorTree()
    if not isinstance(choices, list):
        errors.add(("data", "choices"), "BASE_TYPE_ARRAY", "Must be an array.")
        errors.raise_if_any()
    if len(choices) > 25:
        errors.add(("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, choice in enumerate(choices):
        _check_text(
            errors,
            ("data", "choices", index),
            "name",
            choice.get("name"),
            choice.get("name_localizations"),
            1,
            100,
        )
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            errors.add(
                ("data", "choices", index, "value"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 100 or fewer in length.",
            )
    errors.raise_if_any()


def check_modal(data: dict[str, Any]) -> None:
    """A modal (callback type 9): a title up to 45, a custom_id, 1-5 top-level components."""
    errors = ErrorTree()
    title = data.get("title")
    if not isinstance(title, str) or not 1 <= len(title) <= 45:
        errors.add(("data", "title"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
        errors.add(
            ("data", "custom_id"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
        )
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.add(
            ("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
    errors.raise_if_any()
