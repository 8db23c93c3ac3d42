#!/usr/bin/env python3
"""Collects the formulas of Markdown, reStructuredText and Jupyter files into the corpus format
of Benchmarks/math/formulas.txt: `D<TAB>tex` (display) or `I<TAB>tex` (inline) a line, with
U+2424 (␤) for a newline and a space for a tab; lines starting with `#` are comments.

    extract-formulas.py SOURCE-NAME FILE-OR-FOLDER... >> formulas.txt

Display: $$…$$, \\[…\\], ```math fences, `.. math::` blocks, {{< katex display >}}. Inline: $…$
(not `$ 5`, not inside code), \\(…\\), :math:`…`, {{< katex >}}. Duplicates are dropped.
"""
import json, os, re, sys

def escape(tex):
    return tex.replace("\t", " ").replace("\n", "\u2424")

def strip_code(text):
    text = re.sub(r"```(?!math).*?```", " ", text, flags=re.S)
    text = re.sub(r"~~~.*?~~~", " ", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", lambda m: m.group(0) if m.group(0).startswith("`$") else " ", text)

def formulas(text, rst=False):
    found = []
    if rst:
        for m in re.finditer(r":math:`([^`]+)`", text): found.append(("I", m.group(1)))
        for m in re.finditer(r"\.\. math::\s*\n((?:[ \t]+.*\n|[ \t]*\n)+)", text):
            block = "\n".join(l.strip() for l in m.group(1).split("\n")).strip()
            for part in re.split(r"\n\s*\n", block):
                if part.strip(): found.append(("D", part.strip()))
        return found
    for m in re.finditer(r"```math\n(.*?)```", text, flags=re.S): found.append(("D", m.group(1).strip()))
    text = re.sub(r"```math\n.*?```", " ", text, flags=re.S)
    text = strip_code(text)
    for m in re.finditer(r"\{\{<\s*katex(\s+display)?\s*>\}\}(.*?)\{\{<\s*/katex\s*>\}\}", text, flags=re.S):
        found.append(("D" if m.group(1) else "I", m.group(2).strip()))
    text = re.sub(r"\{\{<\s*katex.*?/katex\s*>\}\}", " ", text, flags=re.S)
    for m in re.finditer(r"\$\$(.+?)\$\$", text, flags=re.S): found.append(("D", m.group(1).strip()))
    text = re.sub(r"\$\$.+?\$\$", " ", text, flags=re.S)
    for m in re.finditer(r"\\\[(.+?)\\\]", text, flags=re.S): found.append(("D", m.group(1).strip()))
    for m in re.finditer(r"\\\((.+?)\\\)", text, flags=re.S): found.append(("I", m.group(1).strip()))
    for m in re.finditer(r"(?<![\\$\w])\$(?![\s\d$])((?:[^$\\\n]|\\.){1,400}?)(?<![\s\\])\$(?![\w$])", text):
        found.append(("I", m.group(1)))
    return found

def files(path):
    if os.path.isfile(path): yield path; return
    for root, _, names in os.walk(path):
        for name in sorted(names):
            if name.endswith((".md", ".markdown", ".rst", ".ipynb")): yield os.path.join(root, name)

def main():
    seen = set()
    for path in sys.argv[2:]:
        for name in files(path):
            try: raw = open(name, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError): continue
            if name.endswith(".ipynb"):
                try: cells = json.loads(raw).get("cells", [])
                except ValueError: continue
                raw = "\n\n".join("".join(c.get("source", [])) for c in cells if c.get("cell_type") == "markdown")
            for flag, tex in formulas(raw, rst=name.endswith(".rst")):
                tex = tex.strip()
                if not tex or len(tex) > 4000 or (flag, tex) in seen: continue
                seen.add((flag, tex))
                print(f"{flag}\t{escape(tex)}")
main()
