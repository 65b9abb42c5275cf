"""A strict, fault-injecting HTTP proxy in front of the local S3 server (scripts/servers/s3_server.py), for the upload tests.

Strict checks, on every request (a violation is answered 400 `ProxyStrictCheck` and logged):
- the path is AWS-encoded (upper-case %XX, `/` kept between segments) and the raw query is already canonical
  (sorted, every parameter `name=value`, `/ + =` encoded): what real S3 needs and moto does not check;
- `x-amz-content-sha256` is the real SHA-256 of the body (moto does not verify the payload hash);
- a PUT carries a `Content-MD5` equal to the MD5 of the body;
- no `x-amz-checksum-*` headers (R2 rejects some of them);
- the SigV4 signature verifies under the strict AWS rules, recomputed here independently of moto and botocore.

moto has a bug with `/` in query values: its web layer decodes `%2F` before it recomputes the signature, so a
correctly signed `prefix=fuel%2F` fails there (boto3 fails the same way). After the strict check passes, a request
whose query holds `%2F` (or whose continuation token was rewritten) is therefore re-signed here, in moto's dialect,
with the same key; every other request reaches moto with the client's own signature and is checked again there.

Faults:
- `--fail-key KEY` (repeatable): every PUT of that object key gets 500 InternalError.
- `--flaky N`: the first N attempts of each distinct request (method, path, query) fail, in turn: 503 SlowDown,
  connection reset after the request reached S3 (the answer is lost), 429 with `Retry-After: 0`, connection reset
  before forwarding.
- `--rewrite-tokens`: NextContinuationToken values are replaced by tokens holding `+`, `/` and `=`; a request must
  send them back exactly (decoded once) or gets 400 InvalidArgument.
- `--delay-tiles SECONDS`: every PUT of a key holding `/tiles/` waits that long before it is forwarded, so that a
  test can start a second publisher while the first is still writing tiles.
- `--pause METHOD:SUBSTRING:N:WHEN`: the Nth request whose method is METHOD (`LIST` for a ListObjectsV2) and whose
  key holds SUBSTRING is held for `--pause-seconds` (default 60): `before` it is forwarded, or `after` S3 answered
  and before the client hears it. `--pause-file FILE` is created when the hold begins, so that a test can kill the
  client at that moment (a publisher killed mid-request).
- `--tamper-index KEY`: just after the first successful listing (before the client sees it), another "publisher"
  overwrites KEY; with `--tamper-after-read`, just after the first successful GET of KEY instead.

Every request is logged as one JSON line to `--log FILE`: seq, start, end, method, path, query, key, headers
(`x-amz-security-token` redacted), bodyBytes, bodyMD5, status, fault, violations.

Credentials come from the environment (S3_PROXY_ACCESS_KEY, S3_PROXY_SECRET), never from the command line.
Usage: python3 s3_proxy.py --port 0 --upstream http://127.0.0.1:PORT --log FILE [faults…]
"""

import argparse
import base64
import datetime
import hashlib
import hmac
import http.client
import json
import os
import signal
import socket
import struct
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# A process started from a Swift test inherits the launching thread's signal mask, in which SIGTERM is blocked:
# unblock everything, or LocalServer's terminate() would never stop us.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

UNRESERVED = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "upgrade", "expect",
              "content-length"}
FLAKY_CYCLE = ["503", "reset-after", "429", "reset-before"]


def aws_encode(text: str, encode_slash: bool = True) -> str:
    out = []
    for byte in text.encode("utf-8"):
        if byte in UNRESERVED or (byte == 0x2F and not encode_slash):
            out.append(chr(byte))
        else:
            out.append("%%%02X" % byte)
    return "".join(out)


def parse_query(raw: str) -> list[tuple[str, str]]:
    if not raw:
        return []
    pairs = []
    for part in raw.split("&"):
        name, _, value = part.partition("=")
        pairs.append((urllib.parse.unquote_plus(name), urllib.parse.unquote_plus(value)))
    return pairs


def canonical_query(pairs: list[tuple[str, str]]) -> str:
    encoded = sorted((aws_encode(name), aws_encode(value)) for name, value in pairs)
    return "&".join(f"{name}={value}" for name, value in encoded)


def canonical_headers(names: list[str], headers) -> str:
    lines = []
    for name in names:
        values = headers.get_all(name) or []
        cleaned = [" ".join(value.split()) for value in values]
        lines.append(f"{name}:{','.join(cleaned)}\n")
    return "".join(lines)


def sigv4_signature(secret: str, method: str, path: str, query: str, header_block: str, signed: str,
                    payload_hash: str, amz_date: str, scope: str) -> str:
    canonical = "\n".join([method, path, query, header_block, signed, payload_hash])
    to_sign = "\n".join(["AWS4-HMAC-SHA256", amz_date, scope,
                         hashlib.sha256(canonical.encode()).hexdigest()])
    day, region, service, terminal = scope.split("/")
    key = ("AWS4" + secret).encode()
    for part in (day, region, service, terminal):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    return hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()


