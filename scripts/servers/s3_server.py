"""A local S3 server that really checks SigV4 signatures: moto's server, started in this process.

moto lets the first INITIAL_NO_AUTH_ACTION_COUNT requests through unsigned. This script spends exactly those three on
IAM (create a user, an access key for it, an allow-all inline policy), then creates the bucket with the new key. From
the fifth request on every request must carry a valid signature for that key: a wrong secret gets
403 SignatureDoesNotMatch.

Prints `PORT <n>` first, then `KEY <id> <secret>` on a second line (test credentials, made up by moto), and writes
the same to `--credentials FILE` as JSON so a test can read them. Binds 127.0.0.1 only. Stops on SIGTERM/SIGINT.

Usage: python3 s3_server.py --port 0 [--bucket NAME …] [--credentials FILE]

Exits when its parent process goes away, so a crashed test leaves nothing running.
"""

import argparse
import json
import os
import signal
import sys
import threading

# A process started from a Swift test inherits the launching thread's signal mask, in which SIGTERM is blocked:
# unblock everything, or LocalServer's terminate() would never stop us.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

# moto reads its settings when imported: switch signature checking on first.
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = "3"
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL",
             "AWS_ENDPOINT_URL_S3", "AWS_PROFILE"):
    os.environ.pop(name, None)

import boto3  # noqa: E402
from botocore.config import Config  # noqa: E402
from moto.moto_server.threaded_moto_server import ThreadedMotoServer  # noqa: E402
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

ALLOW_ALL = json.dumps({
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}],
})


class OneRequestAtATime:
    """moto's S3 backend is not safe under concurrent requests: a LIST that walks a bucket's keys while another
    request deletes one of them raises KeyError inside moto, answered 500 (seen in CI with tests that share the bucket
    under their own prefixes). Requests are served on their own threads but handled one at a time, the answer read
    in full before the next starts."""

    def __init__(self, app):
        self.app = app
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        with self.lock:
            return list(self.app(environ, start_response))


class SerialMotoServer(ThreadedMotoServer):
    """ThreadedMotoServer whose application is wrapped in ``OneRequestAtATime``."""

    def _server_entry(self) -> None:
        app = OneRequestAtATime(DomainDispatcherApplication(create_backend_app))
        self._server = make_server(self._ip_address, self._port, app, True)
        self._server_ready_event.set()
        self._server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--bucket", action="append", help="bucket to create (repeatable; default fuel-test)")
    parser.add_argument("--credentials", help="write {accessKeyId, secretAccessKey, port, buckets} here")
    args = parser.parse_args()

    server = SerialMotoServer(ip_address="127.0.0.1", port=args.port, verbose=False)
    server.start()
    _, port = server.get_host_and_port()
    endpoint = f"http://127.0.0.1:{port}"
    config = Config(retries={"max_attempts": 1, "mode": "standard"})

    # Requests 1-3, unsigned: the IAM user, its key and its policy.
    iam = boto3.client("iam", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="bootstrap",
                       aws_secret_access_key="bootstrap", config=config)
    iam.create_user(UserName="fuel-publisher")
    key = iam.create_access_key(UserName="fuel-publisher")["AccessKey"]
    iam.put_user_policy(UserName="fuel-publisher", PolicyName="allow-all", PolicyDocument=ALLOW_ALL)

    # Request 4 on, signed with the new key.
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                      aws_access_key_id=key["AccessKeyId"], aws_secret_access_key=key["SecretAccessKey"],
                      config=config)
    buckets = args.bucket or ["fuel-test"]
    for bucket in buckets:
        s3.create_bucket(Bucket=bucket)

    if args.credentials:
        with open(args.credentials + ".tmp", "w") as handle:
            json.dump({"accessKeyId": key["AccessKeyId"], "secretAccessKey": key["SecretAccessKey"],
                       "port": port, "buckets": buckets}, handle)
        os.replace(args.credentials + ".tmp", args.credentials)

    print(f"PORT {port}", flush=True)
    print(f"KEY {key['AccessKeyId']} {key['SecretAccessKey']}", flush=True)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    # A test process that dies without stopping us must not leave a server behind.
    parent = os.getppid()
    while not stop.wait(1):
        if os.getppid() != parent:
            break
    server.stop()
    sys.exit(0)


if __name__ == "__main__":
    main()
