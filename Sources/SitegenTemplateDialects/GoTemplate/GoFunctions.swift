/// The functions a Hugo shortcode template may call, by Hugo's names and namespaced aliases.
/// Any other name is refused when the template is parsed.
enum GoFunctions {
    /// Each supported name, with its namespaced spellings (`strings.ToLower` for `lower`).
    static let canonical: [String: String] = {
        var names: [String: String] = [:]
        let plain = [
            // Logic and comparison.
            "and", "or", "not", "eq", "ne", "lt", "le", "gt", "ge", "default", "cond",
            // Collections.
            "len", "index", "in", "first", "last", "after", "slice", "dict", "merge", "append", "seq", "isset",
            "delimit", "join", "split", "querify", "uniq", "sort", "reverse", "where",
            // Text.
            "print", "printf", "println", "string", "int", "float", "lower", "upper", "title", "humanize", "trim",
            "chomp", "replace", "replaceRE", "findRE", "substr", "hasPrefix", "hasSuffix", "urlize", "anchorize",
            "truncate", "countwords",
            // Numbers.
            "add", "sub", "mul", "div", "mod",
            // HTML and URLs.
            "safeHTML", "safeURL", "safeHTMLAttr", "safeCSS", "safeJS", "htmlEscape", "htmlUnescape", "plainify",
            "markdownify", "emojify", "jsonify", "absURL", "relURL", "absLangURL", "relLangURL", "ref", "relref",
            "highlight", "urlquery",
            // Site, page, language, time, messages.
            "site", "page", "T", "i18n", "dateFormat", "warnf", "errorf", "erroridf", "newScratch",
        ]
        for name in plain { names[name] = name }
        let aliases: [String: String] = [
            "strings.ToLower": "lower", "strings.ToUpper": "upper", "strings.Title": "title", "strings.Trim": "trim",
            "strings.TrimSpace": "strings.TrimSpace", "strings.TrimLeft": "strings.TrimLeft",
            "strings.TrimRight": "strings.TrimRight", "strings.TrimPrefix": "strings.TrimPrefix",
            "strings.TrimSuffix": "strings.TrimSuffix", "strings.HasPrefix": "hasPrefix", "strings.HasSuffix": "hasSuffix",
            "strings.Contains": "strings.Contains", "strings.ContainsAny": "strings.ContainsAny",
            "strings.Replace": "replace", "strings.ReplaceRE": "replaceRE", "strings.FindRE": "findRE",
            "strings.Split": "split", "strings.Chomp": "chomp", "strings.Substr": "substr",
            "strings.Repeat": "strings.Repeat", "strings.Count": "strings.Count", "strings.Truncate": "truncate",
            "strings.CountWords": "countwords", "strings.FirstUpper": "strings.FirstUpper",
            "collections.Dictionary": "dict", "collections.Slice": "slice", "collections.Index": "index",
            "collections.In": "in", "collections.First": "first", "collections.Last": "last",
            "collections.After": "after", "collections.Merge": "merge", "collections.Append": "append",
            "collections.Seq": "seq", "collections.IsSet": "isset", "collections.Delimit": "delimit",
            "collections.Querify": "querify", "collections.Uniq": "uniq", "collections.Sort": "sort",
            "collections.Reverse": "reverse", "collections.Where": "where",
            "compare.Default": "default", "compare.Conditional": "cond", "compare.Eq": "eq", "compare.Ne": "ne",
            "compare.Lt": "lt", "compare.Le": "le", "compare.Gt": "gt", "compare.Ge": "ge",
            "math.Add": "add", "math.Sub": "sub", "math.Mul": "mul", "math.Div": "div", "math.Mod": "mod",
            "math.Floor": "math.Floor", "math.Ceil": "math.Ceil", "math.Round": "math.Round",
            "math.Max": "math.Max", "math.Min": "math.Min",
            "fmt.Print": "print", "fmt.Printf": "printf", "fmt.Println": "println", "fmt.Warnf": "warnf",
            "fmt.Errorf": "errorf", "fmt.Erroridf": "erroridf",
            "cast.ToString": "string", "cast.ToInt": "int", "cast.ToFloat": "float",
            "safe.HTML": "safeHTML", "safe.URL": "safeURL", "safe.HTMLAttr": "safeHTMLAttr", "safe.CSS": "safeCSS",
            "safe.JS": "safeJS",
            "transform.HTMLEscape": "htmlEscape", "transform.HTMLUnescape": "htmlUnescape",
            "transform.Plainify": "plainify", "transform.Markdownify": "markdownify", "transform.Emojify": "emojify",
            "transform.Highlight": "highlight", "encoding.Jsonify": "jsonify",
            "urls.AbsURL": "absURL", "urls.RelURL": "relURL", "urls.AbsLangURL": "absLangURL",
            "urls.RelLangURL": "relLangURL", "urls.Ref": "ref", "urls.RelRef": "relref", "urls.Anchorize": "anchorize",
            "urls.URLize": "urlize", "urls.Parse": "urls.Parse", "urls.JoinPath": "urls.JoinPath", "inflect.Humanize": "humanize", "lang.Translate": "T", "time.Format": "dateFormat",
            "reflect.IsMap": "reflect.IsMap", "reflect.IsSlice": "reflect.IsSlice",
            "hugo.IsServer": "hugo.IsServer", "hugo.IsProduction": "hugo.IsProduction",
            "hugo.IsDevelopment": "hugo.IsDevelopment", "hugo.Environment": "hugo.Environment",
        ]
        names.merge(aliases) { first, _ in first }
        return names
    }()

    /// Functions that take no arguments, so `site.Params.x` reads fields of their value.
    static let takingNoArguments: Set<String> = ["site", "page"]

    /// Every name a template may call.
    static let supported: Set<String> = Set(canonical.keys)

    /// Fields of pages and sites that reach what a shortcode cannot have here (other pages,
    /// resources, menus): refused when parsed rather than printing nothing.
    static let unsupportedFields: Set<String> = [
        "Resources", "GetPage", "Pages", "RegularPages", "RegularPagesRecursive", "Sections", "Translations",
        "AllTranslations", "Menus", "Taxonomies", "GetTerms", "Paginate", "Paginator", "Render", "Content",
        "TableOfContents", "Sites", "Home", "CurrentSection", "FirstSection", "Ancestors",
        "NextInSection", "PrevInSection", "Next", "Prev", "RenderShortcodes", "Fragments",
    ]
}
