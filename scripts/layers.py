#!/usr/bin/env python3
"""The page's layers (ARCHITECTURE.md, "The page"): imports only point down.

    python3 scripts/layers.py              check src/ of this repository
    python3 scripts/layers.py --root DIR   check DIR/src/
    python3 scripts/layers.py --self-test  check this script on made-up trees

Every `crate::` path in src/ (outside comments) is an import of the file
that holds the longest module prefix of the path. The layers, low to high:

    domain < platform < fx < solver < state < ui < app

and inside ui/, table < chrome < later. A file may import files of its own
layer or of a lower one, never of a higher one; files must not import each
other in a circle; and outside ui/ only app.rs may name `ui::later` (the
later module is reached from the shell alone). lib.rs, the crate's root,
stands above every layer; src/bin/ and main.rs are other crates (they name
the library as `pyramid::`) and are not read.

Prints each fault as `src/FILE:LINE: PATH: WHY` and exits 1 if there is one.
"""

import os
import re
import sys
import tempfile

LAYERS = ["domain", "platform", "fx", "solver", "state", "ui", "app"]
UI_LAYERS = ["table", "chrome", "later"]
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
IDENT_RE = re.compile(IDENT)


def read_sources(root):
    """src-relative path -> text, for the library's files."""
    src = os.path.join(root, "src")
    files = {}
    for folder, _, names in os.walk(src):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.relpath(os.path.join(folder, name), src).replace(os.sep, "/")
            if path.startswith("bin/") or path == "main.rs":
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                files[path] = f.read()
    return files


def module_of(path):
    """`ui/table/pyramid.rs` -> ('ui', 'table', 'pyramid'); lib.rs -> ()."""
    parts = path[:-3].split("/")
    if parts[-1] == "mod":
        parts = parts[:-1]
    if parts == ["lib"]:
        return ()
    return tuple(parts)


def layer_of(path):
    """(rank, rank inside ui) of a file, or None when it is in no layer."""
    parts = path[:-3].split("/")
    if parts == ["lib"]:
        return (len(LAYERS), 0)
    if parts[0] not in LAYERS:
        return None
    rank = LAYERS.index(parts[0])
    inner = 0
    if parts[0] == "ui":
        # ui.rs declares the three folders: it stands with the highest.
        inner = UI_LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in UI_LAYERS else len(UI_LAYERS)
    return (rank, inner)


def layer_name(path):
    parts = path[:-3].split("/")
    if parts[0] == "ui" and len(parts) > 1 and parts[1] in UI_LAYERS:
        return "ui/" + parts[1]
    return parts[0]


def strip_comments(text):
    """The text with comments and string literals blanked, lines kept."""

    def blank(match):
        return re.sub(r"[^\n]", " ", match.group(0))

    pattern = re.compile(
        r'//[^\n]*|/\*.*?\*/|r#*"(?:.|\n)*?"#*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'',
        re.S,
    )
    return pattern.sub(blank, text)


def crate_paths(text):
    """Every path named after `crate::`, as (segments, offset of its last
    name), use trees (`crate::a::{b, c::{d as e}}`) unfolded."""
    paths = []
    for start in re.finditer(r"\bcrate::", text):
        parse_path(text, start.end(), [], paths)
    return paths


def parse_path(text, i, prefix, paths):
    """Adds the paths of the use tree at text[i:], under `prefix`, to
    `paths`; returns where it ends."""
    segments, last = list(prefix), None
    while True:
        i = skip_space(text, i)
        if text.startswith("{", i):
            return parse_group(text, i + 1, segments, paths)
        if text.startswith("*", i):
            paths.append((segments, i))
            return i + 1
        m = IDENT_RE.match(text, i)
        if not m:
            if last is not None:
                paths.append((segments, last))
            return i
        if m.group(0) != "self":
            segments = segments + [m.group(0)]
        last = m.start()
        i = skip_space(text, m.end())
        if text.startswith("::", i):
            i += 2
            continue
        paths.append((segments, last))
        alias = re.compile(r"as\s+" + IDENT).match(text, i)
        return alias.end() if alias else i


