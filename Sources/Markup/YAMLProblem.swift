/// libyaml's problem texts said the way a writer of front matter
/// understands them.
enum YAMLProblem {
    /// What a tab in indentation is told, whichever way libyaml found it.
    static let tabIndentation = "YAML does not allow tabs for indentation; indent with spaces"

    /// A readable message for libyaml's `problem`; unknown problems are
    /// passed on as they are.
    static func readable(_ problem: String) -> String {
        switch problem {
        case "mapping values are not allowed in this context":
            return "a ': ' is not allowed here; put the value in quotes if it contains ': '"
        case "did not find expected key":
            return "expected a 'key: value' line at this indentation; check the indentation of this line"
        case "could not find expected ':'":
            return "expected ':' after the key"
        case "found character that cannot start any token":
            return "this character cannot start a value; put the value in quotes"
        case "did not find expected ',' or ']'":
            return "expected ',' or ']' in this list"
        case "did not find expected ',' or '}'":
            return "expected ',' or '}' in this mapping"
        case "did not find expected node content":
            return "expected a value here"
        case "did not find expected '-' indicator":
            return "expected a '- ' list item at this indentation"
        case "block sequence entries are not allowed in this context":
            return "a '- ' list item cannot start here; put the list on the lines under its key"
        case "found a tab character that violates indentation",
             "found a tab character where an indentation space is expected":
            return tabIndentation
        case "found unexpected end of stream":
            return "the front matter ends in the middle of a value"
        case "found undefined tag handle":
            return "unknown tag; remove the '!' or put the value in quotes"
        default:
            return problem
        }
    }

    /// The bracket that closes the flow list or mapping libyaml's
    /// `problem` says it was reading (`]` for "did not find expected ','
    /// or ']'"), or nil for other problems.
    static func closingBracket(ofUnclosed problem: String) -> Unicode.Scalar? {
        switch problem {
        case "did not find expected ',' or ']'": return "]"
        case "did not find expected ',' or '}'": return "}"
        default: return nil
        }
    }
}
