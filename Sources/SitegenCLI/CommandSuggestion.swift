/// What to say for a command that is not one but is close to one (`sitegen biuld` → "did you
/// mean 'build'?"), as Hugo and git say it: within two edits of a command's name.
enum CommandSuggestion {
    /// The message for `arguments` (without the program name), or `nil` when the first is a
    /// command, an option, or nothing like a command.
    static func message(for arguments: [String], commands: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first), first.count <= 32 else { return nil }
        let ranked = commands.map { (name: $0, distance: distance(first.lowercased(), $0)) }.sorted { $0.distance < $1.distance }
        guard let best = ranked.first, best.distance <= 2, best.distance < first.count else { return nil }
        return "unknown command '\(first)'; did you mean '\(best.name)'? (sitegen --help lists the commands)"
    }

    /// The number of single-character insertions, deletions, substitutions and swaps of
    /// neighbours that turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
