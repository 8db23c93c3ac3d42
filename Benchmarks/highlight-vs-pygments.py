#!/usr/bin/env python3
"""How far sitegen's highlighter agrees with Pygments on the code blocks of real sites.

    python3 Benchmarks/highlight-vs-pygments.py [--corpus DIR] [--bench PATH] [--language NAME] [--worst N]

For every code block of ../shared/corpora whose language sitegen knows, both tokenize the code;
each non-space character gets a category from its token (keyword, name, string, comment,
number, operator, text, or a Generic kind such as prompt/output/inserted/deleted), and the
table gives, per language, the share of characters on which the two agree. Pygments is the
reference, with its lexer picked by the block's own info string (so `console` gets its shell
session lexer). Needs `pip install pygments` and a release build of sitegen-bench.
"""
import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES, Token
from pygments.util import ClassNotFound

HERE = os.path.dirname(os.path.abspath(__file__))
SHORT_TO_TYPE = {short: ttype for ttype, short in STANDARD_TYPES.items()}
# Pygments names some lexers differently from GitHub; our name when the info word is unknown to it.
FALLBACK_LEXER = {"console": "console", "gotemplate": "go-html-template", "objectivec": "objective-c"}


def category(ttype):
    path = []
    while ttype is not None and ttype is not Token:
        path.append(ttype)
        ttype = ttype.parent
    top = path[-1] if path else Token
    if top is Token.Keyword: return "keyword"
    if top is Token.Name: return "name"
    if top is Token.Comment: return "comment"
    if top in (Token.Operator, Token.Punctuation): return "operator"
    if top is Token.Literal:
        if len(path) >= 2 and path[-2] is Token.Literal.String: return "string"
        if len(path) >= 2 and path[-2] is Token.Literal.Number: return "number"
        return "literal"
    if top is Token.Generic:
        return "generic." + (str(path[-2]).split(".")[-1] if len(path) >= 2 else "")
    return "text"


SPAN = re.compile(r'<span class="([^"]*)">([^<]*)</span>|([^<]+)')


def ours(markup):
    chars = []
    for match in SPAN.finditer(markup):
        short, inner, plain = match.groups()
        text = html.unescape(inner if plain is None else plain)
        kind = "text" if plain is not None else category(SHORT_TO_TYPE.get(short, Token.Text))
        chars.extend((c, kind) for c in text)
    return chars


def theirs(code, lexer):
    chars = []
    for ttype, value in lexer.get_tokens(code):
        kind = category(ttype)
        chars.extend((c, kind) for c in value)
    return chars


def lexer_for(info_word, name):
    for candidate in (info_word, FALLBACK_LEXER.get(name), name):
        if not candidate:
            continue
        try:
            return get_lexer_by_name(candidate, stripnl=False, ensurenl=False, stripall=False)
        except ClassNotFound:
            continue
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpora"))
    parser.add_argument("--bench", default=os.path.join(HERE, "..", ".build", "release", "sitegen-bench"))
    parser.add_argument("--language", help="only this language (our name)")
    parser.add_argument("--worst", type=int, default=0, help="print the N blocks of most disagreement")
    parser.add_argument("--minimum-blocks", type=int, default=20, help="blocks a language needs to count for the goal")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "blocks.json")
        subprocess.run([args.bench, "highlight", "--corpus", args.corpus, "--blocks-json", out], check=True)
        with open(out) as file:
            blocks = json.load(file)
    totals = defaultdict(lambda: [0, 0, 0, 0])  # blocks, chars, agreeing, misaligned blocks
    confusion = defaultdict(lambda: defaultdict(int))
    worst = []
    for block in blocks:
        name, markup = block.get("language"), block.get("html")
        if not name or markup is None or (args.language and name != args.language):
            continue
        info_word = re.split(r"[\s,{]", block["info"].strip(), maxsplit=1)[0].lower()
        lexer = lexer_for(info_word, name)
        if lexer is None:
            continue
        mine, reference = ours(markup), theirs(block["code"], lexer)
        entry = totals[name]
        entry[0] += 1
        if "".join(c for c, _ in mine) != "".join(c for c, _ in reference):
            entry[3] += 1
            continue
        chars = agree = 0
        for (c, a), (_, b) in zip(mine, reference):
            if c.isspace():
                continue
            chars += 1
            if a == b:
                agree += 1
            else:
                confusion[name][(a, b)] += 1
        entry[1] += chars
        entry[2] += agree
        if args.worst:
            worst.append((chars - agree, name, block["code"], markup))
    print(f"{'language':<14}{'blocks':>7}{'chars':>9}{'agree':>9}   (goal 90% with {args.minimum_blocks}+ blocks)")
    for name, (count, chars, agree, misaligned) in sorted(totals.items()):
        share = 100.0 * agree / chars if chars else 100.0
        mark = "" if count < args.minimum_blocks else ("  ok" if share >= 90 else "  BELOW")
        note = f"  ({misaligned} not aligned)" if misaligned else ""
        print(f"{name:<14}{count:>7}{chars:>9}{share:>8.1f}%{mark}{note}")
    if args.language:
        print("\nmost common disagreements (ours, Pygments): characters")
        for (a, b), n in sorted(confusion[args.language].items(), key=lambda item: -item[1])[:12]:
            print(f"  {a:>10} {b:>10}: {n}")
    for lost, name, code, markup in sorted(worst, key=lambda item: -item[0])[:args.worst]:
        print(f"\n--- {name}: {lost} characters differ\n{code[:1500]}\n--- ours:\n{markup[:1500]}")


if __name__ == "__main__":
    sys.exit(main())
