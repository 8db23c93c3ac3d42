import Testing
@testable import SitegenHighlight

// The grammars of the C-like languages other than Swift (Rust, Go, C, C++, Objective-C, Java,
// Kotlin), each on snippets of what is special in it.

@Test func rustRawStringsAndLifetimes() {
        #expect(tokens(##"fn longest<'a>(x: &'a str) -> &'a str { r#"say "hi""# }"##, "rust") == [
        "kd:fn", "nf:longest", "o:<'", "na:a", "o:>", "p:(", "n:x", "o::", "o:&'", "na:a", "kt:str", "p:)", "o:->", "o:&'",
        "na:a", "kt:str", "p:{", ##"s2:r#"say "hi""#"##, "p:}",
    ])
        #expect(tokens(#"let c = '\n'; let b = b'x'; let s = b"bytes";"#, "rust") == [
        "kd:let", "n:c", "o:=", #"sc:'\n'"#, "p:;", "kd:let", "n:b", "o:=", "sc:b'x'", "p:;", "kd:let", "n:s", "o:=",
        #"s2:b"bytes""#, "p:;",
    ])
}

@Test func rustAttributesDocCommentsAndMacros() {
        #expect(tokens("""
        #[derive(Debug, Clone)]
        /// A point.
        pub struct Point { x: i32 }
        """, "rust") == [
        "cp:#[derive(Debug, Clone)]", "sd:/// A point.", "k:pub", "kd:struct", "nc:Point", "p:{", "n:x", "o::", "kt:i32", "p:}",
    ])
        #expect(tokens(#"println!("{} {}\n", x, 1_000u32); my_macro!(x);"#, "rust") == [
        "nf:println!", "p:(", #"s2:"{} {}"#, #"se:\n"#, #"s2:""#, "p:,", "n:x", "p:,", "mi:1_000", "kt:u32", "p:);",
        "n:my_macro", "o:!", "p:(", "n:x", "p:);",
    ])
}

@Test func rustNestedCommentsNumbersAndLabels() {
    let found = tokens("/* outer /* inner */ still */ let x = 1;", "rust")
    #expect(found.contains("cm:/* outer /* inner */ still */"))
    #expect(found.contains("kd:let"))
        #expect(tokens("0xffu8 + 0b1010 + 0o17 + 1.5e3f64 + 2.0", "rust") == [
        "mh:0xff", "kt:u8", "o:+", "mb:0b1010", "o:+", "mo:0o17", "o:+", "mf:1.5e3", "kt:f64", "o:+", "mf:2.0",
    ])
        #expect(tokens("'outer: loop { break 'outer; }", "rust") == [
        "o:'", "na:outer", "o::", "k:loop", "p:{", "k:break", "nl:'outer", "p:;", "p:}",
    ])
        #expect(tokens("mod tests { use super::*; }", "rust") == ["kd:mod", "nn:tests", "p:{", "kn:use", "k:super", "o:::*", "p:;", "p:}"])
}

@Test func rustAliasResolves() {
        #expect(tokens("fn main() {}", "rs") == ["kd:fn", "nf:main", "p:()", "p:{}"])
}

@Test func goRawStringsRunesAndBuiltins() {
        #expect(tokens(#"s := `raw\n` + string(b) + "esc\t" + len(x)"#, "go") == [
        "n:s", "o::=", #"sb:`raw\n`"#, "o:+", "nb:string", "p:(", "n:b", "p:)", "o:+", #"s2:"esc"#, #"se:\t"#, #"s2:""#, "o:+",
        "nb:len", "p:(", "n:x", "p:)",
    ])
        #expect(tokens(#"r := '\x41'; n := 0x1F + 0o17 + 017 + 1_000 + 1.5e3 + 2i"#, "go") == [
        "n:r", "o::=", "sc:'", #"se:\x41"#, "sc:'", "p:;", "n:n", "o::=", "mh:0x1F", "o:+", "mo:0o17", "o:+", "mo:017", "o:+",
        "mi:1_000", "o:+", "mf:1.5e3", "o:+", "mi:2i",
    ])
}

@Test func goPackagesAndMethods() {
        #expect(tokens("""
        package main

        func (s *Server) Serve(ctx context.Context) error { return nil }
        """, "go") == [
        "kn:package", "nn:main", "kd:func", "p:(", "n:s", "o:*", "n:Server", "p:)", "nf:Serve", "p:(", "n:ctx", "n:context",
        "p:.", "n:Context", "p:)", "kt:error", "p:{", "k:return", "kc:nil", "p:}",
    ])
        #expect(tokens("var x int", "golang") == ["kd:var", "n:x", "kt:int"])
}

@Test func cPreprocessorLines() {
        #expect(tokens(#"""
        #include <stdio.h>
        #include "util.h"
          #define MAX(a, b) \
            ((a) > (b) ? (a) : (b))
        """#, "c") == [
        "cp:#include", "cpf:<stdio.h>", "cp:#include", #"cpf:"util.h""#, #"cp:#define MAX(a, b) \"#,
        "cp:    ((a) > (b) ? (a) : (b))",
    ])
    let found = tokens("#define ONE 1 // one", "c")
    #expect(found.contains("cp:#define ONE 1 "))
    #expect(found.contains("c1:// one"))
        #expect(tokens("""
        #if 0
        int unused;
        #endif
        int used;
        """, "c") == ["cp:#if 0", "c:int unused;", "cp:#endif", "kt:int", "n:used", "p:;"])
}

@Test func cLabelsNumbersAndStrings() {
        #expect(tokens(#"""
        int main(void) {
        retry:
          if (n-- > 0) goto retry;
          return 0755 + 0x1Fu + 1.5f + '\n';
        }
        """#, "c") == [
        "kt:int", "nf:main", "p:(", "kt:void", "p:)", "p:{", "nl:retry", "o::", "k:if", "p:(", "n:n", "o:--", "o:>", "mi:0",
        "p:)", "k:goto", "n:retry", "p:;", "k:return", "mo:0755", "o:+", "mh:0x1Fu", "o:+", "mf:1.5f", "o:+", "sc:'", #"se:\n"#,
        "sc:'", "p:;", "p:}",
    ])
        #expect(tokens(#"static const char *s = u8"x" L"y"; bool ok = true; void *p = NULL;"#, "c") == [
        "k:static", "k:const", "kt:char", "o:*", "n:s", "o:=", #"s2:u8"x""#, #"s2:L"y""#, "p:;", "kt:bool", "n:ok", "o:=",
        "nb:true", "p:;", "kt:void", "o:*", "n:p", "o:=", "nb:NULL", "p:;",
    ])
        #expect(tokens("size_t n = sizeof(int);", "h") == ["kt:size_t", "n:n", "o:=", "k:sizeof", "p:(", "kt:int", "p:);"])
}

@Test func cppRawStringsAndDigitSeparators() {
        #expect(tokens(#"auto s = R"x(a "quoted" )" b)x"; auto n = 1'000'000ull;"#, "cpp") == [
        "k:auto", "n:s", "o:=", "sa:R", #"s2:"x(a "quoted" )" b)x""#, "p:;", "k:auto", "n:n", "o:=", "mi:1'000'000ull", "p:;",
    ])
}

@Test func cppNamespacesTemplatesAndClasses() {
        #expect(tokens("""
        namespace app {
        template <typename T> class Box {
        public:
          T get() const;
        };
        enum class Color { Red };
        }
        """, "cpp") == [
        "kn:namespace", "nn:app", "p:{", "k:template", "o:<", "kd:typename", "nc:T", "o:>", "kd:class", "nc:Box", "p:{",
        "k:public", "o::", "n:T", "nf:get", "p:()", "k:const", "p:;", "p:};", "kd:enum", "kd:class", "nc:Color", "p:{", "n:Red",
        "p:};", "p:}",
    ])
        #expect(tokens("std::vector<int> Widget::sizes() const { return {}; }", "c++") == [
        "n:std", "o:::", "n:vector", "o:<", "kt:int", "o:>", "n:Widget", "o:::", "nf:sizes", "p:()", "k:const", "p:{",
        "k:return", "p:{};", "p:}",
    ])
}

@Test func cppAliasesResolve() {
        #expect(tokens("int x = nullptr;", "cc") == ["kt:int", "n:x", "o:=", "nb:nullptr", "p:;"])
        #expect(tokens("class A;", "hpp") == ["kd:class", "nc:A", "p:;"])
}

@Test func objectiveCInterfacesAndProperties() {
        #expect(tokens("""
        #import <Foundation/Foundation.h>
        @interface Person : NSObject
        @property (nonatomic, copy) NSString *name;
        @end
        """, "objectivec") == [
        "cp:#import", "cpf:<Foundation/Foundation.h>", "k:@interface", "nc:Person", "o::", "n:NSObject", "k:@property", "p:(",
        "k:nonatomic", "p:,", "k:copy", "p:)", "n:NSString", "o:*", "n:name", "p:;", "k:@end",
    ])
        #expect(tokens("id x = nil;", "obj-c") == ["kt:id", "n:x", "o:=", "nb:nil", "p:;"])
}

@Test func objectiveCMethodsStringsAndLiterals() {
        #expect(tokens(#"""
        - (void)setName:(NSString *)name age:(NSInteger)age {
          NSLog(@"%@ is %ld\n", name, (long)age);
          self.items = @[@1, @YES];
        }
        """#, "objc") == [
        "p:-", "p:(", "kt:void", "p:)", "nf:setName:", "p:(", "n:NSString", "o:*", "p:)", "nv:name", "nf:age:", "p:(",
        "kt:NSInteger", "p:)", "nv:age", "p:{", "n:NSLog", "p:(", #"s2:@"%@ is %ld"#, #"se:\n"#, #"s2:""#, "p:,", "n:name",
        "p:,", "p:(", "kt:long", "p:)", "n:age", "p:);", "bp:self", "p:.", "n:items", "o:=", "p:@[", "m:@1", "p:,", "kc:@YES",
        "p:];", "p:}",
    ])
        #expect(tokens("BOOL ok = YES;", "mm") == ["kt:BOOL", "n:ok", "o:=", "nb:YES", "p:;"])
}

@Test func javaAnnotationsTextBlocksAndMethods() {
        #expect(tokens(#"""
        @Override
        public String toString() {
          return """
            Point "x"
            """;
        }
        """#, "java") == [
        "nd:@Override", "kd:public", "n:String", "nf:toString", "p:()", "p:{", "k:return", #"s2:""""#, #"s2:    Point "x""#,
        #"s2:    """"#, "p:;", "p:}",
    ])
}