def parse_authorization(value: str) -> dict:
    if not value.startswith("AWS4-HMAC-SHA256 "):
        return {}
    fields = {}
    for part in value[len("AWS4-HMAC-SHA256 "):].split(","):
        name, _, val = part.strip().partition("=")
        fields[name] = val
    return fields


class Headers:
    """A case-insensitive multi-map, for re-signing with replaced values."""

    def __init__(self, items):
        self.items = [(name, value) for name, value in items]

    def get_all(self, name):
        return [value for key, value in self.items if key.lower() == name] or None

    def replace(self, name, value):
        self.items = [(key, val) for key, val in self.items if key.lower() != name] + [(name, value)]


class Proxy:
    def __init__(self, args):
        self.upstream = urllib.parse.urlsplit(args.upstream)
        self.log_path = args.log
        self.fail_keys = set(args.fail_key or [])
        self.flaky = args.flaky
        self.rewrite_tokens = args.rewrite_tokens
        self.tamper_key = args.tamper_index
        self.tamper_after_read = args.tamper_after_read
        self.delay_tiles = args.delay_tiles
        self.pause = None
        if args.pause:
            method, substring, count, when = args.pause.split(":")
            assert when in ("before", "after"), args.pause
            self.pause = (method, substring, int(count), when)
        self.pause_seen = 0
        self.pause_file = args.pause_file
        self.pause_seconds = args.pause_seconds
        self.tampered = False
        self.access_key = os.environ.get("S3_PROXY_ACCESS_KEY", "")
        self.secret = os.environ.get("S3_PROXY_SECRET", "")
        self.lock = threading.Lock()
        self.seq = 0
        self.attempts: dict[tuple, int] = {}
        self.tokens: dict[str, str] = {}

    def next_seq(self) -> int:
        with self.lock:
            self.seq += 1
            return self.seq

    def pause_due(self, method: str, key: str, is_list: bool) -> str | None:
        """`before` or `after` when this request is the one `--pause` names, else None."""
        if self.pause is None:
            return None
        wanted, substring, count, when = self.pause
        if ("LIST" if is_list else method) != wanted or substring not in key:
            return None
        with self.lock:
            self.pause_seen += 1
            return when if self.pause_seen == count else None

    def hold(self) -> None:
        if self.pause_file:
            with open(self.pause_file, "w") as handle:
                handle.write("paused\n")
        time.sleep(self.pause_seconds)

    def attempt(self, key: tuple) -> int:
        with self.lock:
            self.attempts[key] = self.attempts.get(key, 0) + 1
            return self.attempts[key]

    def log(self, record: dict) -> None:
        with self.lock:
            with open(self.log_path, "a") as handle:
                handle.write(json.dumps(record, sort_keys=True) + "\n")

    def public_token(self, token: str) -> str:
        public = "p+" + token[:8] + "/" + token[8:] + "=="
        with self.lock:
            self.tokens[public] = token
        return public

    # Strict checks ------------------------------------------------------------------------------------------------

    def violations(self, method, raw_path, raw_query, headers, body) -> list[str]:
        found = []
        if raw_path != aws_encode(urllib.parse.unquote(raw_path), encode_slash=False):
            found.append(f"path is not AWS-encoded: {raw_path}")
        if raw_query:
            if any("=" not in part for part in raw_query.split("&")):
                found.append(f"query has a parameter without '=': {raw_query}")
            elif raw_query != canonical_query(parse_query(raw_query)):
                found.append(f"query is not canonical: {raw_query} (expected "
                             f"{canonical_query(parse_query(raw_query))})")
        payload = headers.get("x-amz-content-sha256")
        if payload != hashlib.sha256(body).hexdigest():
            found.append(f"x-amz-content-sha256 {payload} is not the SHA-256 of the body")
        if method == "PUT":
            md5 = base64.b64encode(hashlib.md5(body).digest()).decode()
            if headers.get("content-md5") != md5:
                found.append(f"Content-MD5 {headers.get('content-md5')} is not {md5}")
        for name in headers.keys():
            if name.lower().startswith(("x-amz-checksum", "x-amz-sdk-checksum")):
                found.append(f"checksum header sent: {name}")
        auth = parse_authorization(headers.get("authorization", ""))
        if not auth:
            found.append("no SigV4 Authorization header")
            return found
        credential = auth.get("Credential", "").split("/", 1)
        if credential[0] != self.access_key:
            found.append(f"unknown access key {credential[0]}")
            return found
        scope = credential[1] if len(credential) > 1 else ""
        signed = auth.get("SignedHeaders", "")
        names = signed.split(";")
        if names != sorted(names) or "host" not in names or "x-amz-date" not in names:
            found.append(f"SignedHeaders not sorted or missing host/x-amz-date: {signed}")
            return found
        expected = sigv4_signature(self.secret, method, raw_path, raw_query, canonical_headers(names, headers),
                                   signed, payload or "", headers.get("x-amz-date", ""), scope)
        if expected != auth.get("Signature"):
            found.append("SignatureDoesNotMatch under strict AWS rules")
        return found

    def resign(self, method, raw_path, moto_query, headers: Headers, payload_hash) -> None:
        """Signs again with moto's view of the query (`%2F` decoded), keeping the signed header set."""
        auth = parse_authorization(headers.get_all("authorization")[0])
        names = auth["SignedHeaders"].split(";")
        scope_parts = auth["Credential"].split("/")[1:]
        now = datetime.datetime.now(datetime.timezone.utc)
        amz_date = now.strftime("%Y%m%dT%H%M%SZ")
        scope_parts[0] = amz_date[:8]
        scope = "/".join(scope_parts)
        headers.replace("x-amz-date", amz_date)
        signature = sigv4_signature(self.secret, method, raw_path, moto_query, canonical_headers(names, headers),
                                    ";".join(names), payload_hash, amz_date, scope)
        headers.replace("authorization", f"AWS4-HMAC-SHA256 Credential={self.access_key}/{scope},"
                                         f"SignedHeaders={';'.join(names)},Signature={signature}")

    # Upstream -----------------------------------------------------------------------------------------------------

    def forward(self, method, target, headers: Headers, body):
        connection = http.client.HTTPConnection(self.upstream.hostname, self.upstream.port, timeout=60)
        try:
            connection.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
            for name, value in headers.items:
                if name.lower() not in HOP_BY_HOP:
                    connection.putheader(name, value)
            connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body if body else None)
            response = connection.getresponse()
            data = response.read()
            return response.status, response.reason, response.getheaders(), data
        finally:
            connection.close()

    def tamper(self, bucket: str) -> None:
        """Overwrites the index as another publisher would, signed with the same key."""
        body = b'{"tampered":true}'
        path = "/" + aws_encode(bucket) + "/" + aws_encode(self.tamper_key, encode_slash=False)
        host = f"{self.upstream.hostname}:{self.upstream.port}"
        amz_date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        payload = hashlib.sha256(body).hexdigest()
        headers = Headers([("Host", host), ("Content-Type", "application/json"), ("x-amz-date", amz_date),
                           ("x-amz-content-sha256", payload)])
        names = ["content-type", "host", "x-amz-content-sha256", "x-amz-date"]
        scope = f"{amz_date[:8]}/us-east-1/s3/aws4_request"
        signature = sigv4_signature(self.secret, "PUT", path, "", canonical_headers(names, headers),
                                    ";".join(names), payload, amz_date, scope)
        headers.replace("authorization", f"AWS4-HMAC-SHA256 Credential={self.access_key}/{scope},"
                                         f"SignedHeaders={';'.join(names)},Signature={signature}")
        status, _, _, data = self.forward("PUT", path, headers, body)
        if status != 200:
            raise RuntimeError(f"tampering failed: {status} {data[:200]!r}")


