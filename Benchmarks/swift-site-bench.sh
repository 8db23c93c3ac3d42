#!/usr/bin/env bash
# Times a site with a Swift configuration target (3 modifiers): its first build from a cold
# start (no .build in the site: its Swift code compiled against this sitegen's modules), a
# build after an edit of its Swift file, a build with nothing changed, and its builds against
# the same content built without Swift.
#
#   Benchmarks/swift-site-bench.sh [PAGES]        default 1000; RUNS=5
set -euo pipefail
cd "$(dirname "$0")/.."
pages=${1:-1000}
runs=${RUNS:-5}
work=${WORK:-${TMPDIR:-/tmp}/sitegen-swift-bench}
root=$(pwd)

swift build -c release --product sitegen >/dev/null
sitegen=$(swift build -c release --show-bin-path)/sitegen
plain="$work/plain-$pages"; swifty="$work/swift-$pages"
[ -d "$plain/content" ] || python3 ../shared/bench/gen_corpus.py --pages "$pages" --flavor plain --out "$plain" >/dev/null
mkdir -p "$swifty/Sources/BenchSite"
# The same files (hard links: a link to a folder outside the site is not published).
rm -rf "$swifty/content" "$swifty/static"
cp -al "$plain/content" "$swifty/content"
cp -al "$plain/static" "$swifty/static"
ln -sfn "$root" "$swifty/sitegen-package"
cat > "$swifty/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "BenchSite",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "sitegen-package")],
    targets: [.executableTarget(name: "BenchSite", dependencies: [
        .product(name: "Sitegen", package: "sitegen-package"),
        .product(name: "SitegenCLI", package: "sitegen-package"),
    ])]
)
SWIFT
rm -f "$swifty/Sources/BenchSite/main.swift"
cat > "$swifty/Sources/BenchSite/BenchSite.swift" <<'SWIFT'
import Sitegen
import SitegenCLI

@main struct BenchSite {
    static func main() async throws {
        var site = Site()
        site.addModifier(Modifier(target: .codeBlocks) { html, _ in "<div class=\"code\">" + html + "</div>" })
        site.addModifier(Modifier(target: .headings) { input in
            guard case .heading(let level, _, let id) = input.node else { return input.html }
            return input.html.replacingOccurrences(of: "</h\(level)>", with: " <a href=\"#\(id)\">#</a></h\(level)>")
        })
        site.addModifier(Modifier(target: .images) { html, _ in html.replacingOccurrences(of: "<img ", with: "<img loading=\"lazy\" ") })
        try await SitegenCLI.main(site: site)
    }
}
SWIFT
rm -rf "$swifty/.build" "$swifty/public"
seconds() { python3 -c "import sys,time; print('%.2f s' % (float(sys.argv[2]) - float(sys.argv[1])))" "$@"; }
start=$(date +%s.%N); "$sitegen" build "$swifty" --quiet; end=$(date +%s.%N)
echo "first build, no .build in the site: $(seconds "$start" "$end")"
start=$(date +%s.%N); "$sitegen" build "$swifty" --quiet; end=$(date +%s.%N)
echo "nothing changed: $(seconds "$start" "$end")"
echo "// an edit" >> "$swifty/Sources/BenchSite/BenchSite.swift"
start=$(date +%s.%N); "$sitegen" build "$swifty" --quiet; end=$(date +%s.%N)
echo "after an edit of its Swift file: $(seconds "$start" "$end")"

# Rounds alternate the two builds, so that a slow moment of the disk hits both alike.
time_of() {
    local start end
    start=$(date +%s.%N); "$@" --quiet; end=$(date +%s.%N)
    python3 -c "print($end - $start)"
}
plain_time=""; swift_time=""
for _ in $(seq "$runs"); do
    p=$(time_of "$sitegen" build "$plain"); s=$(time_of "$sitegen" build "$swifty")
    plain_time=$(python3 -c "print(min(x for x in [$p, ${plain_time:-$p}]))")
    swift_time=$(python3 -c "print(min(x for x in [$s, ${swift_time:-$s}]))")
done
python3 - "$pages" "$plain_time" "$swift_time" <<'PY'
import sys
pages, plain, swift = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
print("%d pages, best of runs: plain build %.2f s, Swift site with 3 modifiers %.2f s: %.2fx" % (pages, plain, swift, swift / plain))
PY