@Test func javaImportsNumbersCharsAndLabels() {
        #expect(tokens(#"""
        import static java.util.Map.*;
        long n = 1_000L + 0x1F + 0b1 + 017 + 1.5e3d;
        char c = '\n';
        outer:
        for (;;) { break outer; }
        """#, "java") == [
        "kn:import", "kn:static", "nn:java.util.Map.*", "p:;", "kt:long", "n:n", "o:=", "mi:1_000L", "o:+", "mh:0x1F", "o:+",
        "mb:0b1", "o:+", "mo:017", "o:+", "mf:1.5e3d", "p:;", "kt:char", "n:c", "o:=", "sc:'", #"se:\n"#, "sc:'", "p:;",
        "nl:outer", "o::", "k:for", "p:(;;)", "p:{", "k:break", "n:outer", "p:;", "p:}",
    ])
        #expect(tokens("""
        record Point(int x, int y) {}
        var list = new ArrayList<String>(); list.add("a");
        """, "java") == [
        "kd:record", "nc:Point", "p:(", "kt:int", "n:x", "p:,", "kt:int", "n:y", "p:)", "p:{}", "kd:var", "n:list", "o:=",
        "k:new", "n:ArrayList", "o:<", "n:String", "o:>", "p:();", "n:list", "p:.", "na:add", "p:(", #"s2:"a""#, "p:);",
    ])
}

@Test func kotlinStringTemplatesAndRawStrings() {
        #expect(tokens(#"val greeting = "Hello, $name! You are ${age + 1}.\n""#, "kotlin") == [
        "kd:val", "nv:greeting", "o:=", #"s2:"Hello, "#, "si:$name", "s2:! You are ", "si:${", "n:age", "o:+", "mi:1", "si:}",
        "s2:.", #"se:\n"#, #"s2:""#,
    ])
        #expect(tokens(#"""
        val raw = """
          |C:\\path "quoted" $home
          """.trimMargin()
        """#, "kotlin") == [
        "kd:val", "nv:raw", "o:=", #"s2:""""#, #"s2:  |C:\\path "quoted" "#, "si:$home", #"s2:  """"#, "p:.", "na:trimMargin",
        "p:()",
    ])
}

@Test func kotlinDeclarationsAnnotationsAndLabels() {
        #expect(tokens("""
        @JvmStatic
        data class User(val id: Long) {
          fun String.shout() = uppercase()
        }
        loop@ for (i in 1..10) { if (i > 5) break@loop }
        """, "kotlin") == [
        "nd:@JvmStatic", "kd:data", "kd:class", "nc:User", "p:(", "kd:val", "nv:id", "o::", "kt:Long", "p:)", "p:{", "kd:fun",
        "n:String", "p:.", "nf:shout", "p:()", "o:=", "n:uppercase", "p:()", "p:}", "nd:loop@", "k:for", "p:(", "n:i", "k:in",
        "mi:1", "p:..", "mi:10", "p:)", "p:{", "k:if", "p:(", "n:i", "o:>", "mi:5", "p:)", "k:break", "nd:@loop", "p:}",
    ])
    let found = tokens("/* a /* nested */ comment */ val data = 1", "kotlin")
    #expect(found.contains("cm:/* a /* nested */ comment */"))
    #expect(found.contains("nv:data"))
}

@Test func kotlinAliasesResolve() {
        #expect(tokens("fun main() {}", "kt") == ["kd:fun", "nf:main", "p:()", "p:{}"])
        #expect(tokens("val x = 1", "kts") == ["kd:val", "nv:x", "o:=", "mi:1"])
}

@Test func unfinishedCodeKeepsAllItsText() {
    let pieces = [
        "x = \"open \\", "/* never closed /* nested", "r##\"raw", "R\"delim(raw", "'", "`raw", "\"\"\"text", "#if 0\nx",
        "#define A \\", "@\"", "- (", "func (", "${", "'\\u{", "0x", "1e", "\u{FFFD}\u{1F600}é",
    ]
    for language in ["rust", "go", "c", "cpp", "objectivec", "java", "kotlin"] {
        for piece in pieces {
            let code = "let a = 1;\n" + piece
            #expect(plainText(Highlighter().highlight(code, language: language) ?? "") == code, "\(language): \(piece)")
        }
    }
}

/// The text of highlighted HTML: its tags dropped and its entities read.
private func plainText(_ html: String) -> String {
    var text = "", entity: String?, inTag = false
    for character in html {
        if inTag {
            inTag = character != ">"
        } else if let name = entity {
            if character == ";" {
                text += ["lt": "<", "gt": ">", "quot": "\"", "amp": "&"][name] ?? "&\(name);"
                entity = nil
            } else {
                entity = name + String(character)
            }
        } else if character == "<" {
            inTag = true
        } else if character == "&" {
            entity = ""
        } else {
            text.append(character)
        }
    }
    return text
}
