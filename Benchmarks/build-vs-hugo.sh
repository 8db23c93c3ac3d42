#!/usr/bin/env bash
# Builds generated sites with sitegen and with Hugo in the same run and compares them.
#
#   Benchmarks/build-vs-hugo.sh [PAGES...]        default: 1000 10000
#   RUNS=3 WORK=/tmp/sitegen-bench Benchmarks/build-vs-hugo.sh 1000
#
# For each size it generates ../shared/bench/gen_corpus.py corpora (--flavor plain for
# sitegen, --flavor hugo for Hugo: the same pages), builds each RUNS times into a fresh
# output folder (sitegen with --base-url, so that feeds and the sitemap are written, as Hugo
# writes its own), and prints the best wall time, pages/s and the peak RSS of that run
# (GNU time -v), then the ratios. Needs: a release build (made here), python3, GNU time,
# and Hugo (apt-get install -y hugo).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
runs=${RUNS:-3}
work=${WORK:-${TMPDIR:-/tmp}/sitegen-build-bench}
generator=../shared/bench/gen_corpus.py

command -v hugo >/dev/null || { echo "hugo is missing: apt-get install -y hugo" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "GNU time is missing: apt-get install -y time" >&2; exit 1; }
swift build -c release --product sitegen >/dev/null
sitegen=$(swift build -c release --show-bin-path)/sitegen
mkdir -p "$work"

# measure NAME OUTPUT COMMAND...: best wall seconds and its peak RSS in KB, over $runs runs.
measure() {
    local output=$1; shift
    local best="" best_rss=""
    for _ in $(seq "$runs"); do
        rm -rf "$output"
        /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || { cat "$work/stderr.txt" >&2; exit 1; }
        local wall rss
        wall=$(python3 - "$work/time.txt" <<'PY'
import sys
for line in open(sys.argv[1]):
    if "Elapsed (wall clock)" in line:
        parts = line.rsplit(" ", 1)[1].strip().split(":")
        seconds = float(parts[-1]) + 60 * float(parts[-2]) + (3600 * float(parts[-3]) if len(parts) > 2 else 0)
        print(seconds)
PY
)
        rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $wall < $best else 1)"; then
            best=$wall; best_rss=$rss
        fi
    done
    echo "$best $best_rss"
}

printf '%-8s %-8s %7s %10s %10s %12s\n' tool corpus pages "wall (s)" "pages/s" "peak RSS"
for pages in "${sizes[@]}"; do
    plain="$work/plain-$pages"; hugo_site="$work/hugo-$pages"
    [ -d "$plain" ] || python3 "$generator" --pages "$pages" --flavor plain --out "$plain" >/dev/null
    [ -d "$hugo_site" ] || python3 "$generator" --pages "$pages" --flavor hugo --out "$hugo_site" >/dev/null
    read -r s_wall s_rss < <(measure "$plain/public" "$sitegen" build "$plain" --quiet --base-url https://example.org/)
    read -r h_wall h_rss < <(measure "$work/hugo-out-$pages" hugo --quiet -s "$hugo_site" -d "$work/hugo-out-$pages")
    python3 - "$pages" "$s_wall" "$s_rss" "$h_wall" "$h_rss" <<'PY'
import sys
pages = int(sys.argv[1]); s_wall, s_rss, h_wall, h_rss = map(float, sys.argv[2:])
row = "%-8s %-8s %7d %10.2f %10.0f %9.0f MB"
print(row % ("sitegen", "plain", pages, s_wall, pages / s_wall, s_rss / 1024))
print(row % ("hugo", "hugo", pages, h_wall, pages / h_wall, h_rss / 1024))
print("ratio at %d pages: sitegen is %.1fx faster than Hugo, with %.0f%% of its peak memory"
      % (pages, h_wall / s_wall, 100 * s_rss / h_rss))
PY
done
