#!/usr/bin/env python3
"""Counts the pages of a built site that show one title twice: HTML files with two or more
<h1> elements of the same text (tags dropped, entities decoded, white space folded).

usage: Scripts/count-double-titles.py OUTPUT_FOLDER [-v]
"""
import html
import os
import re
import sys

H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.S | re.I)
TAG = re.compile(r"<[^>]+>")


def texts(page):
    for inner in H1.findall(page):
        yield " ".join(html.unescape(TAG.sub("", inner)).split())


def main():
    folder = sys.argv[1]
    verbose = "-v" in sys.argv[2:]
    pages = doubled = 0
    for directory, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".html"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8", errors="replace") as file:
                seen = list(texts(file.read()))
            pages += 1
            repeated = sorted({text for text in seen if seen.count(text) > 1})
            if repeated:
                doubled += 1
                if verbose:
                    print(f"{os.path.relpath(path, folder)}: {repeated[0]!r}")
    print(f"{doubled} of {pages} HTML files show a title twice")


main()
