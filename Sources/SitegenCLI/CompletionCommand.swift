import ArgumentParser

/// `sitegen completion bash|zsh|fish`: prints the shell's completion script for every command
/// and flag, made by the argument parser from the commands themselves, so it never goes stale.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            Install it once, then open a new shell:
              bash: sitegen completion bash > ~/.local/share/bash-completion/completions/sitegen
              zsh:  sitegen completion zsh > ~/.zfunc/_sitegen   (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)
              fish: sitegen completion fish > ~/.config/fish/completions/sitegen.fish
            """
    )

    /// The shells the argument parser writes scripts for.
    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish

        var completionShell: CompletionShell {
            switch self {
            case .bash: .bash
            case .zsh: .zsh
            case .fish: .fish
            }
        }
    }

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: Shell

    func run() {
        let script = SitegenCommand.completionScript(for: shell.completionShell)
        print(script, terminator: script.hasSuffix("\n") ? "" : "\n")
    }
}
