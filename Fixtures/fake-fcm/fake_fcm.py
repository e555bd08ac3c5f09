#!/usr/bin/env python3
"""A fake Firebase Cloud Messaging (HTTP v1) and Google OAuth token endpoint for slp's tests.

It checks every request as Google would and can be told, per test, how to answer.

Run:
    fake_fcm.py --cert SERVER.pem --key SERVER.key --service-account SA.json
                [--log FILE] [--control FILE] [--max-streams N] [--lifeline]
                [--port P --reuse-port]

HTTPS on 127.0.0.1, on a port it picks (or P); its first line on stdout is `listening 127.0.0.1:PORT`.
--reuse-port: several of these processes share port P (SO_REUSEPORT: the kernel spreads the
connections), for a load one Python process cannot carry (slp-bench --pushes). Their access
tokens are then signed with a key drawn from SA.json's, so that each accepts what another
issued (`revoke_tokens` does not refuse them), and `/_control`, `/_log` reach only the
process that gets them: give each its --control FILE and --log FILE.
TLS offers HTTP/2 (h2, through the h2 package) and HTTP/1.1 by ALPN; libcurl and curl take h2.
SERVER.pem is a certificate for IP 127.0.0.1 from a CA the test makes, e.g.:
    openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 1 -subj /CN=test-ca
    openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 1 \
        -extfile <(echo subjectAltName=IP:127.0.0.1) -out server.pem
and the client trusts it through SSL_CERT_FILE=ca.pem. SA.json is the service account the client
uses (its token_uri `https://127.0.0.1:PORT/token`); it is read at each token request, so a test
may write it once it knows the port. --lifeline: exit when standard input closes.

Endpoints:
    POST /token   form grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=JWT.
        The JWT's RS256 signature is checked against SA.json's key, its header (alg RS256, typ JWT,
        kid = private_key_id) and claims (iss = client_email, scope firebase.messaging,
        aud = token_uri, iat within 5 min of now, exp > now, exp - iat <= 3600). Answers
        {"access_token", "expires_in": token_lifetime, "token_type": "Bearer"}, else 400
        invalid_grant.
    POST /v1/projects/{project_id}/messages:send
        Checks, in this order: down -> 503 UNAVAILABLE; the bearer (issued, unexpired, not
        revoked) -> 401 UNAUTHENTICATED (no FcmError detail); the project; the message (only
        string data values, exactly one routing key of studyRequest/studyAccepted/dodge/matched,
        matched = "1" with Uid, Nick, body, notification title and body, apns headers
        apns-priority 10, apns-push-type alert, apns-collapse-id of 1 to 64 bytes, aps sound
        default, android priority high, the APNs payload {"aps":{"alert":{title,body},
        "sound":"default"}, data...} at most 4096 bytes) -> 400 INVALID_ARGUMENT (and a
        "rejections" entry); then the device token's rule, then the script; else 200 {"name"}
        and the message is recorded (unless validate_only).
    POST /_control   a JSON object, applied in this order (the same as --control FILE at start):
        "reset": true          forget rules, script, delay, downtime, records and counters
        "token_lifetime": S    expires_in of tokens issued from now on (default 3600)
        "revoke_tokens": true  every access token issued so far is refused from now on
        "delay_ms": N          every answer (token and send) waits N ms first
        "gather": N            each send also waits until N sends are being handled at once
                               (20 s at most): proves N in flight without timing (0: off)
        "down_for": S          for S seconds every token and send request gets 503 UNAVAILABLE
        "tokens": {"DEVICE": ANSWER}   how sends to that device token are answered, until reset
        "script": [ANSWER, ...]        the next sends' answers, one each, in order (appended)
      ANSWER: {"status": 503, "retry_after": 2, "error_code": "UNAVAILABLE", "count": 3,
               "cut": true, "delay_ms": N, "message": "..."}
        status, with an FcmError errorCode (error_code; omitted: no detail), the canonical status
        (error_status; default from the HTTP status) and error.message (message); "cut": the
        connection is closed without an answer (over HTTP/2, with every other request on it);
        "count": the answer repeated (script only).
    GET /_log   {"messages": [{"time", "project", "message"}...accepted], "received": [{"time",
        "token", "status"}... every send answered], "rejections": [reason...], "tokens_issued",
        "token_requests", "max_concurrency" (sends being handled at once, at most), "cut"}
--log FILE also gets each accepted message as one JSON line, as it is accepted, with "arrived":
the time its request was read, before any delay.
"""

