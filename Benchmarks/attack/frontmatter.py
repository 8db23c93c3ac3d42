"""Front matter and configuration files that once crashed a build or were read against the
documentation's word: each must end with status 1 and a message naming the file and line."""
from pathlib import Path

from common import Case, build

DEEP = "values are nested more than 1000 levels deep"


def parts(count: int, prefix: str = "k") -> str:
    return ".".join(f"{prefix}{i}" for i in range(count))


def page(toml: str) -> dict[str, str]:
    return {"content/a.md": f"+++\ntitle = \"A\"\n{toml}\n+++\nText\n"}


def many_deep_keys(folder: Path) -> list[str]:
    # A 1 MB front matter of keys 900 parts long, each a new path: the most work the limits
    # allow (toml++ makes a table per part; sitegen's key-line scan must stay linear).
    lines, size, n = [], 0, 0
    while size < 950_000:
        line = parts(900, f"p{n}x") + " = 1"
        lines.append(line)
        size += len(line) + 1
        n += 1
    return build(folder, page("\n".join(lines)))


def json_bomb(folder: Path) -> list[str]:
    return build(folder, {"content/a.md": "{\"title\": \"A\", \"list\": [" + "1, " * 5_000_000 + "1]}\nText\n"})


CASES = [
    Case("toml-dotted-key-10000-parts", lambda f: build(f, page(parts(10_000) + " = 1")), message="content/a.md:3: TOML front matter: " + DEEP),
    Case("toml-header-10000-parts", lambda f: build(f, page("[" + parts(10_000) + "]")), message="content/a.md:3: TOML front matter: " + DEEP),
    Case("toml-array-of-tables-10000-parts", lambda f: build(f, page("[[" + parts(10_000) + "]]")), message="content/a.md:3: TOML front matter: " + DEEP),
    Case("toml-inline-tables-10000-deep", lambda f: build(f, page("a = " + "{b = " * 10_000 + "1" + "}" * 10_000)),
         message="content/a.md:3: TOML front matter: " + DEEP),
    Case("toml-1mb-of-keys-900-parts-each", many_deep_keys, status=0),
    Case("hugo-toml-dotted-key-10000-parts", lambda f: build(f, {"content/a.md": "# A\n", "hugo.toml": "title = \"A\"\n" + parts(10_000) + " = 1\n"}, config=None),
         message="hugo.toml:2: TOML: " + DEEP),
    Case("zola-config-header-10000-parts", lambda f: build(f, {"content/a.md": "# A\n", "config.toml": "base_url = \"/\"\n[" + parts(10_000) + "]\n"}, config=None),
         message="config.toml:2: TOML: " + DEEP),
    Case("json-front-matter-15mb", json_bomb, message="content/a.md:1: JSON front matter: goes on past 1 MB"),
    Case("hugo-json-that-is-yaml", lambda f: build(f, {"content/a.md": "# A\n", "hugo.json": "title: A\n"}, config=None),
         message="hugo.json:1: JSON: the file must hold one object"),
    Case("i18n-file-that-is-a-list", lambda f: build(f, {"content/a.md": "# A\n", "i18n/fr.yml": "- a\n- b\n"}, config="title: T\nlanguage: fr\n"),
         message="i18n/fr.yml: item 1 of the list has no `id` and `translation`"),
    Case("two-pages-one-translation-key", lambda f: build(f, {
        "content/a.md": "---\ntranslationKey: k\n---\nA\n", "content/a.fr.md": "---\ntranslationKey: k\n---\nA\n",
        "content/b.fr.md": "---\ntranslationKey: k\n---\nB\n"}, config="title: T\nlanguages:\n  en: {}\n  fr: {}\n"),
         message="is the same translation (`translationKey: k` in `fr`)"),
    Case("hugo-language-code-path", lambda f: build(f, {"content/a.md": "# A\n", "hugo.toml": "title = \"T\"\ndefaultContentLanguage = \"../x\"\n"}, config=None),
         message="hugo.toml:2: `defaultContentLanguage` (../x) is not a language code"),
]
