import Testing
@testable import SitegenHighlight

// The grammars of shell, console, Python, Ruby, SQL, diff and Dockerfile code, checked on
// snippets against the classes Pygments gives (where we differ on purpose, the test says so).

@Test func bashLeavesCommandWordsPlainAndMarksBuiltinsVariablesAndComments() {
    #expect(tokens(#"export PATH="$HOME/bin:$PATH" # add"#, "bash") == [
        "nb:export", "nv:PATH", "o:=", "s2:\"", "nv:$HOME", "s2:/bin:", "nv:$PATH", "s2:\"", "c1:# add",
    ])
}

@Test func bashKeywordsTestsAndOperators() {
    #expect(tokens(#"if [ -n "$1" ]; then cd "$1" || exit 1; fi"#, "bash") == [
        "k:if", "o:[", ":-n", "s2:\"", "nv:$1", "s2:\"", "o:]", "p:;", "k:then", "nb:cd", "s2:\"", "nv:$1", "s2:\"",
        "o:||", "nb:exit", "mi:1", "p:;", "k:fi",
    ])
}

@Test func bashArithmeticParameterExpansionAndBackticks() {
    #expect(tokens("echo $(( x * 0x1F )) ${#arr[@]} ${name:-default} `date`", "bash") == [
        "nb:echo", "k:$((", "nv:x", "o:*", "mh:0x1F", "k:))", "si:${#", "nv:arr", "p:[@]", "si:}", "si:${", "nv:name",
        "k::-", "nv:default", "si:}", "sb:`", ":date", "sb:`",
    ])
}

@Test func bashSingleAnsiAndDoubleQuotedStringsWithEscapes() {
    #expect(tokens(#"printf '%s\n' $'tab\there' "a \"q\" \$5""#, "bash") == [
        "nb:printf", "s1:'%s\\n'", "s1:$'tab", "se:\\t", "s1:here'", "s2:\"a ", "se:\\\"", "s2:q", "se:\\\"", "s2: ",
        "se:\\$", "s2:5\"",
    ])
}

@Test func bashHashbangAssignmentsAndRedirections() {
    #expect(tokens("""
        #!/bin/sh
        VAR+=x 2>&1
        """, "bash") == [
        "ch:#!/bin/sh", "nv:VAR", "o:+=", ":x", "mi:2", ":>", "p:&", "mi:1",
    ])
}

// Pygments makes the rest of the opening line part of the here document; it is code.
@Test func bashHereDocumentBodyFollowsTheCommandLine() {
    #expect(tokens("""
        cat <<-EOF > out.txt
        \thello $name
        \tEOF
        echo done
        """, "bash") == [
        ":cat", "sh:<<-EOF", ":>", ":out.txt", "sh:\thello $name", "sh:\tEOF", "nb:echo", "k:done",
    ])
}

@Test func bashCommandSubstitutionInsideStrings() {
    #expect(tokens(#"echo "today: $(date +%F) in ${PWD}""#, "bash") == [
        "nb:echo", "s2:\"today: ", "k:$(", ":date", ":+%F", "k:)", "s2: in ", "si:${", "nv:PWD", "si:}", "s2:\"",
    ])
}

@Test func consolePromptsCommandsAndOutput() {
    #expect(tokens("""
        $ npm install --save-dev
        added 1 package
        user@host:~/site$ hugo server -D
        """, "console") == [
        "gp:$ ", ":npm", ":install", ":--save-dev", "go:added 1 package", "gp:user@host:~/site$ ", ":hugo", ":server",
        ":-D",
    ])
}

@Test func consoleVirtualEnvironmentRootAndBracketedPrompts() {
    #expect(tokens("""
        (venv) $ pip install -r requirements.txt
        # apt-get update
        [root@box ~]# echo $HOME
        """, "console") == [
        "gp:(venv) $ ", ":pip", ":install", ":-r", ":requirements.txt", "gp:# ", ":apt-get", ":update",
        "gp:[root@box ~]# ", "nb:echo", "nv:$HOME",
    ])
}

@Test func consoleContinuationLinesAndUnterminatedStrings() {
    #expect(tokens("""
        $ docker run \\
        >   -it ubuntu
        $ echo "unterminated
        output again
        """, "console") == [
        "gp:$ ", ":docker", ":run", "se:\\", "gp:> ", ":-it", ":ubuntu", "gp:$ ", "nb:echo", "s2:\"unterminated",
        "go:output again",
    ])
}

// Pygments ends such a prompt at the last `$` of the next word, taking `echo $` in.
@Test func consoleDollarInTheCommandIsNotPartOfThePrompt() {
    #expect(tokens("me@mac:~/dir$ echo $HOME", "console") == ["gp:me@mac:~/dir$ ", "nb:echo", "nv:$HOME"])
}

@Test func pythonDecoratorsClassesDocstringsAndMethods() {
    #expect(tokens("""
        @dataclass
        class Point(Base):
            \"""A point.\"""
            def __init__(self, x: int = 1_000) -> None:
                self.x = x
        """, "python") == [
        "nd:@dataclass", "kd:class", "nc:Point", "p:(", "n:Base", "p:):", "sd:\"\"\"A point.\"\"\"", "kd:def",
        "nf:__init__", "p:(", "bp:self", "p:,", "n:x", "p::", "nb:int", "o:=", "mi:1_000", "p:)", "o:->", "kc:None",
        "p::", "bp:self", "o:.", "n:x", "o:=", "n:x",
    ])
}

