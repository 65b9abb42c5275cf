"""A plain HTTP proxy that faults a share of the requests it forwards, for `fuel-bench day --faults`.

Unlike Tests/Servers/s3_proxy.py (strict SigV4 checks and moto's dialect, for the upload tests), this one forwards
every request byte for byte, `Host` and signature included, to `--upstream` (SeaweedFS in the benchmark), and faults
a seeded random `--rate` of them, in turn:
- `503`: answered 503 SlowDown, not forwarded;
- `reset-before`: the connection is closed before the request is forwarded;
- `reset-after`: the request reaches the upstream, then the connection is closed (the answer is lost);
- `stall`: the answer is held `--stall` seconds, then sent.

Each request is one line of `--log FILE`: `<method> <status> <fault or ->`. Prints `PORT <n>` when it listens on
127.0.0.1. Stops on SIGTERM or SIGINT, or when its parent process goes away.
Usage: python3 fault_proxy.py --port 0 --upstream http://127.0.0.1:PORT --log FILE [--rate 0.05] [--seed 1]
"""

import argparse
import http.client
import os
import random
import signal
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# A process started from a Swift program inherits its signal mask, in which SIGTERM may be blocked.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

FAULTS = ["503", "reset-before", "reset-after", "stall"]
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "upgrade"}


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    config = None

    def log_message(self, *args):
        pass

    def handle_one(self):
        config = self.config
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with config.lock:
            fault = config.faults[config.turn % len(FAULTS)] if config.random.random() < config.rate else None
            if fault:
                config.turn += 1
        if fault == "reset-before":
            self.record("-", fault)
            self.reset()
            return
        if fault == "503":
            payload = b"<Error><Code>SlowDown</Code><Message>fault</Message></Error>"
            self.send_response(503)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            self.record(503, fault)
            return
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        upstream = http.client.HTTPConnection(config.host, config.port, timeout=60)
        try:
            upstream.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
            for name, value in headers.items():
                upstream.putheader(name, value)
            upstream.endheaders(body if body else None)
            response = upstream.getresponse()
            payload = response.read()
            answer = [(n, v) for n, v in response.getheaders() if n.lower() not in HOP_BY_HOP | {"content-length"}]
            status = response.status
        finally:
            upstream.close()
        if fault == "reset-after":
            self.record(status, fault)
            self.reset()
            return
        if fault == "stall":
            time.sleep(config.stall)
        self.send_response(status)
        for name, value in answer:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)
        self.record(status, fault or "-")

    def reset(self):
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        self.close_connection = True
        self.connection.close()

    def record(self, status, fault):
        with self.config.lock:
            self.config.log.write(f"{self.command} {status} {fault}\n")
            self.config.log.flush()

    do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = handle_one


class Config:
    def __init__(self, arguments):
        upstream = urllib.parse.urlsplit(arguments.upstream)
        self.host, self.port = upstream.hostname, upstream.port or 80
        self.rate = arguments.rate
        self.stall = arguments.stall
        self.random = random.Random(arguments.seed)
        self.faults = FAULTS
        self.turn = 0
        self.lock = threading.Lock()
        self.log = open(arguments.log, "a", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stall", type=float, default=1.0)
    arguments = parser.parse_args()
    Proxy.config = Config(arguments)
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Proxy)
    server.daemon_threads = True

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    parent = os.getppid()

    def orphaned():  # a parent killed without stopping us must not leave us listening
        while os.getppid() == parent:
            time.sleep(1)
        stop()

    threading.Thread(target=orphaned, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()
    sys.exit(0)


if __name__ == "__main__":
    main()
