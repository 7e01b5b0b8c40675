/// The status line and header fields of a response, serialized to bytes.
struct ResponseHead {
    var status: Int
    var fields: [(name: String, value: String)] = []

    init(status: Int) {
        self.status = status
    }

    mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// The head as sent on the wire, ending with the blank line.
    func serialized() -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
        for field in fields {
            text += field.name + ": " + field.value + "\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
