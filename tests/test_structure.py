"""The house's shape (DESIGN conventions 0, 1 and 3), read from the source with `ast`.

Every import counts, the ones inside functions included (an import moved into a
function hides a cycle; it does not remove it):

- no cycle between subpackages (top-level modules such as app.py count as units of their own);
- no cycle between files;
- no import of another subpackage's private module (`tic.x._y`) or private name (`_name`);
- no bare sleep or reading of the machine's time outside clock.py: waits and time go through the injected Clock.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "tic"


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, e.g. tic.hub._hub
    target: str  # the imported module, e.g. tic.notices or tic.notices._store
    names: tuple[str, ...]  # the names taken from it (from ... import a, b)
    line: int

    def where(self) -> str:
        return f"{self.source}:{self.line} -> {self.target}"


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def _imports(module: str) -> list[Import]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):  # every import, at module level or inside a function or an `if`
        if isinstance(node, ast.Import):
            out += [Import(module, a.name, (), node.lineno) for a in node.names if a.name.split(".")[0] == "tic"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if _is_package(module) else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name.split(".")[0] != "tic":
                continue
            plain = tuple(a.name for a in node.names if f"{name}.{a.name}" not in MODULES)
            out += [Import(module, f"{name}.{a.name}", (), node.lineno) for a in node.names
                    if f"{name}.{a.name}" in MODULES]  # `from tic.x import submodule`
            if plain:
                out.append(Import(module, name, plain, node.lineno))
    return out


IMPORTS = [imp for module in MODULES for imp in _imports(module)]


def unit(module: str) -> str:
    """The subpackage a module belongs to (tic.hub for tic.hub._hub), or the top-level module itself (tic.app)."""
    parts = module.split(".")
    if len(parts) == 1:
        return module
    if len(parts) == 2 and not _is_package(module):
        return module  # tic.app, tic.clock, ...
    return ".".join(parts[:2])


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _explain(comp: list[str], key) -> list[str]:
    members = set(comp)
    return sorted(imp.where() for imp in IMPORTS if key(imp.source) in members and key(imp.target) in members
                  and key(imp.source) != key(imp.target))


def test_the_walk_sees_imports_inside_functions():
    """The walker itself: an import inside a function body is an edge like any other."""
    tree = ast.parse("def f():\n    from tic.hub import ChatHub\n")
    assert [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] == ["tic.hub"]
    assert len(MODULES) > 50 and len(IMPORTS) > 100


def test_convention_0_no_cycle_between_subpackages():
    edges: dict[str, set[str]] = {}
    for imp in IMPORTS:
        a, b = unit(imp.source), unit(imp.target)
        if a != b:
            edges.setdefault(a, set()).add(b)
    cycles = _cycles(edges)
    assert not cycles, "\n".join(f"cycle {' <-> '.join(c)}:\n  " + "\n  ".join(_explain(c, unit)) for c in cycles)


def test_convention_0_no_cycle_between_files():
    edges: dict[str, set[str]] = {}
    for imp in IMPORTS:
        if imp.source != imp.target:
            edges.setdefault(imp.source, set()).add(imp.target)
    cycles = _cycles(edges)
    assert not cycles, "\n".join(f"cycle {' <-> '.join(c)}:\n  " + "\n  ".join(_explain(c, lambda m: m))
                                 for c in cycles)


def _private(imp: Import) -> bool:
    inner = imp.target.split(".")[2:]  # below the subpackage: tic.hub._registry -> ['_registry']
    module_private = any(p.startswith("_") and not p.startswith("__") for p in inner)
    name_private = any(n.startswith("_") and not n.startswith("__") for n in imp.names)
    return module_private or name_private


def test_convention_1_no_import_of_another_subpackage_private_module():
    crossing = [imp.where() + (f" ({', '.join(imp.names)})" if imp.names else "") for imp in IMPORTS
                if unit(imp.source) != unit(imp.target) and _private(imp)]
    assert not crossing, "import the subpackage's public face instead:\n  " + "\n  ".join(crossing)


# --- convention 3: time comes from the Clock ---------------------------------------------------------------

BARE_TIME = {
    ("time", "sleep"), ("time", "time"), ("time", "monotonic"), ("time", "perf_counter"), ("time", "time_ns"),
    ("time", "monotonic_ns"), ("asyncio", "sleep"), ("asyncio", "wait_for"), ("asyncio", "timeout"),
    ("datetime", "now"), ("datetime", "utcnow"), ("datetime", "today"), ("date", "today"),
}


def bare_time(source: str) -> list[tuple[int, str]]:
    """Every use of the machine's clock in `source`: `time.sleep(...)`, `sleep=time.sleep`, `from time import sleep`."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if (node.value.id, node.attr) in BARE_TIME:
                found.append((node.lineno, f"{node.value.id}.{node.attr}"))
        elif isinstance(node, ast.ImportFrom) and node.module in ("time", "asyncio"):
            found += [(node.lineno, f"from {node.module} import {a.name}") for a in node.names
                      if (node.module, a.name) in BARE_TIME]
    return found


def test_convention_3_the_check_finds_a_bare_sleep():
    assert bare_time("import time\ndef f(sleep=time.sleep):\n    time.sleep(1)\n") == [(2, "time.sleep"),
                                                                                          (3, "time.sleep")]
    assert bare_time("from asyncio import sleep\n") == [(1, "from asyncio import sleep")]
    assert bare_time("async def f(clock):\n    await clock.sleep(1)\n") == []


@pytest.mark.parametrize("module", [m for m in MODULES if m != "tic.clock"])
def test_convention_3_no_bare_sleep_or_machine_time_outside_clock(module):
    found = bare_time(MODULES[module].read_text(encoding="utf-8"))
    assert not found, f"{module}: wait and read time through the injected Clock: " + ", ".join(
        f"line {n}: {what}" for n, what in found)
