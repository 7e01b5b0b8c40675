/// HTML and XML: tags, attribute names and values, comments, doctypes and
/// processing instructions, CDATA sections, character references; in HTML
/// the contents of `<script>` and `<style>` are highlighted as JavaScript
/// and CSS.
enum MarkupLanguageLexer {
    static func lex(_ lexer: inout Lexer, embedsScriptsAndStyles: Bool) {
        while !lexer.isAtEnd {
            let byte = lexer.current
            if byte == 0x3C {
                if lexer.matches("<!--", at: lexer.position) {
                    lexer.lexBlockComment(open: "<!--", close: "-->", nests: false)
                } else if lexer.matches("<![CDATA[", at: lexer.position) {
                    lexer.lexBlockComment(open: "<![CDATA[", close: "]]>", nests: false, kind: .string)
                } else if lexer.peek(1) == 0x21 || lexer.peek(1) == 0x3F {
                    lexer.emit(.preprocessor, to: endOfDeclaration(lexer))
                } else if ByteClass.isIdentifierStart(lexer.peek(1)) || (lexer.peek(1) == 0x2F && ByteClass.isIdentifierStart(lexer.peek(2))) {
                    let embedded = lexTag(&lexer)
                    if embedsScriptsAndStyles, let embedded { lexEmbedded(&lexer, language: embedded) }
                } else {
                    lexer.emit(.plain, length: 1)
                }
            } else if byte == 0x26 {
                lexer.emit(.escape, to: endOfReference(lexer))
            } else {
                var index = lexer.position + 1
                while index < lexer.end && lexer.text[index] != 0x3C && lexer.text[index] != 0x26 { index += 1 }
                lexer.emit(.plain, to: index)
            }
        }
    }

    /// `<!DOCTYPE …>` or `<?xml …?>`: up to the closing `>`.
    private static func endOfDeclaration(_ lexer: Lexer) -> Int {
        var index = lexer.position + 2
        while index < lexer.end && lexer.text[index] != 0x3E { index += 1 }
        return min(index + 1, lexer.end)
    }

    /// `&amp;`, `&#38;`, `&#x26;`; a lone `&` is one byte.
    private static func endOfReference(_ lexer: Lexer) -> Int {
        var index = lexer.position + 1
        if lexer.byte(at: index) == 0x23 { index += 1 }
        let nameStart = index
        while index < lexer.end && ByteClass.isIdentifierContinuation(lexer.text[index]) && lexer.text[index] < 0x80 { index += 1 }
        return index > nameStart && lexer.byte(at: index) == 0x3B ? index + 1 : lexer.position + 1
    }

    /// A start or end tag with its attributes. Returns the language of the
    /// element's content when it is a `<script>` or `<style>` start tag.
    private static func lexTag(_ lexer: inout Lexer) -> Language? {
        let isEndTag = lexer.peek(1) == 0x2F
        let nameStart = lexer.position + (isEndTag ? 2 : 1)
        var nameEnd = nameStart
        while nameEnd < lexer.end && isNameByte(lexer.text[nameEnd]) { nameEnd += 1 }
        var embedded: Language?
        if !isEndTag {
            if nameEnd - nameStart == 6 && hasName("script", lexer, at: nameStart) { embedded = .javascript }
            if nameEnd - nameStart == 5 && hasName("style", lexer, at: nameStart) { embedded = .css }
        }
        lexer.emit(.tag, to: nameEnd)
        while !lexer.isAtEnd {
            let byte = lexer.current
            if byte == 0x3E {
                lexer.emit(.tag, length: 1)
                return embedded
            } else if byte == 0x2F && lexer.peek(1) == 0x3E {
                lexer.emit(.tag, length: 2)
                return nil
            } else if byte == 0x3C {
                return nil
            } else if ByteClass.isSpace(byte) {
                lexer.skipSpace()
            } else if byte == 0x3D {
                lexer.emit(.plain, length: 1)
                let valueStart = lexer.endOfSpace(from: lexer.position)
                lexer.emit(.plain, to: valueStart)
                lexAttributeValue(&lexer)
            } else if isNameByte(byte) {
                var end = lexer.position
                while end < lexer.end && isNameByte(lexer.text[end]) { end += 1 }
                lexer.emit(.attributeName, to: end)
            } else {
                lexer.emitCharacter(.plain)
            }
        }
        return nil
    }

    private static func lexAttributeValue(_ lexer: inout Lexer) {
        let quote = lexer.current
        var index = lexer.position
        if quote == 0x22 || quote == 0x27 {
            index += 1
            while index < lexer.end && lexer.text[index] != quote { index += 1 }
            index += 1
        } else {
            while index < lexer.end && !ByteClass.isSpace(lexer.text[index]) && lexer.text[index] != 0x3E && lexer.text[index] != 0x3C {
                index += 1
            }
        }
        lexer.emit(.string, to: index)
    }

    /// Highlights a script or style element's content, up to its end tag.
    private static func lexEmbedded(_ lexer: inout Lexer, language: Language) {
        let endTag: StaticString = language == .css ? "</style" : "</script"
        var index = lexer.position
        while index < lexer.end && !(lexer.text[index] == 0x3C && hasName(endTag, lexer, at: index)) { index += 1 }
        let savedEnd = lexer.end
        lexer.end = index
        Highlighter.lex(language, with: &lexer)
        lexer.emitRest(.plain)
        lexer.end = savedEnd
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        ByteClass.isIdentifierContinuation(byte) || byte == 0x2D || byte == 0x3A || byte == 0x2E
    }

    /// Whether the bytes at `index` spell `name`, ignoring ASCII case.
    private static func hasName(_ name: StaticString, _ lexer: Lexer, at index: Int) -> Bool {
        let count = name.utf8CodeUnitCount
        if index + count > lexer.end { return false }
        for offset in 0..<count where lexer.text[index + offset] | 0x20 != name.utf8Start[offset] | 0x20 {
            return false
        }
        return true
    }
}
