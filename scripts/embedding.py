"""What scripts/embed-adapters and scripts/embed-report-assets share: text files as Swift raw string literals in a
generated, checked-in Swift file, and the `--check` that fails while that file is stale."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPEN = '##"""'
CLOSE = '"""##'


def literal(name, text, indent):
    """The lines of a `##\"\"\"` multi-line literal holding `text` without its final newline. Every content line is
    indented like the closing delimiter, which Swift strips again."""
    if CLOSE in text or "\\##" in text:
        sys.exit(f'{name} holds the sequence {CLOSE} or \\## and cannot be embedded')
    lines = [OPEN]
    lines += [(indent + line) if line else "" for line in text.rstrip("\n").split("\n")]
    lines.append(indent + CLOSE)
    return lines


def write(target, text, script):
    """Writes `text` to `target` (below the repository) when it differs; with --check, writes nothing and exits 1
    when it differs."""
    path = os.path.join(ROOT, target)
    current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if "--check" in sys.argv[1:]:
        if current != text:
            sys.exit(f"{target} is stale: run {script}")
        return
    if current != text:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"wrote {target}")
