/// What a token of code is, named by the short CSS class Pygments and Chroma give it, so any
/// stylesheet written for them colours our output.
///
/// The class of ``plain`` is empty: plain text is written without a `<span>`.
enum TokenKind: String, Sendable, CaseIterable, Hashable {
    /// Text with no class: spaces, and words a language does not tell apart.
    case plain = ""
    /// A keyword (`if`, `return`).
    case keyword = "k"
    /// A constant keyword (`true`, `nil`).
    case keywordConstant = "kc"
    /// A declaring keyword (`let`, `func`, `class`).
    case keywordDeclaration = "kd"
    /// A keyword naming a module (`import`, `package`).
    case keywordNamespace = "kn"
    /// A pseudo keyword.
    case keywordPseudo = "kp"
    /// A keyword that names a type (`int`, `bool`).
    case keywordType = "kt"
    /// A name.
    case name = "n"
    /// An attribute name (in markup).
    case nameAttribute = "na"
    /// A built-in name (`print`, `len`).
    case nameBuiltin = "nb"
    /// A built-in pseudo name (`self`, `this`).
    case nameBuiltinPseudo = "bp"
    /// A class or type name being declared or used.
    case nameClass = "nc"
    /// A constant name.
    case nameConstant = "no"
    /// A decorator or attribute (`@objc`, `#[derive]`).
    case nameDecorator = "nd"
    /// An entity (`&amp;`).
    case nameEntity = "ni"
    /// An exception name.
    case nameException = "ne"
    /// A function name.
    case nameFunction = "nf"
    /// A label.
    case nameLabel = "nl"
    /// A module or namespace name.
    case nameNamespace = "nn"
    /// A markup tag name, or a key in data files.
    case nameTag = "nt"
    /// A variable (`$HOME`).
    case nameVariable = "nv"
    /// Another name.
    case nameOther = "nx"
    /// A property.
    case nameProperty = "py"
    /// A string.
    case string = "s"
    /// A string prefix (`r`, `b`, `f`).
    case stringAffix = "sa"
    /// A backtick string.
    case stringBacktick = "sb"
    /// A character literal.
    case stringChar = "sc"
    /// A string delimiter.
    case stringDelimiter = "dl"
    /// A doc string.
    case stringDoc = "sd"
    /// A double-quoted string.
    case stringDouble = "s2"
    /// An escape in a string (`\n`).
    case stringEscape = "se"
    /// A here document.
    case stringHeredoc = "sh"
    /// The delimiters of an interpolation in a string (`\(`, `${`).
    case stringInterpolation = "si"
    /// Another string.
    case stringOther = "sx"
    /// A regular expression literal.
    case stringRegex = "sr"
    /// A single-quoted string.
    case stringSingle = "s1"
    /// A symbol (`:name`).
    case stringSymbol = "ss"
    /// A number.
    case number = "m"
    /// A binary number.
    case numberBinary = "mb"
    /// A floating-point number.
    case numberFloat = "mf"
    /// A hexadecimal number.
    case numberHex = "mh"
    /// A whole number.
    case numberInteger = "mi"
    /// An octal number.
    case numberOctal = "mo"
    /// An operator.
    case `operator` = "o"
    /// An operator word (`and`, `in`).
    case operatorWord = "ow"
    /// Punctuation.
    case punctuation = "p"
    /// A comment.
    case comment = "c"
    /// A block comment.
    case commentMultiline = "cm"
    /// A preprocessor line (`#include`).
    case commentPreprocessor = "cp"
    /// The file of an `#include`.
    case commentPreprocessorFile = "cpf"
    /// A line comment.
    case commentSingle = "c1"
    /// A `#!` line.
    case commentHashbang = "ch"
    /// A deleted line (diff).
    case deleted = "gd"
    /// An inserted line (diff).
    case inserted = "gi"
    /// A heading.
    case heading = "gh"
    /// A subheading, or a diff hunk header.
    case subheading = "gu"
    /// Emphasised text.
    case emphasis = "ge"
    /// Strong text.
    case strong = "gs"
    /// A shell prompt.
    case prompt = "gp"
    /// Program output in a shell session.
    case output = "go"
    /// A literal (a date, in TOML).
    case literal = "l"
    /// A date.
    case literalDate = "ld"
}