def error_body(code: str, message: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code>'
            f"<Message>{message.replace('&', '&amp;').replace('<', '&lt;')}</Message></Error>").encode()


def make_handler(proxy: Proxy):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):  # quiet: the JSON log is the record
            pass

        def finish(self):
            try:
                super().finish()
            except OSError:
                pass

        def reset(self) -> None:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.connection.close()

        def reply(self, status, reason, headers, body, head=False):
            self.send_response(status, reason)
            sent_length = False
            for name, value in headers:
                if name.lower() in HOP_BY_HOP and not (head and name.lower() == "content-length"):
                    continue
                if name.lower() == "content-length":
                    sent_length = True
                self.send_header(name, value)
            if not sent_length:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if body and not head:
                self.wfile.write(body)

        def handle_any(self):
            seq = proxy.next_seq()
            start = time.time()
            split = urllib.parse.urlsplit(self.path)
            raw_path, raw_query = split.path, split.query
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            parts = raw_path.split("/", 2)
            bucket = urllib.parse.unquote(parts[1]) if len(parts) > 1 else ""
            key = urllib.parse.unquote(parts[2]) if len(parts) > 2 else ""
            logged_headers = {name.lower(): ("<redacted>" if name.lower() == "x-amz-security-token" else value)
                              for name, value in self.headers.items()}
            record = {"seq": seq, "start": start, "method": self.command, "path": raw_path, "query": raw_query,
                      "bucket": bucket, "key": key, "headers": logged_headers, "bodyBytes": len(body),
                      "bodyMD5": hashlib.md5(body).hexdigest(), "fault": None, "violations": []}

            def done(status):
                # Logged before answering, so a test that reads the log after its last response sees every entry.
                record["status"] = status
                record["end"] = time.time()
                proxy.log(record)

            violations = proxy.violations(self.command, raw_path, raw_query, self.headers, body)
            if violations:
                record["violations"] = violations
                done(400)
                return self.reply(400, "Bad Request", [("Content-Type", "application/xml")],
                                  error_body("ProxyStrictCheck", "; ".join(violations)))

            pause = proxy.pause_due(self.command, key, self.command == "GET" and "list-type=" in raw_query)
            if pause == "before":
                proxy.hold()

            if self.command == "PUT" and proxy.delay_tiles and "/tiles/" in key:
                time.sleep(proxy.delay_tiles)

            if self.command == "PUT" and key in proxy.fail_keys:
                record["fault"] = "fail-key"
                done(500)
                return self.reply(500, "Internal Server Error", [("Content-Type", "application/xml")],
                                  error_body("InternalError", "injected permanent failure"))

            fault = None
            if proxy.flaky:
                attempt = proxy.attempt((self.command, raw_path, raw_query))
                if attempt <= proxy.flaky:
                    fault = FLAKY_CYCLE[(attempt - 1) % len(FLAKY_CYCLE)]
            record["fault"] = fault
            if fault == "503":
                done(503)
                return self.reply(503, "Slow Down", [("Content-Type", "application/xml")],
                                  error_body("SlowDown", "injected transient failure"))
            if fault == "429":
                done(429)
                return self.reply(429, "Too Many Requests", [("Content-Type", "application/xml"), ("Retry-After", "0")],
                                  error_body("TooManyRequests", "injected rate limit"))
            if fault == "reset-before":
                done(0)
                return self.reset()

            # Map rewritten continuation tokens back, then decide whether moto needs its own signature.
            pairs = parse_query(raw_query)
            rewritten = False
            for index, (name, value) in enumerate(pairs):
                if name == "continuation-token" and proxy.rewrite_tokens:
                    if value not in proxy.tokens:
                        done(400)
                        return self.reply(400, "Bad Request", [("Content-Type", "application/xml")],
                                          error_body("InvalidArgument", f"unknown continuation token {value!r}"))
                    pairs[index] = (name, proxy.tokens[value])
                    rewritten = True
            upstream_query = canonical_query(pairs) if rewritten else raw_query
            headers = Headers(self.headers.items())
            if rewritten or "%2F" in upstream_query:
                proxy.resign(self.command, raw_path, upstream_query.replace("%2F", "/"), headers,
                             headers.get_all("x-amz-content-sha256")[0])
            target = raw_path + ("?" + upstream_query if upstream_query else "")
            try:
                status, reason, response_headers, data = proxy.forward(self.command, target, headers, body)
            except OSError as error:
                done(502)
                return self.reply(502, "Bad Gateway", [], str(error).encode())
            if fault == "reset-after":
                done(0)
                return self.reset()
            if pause == "after":
                proxy.hold()

            is_list = self.command == "GET" and any(name == "list-type" for name, _ in pairs)
            if is_list and status == 200:
                if proxy.rewrite_tokens:
                    text = data.decode()
                    begin, end = "<NextContinuationToken>", "</NextContinuationToken>"
                    if begin in text:
                        head, rest = text.split(begin, 1)
                        token, tail = rest.split(end, 1)
                        text = head + begin + proxy.public_token(token) + end + tail
                        data = text.encode()
                if proxy.tamper_key and not proxy.tamper_after_read and not proxy.tampered:
                    proxy.tampered = True
                    proxy.tamper(bucket)
                    record["fault"] = "tampered-index"
            is_read = self.command == "GET" and not is_list and key == proxy.tamper_key
            if is_read and status == 200 and proxy.tamper_after_read and not proxy.tampered:
                proxy.tampered = True
                proxy.tamper(bucket)
                record["fault"] = "tampered-index"
            done(status)
            return self.reply(status, reason, response_headers, data, head=self.command == "HEAD")

        do_GET = do_PUT = do_DELETE = do_HEAD = do_POST = handle_any

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--fail-key", action="append")
    parser.add_argument("--flaky", type=int, default=0)
    parser.add_argument("--rewrite-tokens", action="store_true")
    parser.add_argument("--tamper-index")
    parser.add_argument("--tamper-after-read", action="store_true")
    parser.add_argument("--delay-tiles", type=float, default=0)
    parser.add_argument("--pause")
    parser.add_argument("--pause-file")
    parser.add_argument("--pause-seconds", type=float, default=60)
    args = parser.parse_args()
    proxy = Proxy(args)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(proxy))
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # A test process that dies without stopping us must not leave a proxy behind.
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(1)


if __name__ == "__main__":
    main()
