import Markup

/// The HTML of Hugo's built-in shortcodes that make elements: the same
/// elements and attributes Hugo's own templates give, with every value
/// escaped (the HTML goes into the page as trusted, see `TrustedHTML`).
///
/// Nothing is fetched: a build runs offline, so `x` and `tweet` (which
/// Hugo fills from the network) are links to the post, made elsewhere.
enum ShortcodeHTML {
    /// `{{< figure src="a.png" caption="A *b*" >}}`: a `<figure>` with an
    /// `<img>`, an optional link around it and an optional `<figcaption>`
    /// with the title (`<h4>`) and the caption and attribution (`<p>`).
    ///
    /// - Parameters:
    ///   - resolve: The URL for a link or image destination (a bundle's
    ///     `photo.jpg`), or nil to keep it as written.
    ///   - renderInline: Markdown (the caption, `attr`) to inline HTML.
    ///
    /// A `src`, `link` or `attrlink` whose scheme could run script
    /// (``refusedURLs(of:)``) is left out, as a Markdown link's would be.
    static func figure(
        _ call: ShortcodeCall, resolve: (String) -> String?, renderInline: (String) -> String
    ) -> String {
        let source = call.argument("src").flatMap { LinkSchemes.isAllowed($0, isImage: true) ? $0 : nil }
        var html = "<figure" + attribute("class", call.nonEmpty("class")) + ">"
        let link = call.nonEmpty("link").flatMap { LinkSchemes.isAllowed($0, isImage: false) ? $0 : nil }
        if let link {
            html += "<a" + attribute("href", resolve(link) ?? link) + attribute("target", call.nonEmpty("target"))
                + attribute("rel", call.nonEmpty("rel")) + ">"
        }
        let caption = call.nonEmpty("caption").map(renderInline)
        let alt = call.nonEmpty("alt") ?? caption.map(plainText(ofHTML:))
        html += "<img" + attribute("src", source.map { resolve($0) ?? $0 }) + attribute("alt", alt)
            + attribute("width", call.nonEmpty("width")) + attribute("height", call.nonEmpty("height"))
            + attribute("loading", call.nonEmpty("loading")) + ">"
        if link != nil { html += "</a>" }
        let title = call.nonEmpty("title")
        let attribution = call.nonEmpty("attr").map(renderInline)
        if title != nil || caption != nil || attribution != nil {
            html += "<figcaption>"
            if let title { html += "<h4>" + escapeXML(title) + "</h4>" }
            if caption != nil || attribution != nil {
                html += "<p>" + (caption ?? "")
                if let attribution {
                    if let attributionLink = call.nonEmpty("attrlink"), LinkSchemes.isAllowed(attributionLink, isImage: false) {
                        html += "<a" + attribute("href", attributionLink) + ">" + attribution + "</a>"
                    } else {
                        html += attribution
                    }
                }
                html += "</p>"
            }
            html += "</figcaption>"
        }
        return html + "</figure>"
    }

    /// The figure's `src`, `link` and `attrlink` values that ``figure(_:resolve:renderInline:)``
    /// leaves out because ``LinkSchemes`` refuses their scheme, for a warning.
    static func refusedURLs(of call: ShortcodeCall) -> [String] {
        ["src", "link", "attrlink"].compactMap { name in
            call.nonEmpty(name).flatMap { LinkSchemes.isAllowed($0, isImage: name == "src") ? nil : $0 }
        }
    }

