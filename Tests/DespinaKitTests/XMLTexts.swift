import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The character data and attribute values of an XML document, read by
/// Foundation's `XMLParser` (libxml2), which refuses a document that is not
/// well-formed XML 1.0: what a feed reader would refuse.
final class XMLTexts: NSObject, XMLParserDelegate {
    /// The character data, in document order, in pieces as the parser gives them.
    private(set) var texts: [String] = []
    /// The value of every attribute of every element.
    private(set) var attributes: [String] = []
    /// The names of the elements, in document order.
    private(set) var elements: [String] = []

    /// Reads `bytes`; nil when they are not well-formed XML.
    init?(parsing bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(elementName)
        attributes += attributeDict.values
    }
}
