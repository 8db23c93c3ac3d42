import Foundation
import Synchronization
import Testing
@testable import SitegenMath

/// The MathML between `<semantics>` and `<annotation>`.
private func body(_ latex: String, display: Bool = false) throws -> String {
    let html = try MathML.render(latex, display: display)
    let start = try #require(html.range(of: "<semantics>")).upperBound
    let end = try #require(html.range(of: "<annotation")).lowerBound
    return String(html[start..<end])
}

private func failure(_ latex: String, display: Bool = false) -> MathError? {
    do {
        _ = try MathML.render(latex, display: display)
        return nil
    } catch {
        return error
    }
}

@Suite("LaTeX to MathML Core")
struct MathMLTests {
    /// One formula of each family of constructs, with the exact MathML expected.
    static let families: [(String, Bool, String, String)] = [
        ("fractions", false, #"\frac{a}{b} \dfrac12 \tfrac{1}{2} \binom{n}{k} {a \over b}"#,
         #"<mrow><mfrac><mi>a</mi><mi>b</mi></mfrac><mstyle displaystyle="true" scriptlevel="0"><mfrac><mn>1</mn><mn>2</mn></mfrac></mstyle><mstyle displaystyle="false" scriptlevel="0"><mfrac><mn>1</mn><mn>2</mn></mfrac></mstyle><mrow><mo fence="true">(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo fence="true">)</mo></mrow><mrow><mfrac><mi>a</mi><mi>b</mi></mfrac></mrow></mrow>"#),
        ("scripts", false, #"x_i^2 f'(x) f'' {}^2 x^{y^z}"#,
         #"<mrow><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup><msup><mi>f</mi><mo lspace="0em" rspace="0em">′</mo></msup><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo><msup><mi>f</mi><mrow><mo lspace="0em" rspace="0em">′</mo><mo>′</mo></mrow></msup><msup><mrow></mrow><mn>2</mn></msup><msup><mi>x</mi><msup><mi>y</mi><mi>z</mi></msup></msup></mrow>"#),
        ("display limits", true, #"\sum_{i=1}^n i \int_0^1 \lim_{x\to 0} \sum\nolimits_i \int\limits_0^1"#,
         #"<mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><munder><mrow><mi>lim</mi><mo>⁡</mo></mrow><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder><msub><mo>∑</mo><mi>i</mi></msub><munderover><mo>∫</mo><mn>0</mn><mn>1</mn></munderover></mrow>"#),
        ("inline limits", false, #"\sum_{i=1}^n i \max_i x_i \lim\limits_{n} a_n"#,
         #"<mrow><msubsup><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></msubsup><mi>i</mi><msub><mrow><mi>max</mi><mo>⁡</mo></mrow><mi>i</mi></msub><msub><mi>x</mi><mi>i</mi></msub><munder><mrow><mi>lim</mi><mo>⁡</mo></mrow><mi>n</mi></munder><msub><mi>a</mi><mi>n</mi></msub></mrow>"#),
        ("letters", false, #"\alpha\beta\Gamma\aleph\beth\hbar\ell\partial\nabla\infty"#,
         #"<mrow><mi>α</mi><mi>β</mi><mi mathvariant="normal">Γ</mi><mi mathvariant="normal">ℵ</mi><mi mathvariant="normal">ℶ</mi><mi mathvariant="normal">ℏ</mi><mi mathvariant="normal">ℓ</mi><mi mathvariant="normal">∂</mi><mi mathvariant="normal">∇</mi><mi mathvariant="normal">∞</mi></mrow>"#),
        ("relations and arrows", false, #"\le\ge\ne\approx\equiv\sim\in\notin\subset\subseteq\cup\cap\to\Rightarrow\mapsto"#,
         #"<mrow><mo>≤</mo><mo>≥</mo><mo>≠</mo><mo>≈</mo><mo>≡</mo><mo>∼</mo><mo>∈</mo><mo>∉</mo><mo>⊂</mo><mo>⊆</mo><mo>∪</mo><mo>∩</mo><mo>→</mo><mo>⇒</mo><mo>↦</mo></mrow>"#),
        ("operators", false, #"\cdot\cdots\ldots\dots\vdots\ddots\pm\times\div\circ\forall\exists\neg\land\lor\emptyset\varnothing"#,
         #"<mrow><mo>⋅</mo><mo>⋯</mo><mo>…</mo><mo>…</mo><mi mathvariant="normal">⋮</mi><mo>⋱</mo><mo>±</mo><mo>×</mo><mo>÷</mo><mo>∘</mo><mi mathvariant="normal">∀</mi><mi mathvariant="normal">∃</mi><mi mathvariant="normal">¬</mi><mo>∧</mo><mo>∨</mo><mi mathvariant="normal">∅</mi><mi mathvariant="normal">∅</mi></mrow>"#),
        ("dots", false, #"x_1 + \dots + x_n, x_1, \dots, x_n"#,
         #"<mrow><msub><mi>x</mi><mn>1</mn></msub><mo>+</mo><mo>⋯</mo><mo>+</mo><msub><mi>x</mi><mi>n</mi></msub><mo separator="true">,</mo><msub><mi>x</mi><mn>1</mn></msub><mo separator="true">,</mo><mo>…</mo><mo separator="true">,</mo><msub><mi>x</mi><mi>n</mi></msub></mrow>"#),
        ("functions", false, #"\sin x \log(x) \exp x \det A \operatorname{tr}(A) \operatorname*{argmax}_x"#,
         #"<mrow><mi>sin</mi><mo>⁡</mo><mi>x</mi><mi>log</mi><mo>⁡</mo><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo><mi>exp</mi><mo>⁡</mo><mi>x</mi><mi>det</mi><mo>⁡</mo><mi>A</mi><mi>tr</mi><mo>⁡</mo><mo stretchy="false">(</mo><mi>A</mi><mo stretchy="false">)</mo><msub><mrow><mi>argmax</mi><mo>⁡</mo></mrow><mi>x</mi></msub></mrow>"#),
        ("delimiters", false, #"\{x\} \langle x\rangle \lfloor x\rfloor \lceil x\rceil |x| \|x\| \lvert x\rvert"#,
         #"<mrow><mo stretchy="false">{</mo><mi>x</mi><mo stretchy="false">}</mo><mo stretchy="false">⟨</mo><mi>x</mi><mo stretchy="false">⟩</mo><mo stretchy="false">⌊</mo><mi>x</mi><mo stretchy="false">⌋</mo><mo stretchy="false">⌈</mo><mi>x</mi><mo stretchy="false">⌉</mo><mi mathvariant="normal">∣</mi><mi>x</mi><mi mathvariant="normal">∣</mi><mi mathvariant="normal">∥</mi><mi>x</mi><mi mathvariant="normal">∥</mi><mo stretchy="false">∣</mo><mi>x</mi><mo stretchy="false">∣</mo></mrow>"#),
        ("left right", false, #"\left( \frac12 \middle| x \right] \left. x \right\}"#,
         #"<mrow><mrow><mo fence="true">(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac><mo fence="true" lspace="0.05em" rspace="0.05em">|</mo><mi>x</mi><mo fence="true">]</mo></mrow><mrow><mi>x</mi><mo fence="true">}</mo></mrow></mrow>"#),
        ("big", false, #"\big( \Big[ \bigg\{ \Bigg\langle \bigl| \bigr\|"#,
         #"<mrow><mo fence="false" stretchy="true" minsize="1.2em" maxsize="1.2em">(</mo><mo fence="false" stretchy="true" minsize="1.8em" maxsize="1.8em">[</mo><mo fence="false" stretchy="true" minsize="2.4em" maxsize="2.4em">{</mo><mo fence="false" stretchy="true" minsize="3em" maxsize="3em">⟨</mo><mo fence="true" stretchy="true" minsize="1.2em" maxsize="1.2em">|</mo><mo fence="true" stretchy="true" minsize="1.2em" maxsize="1.2em">‖</mo></mrow>"#),
        ("roots", false, #"\sqrt{x} \sqrt[3]{x+1}"#,
         #"<mrow><msqrt><mi>x</mi></msqrt><mroot><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow><mn>3</mn></mroot></mrow>"#),
        ("matrices", false, #"\begin{pmatrix}1&0\\0&1\end{pmatrix} \begin{vmatrix}a\end{vmatrix} \begin{Vmatrix}a\end{Vmatrix}"#,
         #"<mrow><mrow><mo fence="true">(</mo><mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em"><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable><mo fence="true">)</mo></mrow><mrow><mo fence="true">|</mo><mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em"><mtr><mtd><mi>a</mi></mtd></mtr></mtable><mo fence="true">|</mo></mrow><mrow><mo fence="true">‖</mo><mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em"><mtr><mtd><mi>a</mi></mtd></mtr></mtable><mo fence="true">‖</mo></mrow></mrow>"#),
        ("more matrices", false, #"\begin{bmatrix}a\end{bmatrix} \begin{Bmatrix}a\end{Bmatrix} \begin{matrix}a\end{matrix} \begin{smallmatrix}a&b\end{smallmatrix}"#,
         #"<mrow><mrow><mo fence="true">[</mo><mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em"><mtr><mtd><mi>a</mi></mtd></mtr></mtable><mo fence="true">]</mo></mrow><mrow><mo fence="true">{</mo><mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em"><mtr><mtd><mi>a</mi></mtd></mtr></mtable><mo fence="true">}</mo></mrow><mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em"><mtr><mtd><mi>a</mi></mtd></mtr></mtable><mtable displaystyle="false" scriptlevel="1" rowspacing="0.1em" columnspacing="0.2778em"><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr></mtable></mrow>"#),
        ("array", false, #"\begin{array}{c|l}a&b\\ \hline c&d\end{array}"#,
         #"<mtable displaystyle="false" rowspacing="0.16em" columnspacing="1em" columnalign="center left" rowlines="solid" columnlines="solid"><mtr><mtd><mi>a</mi></mtd><mtd style="text-align:left"><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd style="text-align:left"><mi>d</mi></mtd></mtr></mtable>"#),
        ("aligned", true, #"\begin{aligned}x&=1\\y&=2\end{aligned}"#,
         #"<mtable displaystyle="true" rowspacing="0.25em" columnspacing="0em" columnalign="right left"><mtr><mtd style="padding-left:0;padding-right:0;text-align:right"><mi>x</mi></mtd><mtd style="padding-left:0;padding-right:0;text-align:left"><mo>=</mo><mn>1</mn></mtd></mtr><mtr><mtd style="padding-left:0;padding-right:0;text-align:right"><mi>y</mi></mtd><mtd style="padding-left:0;padding-right:0;text-align:left"><mo>=</mo><mn>2</mn></mtd></mtr></mtable>"#),
        ("align", true, #"\begin{align*}a&=b\\c&=d\\\end{align*}"#,
         #"<mtable displaystyle="true" rowspacing="0.25em" columnspacing="0em" columnalign="right left"><mtr><mtd style="padding-left:0;padding-right:0;text-align:right"><mi>a</mi></mtd><mtd style="padding-left:0;padding-right:0;text-align:left"><mo>=</mo><mi>b</mi></mtd></mtr><mtr><mtd style="padding-left:0;padding-right:0;text-align:right"><mi>c</mi></mtd><mtd style="padding-left:0;padding-right:0;text-align:left"><mo>=</mo><mi>d</mi></mtd></mtr></mtable>"#),
        ("gathered split equation", true, #"\begin{gathered}a\\b\end{gathered} \begin{split}a&=b\end{split} \begin{equation}E=mc^2\end{equation}"#,
         #"<mrow><mtable displaystyle="true" rowspacing="0.25em" columnspacing="0em"><mtr><mtd style="padding-left:0;padding-right:0"><mi>a</mi></mtd></mtr><mtr><mtd style="padding-left:0;padding-right:0"><mi>b</mi></mtd></mtr></mtable><mtable displaystyle="true" rowspacing="0.25em" columnspacing="0em" columnalign="right left"><mtr><mtd style="padding-left:0;padding-right:0;text-align:right"><mi>a</mi></mtd><mtd style="padding-left:0;padding-right:0;text-align:left"><mo>=</mo><mi>b</mi></mtd></mtr></mtable><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow></mrow>"#),
        ("cases", false, #"\begin{cases}1&x>0\\0&\text{otherwise}\end{cases}"#,
         #"<mrow><mo fence="true">{</mo><mtable displaystyle="false" rowspacing="0.36em" columnspacing="1em" columnalign="left left"><mtr><mtd style="text-align:left"><mn>1</mn></mtd><mtd style="text-align:left"><mi>x</mi><mo>&gt;</mo><mn>0</mn></mtd></mtr><mtr><mtd style="text-align:left"><mn>0</mn></mtd><mtd style="text-align:left"><mtext>otherwise</mtext></mtd></mtr></mtable></mrow>"#),
        ("accents", false, #"\hat x \widehat{xy} \bar x \overline{AB} \underline{a} \vec v \dot x \ddot x \tilde x \widetilde{xy} \overrightarrow{AB}"#,
         #"<mrow><mover accent="true"><mi>x</mi><mo>^</mo></mover><mover accent="true"><mrow><mi>x</mi><mi>y</mi></mrow><mo stretchy="true">^</mo></mover><mover accent="true"><mi>x</mi><mo>ˉ</mo></mover><mover accent="true"><mrow><mi>A</mi><mi>B</mi></mrow><mo stretchy="true">‾</mo></mover><munder accentunder="true"><mi>a</mi><mo stretchy="true">‾</mo></munder><mover accent="true"><mi>v</mi><mo>⃗</mo></mover><mover accent="true"><mi>x</mi><mo>˙</mo></mover><mover accent="true"><mi>x</mi><mo>¨</mo></mover><mover accent="true"><mi>x</mi><mo>~</mo></mover><mover accent="true"><mrow><mi>x</mi><mi>y</mi></mrow><mo stretchy="true">~</mo></mover><mover accent="true"><mrow><mi>A</mi><mi>B</mi></mrow><mo stretchy="true">→</mo></mover></mrow>"#),
        ("braces", false, #"\overbrace{a+b}^{n} \underbrace{a+b}_{2}"#,
         #"<mrow><mover><mover><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo stretchy="true">⏞</mo></mover><mi>n</mi></mover><munder><munder><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo stretchy="true">⏟</mo></munder><mn>2</mn></munder></mrow>"#),
        ("text", false, #"\text{if } x \textbf{b} \textit{i} \mbox{m} \text{where $y$ is -- ok}"#,
         #"<mrow><mtext>if </mtext><mi>x</mi><mtext style="font-weight:bold">b</mtext><mtext style="font-style:italic">i</mtext><mtext>m</mtext><mrow><mtext>where </mtext><mi>y</mi><mtext> is – ok</mtext></mrow></mrow>"#),
        ("fonts", false, #"\mathbb{R} \mathbf{x1} \mathcal{L} \mathfrak{g} \mathscr{S} \boldsymbol{\alpha} \mathit{x} \mathsf{S} \mathtt{T} \mathrm{d}x"#,
         #"<mrow><mi>ℝ</mi><mrow><mi>𝐱</mi><mn>𝟏</mn></mrow><mi>ℒ</mi><mi>𝔤</mi><mi>𝒮</mi><mi>𝜶</mi><mi>x</mi><mi>𝖲</mi><mi>𝚃</mi><mi mathvariant="normal">d</mi><mi>x</mi></mrow>"#),
        ("spacing", false, #"a\,b\:c\;d\!e\quad f\qquad g~h\ i"#,
         #"<mrow><mi>a</mi><mspace width="0.1667em"></mspace><mi>b</mi><mspace width="0.2222em"></mspace><mi>c</mi><mspace width="0.2778em"></mspace><mi>d</mi><mspace style="margin-left:-0.1667em"></mspace><mi>e</mi><mspace width="1em"></mspace><mi>f</mi><mspace width="2em"></mspace><mi>g</mi><mtext> </mtext><mi>h</mi><mtext> </mtext><mi>i</mi></mrow>"#),
        ("color", false, #"\color{red} x \textcolor{#00f}{y}"#,
         ##"<mrow><mstyle mathcolor="red"><mi>x</mi><mstyle mathcolor="#00f"><mi>y</mi></mstyle></mstyle></mrow>"##),
        ("styles", false, #"\displaystyle\sum_n \textstyle\sum_n"#,
         #"<mrow><mstyle displaystyle="true" scriptlevel="0"><munder><mo>∑</mo><mi>n</mi></munder><mstyle displaystyle="false" scriptlevel="0"><msub><mo>∑</mo><mi>n</mi></msub></mstyle></mstyle></mrow>"#),
        ("tag", true, #"x=1 \tag{1.2}"#,
         #"<mtable style="width:100%"><mtr><mtd style="width:50%"></mtd><mtd><mrow><mi>x</mi><mo>=</mo><mn>1</mn></mrow></mtd><mtd style="width:50%"></mtd><mtd><mtext>(1.2)</mtext></mtd></mtr></mtable>"#),
        ("mod", false, #"a \pmod{p} x \bmod y \mod z"#,
         #"<mrow><mi>a</mi><mspace width="0.4444em"></mspace><mo stretchy="false">(</mo><mi>mod</mi><mspace width="0.3333em"></mspace><mi>p</mi><mo stretchy="false">)</mo><mi>x</mi><mo lspace="0.2222em" rspace="0.2222em">mod</mo><mi>y</mi><mspace width="0.6667em"></mspace><mi>mod</mi><mspace width="0.3333em"></mspace><mi>z</mi></mrow>"#),
        ("not stackrel", false, #"\not\equiv \not< \stackrel{d}{\to} \overset{!}{=} \underset{x}{\min}"#,
         #"<mrow><mo>≢</mo><mo>≮</mo><mover><mo>→</mo><mi>d</mi></mover><mover><mo>=</mo><mo stretchy="false">!</mo></mover><munder><mrow><mi>min</mi><mo>⁡</mo></mrow><mi>x</mi></munder></mrow>"#),
        ("macros", false, #"\newcommand{\v}[1]{\mathbf{#1}} \def\f{x^2} \v{x}+\f"#,
         #"<mrow><mi>𝐱</mi><mo>+</mo><msup><mi>x</mi><mn>2</mn></msup></mrow>"#),
        ("boxed cancel", false, #"\boxed{1} \cancel{x}"#,
         #"<mrow><mrow style="border:0.06em solid;padding:0.2em 0.3em"><mn>1</mn></mrow><mrow style="background:linear-gradient(to top left,transparent calc(50% - 0.04em),currentColor calc(50% - 0.04em),currentColor calc(50% + 0.04em),transparent calc(50% + 0.04em))"><mi>x</mi></mrow></mrow>"#),
        ("arrows", false, #"\xrightarrow{f} \xleftarrow[g]{}"#,
         #"<mrow><mover><mo stretchy="true" minsize="3em">→</mo><mpadded lspace="0.3em" style="padding-right:0.3em"><mi>f</mi></mpadded></mover><munderover><mo stretchy="true" minsize="3em">←</mo><mpadded lspace="0.3em" style="padding-right:0.3em"><mi>g</mi></mpadded><mpadded lspace="0.3em" style="padding-right:0.3em"></mpadded></munderover></mrow>"#),
        ("numbers", false, #"3.14 + 1{,}000 .5"#,
         #"<mrow><mn>3.14</mn><mo>+</mo><mn>1</mn><mrow><mo separator="true">,</mo></mrow><mn>000.5</mn></mrow>"#),
        ("escaping", false, #"a<b \& c>d"#,
         #"<mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi><mi mathvariant="normal">&amp;</mi><mi>c</mi><mo>&gt;</mo><mi>d</mi></mrow>"#),
    ]

    @Test("each family of constructs", arguments: families)
    func family(_ name: String, _ display: Bool, _ latex: String, _ expected: String) throws {
        #expect(try body(latex, display: display) == expected, "\(name)")
    }

    @Test("the math element: display, namespace, the TeX as annotation, escaped")
    func wrapper() throws {
        #expect(try MathML.render("x<1", display: false) == #"<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi><mo>&lt;</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">x&lt;1</annotation></semantics></math>"#)
        #expect(try MathML.render("x", display: true) == #"<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math>"#)
        #expect(try body(#"\text{<b>}"#) == "<mrow><mtext>&lt;b&gt;</mtext></mrow>")
    }

    @Test("fonts are Unicode math letters, not mathvariant")
    func fonts() throws {
        #expect(try body(#"\mathbb{RNZQC}"#) == "<mrow><mi>ℝ</mi><mi>ℕ</mi><mi>ℤ</mi><mi>ℚ</mi><mi>ℂ</mi></mrow>")
        #expect(try body(#"\mathcal{BEFHILMR}"#) == "<mrow><mi>ℬ</mi><mi>ℰ</mi><mi>ℱ</mi><mi>ℋ</mi><mi>ℐ</mi><mi>ℒ</mi><mi>ℳ</mi><mi>ℛ</mi></mrow>")
        #expect(try body(#"\mathfrak{CHIRZ}"#) == "<mrow><mi>ℭ</mi><mi>ℌ</mi><mi>ℑ</mi><mi>ℜ</mi><mi>ℨ</mi></mrow>")
        #expect(try body(#"\mathbf{\Gamma}"#) == "<mrow><mi>𝚪</mi></mrow>")
        #expect(try body(#"\mathbb{1}"#) == "<mrow><mn>𝟙</mn></mrow>")
        #expect(try body(#"\mathit{h}"#) == "<mrow><mi>h</mi></mrow>")
        #expect(try body(#"\boldsymbol{h}"#) == "<mrow><mi>𝒉</mi></mrow>")
    }

    @Test("errors name the place: the UTF-8 offset in the formula")
    func errors() throws {
        let cases: [(String, Int, String)] = [
            (#"x + \foo y"#, 4, #"unknown command \foo"#),
            (#"é + \foo"#, 5, #"unknown command \foo"#),
            (#"\frac{a}{b"#, 8, "not closed"),
            (#"a}"#, 1, "closes nothing"),
            (#"\left( x"#, 0, #"\right"#),
            (#"x \right)"#, 2, #"without \left"#),
            (#"\begin{foo}x\end{foo}"#, 0, "unknown environment foo"),
            (#"\begin{matrix}a\end{pmatrix}"#, 15, #"ends with \end{pmatrix}"#),
            (#"\begin{matrix}a"#, 0, "not closed"),
            (#"x^1^2"#, 3, "double superscript"),
            (#"a & b"#, 2, "&"),
            (#"x\"#, 1, "backslash"),
            (#"\frac{a}"#, 0, "needs an argument"),
            (#"\sqrt[3{x}"#, 5, "not closed"),
            (#"\color{red;}x"#, 0, "colour"),
            (#"\hspace{3 furlongs}"#, 0, "unit"),
            (#"x_"#, 1, "needs an argument"),
            (#"\end{x}"#, 0, #"without \begin"#),
            (#"\def\a#2{x}"#, 6, "parameters"),
        ]
        for (latex, offset, words) in cases {
            let error = try #require(failure(latex), "\(latex) renders")
            #expect(error.offset == offset, "\(latex): \(error.message)")
            #expect(error.message.contains(words), "\(latex): \(error.message)")
        }
    }

    @Test("hostile input: deep nesting, macro bombs, huge and unterminated formulas")
    func hostile() throws {
        let braces = String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000)
        #expect(failure(braces)?.message.contains("Limits: math formula nesting") == true)
        #expect(failure(String(repeating: #"\sqrt"#, count: 10_000) + "x")?.message.contains("nesting") == true)
        #expect(failure(String(repeating: #"\left("#, count: 10_000))?.message.contains("nesting") == true)
        #expect(failure(String(repeating: "x^", count: 10_000) + "x")?.message.contains("double superscript") == true)
        #expect(failure(String(repeating: "x^{", count: 10_000) + "x")?.message.contains("nesting") == true)
        #expect(failure(String(repeating: #"\begin{matrix}"#, count: 4_000))?.message.contains("nesting") == true)
        #expect(failure(String(repeating: #"\text{"#, count: 10_000))?.message.contains("nesting") == true)
        #expect(failure(#"\def\a{\a\a}\a"#)?.message.contains("Limits: tokens macros expand to") == true)
        #expect(failure(#"\def\a{\a}\a"#)?.message.contains("Limits: tokens macros expand to") == true)
        #expect(failure(#"\def\a#1{#1#1#1#1}\a{\a{\a{\a{\a{\a{\a{\a{\a{x}}}}}}}}}"#)?.message.contains("Limits") == true)
        #expect(failure(#"\newcommand{\b}{\b x}\b"#)?.message.contains("Limits") == true)
        #expect(failure(String(repeating: "x+", count: 40_000))?.message.contains("Limits: math formula") == true)
        #expect(failure(#"\begin{aligned}a&=b\\"#)?.message.contains("not closed") == true)
        #expect(failure(#"\text{abc"#)?.message.contains("not closed") == true)
        #expect(failure(#"\left(\left(\left(x"#)?.message.contains(#"\right"#) == true)
        // A large formula within the limits renders (its speed is measured by `sitegen-bench math`).
        let large = String(repeating: #"\frac{a_1}{b^2} + "#, count: 3_000) + "x"
        #expect(try MathML.render(large, display: true).utf8.count > 100_000)
    }

    /// A release build needs less than 256 KB of stack at the nesting limit (measured with
    /// `\sqrt{`, `\left(` and `\frac` chains); a debug build's frames are about ten times larger.
    @Test("nesting up to the limit renders on a small thread stack")
    func smallStack() throws {
        let latex = String(repeating: #"\frac{\sqrt{x^{\left(\mathbf{"#, count: 9) + "y" + String(repeating: #"}\right)}}}{2}"#, count: 9)
        let result = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.withLock { $0 = try? MathML.render(latex, display: true) }
            done.signal()
        }
        thread.stackSize = 2 << 20
        thread.start()
        done.wait()
        #expect(result.withLock { $0 }?.contains("<mi>𝐲</mi>") == true)
    }
}