import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import re
import secrets
import ssl
import sys
import time
import urllib.parse

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

SCOPE = "https://www.googleapis.com/auth/firebase.messaging"
JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"
ROUTES = ("studyRequest", "studyAccepted", "dodge", "matched")
FCM_ERROR = "type.googleapis.com/google.firebase.fcm.v1.FcmError"
STATUS_NAMES = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}
CUT = object()


class Rejected(Exception):
    pass


class FakeFCM:
    def __init__(self, service_account_path, log_path, shared_tokens=False):
        self.service_account_path = service_account_path
        self.shared_tokens = shared_tokens
        self.log_file = open(log_path, "a", encoding="utf-8") if log_path else None
        self.reset()

    def reset(self):
        self.token_lifetime = 3600
        self.tokens = {}  # access token -> expiry (monotonic)
        self.delay_ms = 0
        self.gather, self.gathered = 0, asyncio.Event()
        self.down_until = 0.0
        self.device_rules = {}
        self.script = []
        self.messages, self.received, self.rejections = [], [], []
        self.token_requests = self.tokens_issued = self.in_flight = self.max_concurrency = self.cut = 0

    def control(self, order):
        if order.get("reset"):
            self.reset()
        self.token_lifetime = int(order.get("token_lifetime", self.token_lifetime))
        if order.get("revoke_tokens"):
            self.tokens.clear()
        self.delay_ms = int(order.get("delay_ms", self.delay_ms))
        self.gather = int(order.get("gather", self.gather))
        if "down_for" in order:
            self.down_until = time.monotonic() + float(order["down_for"])
        self.device_rules.update(order.get("tokens", {}))
        for answer in order.get("script", []):
            self.script.extend([answer] * int(answer.get("count", 1)))

    def log(self):
        return {"messages": self.messages, "received": self.received, "rejections": self.rejections,
                "tokens_issued": self.tokens_issued, "token_requests": self.token_requests,
                "max_concurrency": self.max_concurrency, "cut": self.cut}

    async def handle(self, method, path, headers, body):
        """(status, extra headers, JSON value) or CUT."""
        if method == "POST" and path == "/_control":
            self.control(json.loads(body or b"{}"))
            return 200, {}, {}
        if method == "GET" and path == "/_log":
            return 200, {}, self.log()
        if method == "POST" and path == "/token":
            self.token_requests += 1
            await asyncio.sleep(self.delay_ms / 1000)
            if time.monotonic() < self.down_until:
                return error(503)
            return self.issue_token(body)
        match = re.fullmatch(r"/v1/projects/([^/]+)/messages:send", path)
        if method == "POST" and match:
            arrived = time.time()
            self.in_flight += 1
            self.max_concurrency = max(self.max_concurrency, self.in_flight)
            if self.in_flight >= self.gather:
                self.gathered.set()
            try:
                if self.gather:
                    try:
                        await asyncio.wait_for(self.gathered.wait(), 20)
                    except TimeoutError:
                        pass
                await asyncio.sleep(self.delay_ms / 1000)
                return await self.send(match.group(1), headers, body, arrived)
            finally:
                self.in_flight -= 1
        return error(404, message="no such endpoint")

    def issue_token(self, body):
        try:
            form = urllib.parse.parse_qs(body.decode(), strict_parsing=True)
            if form.get("grant_type") != [JWT_BEARER] or len(form.get("assertion", [])) != 1:
                raise Rejected("not a jwt-bearer grant with one assertion")
            check_assertion(form["assertion"][0], self.service_account())
        except (Rejected, ValueError, KeyError, InvalidSignature) as fault:
            self.rejections.append("token: " + (str(fault) or type(fault).__name__))
            return 400, {}, {"error": "invalid_grant", "error_description": "Invalid JWT"}
        token = self.shared_token(time.time() + self.token_lifetime) if self.shared_tokens else secrets.token_urlsafe(32)
        self.tokens[token] = time.monotonic() + self.token_lifetime
        self.tokens_issued += 1
        return 200, {}, {"access_token": token, "expires_in": self.token_lifetime, "token_type": "Bearer"}

    def shared_token(self, expires):
        """An access token any process of the same service account accepts until `expires`."""
        claim = f"{int(expires * 1000)}.{secrets.token_urlsafe(8)}"
        key = hashlib.sha256(self.service_account()["private_key"].encode()).digest()
        return claim + "." + hmac.new(key, claim.encode(), hashlib.sha256).hexdigest()

    def valid_token(self, token):
        if token is None:
            return False
        if self.tokens.get(token, 0) > time.monotonic():
            return True
        if not self.shared_tokens or token.count(".") != 2:
            return False
        claim, signature = token.rsplit(".", 1)
        key = hashlib.sha256(self.service_account()["private_key"].encode()).digest()
        if not hmac.compare_digest(signature, hmac.new(key, claim.encode(), hashlib.sha256).hexdigest()):
            return False
        self.tokens[token] = time.monotonic() + int(claim.split(".")[0]) / 1000 - time.time()
        return self.tokens[token] > time.monotonic()

    def service_account(self):
        with open(self.service_account_path, encoding="utf-8") as file:
            return json.load(file)

    async def send(self, project, headers, body, arrived):
        if time.monotonic() < self.down_until:
            return self.answered(None, error(503))
        authorization = headers.get("authorization", "")
        token = authorization[len("Bearer "):] if authorization.startswith("Bearer ") else None
        if not self.valid_token(token):
            return self.answered(None, error(401, message="Request had invalid authentication credentials."))
        try:
            request = json.loads(body)
            if project != self.service_account()["project_id"]:
                return self.answered(None, error(404, message="Requested entity was not found."))
            message = check_message(request)
        except (Rejected, ValueError, KeyError, TypeError, AttributeError) as fault:
            self.rejections.append("message: " + str(fault))
            return self.answered(None, error(400, message=str(fault)))
        answer = self.device_rules.get(message["token"]) or (self.script.pop(0) if self.script else None)
        if answer is not None:
            if answer.get("delay_ms"):
                await asyncio.sleep(answer["delay_ms"] / 1000)
            if answer.get("cut"):
                self.cut += 1
                self.received.append({"time": time.time(), "token": message["token"], "status": "cut"})
                return CUT
            if answer.get("status", 200) != 200:
                extra = {"retry-after": str(answer["retry_after"])} if "retry_after" in answer else {}
                status, _, value = error(answer["status"], answer.get("error_code"), answer.get("error_status"),
                                         answer.get("message", "fake error"))
                return self.answered(message["token"], (status, extra, value))
        if not request.get("validate_only"):
            record = {"time": time.time(), "arrived": arrived, "project": project, "message": message}
            self.messages.append(record)
            if self.log_file:
                self.log_file.write(json.dumps(record, ensure_ascii=False) + "\n")
                self.log_file.flush()
        name = f"projects/{project}/messages/{len(self.messages)}"
        return self.answered(message["token"], (200, {}, {"name": name}))

    def answered(self, token, answer):
        self.received.append({"time": time.time(), "token": token, "status": answer[0]})
        return answer


