"""No import cycles among the project's modules, type-only imports included: a module
that needs another's types and is imported by it declares them lower down instead."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "device", "hardware", "webui")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules `name` imports, with the packages each import loads on
    the way (importing a.b.c runs a and a.b first); a module's own packages are left
    out: they are already loading when it runs."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *[base][: bool(base)]])
            targets += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    loaded = set()
    for target in targets:
        parts = target.split(".")
        for end in range(1, len(parts) + 1):
            module = ".".join(parts[:end])
            if module in modules and module != name and not name.startswith(module + "."):
                loaded.add(module)
    return loaded


def test_no_module_imports_one_that_imports_it_back() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    done: set[str] = set()
    cycles: list[list[str]] = []

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            cycles.append([*trail[trail.index(name) :], name])
            return
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)
