import ArgumentParser
import Foundation
import Sitegen

/// `sitegen markdown [FILE…]`: Markdown to HTML, like the `cmark-gfm` command.
struct MarkdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Print the HTML of Markdown files (standard input when no file is given).",
        discussion: """
            Each file is converted on its own and the HTML bodies are printed in order. \
            GFM extensions on by default: table, strikethrough, autolink, tasklist, footnotes. \
            Use --no-extensions and -e to choose exactly, as with cmark-gfm.
            """
    )

    @Argument(help: "Markdown files to convert.")
    var files: [String] = []

    @Option(name: [.short, .customLong("extension")],
            help: "Add a GFM extension: table, strikethrough, autolink, tagfilter, tasklist, footnotes. Repeatable.")
    var extensions: [String] = []

    @Flag(name: .customLong("no-extensions"), help: "Start from no extensions (then add with -e).")
    var noExtensions = false

    @Flag(help: "Smart punctuation: curly quotes, dashes, ellipses.")
    var smart = false

    @Flag(help: "Render every line break in a paragraph as <br />.")
    var hardbreaks = false

    @Flag(help: "Omit raw HTML and dangerous link schemes.")
    var safe = false

    @Flag(help: "Keep raw HTML (the default; accepted for cmark-gfm compatibility).")
    var unsafe = false

    @Flag(name: .customLong("heading-ids"), help: "Give headings unique slug ids.")
    var headingIDs = false

    @Flag(name: .customLong("front-matter"), help: "Read a leading front matter block (YAML, TOML or JSON) instead of rendering it.")
    var frontMatter = false

    @Flag(help: "Add data-sourcepos attributes.")
    var sourcepos = false

    @Flag(name: .customLong("generator-syntax"),
          help: "Read other generators' syntax as site builds do: {#id .class} after headings, kramdown's {:…} lists dropped, template tags left out of heading ids, definition lists, code block titles, tab and npm2yarn blocks.")
    var generatorSyntax = false

    @Flag(help: "Render GitHub alerts (> [!NOTE] …) and :::note containers as site builds do.")
    var alerts = false

    @Flag(name: .customLong("east-asian-line-breaks"),
          help: "Leave out line breaks between Chinese or Japanese characters, which browsers show as spaces, as site builds do.")
    var eastAsianLineBreaks = false

    @Flag(help: "Colour code blocks (and number or mark their lines) as site builds do.")
    var highlight = false

    @Flag(help: "Render math ($…$, $$…$$, \\(…\\), \\[…\\], ```math blocks) as MathML, as site builds do.")
    var math = false

    func validate() throws {
        if safe && unsafe { throw ValidationError("--safe and --unsafe contradict each other.") }
        for name in extensions where MarkdownParser.Extension(rawValue: name) == nil {
            let known = MarkdownParser.Extension.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("Unknown extension '\(name)'. Known: \(known).")
        }
    }

    func run() throws {
        var chosen = noExtensions ? [] : MarkdownParser.Options.defaultExtensions
        chosen.formUnion(extensions.compactMap(MarkdownParser.Extension.init(rawValue:)))
        var parser = MarkdownParser(options: .init(
            extensions: chosen, smartPunctuation: smart, hardBreaks: hardbreaks,
            rawHTML: safe ? .omit : .keep, headingIDs: headingIDs, frontMatter: frontMatter,
            sourcePositions: sourcepos, generatorSyntax: generatorSyntax, alerts: alerts, eastAsianLineBreaks: eastAsianLineBreaks,
            math: math))
        if highlight { parser.addModifier(.highlightingCode(with: Highlighter())) }
        let inputs = files.isEmpty ? ["-"] : files
        var failed = false
        for path in inputs {
            do {
                let data = try path == "-" ? FileHandle.standardInput.readToEnd() ?? Data()
                                           : Data(contentsOf: URL(fileURLWithPath: path))
                let markdown = try parser.parse(String(decoding: data, as: UTF8.self))
                for failure in markdown.mathFailures {
                    TerminalOutput.warning("\(path == "-" ? "<stdin>" : path):\(failure.line): formula not rendered: \(failure.message); shown as written")
                }
                FileHandle.standardOutput.write(Data(markdown.html.utf8))
            } catch let error as MarkdownError {
                TerminalOutput.error("\(path == "-" ? "<stdin>" : path):\(error)")
                failed = true
            } catch {
                TerminalOutput.error("\(path): cannot read the file (\(error.localizedDescription))")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
