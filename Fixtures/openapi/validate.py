"""Validates recorded exchanges with slp serve against docs/openapi.yaml, with openapi-core.

Usage: validate.py SPEC EXCHANGES. EXCHANGES is a JSON array of
{"method", "target", "requestHeaders", "requestBody", "status", "responseHeaders",
"responseBody", "checkRequest"}; bodies are text. Prints one line per exchange that does not
hold (method, target, status and what openapi-core found) and exits 1 if any; else prints the
number validated.
"""
import json
import sys
from urllib.parse import parse_qs, urlsplit

import yaml
from openapi_core import OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.testing import MockRequest, MockResponse
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.datastructures import Headers, ImmutableMultiDict

METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]


def reasons(error):
    """openapi-core's error and the schema errors under it, as one line."""
    parts = [str(error)]
    for inner in getattr(error, "schema_errors", None) or []:
        parts.append(getattr(inner, "message", str(inner)))
    cause = error.__cause__
    if cause is not None:
        parts.append(str(cause))
        for inner in getattr(cause, "schema_errors", None) or []:
            parts.append(getattr(inner, "message", str(inner)))
    unique = list(dict.fromkeys(part.replace("\n", " ")[:400] for part in parts))
    return "; ".join(unique)


def header(headers, name):
    for key, value in headers:
        if key.lower() == name.lower():
            return value
    return None


def outside(document, exchange, path, error):
    """What is wrong with the answer to a path (404) or a method (405) the document does not
    have: it must be slp's error object, and a 405's `Allow` the document's methods."""
    registry = Registry().with_resource("urn:slp", Resource.from_contents(document, default_specification=DRAFT202012))
    validator = OAS31Validator({"$ref": "urn:slp#/components/schemas/Error"}, registry=registry)
    try:
        body = json.loads(exchange["responseBody"])
    except ValueError:
        return "not a JSON error object"
    found = [inner.message for inner in validator.iter_errors(body)]
    if isinstance(error, PathNotFound) and exchange["status"] != 404:
        found.append(f"a path the document does not have answered {exchange['status']}")
    if isinstance(error, OperationNotFound):
        documented = next((item for template, item in document["paths"].items() if template.rstrip("/") == path.rstrip("/")), {})
        methods = sorted(method.upper() for method in documented if method in METHODS)
        allowed = sorted(part.strip() for part in (header(exchange["responseHeaders"], "Allow") or "").split(",") if part.strip())
        if exchange["status"] != 405 or allowed != methods:
            found.append(f"a method the document does not have answered {exchange['status']} with Allow {allowed}, not 405 with {methods}")
    return "; ".join(found)


def main():
    openapi = OpenAPI.from_file_path(sys.argv[1])
    with open(sys.argv[1], encoding="utf-8") as file:
        document = yaml.safe_load(file)
    with open(sys.argv[2], encoding="utf-8") as file:
        exchanges = json.load(file)
    failures = []
    for exchange in exchanges:
        target = urlsplit(exchange["target"])
        query = ImmutableMultiDict(
            [(key, value) for key, values in parse_qs(target.query, keep_blank_values=True).items() for value in values])
        request_headers = Headers(exchange["requestHeaders"])
        request = MockRequest(
            "http://127.0.0.1:1210", exchange["method"].lower(), target.path, args=query, headers=request_headers,
            data=exchange["requestBody"].encode(),
            content_type=header(exchange["requestHeaders"], "Content-Type") or "application/x-www-form-urlencoded")
        response_headers = Headers(exchange["responseHeaders"])
        response = MockResponse(
            exchange["responseBody"].encode(), status_code=exchange["status"], headers=response_headers,
            content_type=header(exchange["responseHeaders"], "Content-Type") or "")
        label = f'{exchange["method"]} {exchange["target"][:80]} -> {exchange["status"]}'
        if exchange.get("checkRequest"):
            try:
                openapi.validate_request(request)
            except Exception as error:  # noqa: BLE001 - every finding is reported the same way
                failures.append(f"{label}: request: {reasons(error)}")
        try:
            openapi.validate_response(request, response)
        except (PathNotFound, OperationNotFound) as error:
            if problem := outside(document, exchange, target.path, error):
                failures.append(f"{label}: response: {problem}")
        except Exception as error:  # noqa: BLE001
            failures.append(f"{label}: response: {reasons(error)} body: {exchange['responseBody'][:200]}")
    for failure in failures:
        print(failure)
    if failures:
        sys.exit(1)
    print(len(exchanges))


main()
