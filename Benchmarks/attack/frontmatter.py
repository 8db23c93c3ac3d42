"""Front matter and configuration files that once crashed or hung a build."""
from pathlib import Path

from common import Case, build


def toml_dotted_key(folder: Path) -> list[str]:
    key = ".".join(f"k{i}" for i in range(10_000))
    return build(folder, {"content/a.md": f"+++\ntitle = \"A\"\n{key} = 1\n+++\nText\n"})


CASES = [
    Case("toml-dotted-key-10000-parts", toml_dotted_key, message="a.md"),
]