def error(status, error_code=None, error_status=None, message="fake error"):
    value = {"error": {"code": status, "message": message, "status": error_status or STATUS_NAMES.get(status, "UNKNOWN")}}
    if error_code:
        value["error"]["details"] = [{"@type": FCM_ERROR, "errorCode": error_code}]
    return status, {}, value


def unbase64(part):
    if not re.fullmatch(r"[A-Za-z0-9_-]*", part):
        raise Rejected("not base64url")
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def check_assertion(assertion, account):
    parts = assertion.split(".")
    if len(parts) != 3:
        raise Rejected("not a compact JWT")
    header, claims = json.loads(unbase64(parts[0])), json.loads(unbase64(parts[1]))
    key = serialization.load_pem_private_key(account["private_key"].encode(), None).public_key()
    key.verify(unbase64(parts[2]), (parts[0] + "." + parts[1]).encode(), padding.PKCS1v15(), hashes.SHA256())
    if header != {"alg": "RS256", "typ": "JWT", "kid": account["private_key_id"]}:
        raise Rejected(f"header {header}")
    now = time.time()
    expected = {"iss": account["client_email"], "scope": SCOPE, "aud": account["token_uri"]}
    if any(claims.get(name) != value for name, value in expected.items()) or set(claims) != {"iss", "scope", "aud", "iat", "exp"}:
        raise Rejected(f"claims {sorted(claims)}")
    issued, expires = claims["iat"], claims["exp"]
    if not (isinstance(issued, int) and isinstance(expires, int) and abs(issued - now) <= 300 and expires > now
            and 0 < expires - issued <= 3600):
        raise Rejected("iat/exp")


