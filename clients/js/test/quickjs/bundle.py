"""Joins clients/js/src's ES modules into one script for an engine that cannot load files (QuickJS from Python).

Each module becomes a function scope in dependency order, so that two modules' private names cannot clash; its
`import {a, b as c} from './x.js'` lines become `const {a, b: c} = <module x>`, its `export` keywords are dropped
and its exported names returned. index.js's `export {...} from` lines make `globalThis.FuelTiles`, the package's
exports. Nothing else of the sources is changed.
"""

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

IMPORT = re.compile(r"^import \{([^}]*)\} from '\./([\w.-]+)\.js';$")
REEXPORT = re.compile(r"^export \{([^}]*)\} from '\./([\w.-]+)\.js';$")
EXPORTED = re.compile(r"^export (?=(?:async )?function\*? (\w+)|const (\w+)|let (\w+)|class (\w+))")


def _names(clause: str) -> list[tuple[str, str]]:
    """`a, b as c` as [(a, a), (b, c)]: each imported name and the local name it gets."""
    pairs = []
    for part in clause.split(","):
        words = part.split()
        if not words:
            continue
        pairs.append((words[0], words[-1]))
    return pairs


def _binding(pairs: list[tuple[str, str]], module: str) -> str:
    inner = ", ".join(name if name == local else f"{name}: {local}" for name, local in pairs)
    return f"const {{ {inner} }} = __module_{module};"


def bundle() -> str:
    """The whole package as one script that sets `globalThis.FuelTiles`."""
    order: list[str] = []
    parts: dict[str, str] = {}

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in parts:
            return
        if module in path:
            raise SystemExit(f"bundle: an import cycle through {' -> '.join(path + (module,))}")
        lines = (SRC / f"{module}.js").read_text(encoding="utf-8").split("\n")
        out, exported = [], []
        for line in lines:
            match = IMPORT.match(line) or REEXPORT.match(line)
            if line.startswith("import ") and not match:
                raise SystemExit(f"bundle: {module}.js has an import this bundler does not read: {line}")
            if match:
                visit(match.group(2), path + (module,))
                pairs = _names(match.group(1))
                out.append(_binding(pairs, match.group(2)))
                if line.startswith("export "):
                    exported.extend(local for _, local in pairs)
                continue
            declared = EXPORTED.match(line)
            if declared:
                exported.append(next(g for g in declared.groups() if g))
                line = line[len("export "):]
            elif line.startswith("export "):
                raise SystemExit(f"bundle: {module}.js has an export this bundler does not read: {line}")
            out.append(line)
        body = "\n".join(out)
        parts[module] = (f"const __module_{module} = (() => {{\n{body}\n"
                         f"return {{ {', '.join(exported)} }};\n}})();\n")
        order.append(module)

    visit("index", ())
    return "\n".join(parts[m] for m in order) + "globalThis.FuelTiles = Object.freeze(__module_index);\n"


if __name__ == "__main__":
    print(bundle())