def parse_group(text, i, prefix, paths):
    """Adds the paths of a brace group from just after its `{`; returns
    where the group ends."""
    while i < len(text):
        i = skip_space(text, i)
        if text.startswith("}", i):
            return i + 1
        if text.startswith(",", i):
            i += 1
            continue
        end = parse_path(text, i, prefix, paths)
        i = end if end > i else i + 1
    return i


def skip_space(text, i):
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def imports(files):
    """(from file, line, the path as written, to file) for every crate:: path
    that names another file."""
    modules = {module_of(p): p for p in files}
    found = []
    for path, text in sorted(files.items()):
        code = strip_comments(text)
        for segments, offset in crate_paths(code):
            target = None
            for k in range(len(segments), 0, -1):
                target = modules.get(tuple(segments[:k]))
                if target:
                    break
            if not target or target == path:
                continue
            line = code.count("\n", 0, offset) + 1
            found.append((path, line, "crate::" + "::".join(segments), target))
    return found


def cycles(edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(c for c in out if len(c) > 1)


def check(root):
    """The faults of root's src/, as printable lines."""
    files = read_sources(root)
    faults = []
    for path in sorted(files):
        if layer_of(path) is None:
            faults.append(f"src/{path}:1: in no layer (the layers: {', '.join(LAYERS)})")
    found = imports(files)
    edges = {}
    for path, line, named, target in found:
        edges.setdefault(path, set()).add(target)
        mine, theirs = layer_of(path), layer_of(target)
        if mine is not None and theirs is not None and theirs > mine:
            faults.append(
                f"src/{path}:{line}: {named}: points up ({layer_name(path)} imports {layer_name(target)})"
            )
        names_later = target.startswith("ui/later") or named.startswith("crate::ui::later")
        if names_later and not path.startswith("ui/") and path != "app.rs":
            faults.append(
                f"src/{path}:{line}: {named}: only app.rs names ui::later from outside ui/"
            )
    for component in cycles(edges):
        members = set(component)
        faults.append(f"file cycle: {', '.join('src/' + p for p in component)}")
        for path, line, named, target in found:
            if path in members and target in members:
                faults.append(f"  src/{path}:{line}: {named}")
    return faults, len(files), len(found)


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(argv) == 3 and argv[1] == "--root":
        root = argv[2]
    elif len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    faults, n_files, n_imports = check(root)
    for fault in faults:
        print(fault)
    verdict = "fault(s)" if faults else "faults: imports only point down"
    print(f"layers: {n_files} files, {n_imports} imports, {sum(1 for f in faults if not f.startswith('  '))} {verdict}")
    return 1 if faults else 0


def self_test():
    """Checks made-up trees; exits 1 on the first surprise."""

    def tree(sources):
        root = tempfile.mkdtemp(prefix="layers-")
        for path, text in sources.items():
            full = os.path.join(root, "src", path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        return root

    base = {
        "lib.rs": "pub mod app;\npub mod domain;\npub mod fx;\npub mod state;\npub mod ui;\n",
        "domain.rs": "pub mod round;\n",
        "domain/round.rs": "pub struct Round;\n",
        "fx.rs": "pub mod motion;\n",
        "fx/motion.rs": "use crate::domain::round::Round;\n",
        "state.rs": "pub mod context;\n",
        "state/context.rs": "use crate::{domain::round::Round, fx::motion};\n",
        "ui.rs": "pub mod chrome;\npub mod later;\npub mod table;\n",
        "ui/table.rs": "pub mod pyramid;\n",
        "ui/table/pyramid.rs": "use crate::state::context;\n",
        "ui/chrome.rs": "pub mod toolbar;\n",
        "ui/chrome/toolbar.rs": "use crate::ui::table::pyramid;\n",
        "ui/later.rs": "use crate::ui::chrome::toolbar;\n",
        "app.rs": "use crate::ui::later;\nfn f() { crate::ui::later::load(); }\n",
        "main.rs": "fn main() { pyramid::app::start(); }\n",
        "bin/worker.rs": "use crate::ui::later;\n",
    }
    surprises = []
    cases = [0]

    def expect(name, changes, wanted):
        cases[0] += 1
        sources = dict(base)
        sources.update(changes)
        faults, _, _ = check(tree(sources))
        got = [f for f in faults if not f.startswith("  ")]
        if sorted(got) != sorted(wanted):
            surprises.append(f"{name}:\n  wanted {wanted}\n  got    {faults}")

    expect("a tree whose imports point down", {}, [])
    expect(
        "fx sees the context",
        {"fx/motion.rs": "use crate::domain::round::Round;\n// crate::ui::table\nuse crate::state::context::Ctx;\n"},
        [
            "src/fx/motion.rs:3: crate::state::context::Ctx: points up (fx imports state)",
            # The context imports motion: the two are a circle too.
            "file cycle: src/fx/motion.rs, src/state/context.rs",
        ],
    )
    expect(
        "a path in an expression, and nested use trees",
        {
            "domain/round.rs": "fn f() {\n    crate::fx::motion::go();\n}\n",
            "state/context.rs": "use crate::{\n    domain::round,\n    ui::{table::pyramid::{A, B as C}, chrome},\n};\n",
        },
        [
            "src/domain/round.rs:2: crate::fx::motion::go: points up (domain imports fx)",
            "src/state/context.rs:3: crate::ui::table::pyramid::A: points up (state imports ui/table)",
            "src/state/context.rs:3: crate::ui::table::pyramid::B: points up (state imports ui/table)",
            "src/state/context.rs:3: crate::ui::chrome: points up (state imports ui/chrome)",
            "file cycle: src/domain/round.rs, src/fx/motion.rs",
            "file cycle: src/state/context.rs, src/ui/table/pyramid.rs",
        ],
    )
    expect(
        "comments and strings are not imports",
        {"domain/round.rs": '/// [`crate::app`]\n/* crate::state */\nconst S: &str = "crate::ui";\n'},
        [],
    )
    expect(
        "the chrome names the later module",
        {"ui/chrome/toolbar.rs": "use crate::ui::later::settings;\n"},
        [
            "src/ui/chrome/toolbar.rs:1: crate::ui::later::settings: points up (ui/chrome imports ui/later)",
            # No settings.rs: the path names later.rs, which imports the toolbar.
            "file cycle: src/ui/chrome/toolbar.rs, src/ui/later.rs",
        ],
    )
    expect(
        "the state names the later module",
        {"state/context.rs": "use crate::ui::later;\n"},
        [
            "src/state/context.rs:1: crate::ui::later: points up (state imports ui/later)",
            "src/state/context.rs:1: crate::ui::later: only app.rs names ui::later from outside ui/",
            "file cycle: src/state/context.rs, src/ui/chrome/toolbar.rs, src/ui/later.rs, "
            "src/ui/table/pyramid.rs",
        ],
    )
    expect(
        "the crate's root names the later module",
        {"lib.rs": base["lib.rs"] + "pub use crate::ui::later::load;\n"},
        ["src/lib.rs:6: crate::ui::later::load: only app.rs names ui::later from outside ui/"],
    )
    expect(
        "two files of one layer in a circle",
        {
            "domain.rs": "pub mod round;\npub mod label;\n",
            "domain/label.rs": "use crate::domain::round::Round;\n",
            "domain/round.rs": "use crate::domain::label;\n",
        },
        ["file cycle: src/domain/label.rs, src/domain/round.rs"],
    )
    cycle = dict(base)
    cycle.update(
        {
            "domain.rs": "pub mod round;\npub mod label;\n",
            "domain/label.rs": "\nuse crate::domain::round::Round;\n",
            "domain/round.rs": "use crate::domain::label;\n",
        }
    )
    cases[0] += 1
    details = [f for f in check(tree(cycle))[0] if f.startswith("  ")]
    wanted = ["  src/domain/label.rs:2: crate::domain::round::Round", "  src/domain/round.rs:1: crate::domain::label"]
    if details != wanted:
        surprises.append(f"a cycle names its imports:\n  wanted {wanted}\n  got    {details}")
    expect(
        "a file in no layer",
        {"protocol.rs": "use crate::domain::round::Round;\n"},
        ["src/protocol.rs:1: in no layer (the layers: domain, platform, fx, solver, state, ui, app)"],
    )
    for surprise in surprises:
        print(f"self-test: {surprise}")
    print(f"layers self-test: {cases[0] - len(surprises)} of {cases[0]} cases as expected")
    return 1 if surprises else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
