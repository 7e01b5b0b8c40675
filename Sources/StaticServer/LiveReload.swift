/// Live reload: the script injected into served pages and the Server-Sent
/// Events it listens to.
///
/// The script opens an `EventSource` on ``eventsPath``. A `reload` event
/// reloads the page; a `build-error` event shows its text in an overlay
/// (set through `textContent`, never parsed as HTML). The overlay goes away
/// with the next reload. The event is not called `error`, because that name is
/// reserved by `EventSource` for connection failures.
public enum LiveReload {
    /// The path of the event stream.
    public static let eventsPath = "/__despina/events"

    /// The `<script>` element added to HTML responses.
    public static let scriptElement = """
        <script>(function () {
          if (!window.EventSource) return;
          var overlay = null;
          var source = new EventSource("\(eventsPath)");
          source.addEventListener("reload", function () {
            if (overlay) { overlay.remove(); overlay = null; }
            window.location.reload();
          });
          source.addEventListener("build-error", function (event) {
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "despina-build-error";
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;margin:0;padding:2em;overflow:auto;" +
                "background:rgba(24,24,24,.94);color:#ff8a80;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
              (document.body || document.documentElement).appendChild(overlay);
            }
            overlay.textContent = event.data;
          });
        })();</script>
        """

    private static let scriptBytes = Array(scriptElement.utf8)
    private static let closingBodyTag = Array("</body>".utf8)

    /// The page with ``scriptElement`` inserted before its last `</body>`
    /// (matched in any case), or appended when there is none.
    public static func inject(into html: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(html.count + scriptBytes.count)
        if let position = lastClosingBodyTag(in: html) {
            result.append(contentsOf: html[..<position])
            result.append(contentsOf: scriptBytes)
            result.append(contentsOf: html[position...])
        } else {
            result.append(contentsOf: html)
            result.append(contentsOf: scriptBytes)
        }
        return result
    }

    private static func lastClosingBodyTag(in html: [UInt8]) -> Int? {
        let tag = closingBodyTag
        guard html.count >= tag.count else { return nil }
        var start = html.count - tag.count
        while start >= 0 {
            var matched = true
            for offset in 0..<tag.count where asciiLowercase(html[start + offset]) != tag[offset] {
                matched = false
                break
            }
            if matched { return start }
            start -= 1
        }
        return nil
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The event-stream bytes sent when a client connects: a reconnection
    /// delay, so the page reconnects quickly after the server restarts.
    static let streamPreamble = Array("retry: 1000\n\n".utf8)

    /// The event that makes every page reload.
    static let reloadEvent = Array("event: reload\ndata: reload\n\n".utf8)

    /// The event that shows `message` in the error overlay; each line of the
    /// message becomes one `data:` line, so any text is carried intact.
    static func errorEvent(message: String) -> [UInt8] {
        var event = "event: build-error\n"
        let normalized = message.replacingLineEndings()
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            event += "data: " + line + "\n"
        }
        return Array((event + "\n").utf8)
    }
}

extension String {
    /// The text with CRLF and lone CR turned into LF.
    fileprivate func replacingLineEndings() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var previousWasCarriageReturn = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                previousWasCarriageReturn = true
                continue
            }
            if !(scalar == "\n" && previousWasCarriageReturn) { result.unicodeScalars.append(scalar) }
            previousWasCarriageReturn = false
        }
        return result
    }
}
