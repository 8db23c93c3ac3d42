#!/usr/bin/env python3
"""Turns a site made by ../shared/bench/gen_corpus.py into a site of the same size in three
languages: the first third of its pages (by path) in English, each also as a French
(`name.fr.md`) and a Japanese (`name.ja.md`) translation, with a sitegen.yml that lists them.

Usage: Benchmarks/multilingual-site.py SOURCE_SITE OUTPUT_SITE
       (then: sitegen build OUTPUT_SITE, against sitegen build SOURCE_SITE)
"""
import os
import shutil
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, output = (os.path.join(sys.argv[1], "content"), os.path.join(sys.argv[2], "content"))
    if os.path.exists(sys.argv[2]):
        sys.exit(f"{sys.argv[2]} exists; remove it first")
    files = sorted(os.path.relpath(os.path.join(base, name), source)
                   for base, _, names in os.walk(source) for name in names)
    pages = [f for f in files if f.endswith(".md") and not os.path.basename(f).startswith("_index")]
    kept = set(pages[: (len(pages) + 2) // 3])
    for path in files:
        if path in pages and path not in kept:
            continue
        copies = [path[:-3] + suffix + ".md" for suffix in ("", ".fr", ".ja")] if path.endswith(".md") else [path]
        for copy in copies:
            target = os.path.join(output, copy)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(source, path), target)
    if os.path.isdir(os.path.join(sys.argv[1], "static")):
        shutil.copytree(os.path.join(sys.argv[1], "static"), os.path.join(sys.argv[2], "static"))
    with open(os.path.join(sys.argv[2], "sitegen.yml"), "w", encoding="utf-8") as file:
        file.write("title: Bench\nlanguages:\n  en: {name: English}\n  fr: {name: Français}\n  ja: {name: 日本語}\n")
    print(f"{len(kept) * 3} pages in 3 languages → {sys.argv[2]}")


if __name__ == "__main__":
    main()