def check_message(request):
    if not isinstance(request, dict) or set(request) - {"message", "validate_only"}:
        raise Rejected("the body is not {message}")
    message = request["message"]
    token = message["token"]
    if not isinstance(token, str) or not token:
        raise Rejected("The registration token is not a valid FCM registration token")
    notification = message["notification"]
    if set(notification) != {"title", "body"} or not all(isinstance(v, str) and v for v in notification.values()):
        raise Rejected("notification is not {title, body} of strings")
    data = message["data"]
    if not all(isinstance(key, str) and isinstance(value, str) and value for key, value in data.items()):
        raise Rejected("data values must be non-empty strings")
    if any(key in ("from", "message_type", "collapse_key") or key.startswith(("google.", "gcm.")) for key in data):
        raise Rejected("a reserved data key")
    routes = [key for key in data if key in ROUTES]
    if len(routes) != 1:
        raise Rejected(f"routing keys {routes}: exactly one wanted")
    expected = {"matched": {"matched", "Uid", "Nick", "body"}}.get(routes[0], {routes[0]})
    if set(data) != expected or data[routes[0]] != ("1" if routes[0] == "matched" else routes[0]):
        raise Rejected(f"data keys {sorted(data)} for {routes[0]}")
    apns = message["apns"]
    apns_headers = apns["headers"]
    collapse = apns_headers.get("apns-collapse-id", "")
    if (apns_headers.get("apns-priority") != "10" or apns_headers.get("apns-push-type") != "alert"
            or not isinstance(collapse, str) or not 1 <= len(collapse.encode()) <= 64):
        raise Rejected(f"apns headers {apns_headers}")
    if apns["payload"] != {"aps": {"sound": "default"}}:
        raise Rejected("apns payload is not {aps: {sound: default}}")
    if message["android"] != {"priority": "high"}:
        raise Rejected("android is not {priority: high}")
    if set(message) != {"token", "notification", "data", "apns", "android"}:
        raise Rejected(f"message fields {sorted(message)}")
    payload = {"aps": {"alert": notification, "sound": "default"}, **data}
    if len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()) > 4096:
        raise Rejected("the APNs payload is larger than 4096 bytes")
    return message


