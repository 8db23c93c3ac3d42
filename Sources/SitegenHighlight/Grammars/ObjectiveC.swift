extension Grammars {
    /// C with Objective-C's `@` words, `@"strings"`, boxed literals and method definitions.
    static let objectivec = CFamily.cLanguage(
        keywords: """
        auto break case const continue default do else extern for goto if inline register restrict return sizeof static \
        switch volatile while typeof _Alignas _Alignof _Generic _Noreturn _Static_assert _Thread_local __attribute__ \
        in out inout oneway bycopy byref nonatomic atomic strong weak copy assign retain readonly readwrite getter setter \
        unsafe_unretained nullable nonnull null_resettable null_unspecified __block __weak __strong __unsafe_unretained \
        __autoreleasing __bridge __bridge_transfer __bridge_retained __kindof __unused class
        """,
        declarations: "struct union enum typedef",
        types: "id instancetype Class SEL IMP BOOL unichar IBOutlet IBAction NSInteger NSUInteger CGFloat",
        builtins: "YES NO nil Nil NULL true false TRUE FALSE",
        pseudo: "self super",
        classKeywords: "struct union enum",
        stringPrefixes: ["@", "u8", "u", "U", "L"],
        before: [
            Rule(.sequence([.oneOf(["@interface", "@implementation", "@protocol", "@class"]), .run(.whitespace), .identifier]),
                 .parts([.keyword, .plain, .nameClass])),
            .words(WordTable.List(words: [(.keyword, objectiveCAtWords), (.keywordConstant, "@YES @NO @true @false")], caseInsensitive: false),
                   otherwise: nil, pattern: .sequence([.text("@"), .identifier])),
            Rule(.sequence([.text("@"), .number(NumberSyntax(leadingDot: true, octalPrefix: false))]), .number),
            Rule(.sequence([.text("@"), .notAhead(.text("\""))]), .punctuation),
            // `- (void)viewDidLoad`, `+ (instancetype)shared`: the name after the return type is the method's.
            Rule(.sequence([.run(ByteSet("-+"), maximum: 1), .optional(.spaces), .text("(")]), .parts([.punctuation, .plain, .punctuation]),
                 .push("method-type"), lineStart: true),
            Rule(.sequence([.run(ByteSet("-+"), maximum: 1), .optional(.spaces), .identifier]), .parts([.punctuation, .plain, .nameFunction]),
                 lineStart: true),
        ],
        states: [
            ("method-type", [
                Rule(.text(")"), .punctuation, .replace("method-name")),
                Rule(.text("("), .punctuation, .push("parentheses")),
                .include("root"),
            ]),
            ("method-name", [
                Rule(.spaces, .plain),
                Rule(.sequence([.identifier, .optional(.text(":"))]), .nameFunction, .replace("method-parameters")),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            // `:(NSString *)name age:(NSInteger)age`, up to the `;` or `{`.
            ("method-parameters", [
                Rule(.run(.whitespace), .plain),
                Rule(.text("("), .punctuation, .push("parentheses")),
                Rule(.sequence([.identifier, .text(":")]), .nameFunction),
                Rule(.identifier, .nameVariable),
                Rule(.oneOf([",", "..."]), .punctuation),
                Rule(.ahead(.character), .plain, .pop),
            ]),
        ]
    ).grammar

    private static let objectiveCAtWords = """
    @interface @implementation @protocol @end @class @property @synthesize @dynamic @selector @encode \
    @private @protected @public @package @try @catch @finally @throw @synchronized @autoreleasepool @optional @required \
    @import @available @compatibility_alias @defs
    """
}