    /// `{{< youtube w7Ft2ymGmfc >}}`: the player in a responsive frame,
    /// with Hugo's defaults (not autoplaying, with controls, full screen
    /// allowed); nil without an id.
    static func youtube(_ call: ShortcodeCall) -> String? {
        guard let id = call.nonEmpty("id", at: 0) else { return nil }
        let autoplay = call.flag("autoplay") ?? false
        let loop = call.flag("loop") ?? false
        var query: [(String, String)] = [
            ("autoplay", autoplay ? "1" : "0"),
            ("controls", call.flag("controls") == false ? "0" : "1"),
            ("end", call.nonEmpty("end") ?? "0"),
            ("loop", loop ? "1" : "0"),
            ("mute", autoplay || call.flag("mute") == true ? "1" : "0"),
            ("start", call.nonEmpty("start") ?? "0"),
        ]
        if loop { query.append(("playlist", id)) }
        query.sort { $0.0 < $1.0 }
        let source = "https://www.youtube.com/embed/" + percentEncoded(id) + "?"
            + query.map { $0.0 + "=" + percentEncoded($0.1) }.joined(separator: "&")
        var allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        if call.flag("allowFullScreen") != false { allow += "; fullscreen" }
        let className = call.nonEmpty("class")
        return "<div" + attribute("class", className) + (className == nil ? attribute("style", frameStyle) : "") + ">"
            + "<iframe" + attribute("allow", allow) + attribute("loading", call.nonEmpty("loading") ?? "eager")
            + attribute("referrerpolicy", "strict-origin-when-cross-origin") + attribute("src", source)
            + (className == nil ? attribute("style", playerStyle) : "")
            + attribute("title", call.nonEmpty("title") ?? "YouTube video") + "></iframe></div>"
    }

    /// `{{< vimeo 146022717 >}}` (positional: id, class, title, loading);
    /// nil without an id.
    static func vimeo(_ call: ShortcodeCall) -> String? {
        guard let id = call.nonEmpty("id", at: 0) else { return nil }
        let className = call.nonEmpty("class", at: 1)
        let allow = call.flag("allowFullScreen") == false ? nil : "fullscreen"
        return "<div" + (className.map { attribute("class", $0) } ?? attribute("style", frameStyle)) + ">"
            + "<iframe" + attribute("src", "https://player.vimeo.com/video/" + percentEncoded(id) + "?dnt=0")
            + (className == nil ? attribute("style", playerStyle) : "") + attribute("allow", allow)
            + attribute("loading", call.nonEmpty("loading", at: 3)) + attribute("title", call.nonEmpty("title", at: 2))
            + "></iframe></div>"
    }

    /// `{{< gist user 23932424365401ffa5e9d9810102a477 [file] >}}`: GitHub's
    /// embedding script, which the reader's browser loads; nil without a
    /// user and an id.
    static func gist(_ call: ShortcodeCall) -> String? {
        guard let user = call.nonEmpty("user", at: 0), let id = call.nonEmpty("id", at: 1) else { return nil }
        let file = call.nonEmpty("file", at: 2).map { "?file=" + percentEncoded($0) } ?? ""
        return "<script" + attribute("src", "https://gist.github.com/" + percentEncoded(user) + "/" + percentEncoded(id) + ".js" + file)
            + "></script>"
    }

    /// The start of `{{< details summary="More" >}}`: the element and its
    /// summary (rendered as Markdown); the inside follows as Markdown.
    static func detailsOpening(_ call: ShortcodeCall, renderInline: (String) -> String) -> String {
        let summary = renderInline(call.nonEmpty("summary") ?? "Details")
        return "<details" + attribute("class", call.nonEmpty("class")) + attribute("name", call.nonEmpty("name"))
            + (call.flag("open") == true ? " open" : "") + attribute("title", call.nonEmpty("title"))
            + "><summary>" + summary + "</summary>"
    }

    static let detailsClosing = "</details>"

    /// ` name="value"`, escaped; empty for a nil value.
    static func attribute(_ name: String, _ value: String?) -> String {
        guard let value else { return "" }
        return " " + name + "=\"" + escapeXML(value) + "\""
    }

    /// The text of inline HTML without its tags, and with the entities that
    /// escaping writes decoded: an `alt` made from a caption, escaped again
    /// as an attribute.
    static func plainText(ofHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" && inTag {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `text` with every byte outside letters, digits and `-._~`
    /// percent-encoded, for a part of a URL.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// The frame that keeps a video at 16:9 whatever the width.
    static let frameStyle = "position: relative; padding-bottom: 56.25%; height: 0; overflow: hidden;"
    static let playerStyle = "position: absolute; top: 0; left: 0; width: 100%; height: 100%; border:0;"
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
