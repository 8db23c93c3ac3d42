import SitegenLimits

/// LaTeX formulas as MathML Core, made at build time so that pages need no script to show math.
public enum MathML {
    /// The MathML of a LaTeX formula: a `<math>` element, `display="block"` when `display`.
    ///
    /// - Throws: ``MathError`` when the formula cannot be read.
    public static func render(_ latex: String, display: Bool) throws(MathError) -> String {
        let bytes = Array(latex.utf8)
        guard bytes.count <= Limits.mathFormulaBytes else {
            throw MathError(message: "the formula is \(LimitWording.size(bytes.count)), more than \(LimitWording.size(Limits.mathFormulaBytes)) (Limits: math formula)", offset: 0)
        }
        let tokens = try MathLexer.tokens(bytes)
        let parser = MathParser(tokens: tokens, length: bytes.count, display: display)
        let body = try parser.parseFormula()
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 8 + 160)
        output.append(contentsOf: "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"".utf8)
        if display { output.append(contentsOf: " display=\"block\"".utf8) }
        output.append(contentsOf: "><semantics>".utf8)
        if body.tag == .mrow || body.tag == .mtable {
            body.write(to: &output)
        } else {
            MathNode(.mrow, [body]).write(to: &output)
        }
        output.append(contentsOf: "<annotation encoding=\"application/x-tex\">".utf8)
        MathWriter.escape(latex, into: &output)
        output.append(contentsOf: "</annotation></semantics></math>".utf8)
        return String(decoding: output, as: UTF8.self)
    }
}
