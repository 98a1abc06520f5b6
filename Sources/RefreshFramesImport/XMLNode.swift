import Foundation
import RefreshFramesCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML document, with the line its start tag ends on.
///
/// Nothing about a tree recurses on its depth: it is built from the parser's events with an explicit
/// stack, the readers walk it with explicit stacks, and its children are held by `ChildList`, whose
/// `deinit` takes a deep tree apart in a loop (the synthesised release of nested arrays recursed once
/// per level and overflowed the stack on deep nesting).
struct XMLNode: Sendable {
    var name: String
    var attributes: [String: String]
    var line: Int
    /// The character data of a `<string>` or `<mutableString>` element (IB's text values); empty
    /// for every other element.
    var text = ""

    /// The elements whose character data is kept.
    static let textElements: Set<String> = ["string", "mutableString"]

    fileprivate var list: ChildList

    init(name: String, attributes: [String: String], children: [XMLNode], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.list = ChildList(children)
    }

    var children: [XMLNode] {
        get { list.nodes }
        set {
            if isKnownUniquelyReferenced(&list) {
                list.nodes = newValue
            } else {
                list = ChildList(newValue)
            }
        }
    }

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

/// The children of one `XMLNode`, released without recursion.
private final class ChildList: @unchecked Sendable {
    /// Written only while the list is uniquely referenced (`XMLNode.children`'s setter, `deinit`).
    var nodes: [XMLNode]

    init(_ nodes: [XMLNode]) { self.nodes = nodes }

    deinit {
        // Each node whose list dies with this one hands its children over before it is released, so
        // no release reaches a second level; a list still referenced elsewhere is released later by
        // its last owner, the same way.
        var pending = nodes
        nodes = []
        while var node = pending.popLast() {
            if isKnownUniquelyReferenced(&node.list) {
                pending.append(contentsOf: node.list.nodes)
                node.list.nodes = []
            }
        }
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
        // Interface Builder never declares entities; expanding them (a few hundred thousand
        // references) took minutes, so a document that declares one is refused before parsing.
        if let declaration = offset(of: Array("<!ENTITY".utf8), in: bytes) {
            let line = 1 + bytes[..<declaration].count { $0 == UInt8(ascii: "\n") }
            throw XMLSyntaxError(
                line: line, message: "the document declares an entity (<!ENTITY>); Interface Builder documents never do"
            )
        }
        // Foundation's parser traps on a name that is not UTF-8 (found by scripts/fuzz), and Interface
        // Builder writes only UTF-8: anything else is refused first.
        if let offset = UTF8Validation.firstInvalid(bytes) {
            let line = 1 + bytes[..<offset].count { $0 == UInt8(ascii: "\n") }
            throw XMLSyntaxError(
                line: line,
                message: "the file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))")
        }
        // Foundation's parser crashes (strlen of NULL) on a processing instruction without data, such
        // as `<?x?>` (found by scripts/fuzz); Interface Builder writes none.
        if let (offset, target) = firstEmptyProcessingInstruction(bytes) {
            let line = 1 + bytes[..<offset].count { $0 == UInt8(ascii: "\n") }
            throw XMLSyntaxError(
                line: line,
                message:
                    "the document has a processing instruction without data (<?\(target)?>); Interface Builder documents never do"
            )
        }
        let parser = XMLParser(data: Data(bytes))
        let builder = TreeBuilder()
        parser.delegate = builder
        let ok = parser.parse()
        if let line = builder.tooDeepAt {
            throw XMLSyntaxError(
                line: line, message: "elements nested deeper than the limit xmlDepth = \(Limits.xmlDepth)")
        }
        guard ok, let root = builder.root else {
            let line = max(parser.lineNumber, 1)
            let detail = parser.parserError.map { XMLNode.describe($0) } ?? "the document has no root element"
            throw XMLSyntaxError(line: line, message: detail)
        }
        return root
    }

    /// Where the first `<?target?>` is (a processing instruction with nothing after its target), and
    /// its target.
    static func firstEmptyProcessingInstruction(_ bytes: [UInt8]) -> (offset: Int, target: String)? {
        let question = UInt8(ascii: "?")
        var start = 0
        while start + 1 < bytes.count {
            defer { start += 1 }
            guard bytes[start] == UInt8(ascii: "<"), bytes[start + 1] == question else { continue }
            // A target is a name: anything up to white space, `?`, `<` or `>` (the parser judges the rest).
            var end = start + 2
            while end < bytes.count, !" \t\r\n?<>".utf8.contains(bytes[end]) { end += 1 }
            if end > start + 2, end + 1 < bytes.count, bytes[end] == question, bytes[end + 1] == UInt8(ascii: ">") {
                return (start, String(decoding: bytes[(start + 2)..<end], as: UTF8.self))
            }
        }
        return nil
    }

    /// The offset of the first occurrence of `needle` (a plain scan: `firstRange(of:)` was a tenth of
    /// the fuzzer's time).
    static func offset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first && bytes[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
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

/// Builds the tree from the parser's events with an explicit stack of open elements.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?
    /// The line where the nesting went over `Limits.xmlDepth`; parsing stopped there.
    var tooDeepAt: Int?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        // Interface Builder nests a few levels per view. The limit is libxml2's own (2.9 refuses more
        // than 256 levels unless given XML_PARSE_HUGE), checked here to say so in words; nothing
        // depends on it for safety.
        guard stack.count < Limits.xmlDepth else {
            tooDeepAt = tooDeepAt ?? parser.lineNumber
            parser.abortParsing()
            return
        }
        stack.append(XMLNode(name: elementName, attributes: attributeDict, children: [], line: parser.lineNumber))
    }

    /// Keeps only the text of the elements that hold a value (`<string key="content">`…).
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let last = stack.last, XMLNode.textElements.contains(last.name) else { return }
        stack[stack.count - 1].text += string
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
