import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML document, with the line its start tag ends on.
struct XMLNode: Sendable {
    var name: String
    var attributes: [String: String]
    var children: [XMLNode]
    var line: Int

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }

    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// The child element with this `key` attribute, e.g. `<rect key="frame">`.
    func keyed(_ key: String) -> XMLNode? { children.first { $0["key"] == key } }

    /// `<button id="abc-12-xyz">`, how warnings name an element.
    var reference: String {
        if let id = attributes["id"] { return "<\(name) id=\"\(id)\">" }
        if let key = attributes["key"] { return "<\(name) key=\"\(key)\">" }
        return "<\(name)>"
    }
}

/// Why bytes could not be read as XML.
struct XMLSyntaxError: Error {
    var line: Int
    var message: String
}

extension XMLNode {
    /// Parses a whole document with Foundation's parser and returns its root element.
    static func parse(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLNode {
        let parser = XMLParser(data: Data(bytes))
        let builder = TreeBuilder()
        parser.delegate = builder
        let ok = parser.parse()
        guard ok, let root = builder.root else {
            let line = max(parser.lineNumber, 1)
            let detail = parser.parserError.map { XMLNode.describe($0) } ?? "the document has no root element"
            throw XMLSyntaxError(line: line, message: detail)
        }
        return root
    }

    /// Foundation reports libxml2's error numbers (`xmlParserErrors`); the common ones in words.
    private static func describe(_ error: Error) -> String {
        let error = error as NSError
        if let reason = error.userInfo[NSLocalizedDescriptionKey] as? String, !reason.isEmpty {
            return reason
        }
        let messages = [
            3: "no document start", 4: "the document is empty or does not start with an element",
            5: "extra content at the end of the document", 9: "an invalid character",
            39: "an attribute is not quoted", 41: "an attribute has no value", 73: "'>' expected",
            76: "a closing tag does not match the element it closes", 77: "the data ends inside a tag",
        ]
        return messages[error.code] ?? "malformed XML (libxml2 error \(error.code))"
    }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        stack.append(XMLNode(name: elementName, attributes: attributeDict, children: [], line: parser.lineNumber))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }
}
