#!/usr/bin/env python3
"""A local feed publisher for tests: serves fixture feeds from a folder and injects faults on demand.

Usage: feed_server.py --port 0 [--root DIR] [--tls-cert PEM --tls-key PEM]
       (binds 127.0.0.1; prints "PORT <n>" first; with a certificate it speaks HTTPS only)

Routes
  /files/<path>                  a file under --root, with ETag and Last-Modified; answers 304 to a matching
                                 If-None-Match or If-Modified-Since; gzip when the client accepts it.
  /echo                          JSON describing the request (method, headers, body length and SHA-256).
  /bytes?n=N                     N bytes of deterministic data (Content-Length set; chunked with chunked=1).
  /sleep?seconds=S               answers "ok" after S seconds (concurrency tests read the in-flight peak).
  /redirect?to=URL               302 to URL.
  .../regions                    AT E-Control region list: <root>/AT-api/regions.json.
  .../search/gas-stations/by-region?code=C&type=PB&fuelType=F&includeClosed=true
                                 AT stations: <root>/AT-api/by-region/<C>-<F>.json, or [] when absent;
                                 400 for a wrong type, fuel type or includeClosed.
  .../PesquisarPostos?qtdPorPagina=N&pagina=P
                                 PT DGEG paging: page P of <root>/PT-api/stations.json (a JSON array of
                                 records) in {"status":true,"mensagem":"sucesso","resultado":[...]}.

Faults, either in the query of any route (?fault=KIND&...) or programmed with POST /_control/faults and a JSON
body {"path": "/files/ES/x.json", "faults": [{"kind": ..., "times": 1, ...}]} (times -1: forever; faults are
used in order, one per request, then the route answers normally):
  status      code (default 503), retryAfter (header value), headers (an object of extra headers), body
  stall       send the headers and `sendBytes` (default 10) bytes of the real body, then nothing for `seconds`
  truncate    announce the full Content-Length, send half the body, close the connection
  oversize    `bytes` bytes of JSON-looking data; chunked=1 (query) / "chunked": true for no Content-Length
  html        200 text/html with an error page
  empty       200 with an empty body
  delay       wait `seconds`, then answer normally
A query fault may carry key=K and n=N: only the first N requests with that key get the fault (503-then-ok).

Control
  GET  /_control/requests        {"requests": [{"method","path","query","time","headers"}], "peakInFlight": n}
  POST /_control/reset           forget requests, counters and programmed faults
"""

import argparse
import email.utils
import gzip
import hashlib
import json
import os
import signal
import socketserver
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATE_LOCK = threading.Lock()
STATE = {"requests": [], "keys": {}, "faults": {}, "inFlight": 0, "peakInFlight": 0}
ROOT = "."
RECORDED_HEADERS = ["if-none-match", "if-modified-since", "user-agent", "accept-encoding", "authorization",
                    "content-type", "expect", "referer", "x-requested-with"]