@Test func pythonStringPrefixesFormatsAndFStringExpressions() {
    #expect(tokens(#"name = f"{user!r:>10} {{x}} {d["k"]}" + rb"\d" + b"\x00" + "tab\t%s {0}""#, "python") == [
        "n:name", "o:=", "sa:f", "s2:\"", "si:{", "n:user", "si:!r:", "s2:>10", "si:}", "s2: ", "se:{{", "s2:x",
        "se:}}", "s2: ", "si:{", "n:d", "p:[", "s2:\"k\"", "p:]", "si:}", "s2:\"", "o:+", "sa:rb", "s2:\"\\d\"", "o:+",
        "sa:b", "s2:\"", "se:\\x00", "s2:\"", "o:+", "s2:\"tab", "se:\\t", "si:%s", "s2: ", "si:{0}", "s2:\"",
    ])
}

// `3j` is one number (Pygments stops before the `j`).
@Test func pythonNumbersWithSeparatorsPrefixesExponentsAndImaginaryParts() {
    #expect(tokens("n = 0x_ff + 0o17 + 0b1010 + 1.5e-3 + .5 + 1e10 + 3j", "python") == [
        "n:n", "o:=", "mh:0x_ff", "o:+", "mo:0o17", "o:+", "mb:0b1010", "o:+", "mf:1.5e-3", "o:+", "mf:.5", "o:+",
        "mf:1e10", "o:+", "mf:3j",
    ])
}

