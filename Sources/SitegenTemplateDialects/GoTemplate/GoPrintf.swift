import SitegenLimits

/// Go's `fmt.Sprintf` for the verbs templates use: `%s %v %d %q %f %e %g %t %x %X %c %T %%`,
/// with the flags `-`, `+`, `0`, space and `#`, a width and a precision.
enum GoPrintf {
    static func format(_ format: String, _ arguments: [GoValue], line: Int) throws(DialectError) -> String {
        var output = ""
        var next = 0
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "%" else {
                output.unicodeScalars.append(scalar)
                continue
            }
            var leftAlign = false, plus = false, zero = false, space = false, sharp = false
            flags: while index < scalars.count {
                switch scalars[index] {
                case "-": leftAlign = true
                case "+": plus = true
                case "0": zero = true
                case " ": space = true
                case "#": sharp = true
                default: break flags
                }
                index += 1
            }
            var width: Int?
            while index < scalars.count, let digit = scalars[index].properties.numericType == .decimal ? Int(String(scalars[index])) : nil {
                width = min((width ?? 0) * 10 + digit, 10_000)
                index += 1
            }
            var precision: Int?
            if index < scalars.count, scalars[index] == "." {
                index += 1
                precision = 0
                while index < scalars.count, let digit = scalars[index].properties.numericType == .decimal ? Int(String(scalars[index])) : nil {
                    precision = min((precision ?? 0) * 10 + digit, 1_000)
                    index += 1
                }
            }
            guard index < scalars.count else {
                output += "%!(NOVERB)"
                break
            }
            let verb = scalars[index]
            index += 1
            if verb == "%" {
                output += "%"
                continue
            }
            guard next < arguments.count else {
                output += "%!\(verb)(MISSING)"
                continue
            }
            let argument = arguments[next]
            next += 1
            var body = try formatted(argument, verb: verb, precision: precision, sharp: sharp, line: line)
            if plus || space, "dfeg".unicodeScalars.contains(verb), !body.hasPrefix("-"), isNumber(argument) {
                body = (plus ? "+" : " ") + body
            }
            if let width, body.count < width {
                let padding = width - body.count
                if leftAlign {
                    body += String(repeating: " ", count: padding)
                } else if zero, isNumber(argument), "dfegxX".unicodeScalars.contains(verb) {
                    let signed = body.hasPrefix("-") || body.hasPrefix("+")
                    let sign = signed ? String(body.removeFirst()) : ""
                    body = sign + String(repeating: "0", count: padding) + body
                } else {
                    body = String(repeating: " ", count: padding) + body
                }
            }
            output += body
            guard output.utf8.count <= Limits.dialectOutputBytes else {
                throw DialectError(.limit, line: line, "`printf` would build more than \(Limits.dialectOutputBytes) bytes.")
            }
        }
        if next < arguments.count {
            let extra = try arguments[next...].map { (value) throws(DialectError) -> String in
                "\(typeName(value))=\(try GoFormatter.verbV(value, line: line))"
            }
            output += "%!(EXTRA " + extra.joined(separator: ", ") + ")"
        }
        return output
    }

    private static func isNumber(_ value: GoValue) -> Bool {
        switch value {
        case .int, .double: true
        default: false
        }
    }

    private static func typeName(_ value: GoValue) -> String {
        switch value {
        case .null: "<nil>"
        case .bool: "bool"
        case .int: "int"
        case .double: "float64"
        case .text: "string"
        case .safe(_, let kind):
            switch kind {
            case .html: "template.HTML"
            case .htmlAttribute: "template.HTMLAttr"
            case .url: "template.URL"
            case .css: "template.CSS"
            case .javaScript: "template.JS"
            }
        case .list: "[]interface {}"
        case .map: "map[string]interface {}"
        case .object, .shortcode, .store: "*struct"
        }
    }

    private static func wrong(_ verb: Unicode.Scalar, _ value: GoValue, line: Int) throws(DialectError) -> String {
        "%!\(verb)(\(typeName(value))=\(try GoFormatter.verbV(value, line: line)))"
    }

    private static func formatted(
        _ value: GoValue, verb: Unicode.Scalar, precision: Int?, sharp: Bool, line: Int
    ) throws(DialectError) -> String {
        switch verb {
        case "v":
            return try GoFormatter.verbV(value, line: line)
        case "s":
            if case .null = value { return "%!s(<nil>)" }
            let text = try GoFormatter.verbV(value, line: line)
            if let precision { return String(text.prefix(precision)) }
            return text
        case "q":
            switch value {
            case .text(let text), .safe(let text, _): return quoted(text)
            case .int(let number): return "'" + (Unicode.Scalar(UInt32(clamping: max(0, number))).map { String($0) } ?? "\u{FFFD}") + "'"
            default: return try wrong(verb, value, line: line)
            }
        case "d":
            switch value {
            case .int(let number): return String(number)
            case .list(let list):
                let parts = try list.items.map { (item) throws(DialectError) -> String in try formatted(item, verb: verb, precision: precision, sharp: sharp, line: line) }
                return "[" + parts.joined(separator: " ") + "]"
            default: return try wrong(verb, value, line: line)
            }
        case "f", "F", "e", "g":
            let number: Double
            switch value {
            case .double(let double): number = double
            case .int: return try wrong(verb, value, line: line)
            default: return try wrong(verb, value, line: line)
            }
            switch verb {
            case "e": return exponential(number, precision: precision ?? 6)
            case "g":
                if let precision { return exponentOrFixed(number, precision: max(precision, 1)) }
                return GoFormatter.goFloat(number)
            default: return fixed(number, precision: precision ?? 6)
            }
        case "t":
            if case .bool(let flag) = value { return flag ? "true" : "false" }
            return try wrong(verb, value, line: line)
        case "x", "X":
            let digits: String
            switch value {
            case .int(let number):
                digits = (number < 0 ? "-" : "") + String(number.magnitude, radix: 16)
            case .text(let text), .safe(let text, _):
                digits = text.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
            default: return try wrong(verb, value, line: line)
            }
            let cased = verb == "X" ? digits.uppercased() : digits
            return sharp ? (verb == "X" ? "0X" : "0x") + cased : cased
        case "c":
            if case .int(let number) = value, let scalar = Unicode.Scalar(UInt32(clamping: max(0, number))) { return String(scalar) }
            return try wrong(verb, value, line: line)
        case "T":
            return typeName(value)
        default:
            return "%!\(verb)(\(typeName(value))=\(try GoFormatter.verbV(value, line: line)))"
        }
    }

    /// Go's `%q` of a string: double quotes, with Go's escapes.
    static func quoted(_ text: String) -> String {
        StringLiteral.quoted(text, as: .go)
    }

    /// `number` with `precision` digits after the point, rounded half to even on the exact
    /// binary value as Go does (by scaling; good for the precisions templates use).
    static func fixed(_ number: Double, precision: Int) -> String {
        guard number.isFinite else { return GoFormatter.goFloat(number) }
        let precision = min(precision, 30)
        let negative = number < 0 || (number == 0 && number.sign == .minus)
        var magnitude = abs(number)
        // Digits beyond what a Double holds are zeros.
        if magnitude >= 1e21 {
            let whole = GoFormatter.goFloat(magnitude)
            return (negative ? "-" : "") + whole + (precision > 0 ? "." + String(repeating: "0", count: precision) : "")
        }
        let scale = pow10(precision)
        magnitude = (magnitude * scale).rounded(.toNearestOrEven)
        var digits = magnitude < 1e21 ? String(format0: magnitude) : "0"
        if digits.count <= precision { digits = String(repeating: "0", count: precision - digits.count + 1) + digits }
        let split = digits.index(digits.endIndex, offsetBy: -precision)
        let result = precision > 0 ? digits[..<split] + "." + digits[split...] : digits
        return (negative && magnitude != 0 ? "-" : "") + result
    }

    private static func exponential(_ number: Double, precision: Int) -> String {
        guard number != 0 else { return fixed(0, precision: precision) + "e+00" }
        var exponent = Int((log10Approximation(abs(number))).rounded(.down))
        var mantissa = abs(number) / pow10Signed(exponent)
        if mantissa >= 10 { mantissa /= 10; exponent += 1 }
        if mantissa < 1 { mantissa *= 10; exponent -= 1 }
        var body = fixed(mantissa, precision: precision)
        if body.hasPrefix("10") {
            exponent += 1
            body = fixed(mantissa / 10, precision: precision)
        }
        let exponentText = (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
        return (number < 0 ? "-" : "") + body + "e" + (exponent < 0 ? "-" : "+") + exponentText
    }

    private static func exponentOrFixed(_ number: Double, precision: Int) -> String {
        guard number != 0 else { return "0" }
        let exponent = Int(log10Approximation(abs(number)).rounded(.down))
        if exponent < -4 || exponent >= precision {
            var text = exponential(number, precision: precision - 1)
            if let e = text.firstIndex(of: "e"), text[..<e].contains(".") {
                var mantissa = String(text[..<e])
                while mantissa.hasSuffix("0") { mantissa.removeLast() }
                if mantissa.hasSuffix(".") { mantissa.removeLast() }
                text = mantissa + text[e...]
            }
            return text
        }
        var text = fixed(number, precision: max(0, precision - 1 - exponent))
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    private static func pow10Signed(_ exponent: Int) -> Double {
        exponent >= 0 ? pow10(min(exponent, 400)) : 1 / pow10(min(-exponent, 400))
    }

    /// The decimal exponent of `number`, from its shortest decimal form.
    private static func log10Approximation(_ number: Double) -> Double {
        let text = GoFormatter.goFloat(number)
        if let e = text.firstIndex(of: "e") { return Double(Int(text[text.index(after: e)...]) ?? 0) }
        let integer = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if let whole = integer.first, whole != "0" { return Double(whole.count - 1) }
        let fraction = integer.count > 1 ? integer[1] : ""
        return -Double(fraction.prefix(while: { $0 == "0" }).count + 1)
    }
}

private extension String {
    /// A whole, non-negative double below 1e21 as its decimal digits.
    init(format0 value: Double) {
        if value < 9e18 {
            self = String(Int64(value))
        } else {
            // Above Int64: Swift writes these with an exponent; spell the digits out.
            let text = GoFormatter.goFloat(value, json: true)
            self = text
        }
    }
}
