extension Grammars {
    /// SQL, in the common ground of the standard and the PostgreSQL, MySQL and SQLite dialects:
    /// keywords in any case, data types, `'…'` strings (a quote doubled inside), `"…"` quoted
    /// names, `--` and nesting `/* */` comments.
    static let sql: Grammar = {
        let words = WordTable.List(words: [
            (.keyword, """
            abort absolute access action add admin after aggregate all allocate alter always analyse analyze and any \
            are as asc assertion assignment asymmetric at atomic authorization auto_increment avg backward before \
            begin between both breadth by cache call called cardinality cascade cascaded case cast catalog chain \
            characteristics check checkpoint class close cluster coalesce collate collation column comment \
            commit committed concurrently condition conflict connect connection constraint constraints \
            continue conversion convert copy corresponding count create cross csv cube current current_date \
            current_role current_schema current_time current_timestamp current_user cursor cycle data database \
            day deallocate declare default defaults deferrable deferred definer delete delimiter \
            delimiters depth desc describe deterministic diagnostics disable discard distinct do domain drop each \
            else elsif enable encoding encrypted end enum escape every except exception exclude excluding exclusive \
            exec execute exists explain extension external extract fetch filter first following for force \
            foreign format forward found freeze from full function generated get global grant granted \
            group grouping handler having hold hour identity if ignore ilike immediate immutable implicit \
            import in include including increment index inherit inherits initially inner inout input \
            insensitive insert instead intersect into invoker is isnull isolation join key language large last \
            lateral leading left length level like limit listen load local localtime localtimestamp location lock \
            locked logged loop lower match materialized max maxvalue merge method min minute minvalue mod mode \
            month move names national natural new next no none not nothing notify notnull nowait nullif nulls \
            object of off offset oids old on only open operator option options or order ordinality others out outer \
            over overlaps overlay overriding owned owner parser partial partition password placing plans \
            policy position preceding precision prepare prepared preserve primary prior privileges procedural \
            procedure program public publication quote range read reads recheck recursive ref references \
            referencing refresh reindex relative release rename repeatable replace replica reset restart restrict \
            result return returning returns revoke right role rollback rollup routine row rows rule \
            savepoint schema scroll search second security select sequence serializable server \
            session session_user set setof sets share show similar simple skip some source sql stable standalone \
            start statement statistics stdin stdout storage stored strict strip subscription substring sum \
            symmetric sysid system system_user table tablesample tablespace temp template temporary then ties \
            to trailing transaction transform treat trigger trim truncate trusted type uncommitted \
            unencrypted union unique unknown unlisten unlogged until update upper usage user using vacuum valid \
            validate validator values variadic verbose version view volatile when where whitespace \
            window with within without work wrapper write year zone pragma autoincrement glob regexp \
            rowid engine charset unsigned zerofill
            """),
            (.keywordConstant, "null true false"),
            (.nameBuiltin, """
            array bigint bigserial binary bit blob bool boolean bytea char character date datetime dec decimal \
            double float float4 float8 int int2 int4 int8 integer interval json jsonb money number numeric nvarchar \
            real serial serial4 serial8 smallint smallserial text time timestamp timestamptz tinyint uuid varbinary \
            varchar varying xml
            """),
        ], caseInsensitive: true)
        return Grammar([
            ("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.sequence([.text("--"), .restOfLine]), .commentSingle),
                Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: true, singleLine: false), .commentMultiline),
                .words(words, otherwise: .name, pattern: .word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet("$")))),
                Rule(.sequence([.run(.digits), .text("."), .run(.digits), .optional(.sequence([.run(ByteSet("eE"), maximum: 1),
                                                                                                 .optional(.run(ByteSet("+-"), maximum: 1)), .run(.digits)]))]),
                     .numberFloat),
                Rule(.run(.digits), .numberInteger),
                // A quote doubled inside a string is the quote itself: two strings back to back read the same.
                Rule(.delimited(open: [39], close: [39], escape: nil, nests: false, singleLine: false), .stringSingle),
                Rule(.delimited(open: [34], close: [34], escape: nil, nests: false, singleLine: false), .stringSymbol),
                Rule(.delimited(open: [96], close: [96], escape: nil, nests: false, singleLine: true), .name),
                Rule(.run(ByteSet("+*/<>=~!@#%^&|?-"), maximum: 1), .operator),
                Rule(.run(ByteSet(";:()[],."), maximum: 1), .punctuation),
            ]),
        ])
    }()
}
