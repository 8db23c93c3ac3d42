#!/usr/bin/env python3
"""Checks that the folders of a Swift module are layers: a file may name the types, functions
and constants declared in its own folder and in the folders below it, never those of a folder
above it or of a peer. The order is in Scripts/layers.txt.

Usage: Scripts/check-layers.py          # exit 1 and list every upward reference
       Scripts/check-layers.py --graph  # print which folder names which, and how often
       Scripts/check-layers.py --uses Loading:Foreign  # list what one folder names of another
       Scripts/check-layers.py --root DIR  # check another tree (DIR/Scripts/layers.txt, DIR/Sources/…)

A module is one namespace, so a folder "uses" another when one of its files names something
declared at the top level of a file in the other. Members cannot be resolved by name (an
`extension Page` in Rendering that adds `render()` is not seen when Loading calls
`page.render()`): the check sees types, top-level functions and top-level constants.
"""
import os
import re
import sys
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

IDENTIFIER = re.compile(r"`?([A-Za-z_][A-Za-z0-9_]*)`?")
TOKEN = re.compile(r"[{}]|`?[A-Za-z_][A-Za-z0-9_]*`?")
DECLARING = {"class", "struct", "enum", "protocol", "actor", "typealias", "func", "let", "var"}
# Words after which an identifier is a name being declared, not a use.
NAMING = DECLARING | {"case", "associatedtype", "macro", "import"}
FILE_SCOPED = {"private", "fileprivate"}
TYPE_DECLARING = {"class", "struct", "enum", "protocol", "actor", "typealias", "associatedtype"}


class LayersError(Exception):
    pass


# Comments and string literals out, line breaks kept.

CODE = re.compile(r'//|/\*|(#*)("""|")')
CODE_IN_INTERPOLATION = re.compile(r'//|/\*|(#*)("""|")|[()]')
COMMENT_EDGE = re.compile(r"/\*|\*/")


def string_pattern(hashes, multiline):
    marks = "#" * hashes
    closing = '"""' if multiline else '"'
    return re.compile(re.escape("\\" + marks) + r"(\()?|" + re.escape(closing + marks))


def code_only(text):
    """The text with every comment and the inside of every string literal blanked (the code
    of interpolations kept), so that positions and line numbers stay where they were."""
    chars = list(text)

    def blank(start, end):
        for index in range(start, end):
            if chars[index] != "\n":
                chars[index] = " "

    # Each entry: ["code", open parentheses] inside an interpolation (-1 at the top) or
    # ["string", compiled pattern, start of its unblanked text].
    stack = [["code", -1]]
    patterns = {}
    position = 0
    length = len(text)
    while position < length:
        top = stack[-1]
        if top[0] == "code":
            match = (CODE if top[1] < 0 else CODE_IN_INTERPOLATION).search(text, position)
            if not match:
                break
            token = match.group()
            if token == "//":
                end = text.find("\n", match.end())
                end = length if end < 0 else end
                blank(match.start(), end)
                position = end
            elif token == "/*":
                depth = 1
                cursor = match.end()
                while depth and cursor < length:
                    edge = COMMENT_EDGE.search(text, cursor)
                    if not edge:
                        cursor = length
                        break
                    depth += 1 if edge.group() == "/*" else -1
                    cursor = edge.end()
                blank(match.start(), cursor)
                position = cursor
            elif token == "(":
                top[1] += 1
                position = match.end()
            elif token == ")":
                position = match.end()
                if top[1] == 0:
                    stack.pop()
                    stack[-1][2] = position
                else:
                    top[1] -= 1
            else:
                key = (len(match.group(1)), match.group(2) == '"""')
                if key not in patterns:
                    patterns[key] = string_pattern(*key)
                stack.append(["string", patterns[key], match.end()])
                position = match.end()
        else:
            match = top[1].search(text, position)
            if not match:
                blank(top[2], length)
                break
            if match.group().startswith("\\"):
                if match.group(1):
                    blank(top[2], match.start())
                    stack.append(["code", 0])
                    position = match.end()
                else:
                    position = match.end() + 1  # an escaped character
            else:
                blank(top[2], match.start())
                stack.pop()
                position = match.end()
    return "".join(chars)


# The source files and what they declare.

