"""Texts the Qt-free core shows to people, kept translatable.

The core cannot call ``tr()``. A :class:`Msg` *is* the English text (a ``str``: the command line,
its ``--json`` output, logs and comparisons see exactly what they saw before) and also remembers
its translation context, its ``str.format`` template and the values filled in. The UI translates
the template and formats it again with the same values (``gpudesk.ui.i18n.tr_msg``); values that
are themselves a ``Msg`` are translated too.

``packaging/gen_core_strings.py`` finds every ``msg("Context", "template", ...)`` call in
gpudesk/core and lists it for lupdate, so context and template must be string literals.
Plurals: phrase around them ("GPU(s)") or pick one of two templates in code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class Msg(str):
    """English text that the UI can show in another language (see the module docstring)."""

    context: str  # "" for a pure arrangement of other texts (see join); its template is not translated
    template: str
    args: dict[str, object]

    def __new__(cls, context: str, template: str, args: Mapping[str, object] | None = None) -> Msg:
        values = dict(args or {})
        self = super().__new__(cls, template.format(**values))
        self.context = context
        self.template = template
        self.args = values
        return self

    # A Msg never changes after it is made, so copies (dataclasses.asdict deep-copies) can share it.
    def __copy__(self) -> Msg:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Msg:
        return self

    def __reduce__(self) -> tuple[type[Msg], tuple[str, str, dict[str, object]]]:
        return (Msg, (self.context, self.template, self.args))


def msg(context: str, template: str, /, **args: object) -> Msg:
    """``msg("Planner", "Fits: {need} of {vram:.0f} GB per GPU", need=..., vram=...)``: literal context and template."""
    return Msg(context, template, args)


def join(separator: str, parts: Iterable[object]) -> Msg:
    """``separator.join(parts)`` that keeps each part translatable; a Msg separator (``msg("Ctx", "; ")``) is too."""
    items = list(parts)
    values: dict[str, object] = {f"p{i}": item for i, item in enumerate(items)}
    if isinstance(separator, Msg):
        values["sep"] = separator
        glue = "{sep}"
    else:
        glue = separator.replace("{", "{{").replace("}", "}}")
    return Msg("", glue.join(f"{{p{i}}}" for i in range(len(items))), values)


def concat(*parts: object) -> Msg:
    """Texts one after the other, each kept translatable."""
    return join("", parts)


def message_of(exc: BaseException) -> str:
    """``str(exc)``, but still the Msg it was raised with (so it stays translatable) when there is one."""
    text = str(exc)
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) and str(first) == text else text


__all__ = ["Msg", "concat", "join", "message_of", "msg"]