def reset_state():
    with STATE_LOCK:
        STATE["requests"] = []
        STATE["keys"] = {}
        STATE["faults"] = {}
        STATE["peakInFlight"] = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FeedServer/1.0"

    def log_message(self, format, *args):  # keep test output quiet
        pass

    # --- plumbing -------------------------------------------------------------------------------------------

    def do_GET(self):
        self.handle_any()

    def do_HEAD(self):
        self.handle_any()

    def do_PUT(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def do_DELETE(self):
        self.handle_any()

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def handle_any(self):
        parsed = urllib.parse.urlsplit(self.path)
        self.route_path = parsed.path
        self.query = dict(urllib.parse.parse_qsl(parsed.query, keep_blank_values=True))
        self.body = self.read_body()
        if self.route_path.startswith("/_control/"):
            return self.control()
        with STATE_LOCK:
            STATE["requests"].append({
                "method": self.command,
                "path": self.route_path,
                "query": parsed.query,
                "time": time.time(),
                "headers": {name: self.headers[name] for name in RECORDED_HEADERS if self.headers[name] is not None},
            })
            STATE["inFlight"] += 1
            STATE["peakInFlight"] = max(STATE["peakInFlight"], STATE["inFlight"])
        try:
            self.dispatch()
        except (_Handled, BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with STATE_LOCK:
                STATE["inFlight"] -= 1

    def send(self, status, body, content_type="application/octet-stream", headers=None, close=False):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if status not in (204, 304):
            self.send_header("Content-Length", str(len(body)))
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD" and status not in (204, 304):
            self.wfile.write(body)

    def send_json(self, status, value):
        self.send(status, json.dumps(value).encode(), "application/json")

    # --- control --------------------------------------------------------------------------------------------

    def control(self):
        if self.route_path == "/_control/requests":
            with STATE_LOCK:
                value = {"requests": list(STATE["requests"]), "peakInFlight": STATE["peakInFlight"]}
            return self.send_json(200, value)
        if self.route_path == "/_control/reset":
            reset_state()
            return self.send_json(200, {"ok": True})
        if self.route_path == "/_control/faults":
            spec = json.loads(self.body or b"{}")
            with STATE_LOCK:
                STATE["faults"][spec["path"]] = [dict(f) for f in spec.get("faults", [])]
            return self.send_json(200, {"ok": True})
        self.send_json(404, {"error": "unknown control endpoint"})

    # --- routing --------------------------------------------------------------------------------------------

    def next_fault(self):
        """The fault for this request: a query fault (respecting key/n), else the next programmed one."""
        if "fault" in self.query:
            spec = {k: v for k, v in self.query.items()}
            spec["kind"] = spec.pop("fault")
            key = spec.get("key")
            if key is not None:
                with STATE_LOCK:
                    count = STATE["keys"].get(key, 0) + 1
                    STATE["keys"][key] = count
                if count > int(spec.get("n", "1")):
                    return None
            return spec
        with STATE_LOCK:
            queue = STATE["faults"].get(self.route_path)
            if not queue:
                return None
            fault = queue[0]
            times = int(fault.get("times", 1))
            if times > 0:
                if times == 1:
                    queue.pop(0)
                else:
                    fault["times"] = times - 1
            return dict(fault)

    def dispatch(self):
        fault = self.next_fault()
        if fault is not None and fault["kind"] == "delay":
            time.sleep(float(fault.get("seconds", 1)))
            fault = None
        if fault is not None and fault["kind"] in ("status", "html", "empty", "oversize"):
            return self.simple_fault(fault)
        status, body, content_type, headers = self.route()
        if fault is not None and status == 200:
            return self.body_fault(fault, body, content_type, headers)
        if status == 200 and self.wants_gzip() and not self.route_path.endswith(".zip"):
            body = gzip.compress(body, mtime=0)
            headers = dict(headers or {}, **{"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        self.send(status, body, content_type, headers)

    def wants_gzip(self):
        return "gzip" in (self.headers.get("Accept-Encoding") or "") and self.query.get("gzip", "1") != "0"

    def simple_fault(self, fault):
        kind = fault["kind"]
        if kind == "status":
            code = int(fault.get("code", 503))
            headers = {}
            if fault.get("retryAfter") is not None:
                headers["Retry-After"] = str(fault["retryAfter"])
            headers.update({str(name): str(value) for name, value in (fault.get("headers") or {}).items()})
            body = str(fault.get("body", "injected HTTP %d" % code)).encode()
            return self.send(code, body, "text/plain", headers)
        if kind == "html":
            page = (b"<!DOCTYPE html>\n<html><head><title>Error</title></head>"
                    b"<body><h1>Service temporarily unavailable</h1><p>Please try again later.</p></body></html>\n")
            return self.send(200, page, "text/html; charset=utf-8")
        if kind == "empty":
            return self.send(200, b"", "application/json")
        if kind == "oversize":
            size = int(fault.get("bytes", 10_000_000))
            chunked = str(fault.get("chunked", "0")).lower() in ("1", "true")
            return self.stream_filler(size, chunked)
        self.send(500, b"unknown fault kind", "text/plain")

    def body_fault(self, fault, body, content_type, headers):
        kind = fault["kind"]
        if kind == "stall":
            send = min(int(fault.get("sendBytes", 10)), len(body))
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body[:send])
            self.wfile.flush()
            time.sleep(float(fault.get("seconds", 30)))
            self.close_connection = True
            return
        if kind == "truncate":
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.send(500, ("unknown fault kind " + kind).encode(), "text/plain")

    def stream_filler(self, size, chunked):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        block = b"[" + b" " * 65534 + b"\n"
        sent = 0
        while sent < size:
            piece = block[: min(len(block), size - sent)]
            if chunked:
                self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
            else:
                self.wfile.write(piece)
            sent += len(piece)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    def route(self):
        """(status, body, content type, extra headers) of the normal answer."""
        path = self.route_path
        if path.startswith("/files/"):
            return self.serve_file(urllib.parse.unquote(path[len("/files/"):]))
        if path.startswith("/endless-bucket"):
            return self.endless_listing()
        if path == "/echo":
            echo = {
                "method": self.command,
                "path": path,
                "query": self.query,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "bodyBytes": len(self.body),
                "bodySHA256": hashlib.sha256(self.body).hexdigest(),
            }
            return 200, json.dumps(echo, sort_keys=True).encode(), "application/json", {}
        if path == "/bytes":
            size = int(self.query.get("n", "0"))
            if self.query.get("chunked") == "1":
                self.stream_filler(size, True)
                raise _Handled()
            return 200, bytes((i * 7 + 3) % 256 for i in range(size)), "application/octet-stream", {}
        if path == "/sleep":
            time.sleep(float(self.query.get("seconds", "0.5")))
            return 200, b"ok", "text/plain", {}
        if path == "/redirect":
            return 302, b"", "text/plain", {"Location": self.query.get("to", "/echo")}
        if path.endswith("/regions"):
            return self.serve_fixture(os.path.join("AT-api", "regions.json"))
        if path.endswith("/search/gas-stations/by-region"):
            return self.at_by_region()
        if path.endswith("/PesquisarPostos"):
            return self.pt_page()
        return 404, b"no such route", "text/plain", {}

    def serve_fixture(self, relative):
        full = os.path.join(ROOT, relative)
        if not os.path.isfile(full):
            return 404, ("no fixture " + relative).encode(), "text/plain", {}
        with open(full, "rb") as handle:
            return 200, handle.read(), "application/json", {}

    def at_by_region(self):
        q = self.query
        problems = []
        if q.get("type") != "PB":
            problems.append("type must be PB")
        if q.get("fuelType") not in ("DIE", "SUP", "GAS"):
            problems.append("fuelType must be DIE, SUP or GAS")
        if q.get("includeClosed") != "true":
            # Real clients ask with includeClosed=true; false drops every station not open at fetch time.
            problems.append("includeClosed must be true")
        if not q.get("code", "").isdigit():
            problems.append("code must be a region code")
        if problems:
            return 400, json.dumps({"errors": problems}).encode(), "application/json", {}
        relative = os.path.join("AT-api", "by-region", "%s-%s.json" % (q["code"], q["fuelType"]))
        if not os.path.isfile(os.path.join(ROOT, relative)):
            return 200, b"[]", "application/json", {}
        return self.serve_fixture(relative)

    def endless_listing(self):
        """An S3 ListObjectsV2 answer that always says there is more: a new continuation token every page
        (repeat=1 in the listing's query: always the same token)."""
        with STATE_LOCK:
            STATE["keys"]["endless"] = STATE["keys"].get("endless", 0) + 1
            page = STATE["keys"]["endless"]
        token = "same-token" if self.query.get("repeat") == "1" or "same" in self.route_path else "token-%d" % page
        body = ('<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>true</IsTruncated>'
                '<Contents><Key>fuel/tiles/%d.json</Key><ETag>"e%d"</ETag></Contents>'
                '<NextContinuationToken>%s</NextContinuationToken></ListBucketResult>' % (page, page, token))
        return 200, body.encode(), "application/xml", {}

    def pt_page(self):
        """DGEG's PesquisarPostos: rows of <root>/PT-api/stations.json, paged. Like the real service, every row
        carries Quantidade, the number of rows matching the query (kept as is when the fixture rows already carry
        one). <root>/PT-api/settings.json may say {"afterEnd": "empty" | "null" | "missing"}: what a page past the
        last row holds in place of its rows."""
        try:
            size = int(self.query["qtdPorPagina"])
            page = int(self.query["pagina"])
            assert size > 0 and page > 0
        except (KeyError, ValueError, AssertionError):
            return 400, b'{"status":false,"mensagem":"parametros invalidos"}', "application/json", {}
        status, body, content_type, headers = self.serve_fixture(os.path.join("PT-api", "stations.json"))
        if status != 200:
            return status, body, content_type, headers
        records = json.loads(body)
        for record in records:
            record.setdefault("Quantidade", len(records))
        settings_path = os.path.join(ROOT, "PT-api", "settings.json")
        settings = json.load(open(settings_path)) if os.path.isfile(settings_path) else {}
        chunk = records[(page - 1) * size: page * size]
        answer = {"status": True, "mensagem": "sucesso", "resultado": chunk}
        if not chunk:
            after_end = settings.get("afterEnd", "empty")
            if after_end == "null":
                answer["resultado"] = None
            elif after_end == "missing":
                del answer["resultado"]
        return 200, json.dumps(answer, ensure_ascii=False).encode(), "application/json", {}

    def serve_file(self, relative):
        full = os.path.realpath(os.path.join(ROOT, relative))
        if not full.startswith(os.path.realpath(ROOT) + os.sep) or not os.path.isfile(full):
            return 404, ("no such file " + relative).encode(), "text/plain", {}
        with open(full, "rb") as handle:
            body = handle.read()
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        mtime = int(os.path.getmtime(full))
        last_modified = email.utils.formatdate(mtime, usegmt=True)
        headers = {"ETag": etag, "Last-Modified": last_modified}
        inm = self.headers.get("If-None-Match")
        ims = self.headers.get("If-Modified-Since")
        if inm is not None:
            if etag in [tag.strip() for tag in inm.split(",")] or inm.strip() == "*":
                return 304, b"", "application/octet-stream", headers
        elif ims is not None:
            try:
                since = email.utils.parsedate_to_datetime(ims).timestamp()
                if mtime <= since:
                    return 304, b"", "application/octet-stream", headers
            except (TypeError, ValueError):
                pass
        content_type = {".json": "application/json", ".zip": "application/zip", ".csv": "text/csv",
                        ".xml": "application/xml"}.get(os.path.splitext(full)[1], "application/octet-stream")
        return 200, body, content_type, headers


class _Handled(Exception):
    """The route already wrote its answer."""


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        error = sys.exc_info()[1]
        if isinstance(error, (_Handled, BrokenPipeError, ConnectionResetError, ssl.SSLError)):
            return
        super().handle_error(request, client_address)


def main():
    global ROOT
    # A parent's worker threads may block signals, and a spawned child inherits that mask: unblock them so the
    # test's SIGTERM stops this server.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--root", default=".")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    arguments = parser.parse_args()
    ROOT = os.path.abspath(arguments.root)
    server = Server(("127.0.0.1", arguments.port), Handler)
    if arguments.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments.tls_cert, arguments.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