async def respond_h2(fake, reader, writer, max_streams):
    connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
    connection.local_settings = h2.settings.Settings(client=False, initial_values={
        h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: max_streams})
    connection.initiate_connection()
    writer.write(connection.data_to_send())
    requests, window_opened = {}, asyncio.Event()

    async def answer(stream_id, headers, body):
        result = await fake.handle(headers[":method"], headers[":path"], headers, bytes(body))
        if result is CUT:
            writer.transport.abort()
            return
        status, extra, value = result
        payload = json.dumps(value).encode()
        try:
            connection.send_headers(stream_id, [(":status", str(status)), ("content-type", "application/json"),
                                                ("content-length", str(len(payload)))] + list(extra.items()))
            while payload:  # the response as flow control lets it go
                room = min(connection.local_flow_control_window(stream_id), connection.max_outbound_frame_size)
                if room == 0:
                    writer.write(connection.data_to_send())
                    window_opened.clear()
                    await window_opened.wait()
                    continue
                connection.send_data(stream_id, payload[:room], end_stream=len(payload) <= room)
                payload = payload[room:]
            writer.write(connection.data_to_send())
        except h2.exceptions.StreamClosedError:
            pass

    while not writer.transport.is_closing():
        data = await reader.read(65536)
        if not data:
            break
        for event in connection.receive_data(data):
            if isinstance(event, h2.events.RequestReceived):
                requests[event.stream_id] = (dict(event.headers), bytearray())
            elif isinstance(event, h2.events.DataReceived):
                requests[event.stream_id][1].extend(event.data)
                connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                asyncio.create_task(answer(event.stream_id, *requests.pop(event.stream_id)))
            elif isinstance(event, h2.events.StreamReset):
                requests.pop(event.stream_id, None)
            elif isinstance(event, h2.events.WindowUpdated):
                window_opened.set()
            elif isinstance(event, h2.events.ConnectionTerminated):
                writer.close()
        writer.write(connection.data_to_send())
        await writer.drain()


async def respond_http1(fake, reader, writer):
    while True:
        line = await reader.readline()
        if not line.strip():
            break
        method, target, _ = line.decode("latin-1").split(" ", 2)
        headers = {}
        while (field := await reader.readline()) not in (b"\r\n", b"\n", b""):
            name, value = field.decode("latin-1").split(":", 1)
            headers[name.strip().lower()] = value.strip()
        body = await reader.readexactly(int(headers.get("content-length", "0")))
        result = await fake.handle(method, target, headers, body)
        if result is CUT:
            writer.transport.abort()
            return
        status, extra, value = result
        payload = json.dumps(value).encode()
        head = [f"HTTP/1.1 {status} X", "Content-Type: application/json", f"Content-Length: {len(payload)}"]
        head += [f"{name}: {value}" for name, value in extra.items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        await writer.drain()
    writer.close()


async def main():
    parser = argparse.ArgumentParser(description="A fake FCM HTTP v1 and OAuth token endpoint for tests.")
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--service-account", required=True)
    parser.add_argument("--log")
    parser.add_argument("--control")
    parser.add_argument("--max-streams", type=int, default=100)
    parser.add_argument("--lifeline", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--reuse-port", action="store_true")
    arguments = parser.parse_args()
    fake = FakeFCM(arguments.service_account, arguments.log, shared_tokens=arguments.reuse_port)
    if arguments.control:
        with open(arguments.control, encoding="utf-8") as file:
            fake.control(json.load(file))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(arguments.cert, arguments.key)
    context.set_alpn_protocols(["h2", "http/1.1"])

    async def connected(reader, writer):
        try:
            if writer.get_extra_info("ssl_object").selected_alpn_protocol() == "h2":
                await respond_h2(fake, reader, writer, arguments.max_streams)
            else:
                await respond_http1(fake, reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, h2.exceptions.ProtocolError, ValueError):
            writer.transport.abort()

    server = await asyncio.start_server(connected, "127.0.0.1", arguments.port, ssl=context, backlog=1024,
                                        reuse_port=arguments.reuse_port or None)
    print(f"listening 127.0.0.1:{server.sockets[0].getsockname()[1]}", flush=True)
    if arguments.lifeline:
        loop = asyncio.get_running_loop()
        stdin = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
        await stdin.read()
        return
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
