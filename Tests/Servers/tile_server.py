#!/usr/bin/env python3
"""Serves a build output's fuel/** files the way the CDN does, for the client tests.

    tile_server.py --port 0 --root OUT [--weak-etags] [--status /fuel/tiles/77_-19.json=500 ...]

- GET /fuel/<path> returns OUT/fuel/<path> as stored (gzipped) with Content-Encoding: gzip,
  Content-Type: application/json, an ETag (a SHA-256 prefix of the bytes; weak W/"..." with
  --weak-etags), Last-Modified (the file's mtime) and Cache-Control (format 1: 300 s for the index, 6 h for
  tiles; format 2, under /fuel/v2/: 60 s for the index, a year and immutable for the hashed files).
- If-None-Match (weak comparison) or, without it, If-Modified-Since answers 304.
- A missing file answers 404. --status PATH=CODE forces a status for one path.
- --bomb PATH: that path answers a gzip bomb, 200 MB of zeros gzipped (about 200 KB) with Content-Encoding: gzip.
- --drip PATH: that path answers headers, then one byte every 2 seconds, for a minute.
- Control endpoints (not counted):
    GET  /_control/requests   -> {"<path>": {"<status>": n, ...}, ...}
    POST /_control/status     body {"path": "/fuel/...", "status": 500}  (status null clears)
    POST /_control/reset      clears the counts
Prints "PORT <n>" on its first stdout line once listening on 127.0.0.1.
"""

import argparse
import email.utils
import hashlib
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
COUNTS = {}
FORCED = {}


BOMBS = set()
DRIPS = set()
BOMB = []


def bomb():
    """200 MB of zeros, gzipped once and kept."""
    if not BOMB:
        import gzip
        BOMB.append(gzip.compress(bytes(200 * 1024 * 1024), compresslevel=9, mtime=0))
    return BOMB[0]


def count(path, status):
    with LOCK:
        per_path = COUNTS.setdefault(path, {})
        per_path[str(status)] = per_path.get(str(status), 0) + 1


def strip_weak(tag):
    tag = tag.strip()
    return tag[2:] if tag.startswith("W/") else tag


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    root = "."
    weak = False

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def send_json(self, status, payload):
        body = json.dumps(payload, sort_keys=True).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path == "/_control/status":
            with LOCK:
                if body.get("status") is None:
                    FORCED.pop(body["path"], None)
                else:
                    FORCED[body["path"]] = int(body["status"])
            self.send_json(200, {"ok": True})
        elif self.path == "/_control/reset":
            with LOCK:
                COUNTS.clear()
            self.send_json(200, {"ok": True})
        else:
            self.send_json(404, {"error": "unknown control path"})

    def do_GET(self):
        if self.path == "/_control/requests":
            with LOCK:
                snapshot = json.loads(json.dumps(COUNTS))
            self.send_json(200, snapshot)
            return
        path = self.path.split("?", 1)[0]
        if path in BOMBS:
            body = bomb()
            self.answer(path, 200, body, {"Content-Type": "application/json", "Content-Encoding": "gzip"})
            return
        if path in DRIPS:
            count(path, 200)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            for _ in range(30):
                try:
                    self.wfile.write(b" ")
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(2)
            return
        with LOCK:
            forced = FORCED.get(path)
        if forced is not None:
            self.answer(path, forced, b"", {})
            return
        relative = path.lstrip("/")
        # OUT/fuel may be a symlink to the build folder, so paths are not resolved; ".." is refused instead.
        full = os.path.join(self.root, relative)
        if not path.startswith("/fuel/") or ".." in relative.split("/") or not os.path.isfile(full):
            self.answer(path, 404, b"", {})
            return
        with open(full, "rb") as handle:
            data = handle.read()
        digest = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
        etag = "W/" + digest if self.weak else digest
        modified = email.utils.formatdate(int(os.stat(full).st_mtime), usegmt=True)
        if path in ("/fuel/v2/index.json", "/fuel/v2/root.json"):
            cache_control = "public, max-age=60"
        elif path.startswith("/fuel/v2/"):
            cache_control = "public, max-age=31536000, immutable"
        else:
            cache_control = "public, max-age=%d" % (300 if path.endswith("/index.json") else 21600)
        headers = {
            "ETag": etag,
            "Last-Modified": modified,
            "Cache-Control": cache_control,
        }
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [strip_weak(tag) for tag in if_none_match.split(",")]
            if strip_weak(etag) in tags or "*" in tags:
                self.answer(path, 304, b"", headers)
                return
        elif self.headers.get("If-Modified-Since") == modified:
            self.answer(path, 304, b"", headers)
            return
        headers["Content-Type"] = "application/json"
        headers["Content-Encoding"] = "gzip"
        self.answer(path, 200, data, headers)

    def answer(self, path, status, body, headers):
        count(path, status)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)


def main():
    # A Swift test process may spawn us with SIGTERM blocked (the spawning thread's mask is inherited);
    # unblock it so Process.terminate() really stops the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--root", required=True)
    parser.add_argument("--weak-etags", action="store_true")
    parser.add_argument("--status", action="append", default=[], help="PATH=CODE")
    parser.add_argument("--bomb", action="append", default=[])
    parser.add_argument("--drip", action="append", default=[])
    args = parser.parse_args()
    BOMBS.update(args.bomb)
    DRIPS.update(args.drip)
    Handler.root = args.root
    Handler.weak = args.weak_etags
    for item in args.status:
        path, code = item.rsplit("=", 1)
        FORCED[path] = int(code)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
