#!/usr/bin/env python3
"""Reads a bucket from a web page on another origin, in headless Chromium, with clients/js: the test of
docs/browsers.md's CORS rule. Also puts a bucket's CORS rule for the `status --origin` tests.

    cors_browser.py --endpoint URL --bucket B --put RULE.json|none --origin ORIGIN
    cors_browser.py --endpoint URL --bucket B --scenario NAME=RULE.json|none [--scenario …] --query JSON

- Credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (never argv). boto3 (scripts/requirements.txt)
  makes the bucket publicly readable (ACL public-read: a browser sends no signature) and puts each rule with
  PutBucketCors, or deletes the bucket's rules for `none`. A rule file holds S3's put-bucket-cors JSON
  (`{"CORSRules": [...]}`); every rule's AllowedOrigins is replaced by the page's origin (or --origin).
- `--put` does only that, prints `{"put": …}` and exits 0.
- Each --scenario, in order: puts its rule, opens a new browser context (its own HTTP and preflight caches) on a page
  served from http://localhost:<port> by this script, which imports clients/js/src/index.js as an ES module and reads
  the bucket at http://127.0.0.1:<port>/<bucket>/fuel/ (another origin: another host). The page runs three lookups
  of --query: format 1, format 1 again with the reader's clock two hours later (past the tiles' one-hour max-age,
  so the tile is revalidated with If-None-Match), and format 2 with a new cache. Every answer the page saw from the
  bucket (method, path, status, whether it carried If-None-Match) is listed.
- Chromium is the system one, /usr/bin/chromium or $FUEL_CHROMIUM, driven by the `playwright` package; never
  `playwright install`. A missing browser or package is an error (exit 2), never a skip.

Prints one JSON object on stdout: {"origin": …, "scenarios": {NAME: {"lookups": [...], "responses": [...],
"consoleErrors": [...], "pageErrors": [...]}}}; exits 0 once every scenario ran (the caller judges), 2 when the
browser or a package cannot run.
"""

import argparse
import http.server
import json
import os
import pathlib
import sys
import threading

CHROMIUM = os.environ.get("FUEL_CHROMIUM", "/usr/bin/chromium")
ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ROOT / "clients" / "js" / "src"

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>FuelTiles from another origin</title>
<script type="module">
import { MemoryCache, createReader } from '/js/index.js';

async function lookup(reader, query) {
  try {
    const answer = await reader.nearby(query);
    return { outcome: answer.outcome, stations: answer.stations.length, stale: answer.stale,
             staleReasons: answer.staleReasons, format: answer.format };
  } catch (error) {
    return { outcome: 'failed', code: error.code ?? null, message: String(error.message ?? error) };
  }
}

window.readBucket = async (baseUrl, query) => {
  let clock = Date.now();
  const now = () => clock;
  const cache = new MemoryCache();
  const first = createReader({ baseUrl, format: 1, cache, now });
  const lookups = [await lookup(first, query)];
  clock += 2 * 3600 * 1000;  // past a tile's max-age (1 h) and the index's (5 min): both are asked again
  lookups.push(await lookup(first, query));
  const second = createReader({ baseUrl, format: 2, cache: new MemoryCache() });
  lookups.push(await lookup(second, query));
  return lookups;
};
window.pageReady = true;
</script>
"""


def fail(message, code=2):
    print(f"cors_browser.py: {message}", file=sys.stderr)
    sys.exit(code)


def s3_client(endpoint):
    import boto3
    from botocore.config import Config

    return boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1",
        aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"], aws_secret_access_key=os.environ["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1, "mode": "standard"}))


def put_rule(s3, bucket, rule_file, origin):
    """Makes the bucket publicly readable and puts the rule of `rule_file` for `origin` (none: deletes the rules)."""
    s3.put_bucket_acl(Bucket=bucket, ACL="public-read")
    if rule_file == "none":
        s3.delete_bucket_cors(Bucket=bucket)
        return None
    configuration = json.loads(pathlib.Path(rule_file).read_text())
    for rule in configuration["CORSRules"]:
        rule["AllowedOrigins"] = [origin]
    s3.put_bucket_cors(Bucket=bucket, CORSConfiguration=configuration)
    return s3.get_bucket_cors(Bucket=bucket)["CORSRules"]


class PageHandler(http.server.BaseHTTPRequestHandler):
    """`/` is the page; `/js/<name>.js` a file of clients/js/src; anything else 404."""

    def do_GET(self):  # noqa: N802 - http.server's naming
        if self.path == "/favicon.ico":
            self.send_response(204)
            self.end_headers()
            return
        if self.path == "/":
            body, kind = PAGE.encode(), "text/html; charset=utf-8"
        elif self.path.startswith("/js/") and "/" not in self.path[4:] and self.path.endswith(".js"):
            file = SOURCES / self.path[4:]
            if not file.is_file():
                self.send_error(404)
                return
            body, kind = file.read_bytes(), "text/javascript; charset=utf-8"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # noqa: A002 - http.server's signature
        print("page server: " + format % args, file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--bucket", required=True)
    parser.add_argument("--put")
    parser.add_argument("--origin")
    parser.add_argument("--scenario", action="append", default=[])
    parser.add_argument("--query")
    args = parser.parse_args()
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        if not os.environ.get(name):
            fail(f"{name} is not set")
    try:
        s3 = s3_client(args.endpoint)
    except ImportError as error:
        fail(f"cannot import boto3 ({error}): install it with scripts/install-python-packages")

    if args.put:
        if not args.origin:
            fail("--put needs --origin")
        print(json.dumps({"put": put_rule(s3, args.bucket, args.put, args.origin)}))
        return
    if not args.scenario or not args.query:
        fail("give --put, or --scenario and --query")

    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        fail(f"no Chromium at {CHROMIUM}: install it with scripts/install-system-packages --tests (apt-get install "
             "chromium) or set FUEL_CHROMIUM to its path")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        fail(f"cannot import playwright ({error}): install it with scripts/install-python-packages; do not run "
             "`playwright install`, the system Chromium is used")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://localhost:{server.server_address[1]}"
    base = f"{args.endpoint}/{args.bucket}/fuel/"
    query = json.loads(args.query)
    results = {"origin": origin, "base": base, "scenarios": {}}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for scenario in args.scenario:
                name, _, rule_file = scenario.partition("=")
                rules = put_rule(s3, args.bucket, rule_file, origin)
                context = browser.new_context()
                page = context.new_page()
                seen = {"responses": [], "consoleErrors": [], "pageErrors": [], "rules": rules}

                def on_response(response, seen=seen):
                    if response.url.startswith(base):
                        headers = response.request.headers
                        seen["responses"].append({
                            "method": response.request.method, "path": response.url[len(base):],
                            "status": response.status, "ifNoneMatch": "if-none-match" in headers})

                page.on("response", on_response)
                page.on("console", lambda message, seen=seen: message.type == "error"
                        and seen["consoleErrors"].append(message.text))
                page.on("pageerror", lambda error, seen=seen: seen["pageErrors"].append(str(error)))
                page.goto(origin + "/")
                page.wait_for_function("window.pageReady === true", timeout=30000)
                seen["lookups"] = page.evaluate("([base, query]) => window.readBucket(base, query)", [base, query])
                context.close()
                results["scenarios"][name] = seen
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
