/// A TOML number written as a bare value: a decimal integer (`1_000`,
/// `-5`), a hexadecimal, octal or binary one (`0xFF`, `0o17`, `0b101`), or
/// a float (`3.14`, `1e6`, `-2.5E-3`). Underscores must stand between
/// digits, and a decimal number other than `0` may not start with `0`.
enum TOMLNumber: Equatable {
    case integer(Int)
    case float(Double)
    /// Written correctly, but too large for a 64-bit integer.
    case outOfRange

    /// The number `token` is, or `nil` when it is not a TOML number.
    init?(_ token: String) {
        let scalars = Array(token.unicodeScalars)
        if scalars.count > 2, scalars[0] == "0", let radix = Self.radix(of: scalars[1]) {
            guard let digits = Self.digits(scalars[2...], radix: radix) else { return nil }
            guard let value = Int(digits, radix: radix) else { self = .outOfRange; return }
            self = .integer(value)
            return
        }
        var body = scalars[...]
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        let exponentStart = body.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = body[..<(exponentStart ?? body.endIndex)]
        let dot = mantissa.firstIndex(of: ".")
        let whole = mantissa[..<(dot ?? mantissa.endIndex)]
        guard let wholeDigits = Self.digits(whole, radix: 10),
              wholeDigits == "0" || !wholeDigits.hasPrefix("0") else { return nil }
        var text = sign + wholeDigits
        if let dot {
            guard let fraction = Self.digits(mantissa[mantissa.index(after: dot)...], radix: 10) else { return nil }
            text += "." + fraction
        }
        if let exponentStart {
            var exponent = body[body.index(after: exponentStart)...]
            var exponentSign = ""
            if let first = exponent.first, first == "+" || first == "-" {
                exponentSign = first == "-" ? "-" : ""
                exponent = exponent.dropFirst()
            }
            guard let exponentDigits = Self.digits(exponent, radix: 10) else { return nil }
            text += "e" + exponentSign + exponentDigits
        }
        if dot == nil && exponentStart == nil {
            guard let value = Int(text) else { self = .outOfRange; return }
            self = .integer(value)
        } else {
            guard let value = Double(text) else { return nil }
            self = .float(value)
        }
    }

    private static func radix(of marker: Unicode.Scalar) -> Int? {
        switch marker {
        case "x": return 16
        case "o": return 8
        case "b": return 2
        default: return nil
        }
    }

    /// The digits of `scalars` without their underscores, or `nil` when a
    /// character is not a digit in `radix` or an underscore does not stand
    /// between two digits.
    private static func digits(_ scalars: ArraySlice<Unicode.Scalar>, radix: Int) -> String? {
        guard let first = scalars.first, let last = scalars.last, first != "_", last != "_" else { return nil }
        var result = String.UnicodeScalarView()
        var previousIsUnderscore = false
        for scalar in scalars {
            if scalar == "_" {
                guard !previousIsUnderscore else { return nil }
                previousIsUnderscore = true
                continue
            }
            guard let value = scalar.properties.numericType == nil ? Self.letterValue(scalar) : Self.digitValue(scalar),
                  value < radix else { return nil }
            previousIsUnderscore = false
            result.append(scalar)
        }
        return String(result)
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        scalar >= "0" && scalar <= "9" ? Int(scalar.value - 0x30) : nil
    }

    private static func letterValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "a"..."f": return Int(scalar.value - 0x61) + 10
        case "A"..."F": return Int(scalar.value - 0x41) + 10
        default: return nil
        }
    }
}