@Test func pythonImportsNameModules() {
    #expect(tokens("""
        from os.path import join as pjoin
        import numpy as np, sys
        """, "python") == [
        "kn:from", "nn:os.path", "kn:import", "n:join", "k:as", "n:pjoin", "kn:import", "nn:numpy", "k:as", "nn:np",
        "o:,", "nn:sys",
    ])
}

@Test func pythonSoftKeywordsMatchCaseAndWildcard() {
    #expect(tokens("""
        match cmd:
            case [x, _]:
                pass
            case _:
                pass
        """, "python") == [
        "k:match", "n:cmd", "p::", "k:case", "p:[", "n:x", "p:,", "k:_", "p:]:", "k:pass", "k:case", "k:_", "p::",
        "k:pass",
    ])
}

@Test func pythonBuiltinsExceptionsAndAttributes() {
    #expect(tokens("""
        # comment
        print(len(x), ValueError, __name__, os.open)
        """, "python") == [
        "c1:# comment", "nb:print", "p:(", "nb:len", "p:(", "n:x", "p:),", "ne:ValueError", "p:,", "nv:__name__", "p:,",
        "n:os", "o:.", "n:open", "p:)",
    ])
}

@Test func pythonRawAndTripleQuotedStrings() {
    #expect(tokens(#"raw = r"C:\new" + R"""multi\n""" + u"x""#, "python") == [
        "n:raw", "o:=", "sa:r", "s2:\"C:\\new\"", "o:+", "sa:R", "s2:\"\"\"multi\\n\"\"\"", "o:+", "sa:u", "s2:\"x\"",
    ])
}

@Test func pythonOperatorWordsAndConstants() {
    #expect(tokens("x is not None and y in z", "py") == [
        "n:x", "ow:is", "ow:not", "kc:None", "ow:and", "n:y", "ow:in", "n:z",
    ])
}

@Test func rubyClassesMethodsSymbolsAndInstanceVariables() {
    #expect(tokens("""
        class Point < Struct
          attr_reader :x
          def initialize(x = 0, y: 1_000)
            @x = x
          end
        end
        """, "ruby") == [
        "k:class", "nc:Point", "o:<", "no:Struct", "kp:attr_reader", "ss::x", "k:def", "nf:initialize", "p:(", "n:x",
        "o:=", "mi:0", "p:,", "ss:y", "p::", "mi:1_000", "p:)", "nv:@x", "o:=", "n:x", "k:end", "k:end",
    ])
}

// Single quotes interpolate nothing (Pygments marks `#{}` in them too).
@Test func rubyInterpolationOnlyInDoubleQuotesAndBackticks() {
    #expect(tokens(#"puts "Hi #{name}!\n" + 'it\'s #{raw}' + `ls`"#, "ruby") == [
        "nb:puts", "s2:\"Hi ", "si:#{", "nb:name", "si:}", "s2:!", "se:\\n", "s2:\"", "o:+", "s1:'it", "se:\\'",
        "s1:s #{raw}'", "o:+", "sb:`ls`",
    ])
}

// `%i[]` is a literal as `%w[]` is (Pygments does not know it).
@Test func rubyPercentLiteralsAndRegularExpressions() {
    #expect(tokens("""
        words = %w[a b] + %i[c d]
        re = /\\d+#{x}/i
        m = %r{/path}
        """, "ruby") == [
        "n:words", "o:=", "sx:%w[a b]", "o:+", "sx:%i[c d]", "n:re", "o:=", "sr:/\\d+", "si:#{", "n:x", "si:}", "sr:/i",
        "n:m", "o:=", "sr:%r{/path}",
    ])
}

@Test func rubyHeredocBodyFollowsTheOpeningLine() {
    #expect(tokens("""
        text = <<~EOS.strip
          Hello
        EOS
        puts text
        """, "ruby") == [
        "n:text", "o:=", "o:<<~", "dl:EOS", "o:.", "n:strip", "sh:  Hello", "dl:EOS", "nb:puts", "n:text",
    ])
}

// A key is a symbol even when it is a builtin's name (`name:`), and `1.5e3` is one float.
@Test func rubyHashKeysNumbersDivisionAndCharacters() {
    #expect(tokens("""
        h = { name: "x", :key => 1, "s" => 0x1F, f: 1.5e3 }
        x = a / b
        c = ?a
        """, "ruby") == [
        "n:h", "o:=", "p:{", "ss:name", "p::", "s2:\"x\"", "p:,", "ss::key", "o:=>", "mi:1", "p:,", "s2:\"s\"", "o:=>",
        "mh:0x1F", "p:,", "ss:f", "p::", "mf:1.5e3", "p:}", "n:x", "o:=", "n:a", "o:/", "n:b", "n:c", "o:=", "sc:?a",
    ])
}

@Test func rubyBlockCommentsAndModules() {
    #expect(tokens("""
        =begin
        comment
        =end
        module Foo::Bar; end
        """, "ruby") == [
        "cm:=begin", "cm:comment", "cm:=end", "k:module", "nn:Foo::Bar", "p:;", "k:end",
    ])
}

@Test func rubyEndlessMethodsAndPredicates() {
    #expect(tokens("""
        def self.call(env) = new(env).call
        def empty? = @items.empty?
        """, "ruby") == [
        "k:def", "nc:self", "o:.", "nf:call", "p:(", "n:env", "p:)", "o:=", "kp:new", "p:(", "n:env", "p:)", "o:.",
        "n:call", "k:def", "nf:empty?", "o:=", "nv:@items", "o:.", "n:empty?",
    ])
}

@Test func sqlKeywordsInAnyCaseStringsAndLineComments() {
    #expect(tokens("""
        SELECT name, COUNT(*) AS total
        FROM users -- all
        WHERE id = 42 AND note = 'it''s';
        """, "sql") == [
        "k:SELECT", "n:name", "p:,", "k:COUNT", "p:(", "o:*", "p:)", "k:AS", "n:total", "k:FROM", "n:users",
        "c1:-- all", "k:WHERE", "n:id", "o:=", "mi:42", "k:AND", "n:note", "o:=", "s1:'it''s'", "p:;",
    ])
}

@Test func sqlTypesNumbersAndNestedBlockComments() {
    #expect(tokens("""
        create table t (id integer primary key, ratio decimal(5, 2) default 1.5);
        /* a /* nested */ comment */
        """, "sql") == [
        "k:create", "k:table", "n:t", "p:(", "n:id", "nb:integer", "k:primary", "k:key", "p:,", "n:ratio", "nb:decimal",
        "p:(", "mi:5", "p:,", "mi:2", "p:)", "k:default", "mf:1.5", "p:);", "cm:/* a /* nested */ comment */",
    ])
}

@Test func sqlQuotedNamesAndNull() {
    #expect(tokens(#"select "Quoted" from t where x is null"#, "postgresql") == [
        "k:select", "ss:\"Quoted\"", "k:from", "n:t", "k:where", "n:x", "k:is", "kc:null",
    ])
}

@Test func diffHeadersHunksAndChangedLines() {
    #expect(tokens("""
        diff --git a/x.swift b/x.swift
        index 83db48f..bf269f4 100644
        --- a/x.swift
        +++ b/x.swift
        @@ -1,3 +1,3 @@ func main()
         let a = 1
        -let b = 2
        +let b = 3
        """, "diff") == [
        "gh:diff --git a/x.swift b/x.swift", "gh:index 83db48f..bf269f4 100644", "gd:--- a/x.swift", "gi:+++ b/x.swift",
        "gu:@@ -1,3 +1,3 @@ func main()", ":let", ":a", ":=", ":1", "gd:-let b = 2", "gi:+let b = 3",
    ])
}

@Test func diffNormalFormat() {
    #expect(tokens("""
        5c5
        < old
        ---
        > new
        """, "patch") == [
        "gu:5c5", "gd:< old", "gs:---", "gi:> new",
    ])
}

// The image after `--platform=…` is the string (Pygments takes the option for it).
@Test func dockerfileInstructionsShellAndExecForms() {
    #expect(tokens("""
        # syntax=docker/dockerfile:1
        FROM --platform=linux/amd64 swift:5.9 AS build
        WORKDIR /app
        RUN apt-get update \\
            && apt-get install -y curl
        ENV PATH=/opt/bin:$PATH
        CMD ["swift", "run"]
        EXPOSE 8080
        """, "dockerfile") == [
        "c1:# syntax=docker/dockerfile:1", "k:FROM", ":--platform", "o:=", ":linux/amd64", "s:swift:5.9", "k:AS",
        "s:build", "k:WORKDIR", "s:/app", "k:RUN", ":apt-get", ":update", "se:\\", "o:&&", ":apt-get", ":install",
        ":-y", ":curl", "k:ENV", "nv:PATH", "o:=", ":/opt/bin:", "nv:$PATH", "k:CMD", "p:[", "s2:\"swift\"", "p:,",
        "s2:\"run\"", "p:]", "k:EXPOSE", "s:8080",
    ])
}

@Test func dockerfileInstructionsInAnyCase() {
    #expect(tokens("from alpine as base", "docker") == ["k:from", "s:alpine", "k:as", "s:base"])
}

@Test func scriptLanguagesAnswerToTheirAliases() {
    for alias in ["sh", "shell", "zsh", "ksh"] { #expect(tokens("echo hi", alias) == ["nb:echo", ":hi"]) }
    for alias in ["shell-session", "sh-session", "terminal"] { #expect(tokens("$ ls", alias) == ["gp:$ ", ":ls"]) }
    for alias in ["py", "python3", "bzl"] { #expect(tokens("pass", alias) == ["k:pass"]) }
    for alias in ["rb", "rake", "gemspec"] { #expect(tokens("puts :x", alias) == ["nb:puts", "ss::x"]) }
    for alias in ["mysql", "postgres", "sqlite"] { #expect(tokens("SELECT 1", alias) == ["k:SELECT", "mi:1"]) }
    for alias in ["patch", "udiff"] { #expect(tokens("+a", alias) == ["gi:+a"]) }
    for alias in ["docker", "containerfile"] { #expect(tokens("RUN ls", alias) == ["k:RUN", ":ls"]) }
}

@Test func scriptGrammarsGiveBackAnyInputWhole() {
    let inputs = [
        "\"unterminated $(x ${y `z", "'''open", "cat <<EOF\nno end", "x = <<~A\n#{", "%w[a [b", "/re",
        "$ a \\", "(venv)", "[user@host", "/* open", "f\"{a[(\"", "\u{0}\u{7F}é😀\\", String(repeating: "$(", count: 200),
    ]
    for language in ["bash", "console", "python", "ruby", "sql", "diff", "dockerfile"] {
        for input in inputs {
            let html = Highlighter().highlight(input, language: language) ?? ""
            #expect(plainText(html) == input, "\(language): \(input)")
        }
    }
}

/// The text of highlighted HTML: tags dropped, the four escapes undone.
private func plainText(_ html: String) -> String {
    var text = ""
    var rest = Substring(html)
    let entities: [(String, Character)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")]
    while let character = rest.first {
        if character == "<", let close = rest.firstIndex(of: ">") {
            rest = rest[rest.index(after: close)...]
        } else if character == "&", let (entity, replacement) = entities.first(where: { rest.hasPrefix($0.0) }) {
            text.append(replacement)
            rest = rest.dropFirst(entity.count)
        } else {
            text.append(character)
            rest = rest.dropFirst()
        }
    }
    return text
}

@Test func elixirDeclarationsAtomsKeywordKeysAndAttributes() {
    #expect(tokens("""
        defmodule Math do
          @moduledoc "Math"
          def sum(a, b) when is_integer(a), do: a + b
        end
        """, "elixir") == [
        "kd:defmodule", "nc:Math", "k:do", "na:@moduledoc", "s2:\"Math\"", "kd:def", ":sum", "p:(", ":a", "p:,", ":b", "p:)", "ow:when",
        ":is_integer", "p:(", ":a", "p:),", "ss:do", "p::", ":a", "o:+", ":b", "k:end",
    ].map { $0.hasPrefix(":") ? "n" + $0 : $0 })
    #expect(tokens("[1, 2_000, 0x1F, 0b101, 3.14e2, ?a, :ok, :\"two words\", :+, nil, _, __MODULE__]", "ex") == [
        "p:[", "mi:1", "p:,", "mi:2_000", "p:,", "mh:0x1F", "p:,", "mb:0b101", "p:,", "mf:3.14e2", "p:,", "sc:?a", "p:,", "ss::ok", "p:,",
        "ss::\"two words\"", "p:,", "ss::+", "p:,", "no:nil", "p:,", "bp:_", "p:,", "bp:__MODULE__", "p:]",
    ])
}

// Unlike Pygments, which splits it, `=>` is one operator. (Each line's part of a token is its own span.)
@Test func elixirStringsInterpolationSigilsAndHeredocs() {
    #expect(tokens(#"%{name: "Jo #{1 + 1}\n", "k" => 'cl'} |> IO.inspect() # done"#, "elixir") == [
        "p:%{", "ss:name", "p::", "s2:\"Jo ", "si:#{", "mi:1", "o:+", "mi:1", "si:}", "se:\\n", "s2:\"", "p:,", "s2:\"k\"", "o:=>",
        "s1:'cl'", "p:}", "o:|>", "nc:IO", "o:.", "n:inspect", "p:()", "c1:# done",
    ])
    #expect(tokens("~r/a|b\\/c/i ~w(one two)a ~S\"\"\"\nraw #{x}\n\"\"\"", "exs") == [
        "sx:~r/a|b\\/c/i", "sx:~w(one two)a", "sx:~S\"\"\"", "sx:raw #{x}", "sx:\"\"\"",
    ])
    #expect(tokens("\"\"\"\nText #{a}\n\"\"\"", "elixir") == ["sh:\"\"\"", "sh:Text ", "si:#{", "n:a", "si:}", "sh:\"\"\""])
    // What never closes runs to the end, and a lone ~ or ? is not a sigil or character.
    #expect(tokens("x ~ y ~r/open\n\"open", "elixir") == ["n:x", "o:~", "n:y", "sx:~r/open", "s2:\"open"])
}

// Unlike Pygments, `->`, `=>` and `<<` are one operator each, and `2.5e3` one float.
@Test func erlangAttributesVariablesAtomsFunctionsAndStrings() {
    #expect(tokens("""
        % A module
        -module(shapes).
        area({square, Side}) when is_integer(Side) -> Side * Side;
        area(_) -> io:format("~p~n", [$a, 16#FF, 2.5e3, 'odd atom', <<"b">>, #{k => ?MODULE}]).
        """, "erlang") == [
        "c:% A module", "p:-", "ni:module", "p:(", "n:shapes", "p:).", "nf:area", "p:({", "n:square", "p:,", "nv:Side", "p:})", "k:when",
        "nb:is_integer", "p:(", "nv:Side", "p:)", "o:->", "nv:Side", "o:*", "nv:Side", "p:;", "nf:area", "p:(", "nv:_", "p:)", "o:->",
        "nn:io", "p::", "nf:format", "p:(", "s:\"", "si:~p~n", "s:\"", "p:,", "p:[", "sc:$a", "p:,", "mi:16#FF", "p:,", "mf:2.5e3",
        "p:,", "n:'odd atom'", "p:,", "o:<<", "s:\"b\"", "o:>>", "p:,", "p:#{", "n:k", "o:=>", "o:?", "nv:MODULE", "p:}]).",
    ])
    // An Erlang shell session (```erl, as Pygments names it) is not Erlang code.
    #expect(tokens("1> X = 2.", "erl") == ["unknown language"])
}

// Unlike Pygments, a traceback is output like any other.
@Test func pythonSessionPromptsCodeAndOutput() {
    #expect(tokens(">>> x = [1]\n>>> for i in x:\n...     print(i)\n...\n1\n>>>\n", "pycon") == [
        "gp:>>> ", "n:x", "o:=", "p:[", "mi:1", "p:]", "gp:>>> ", "k:for", "n:i", "ow:in", "n:x", "p::", "gp:... ",
        "nb:print", "p:(", "n:i", "p:)", "gp:...", "go:1", "gp:>>>",
    ])
    #expect(tokens(">>>x\n", "python-console") == ["go:>>>x"])
}

@Test func tplIsAGoTemplate() {
    #expect(tokens("{{ range .Pages }}{{ .Title }}{{ end }}", "tpl") == tokens("{{ range .Pages }}{{ .Title }}{{ end }}", "gotemplate"))
}
