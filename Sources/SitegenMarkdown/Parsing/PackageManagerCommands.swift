/// npm commands as Yarn and pnpm write them, for Docusaurus' `npm2yarn` code blocks
/// (``CodeBlockFrames``): `npm install --save-dev jest` is `yarn add --dev jest` and
/// `pnpm add --save-dev jest`.
///
/// Each line that runs `npm` (or `npx`) is written for the other tool: `install`/`i`/`add`
/// with packages adds them (`--save`, `-S` left out; `--save-dev`, `-D` a dev dependency;
/// `--global`, `-g` global; `--save-exact`, `-E` and `--save-optional` kept as Yarn names
/// them), `install` alone installs, `uninstall`/`remove`/`rm`/`un` removes, `run`/`exec` runs
/// (Yarn leaves out `run` and `--` before a script's arguments), `init NAME` creates from a
/// starter kit, `version major` is Yarn's `version --major`, `npx` is `dlx`; other lines and
/// commands stay as written (`npm test` is `yarn test`).
enum PackageManagerCommands {
    /// A package manager npm commands are written for.
    enum Tool: String, CaseIterable {
        case yarn, pnpm

        /// Its name as Docusaurus labels its tab.
        var label: String { self == .yarn ? "Yarn" : "pnpm" }
    }

    /// `code` with its npm commands written for `tool`: each command of a line (after a `$ `
    /// prompt, and after `&&`, `||`, `;` or `|`).
    static func converted(_ code: String, to tool: Tool) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var rest = Substring(line), result = ""
            let prompt = rest.prefix { $0 == " " || $0 == "\t" } + (rest.drop { $0 == " " || $0 == "\t" }.hasPrefix("$ ") ? "$ " : "")
            result += prompt
            rest = rest.dropFirst(prompt.count)
            // Commands one after another: each converted, the separators and spacing kept.
            while !rest.isEmpty {
                let separator = [" && ", " || ", "; ", " | "].compactMap { rest.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }
                let command = separator.map { rest[..<$0.lowerBound] } ?? rest
                let leading = command.prefix { $0 == " " }
                result += leading + (convertedLine(command.dropFirst(leading.count), to: tool) ?? String(command.dropFirst(leading.count)))
                guard let separator else { break }
                result += rest[separator]
                rest = rest[separator.upperBound...]
            }
            return result
        }.joined(separator: "\n")
    }

    /// The command `line` (without its indentation) for `tool`; `nil` when it runs neither `npm` nor `npx`.
    private static func convertedLine(_ line: Substring, to tool: Tool) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let program = words.first, program == "npm" || program == "npx" else { return nil }
        if program == "npx" { return ([tool.rawValue, "dlx"] + words.dropFirst()).joined(separator: " ") }
        words.removeFirst()
        guard let command = words.first else { return tool.rawValue }
        var arguments = Array(words.dropFirst())
        switch command {
        case "install", "i", "add":
            let global = arguments.contains("--global") || arguments.contains("-g")
            arguments.removeAll { ["--global", "-g", "--save", "-S"].contains($0) }
            arguments = arguments.map { renamedFlag($0, for: tool) }
            if arguments.isEmpty && command != "add" { return tool.rawValue + " install" }
            if global { return tool == .yarn ? (["yarn", "global", "add"] + arguments).joined(separator: " ")
                : (["pnpm", "add", "--global"] + arguments).joined(separator: " ") }
            return ([tool.rawValue, "add"] + arguments).joined(separator: " ")
        case "uninstall", "remove", "rm", "un", "r":
            let global = arguments.contains("--global") || arguments.contains("-g")
            arguments.removeAll { ["--global", "-g", "--save", "-S", "--save-dev", "-D"].contains($0) }
            if global { return tool == .yarn ? (["yarn", "global", "remove"] + arguments).joined(separator: " ")
                : (["pnpm", "remove", "--global"] + arguments).joined(separator: " ") }
            return ([tool.rawValue, "remove"] + arguments).joined(separator: " ")
        case "run", "run-script", "exec":
            guard let script = arguments.first else { return tool.rawValue + " run" }
            var rest = Array(arguments.dropFirst())
            guard tool == .yarn else { return (["pnpm", command == "exec" ? "exec" : "run", script] + rest).joined(separator: " ") }
            rest.removeAll { $0 == "--" }
            // Yarn runs a script by its name, unless the name is one of its own commands.
            let own: Set<String> = ["add", "install", "run", "remove", "init", "create", "global", "list", "version", "upgrade", "info", "test"]
            return (["yarn"] + (own.contains(script) ? ["run"] : []) + [script] + rest).joined(separator: " ")
        case "init", "create":
            if let starter = arguments.first, !starter.hasPrefix("-") {
                return ([tool.rawValue, "create"] + arguments).joined(separator: " ")
            }
            return ([tool.rawValue, "init"] + arguments.filter { $0 != "--scope" }).joined(separator: " ")
        case "version" where tool == .yarn:
            if let level = arguments.first, ["major", "minor", "patch"].contains(level) { return "yarn version --" + level }
            return (["yarn", "version"] + arguments).joined(separator: " ")
        case "test", "t", "start", "stop", "restart":
            let name = command == "t" ? "test" : command
            return ([tool.rawValue, name] + (tool == .yarn ? arguments.filter { $0 != "--" } : arguments)).joined(separator: " ")
        default:
            return ([tool.rawValue, command] + arguments).joined(separator: " ")
        }
    }

    /// npm's flag of `install` as `tool` writes it.
    private static func renamedFlag(_ flag: String, for tool: Tool) -> String {
        switch (flag, tool) {
        case ("--save-dev", .yarn), ("-D", .yarn): "--dev"
        case ("-D", .pnpm): "--save-dev"
        case ("--save-exact", .yarn), ("-E", .yarn): "--exact"
        case ("-E", .pnpm): "--save-exact"
        case ("--save-optional", .yarn), ("-O", .yarn): "--optional"
        case ("-O", .pnpm): "--save-optional"
        case ("--no-package-lock", .yarn): "--no-lockfile"
        default: flag
        }
    }
}
