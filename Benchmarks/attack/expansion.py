"""Inputs that expand without end unless bounded: mdBook includes, nested callouts, template loops."""
from pathlib import Path

from common import Case, build


def includes_wide_and_deep(folder: Path) -> list[str]:
    # Nine files under 1 KB: each includes the next ten times, eight deep (10^8 includes).
    files = {f"content/i{level}.txt": "".join(f"{{{{#include i{level + 1}.txt}}}}\n" for _ in range(10))
             for level in range(8)}
    files["content/i8.txt"] = "leaf\n"
    files["content/a.md"] = "# A\n\n{{#include i0.txt}}\n"
    return build(folder, files)


def one_big_file_many_times(folder: Path) -> list[str]:
    # One 15 MB file, included twenty times: 300 MB of page from 15 MB of input.
    big = ("x" * 99 + "\n") * 150_000
    page = "# A\n\n" + "".join("{{#include big.txt}}\n" for _ in range(20))
    return build(folder, {"content/big.txt": big, "content/a.md": page})


def nested_containers(folder: Path) -> list[str]:
    # 1,000 nested `:::` levels, a paragraph of text each, about 1 MB in all.
    text = "word " * 190 + "\n"
    page = "".join(f":::note\n\n{text}\n" for _ in range(1000)) + ":::\n\n" * 1000
    return build(folder, {"content/a.md": page})


def open_containers_many_blocks(folder: Path) -> list[str]:
    # 1,000 containers opened and never closed, then 20,000 paragraphs and 1,000 closings of
    # other colons: under the depth limit (nothing nests), so only linear work keeps it fast.
    page = ":::note\n\n" * 1000 + ("word " * 8 + "\n\n") * 20_000 + "::::\n\n" * 1000
    return build(folder, {"content/a.md": page})


def nested_template_loops(folder: Path) -> list[str]:
    # Twelve loops over the same ten items, one inside the other: 10^12 iterations.
    items = "".join(f"  - {index}\n" for index in range(10))
    template = "{{#page.params.items}}" * 12 + "x" + "{{/page.params.items}}" * 12 + "\n"
    return build(folder, {"content/a.md": f"---\ntitle: A\nitems:\n{items}---\nText\n",
                          "templates/page.mustache": template})


CASES = [
    Case("includes-10-wide-8-deep", includes_wide_and_deep, message="includes per page"),
    Case("one-15mb-file-included-20-times", one_big_file_many_times, message="expanded page size"),
    Case("containers-1000-deep-in-1mb", nested_containers, message="container depth"),
    Case("containers-1000-open-20000-blocks", open_containers_many_blocks, status=0),
    Case("template-12-nested-loops-over-10", nested_template_loops, message="template iterations"),
]