class SourceFile:
    def __init__(self, module, relative, folder, code):
        self.module = module
        self.relative = relative
        self.folder = folder
        self.code = code
        self.line_starts = [0] + [match.end() for match in re.finditer("\n", code)]

    def line(self, offset):
        low, high = 0, len(self.line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1


def top_level_declarations(code):
    """The names a file declares outside every brace, except those only the file can see."""
    names = []
    depth = 0
    previous = []
    for match in TOKEN.finditer(code):
        token = match.group().strip("`")
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0 and previous and previous[-1] in DECLARING:
            line_start = code.rfind("\n", 0, match.start()) + 1
            modifiers = set(TOKEN.findall(code[line_start:match.start()]))
            if not modifiers & FILE_SCOPED:
                names.append(token)
        previous = (previous + [token])[-2:]
    return names


def nested_types(code):
    """The types a file declares inside another declaration: inside that file such a name
    means the nested type (`ShortcodeTemplates.PageModel`), not a top-level one of the module."""
    names = set()
    depth = 0
    previous = ""
    for match in TOKEN.finditer(code):
        token = match.group().strip("`")
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth > 0 and previous in TYPE_DECLARING:
            names.add(token)
        previous = token
    return names


def uses(code, names):
    """(offset, name) for every identifier in the code naming one of `names`, other than as
    a member (`.name`), an argument label (`name:`) or the name of a declaration."""
    found = []
    for match in IDENTIFIER.finditer(code):
        name = match.group(1)
        if name not in names:
            continue
        end = match.start() - 1
        while end >= 0 and code[end] in " \t\n":
            end -= 1
        if end >= 0 and code[end] == "." and (end == 0 or code[end - 1] != "."):
            continue  # a member; `...` and `..<` are ranges
        start = end
        while start >= 0 and (code[start].isalnum() or code[start] == "_"):
            start -= 1
        if code[start + 1:end + 1] in NAMING:
            continue
        after = code[match.end():match.end() + 2]
        if name[0].islower() and after.startswith(":") and not after.startswith("::"):
            continue
        found.append((match.start(), name))
    return found


# The layers file.

class Module:
    def __init__(self, path):
        self.path = path
        self.levels = {}         # folder → (level, line of the layers file)
        self.allowed = {}        # (folder, name) → line of the layers file
        self.used_allowances = set()

    def folder_of(self, relative):
        parts = relative.split("/")[:-1]
        while parts:
            if "/".join(parts) in self.levels:
                return "/".join(parts)
            parts.pop()
        return "."


def read_layers(path):
    modules = []
    with open(path, encoding="utf-8") as file:
        level = 0
        for number, raw in enumerate(file, start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("[") and line.endswith("]"):
                modules.append(Module(line[1:-1]))
                level = 0
                continue
            if not modules:
                raise LayersError(f"{path}:{number}: a [Sources/Module] line must come first")
            module = modules[-1]
            words = line.split()
            if words[0] == "allow":
                if len(words) != 3:
                    raise LayersError(f"{path}:{number}: write `allow <Folder> <Name>`")
                module.allowed[(words[1], words[2])] = number
                continue
            for folder in words:
                module.levels[folder] = (level, number)
            level += 1
    return modules


def read_sources(root, module):
    files = []
    base = os.path.join(root, module.path)
    for folder, subfolders, names in os.walk(base):
        subfolders.sort()
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            absolute = os.path.join(folder, name)
            relative = os.path.relpath(absolute, base).replace(os.sep, "/")
            with open(absolute, encoding="utf-8") as source:
                code = code_only(source.read())
            files.append(SourceFile(module, relative, module.folder_of(relative), code))
    return files


def check(module, files, graph, shown_uses):
    declared = {}  # name → folders declaring it
    for file in files:
        if file.folder not in module.levels:
            raise LayersError(f"{module.path}/{file.relative}: its folder {file.folder} is not in Scripts/layers.txt")
        for name in top_level_declarations(file.code):
            declared.setdefault(name, set()).add(file.folder)
    holding = {file.folder for file in files}
    for folder, (_, number) in module.levels.items():
        if folder not in holding:
            raise LayersError(f"Scripts/layers.txt:{number}: {module.path}/{folder} holds no Swift file")
    for (folder, _), number in module.allowed.items():
        if folder not in module.levels:
            raise LayersError(f"Scripts/layers.txt:{number}: {folder} is not a layer of {module.path}")
    names = set(declared)
    violations = []
    for file in files:
        level = module.levels[file.folder][0]
        for offset, name in uses(file.code, names - nested_types(file.code)):
            folders = declared[name]
            if file.folder in folders:
                continue
            for folder in sorted(folders):
                graph[(module.path, file.folder, folder)] = graph.get((module.path, file.folder, folder), 0) + 1
                if (file.folder, folder) in shown_uses:
                    print(f"{module.path}/{file.relative}:{file.line(offset)}: {file.folder} uses {name} of {folder}")
            if any(module.levels[folder][0] < level for folder in folders):
                continue
            if (file.folder, name) in module.allowed:
                module.used_allowances.add((file.folder, name))
                continue
            other = min(folders, key=lambda folder: module.levels[folder][0])
            where = "a peer layer" if module.levels[other][0] == level else "a layer above"
            violations.append(f"{module.path}/{file.relative}:{file.line(offset)}: {file.folder} uses {name} of {other}, {where}")
    return violations


def print_graph(modules, graph):
    for module in modules:
        edges = {(source, target): count for (path, source, target), count in graph.items() if path == module.path}
        folders = sorted(module.levels, key=lambda folder: module.levels[folder][0])
        print(f"{module.path}: which folder names which (references)")
        for source in folders:
            targets = [(target, count) for (start, target), count in edges.items() if start == source]
            targets.sort(key=lambda item: module.levels[item[0]][0])
            listed = ", ".join(f"{target} {count}" for target, count in targets)
            print(f"  {source:24} → {listed}")
        mutual = sorted({tuple(sorted(pair)) for pair in edges if (pair[1], pair[0]) in edges})
        print(f"  mutual pairs: {len(mutual)}" + ("" if not mutual else ": " + ", ".join(f"{a}↔{b}" for a, b in mutual)))
        cycles = [sorted(group) for group in strongly_connected(folders, edges) if len(group) > 1]
        print(f"  folders in a cycle: {sum(map(len, cycles))} of {len(folders)}"
              + "".join(f"; {' '.join(group)}" for group in cycles))


def strongly_connected(nodes, edges):
    """The groups of folders that reach each other (Tarjan's algorithm, without recursion)."""
    successors = {node: [target for (source, target) in edges if source == node] for node in nodes}
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for offset, target in enumerate(successors[node][position:], start=position):
                if target not in index:
                    work.append((node, offset + 1))
                    work.append((target, 0))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    groups.append(group)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return groups


def option(arguments, name):
    """The value after `name` in the arguments, if it is there."""
    for flag, value in zip(arguments, arguments[1:]):
        if flag == name:
            return value
    return None


def main(arguments):
    started = time.monotonic()
    try:
        root = os.path.abspath(option(arguments, "--root") or REPOSITORY)
        modules = read_layers(os.path.join(root, "Scripts", "layers.txt"))
        graph = {}
        shown_uses = {tuple(pair.split(":", 1)) for pair, flag in zip(arguments[1:], arguments) if flag == "--uses"}
        violations = []
        file_count = 0
        for module in modules:
            files = read_sources(root, module)
            file_count += len(files)
            violations += check(module, files, graph, shown_uses)
            for (folder, name), number in sorted(module.allowed.items(), key=lambda item: item[1]):
                if (folder, name) not in module.used_allowances:
                    violations.append(f"Scripts/layers.txt:{number}: `allow {folder} {name}` is no longer needed: delete it")
    except LayersError as error:
        print(error, file=sys.stderr)
        return 2
    if "--graph" in arguments:
        print_graph(modules, graph)
    for violation in violations:
        print(violation)
    seconds = time.monotonic() - started
    if violations:
        print(f"{len(violations)} problems with the layers of Scripts/layers.txt ({file_count} files, {seconds:.2f} s)")
        return 1
    allowances = sum(len(module.allowed) for module in modules)
    print(f"Layers hold: {file_count} files in {sum(len(module.levels) for module in modules)} folders of "
          f"{len(modules)} modules, {allowances} allowed exceptions ({seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
