"""The provider contracts: every request a stub receives and every JSON answer it sends, checked against
the project's own JSON Schema files written from each provider's published API description.

The files are ``tests/fixtures/provider-schemas/<name>.json`` (draft 2020-12). Each names its source
document, commit and the date it was read (``source``); ``operations`` maps ``"METHOD /path/{param}"``
to a ``request`` body schema (absent: the operation takes no body) and ``responses`` per status code
(``null``: no body; ``default``: any error status the operation does not list); ``outside_spec`` lists
what no version of the spec describes (a retired version's 410, retired path prefixes); ``deviations``
records where the provider behaves differently from its spec, with the source that shows it.

Rules for answers (:meth:`Contract.check_response`):

* a plain-text answer is not checked (Vast documents its 429 as often plain text);
* a status under ``outside_spec.statuses`` is not checked;
* a scripted fault (a test's deliberate answer) is checked only when it is an error (status >= 400)
  with a JSON body, the client waits for it, and the spec documents that status (or a ``default``):
  faults with 2xx bodies are malformed on purpose, to test the client's defences;
* every other answer must be documented for its operation and status, and valid against its schema.

Validation is jsonschema's ``Draft202012Validator``; ``format`` is not asserted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "provider-schemas"
NAMES = ("runpod_v2", "vast", "lambda", "autodl")


class ContractViolation(AssertionError):
    """A stub received a request, or sent an answer, that its provider's spec does not allow."""


@dataclass(frozen=True)
class Violation:
    contract: str
    operation: str  # "GET /v2/pods/{id}", or the request line when no operation matched
    where: str  # "request body", "response 200", "request"
    json_path: str
    message: str
    source: str

    def __str__(self) -> str:
        return f"{self.operation} [{self.where}] at {self.json_path}: {self.message}\n    (schema: {self.source})"


def _pointer(*segments: str) -> str:
    """A JSON pointer as a URI fragment: ``/`` and ``~`` escaped per RFC 6901, the rest percent-encoded."""
    return "".join("/" + quote(s.replace("~", "~0").replace("/", "~1"), safe="~") for s in segments)


def _message(error: ValidationError) -> str:
    if error.context:  # anyOf / oneOf: say which branch came closest, and why it failed
        inner = best_match(error.context)
        return f"{error.message} (closest: {inner.json_path}: {inner.message})"
    return error.message


class Contract:
    """One provider's schema file, ready to check requests and answers."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.path = SCHEMA_DIR / f"{name}.json"
        self.document: dict[str, Any] = json.loads(self.path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(self.document)
        self.id: str = self.document["$id"]
        resource = Resource.from_contents(self.document, default_specification=DRAFT202012)
        self.registry: Registry = Registry().with_resource(self.id, resource)
        self.operations: dict[str, dict[str, Any]] = self.document["operations"]
        outside = self.document.get("outside_spec", {})
        self.outside_statuses = {int(s) for s in outside.get("statuses", {})}
        self.outside_prefixes = tuple(outside.get("path_prefixes", {}))
        # Literal templates before ones with parameters, so /instances/{id}/ssh/ never reads as /instances/{id}/.
        self._matchers = sorted(
            (
                (
                    key.split(" ", 1)[0],
                    re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(key.split(" ", 1)[1])) + "$"),
                    key,
                )
                for key in self.operations
            ),
            key=lambda m: m[2].count("{"),
        )
        self._validators: dict[tuple[str, ...], Draft202012Validator] = {}

    @property
    def source(self) -> str:
        src = self.document["source"]
        where = src.get("repository", "")
        if src.get("path"):
            where += f" {src['path']} @ {src['commit']}"
        elif src.get("files"):
            where += " (per-operation files and commits in the schema file)"
        elif src.get("official"):
            where = "; ".join(src["official"])
        return f"{self.path.name}: {src['document']} — {where}, read {src['read']}"

    def operation(self, method: str, path: str) -> str | None:
        for verb, pattern, key in self._matchers:
            if verb == method and pattern.match(path):
                return key
        return None

    def outside(self, path: str) -> bool:
        return any(path.startswith(prefix) for prefix in self.outside_prefixes)

    def _validator(self, *segments: str) -> Draft202012Validator:
        validator = self._validators.get(segments)
        if validator is None:
            ref = {"$ref": self.id + "#" + _pointer(*segments)}
            validator = Draft202012Validator(ref, registry=self.registry)
            self._validators[segments] = validator
        return validator

    def _validate(self, op: str, where: str, body: Any, *segments: str) -> list[Violation]:
        errors = sorted(self._validator(*segments).iter_errors(body), key=lambda e: list(e.absolute_path))
        return [Violation(self.name, op, where, e.json_path, _message(e), self.source) for e in errors]

    def check_request(self, method: str, path: str, body: Any) -> list[Violation]:
        if self.outside(path):
            return []
        op = self.operation(method, path)
        if op is None:
            line = f"{method} {path}"
            return [Violation(self.name, line, "request", "$", "no such operation in the spec", self.source)]
        spec = self.operations[op]
        if "request" not in spec:
            if body is not None:
                return [Violation(self.name, op, "request body", "$", "the operation takes no body", self.source)]
            return []
        if body is None:
            return [Violation(self.name, op, "request body", "$", "the operation needs a JSON body", self.source)]
        return self._validate(op, "request body", body, "operations", op, "request")

    def check_response(
        self,
        method: str,
        path: str,
        status: int,
        body: Any,
        *,
        text: bool = False,
        fault: bool = False,
    ) -> list[Violation]:
        if text or status in self.outside_statuses or self.outside(path):
            return []
        op = self.operation(method, path)
        if op is None:
            return []  # the request is already a violation
        if fault and (status < 400 or body is None):
            return []
        responses = self.operations[op]["responses"]
        key = (
            str(status) if str(status) in responses else "default" if status >= 400 and "default" in responses else None
        )
        where = f"response {status}"
        if key is None:
            if fault:
                return []  # a deliberate error the spec does not describe for this operation
            return [Violation(self.name, op, where, "$", "status not documented for this operation", self.source)]
        if responses[key] is None:
            if body is None:
                return []
            return [Violation(self.name, op, where, "$", "the spec says this answer has no body", self.source)]
        if body is None:
            return [Violation(self.name, op, where, "$", "the spec says this answer has a JSON body", self.source)]
        return self._validate(op, where, body, "operations", op, "responses", key)


@cache
def load(name: str) -> Contract:
    return Contract(name)


def report(violations: list[Violation]) -> str:
    lines = [f"{len(violations)} contract violation(s) — the stub or the client left its provider's spec:"]
    seen: set[str] = set()
    for v in violations:
        text = str(v)
        if text not in seen:  # a poll loop repeats the same one
            seen.add(text)
            lines.append("  " + text)
    return "\n".join(lines)
