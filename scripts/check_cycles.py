"""Fail on any import cycle among the project's modules, the rule engines included: print each cycle found (one
per strongly connected group of modules, as a chain that closes on itself) and exit 1.

import-linter's contracts check layers and forbidden imports; its `acyclic_siblings` contract compares packages,
not modules, and not across the root packages (game.services -> combat.services -> game.services is no cycle to
it), so this check walks grimp's module graph (the graph import-linter builds on) itself.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import grimp

ROOT_PACKAGES = ("game", "combat", "galaxy", "cvsite", "frontend")


def strongly_connected(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of two or more modules that import each other, directly or not (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = lowest[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, imported = work[-1]
            for other in imported:
                if other not in index:
                    index[other] = lowest[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(graph.find_modules_directly_imported_by(other)))))
                    break
                if other in on_stack:
                    lowest[module] = min(lowest[module], index[other])
            else:
                work.pop()
                if work:
                    lowest[work[-1][0]] = min(lowest[work[-1][0]], lowest[module])
                if lowest[module] == index[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


def cycle_through(graph: grimp.ImportGraph, group: list[str]) -> list[str]:
    """One cycle in a group: from its first module to a module it imports in the group, and the shortest way back
    (which stays in the group: every module on a cycle belongs to it)."""
    start = group[0]
    imported = min(graph.find_modules_directly_imported_by(start) & set(group))
    return [start, *(graph.find_shortest_chain(importer=imported, imported=start) or (imported,))]


def main() -> int:
    # An import under `if TYPE_CHECKING:` never runs: a type named back up the graph is no cycle.
    graph = grimp.build_graph(*ROOT_PACKAGES, exclude_type_checking_imports=True)
    groups = strongly_connected(graph)
    for group in groups:
        print(f"Import cycle among {len(group)} modules: {', '.join(group)}")
        print(f"  for example: {' -> '.join(cycle_through(graph, group))}")
    if groups:
        print(f"{len(groups)} import cycle(s): break each so that every import runs one way.")
        return 1
    print("No import cycles.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
