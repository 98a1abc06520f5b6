import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// Nothing about an XML tree recurses on its depth. The parser itself refuses more than
/// `Limits.xmlDepth` levels, so these trees are built in memory, far deeper than any stack allows a
/// recursion to go (a recursive release or walk overflowed the stack at about 60 000 levels).
struct XMLNodeTests {
    static let depth = 200_000

    /// `<a><a>…</a></a>`, `levels` deep, built from the inside out.
    static func chain(levels: Int) -> XMLNode {
        var node = XMLNode(name: "a", attributes: [:], children: [], line: levels)
        for level in (1..<levels).reversed() {
            node = XMLNode(name: "a", attributes: [:], children: [node], line: level)
        }
        return node
    }

    @Test func aDeepTreeIsReleasedWithoutRecursion() {
        var tree: XMLNode? = Self.chain(levels: Self.depth)
        #expect(tree?.children.first?.children.first?.line == 3)
        tree = nil
        #expect(tree == nil)
    }

    @Test func aSubtreeOutlivesTheTreeItCameFrom() {
        var tree: XMLNode? = Self.chain(levels: Self.depth)
        let inner = tree?.children.first?.children.first
        tree = nil
        var depth = 0
        var node = inner
        while let current = node {
            depth += 1
            node = current.children.first
        }
        #expect(depth == Self.depth - 2)
    }

    @Test func settingChildrenOfACopyLeavesTheOriginal() {
        let original = XMLNode(
            name: "subviews", attributes: [:],
            children: [XMLNode(name: "view", attributes: [:], children: [], line: 2)],
            line: 1)
        var copy = original
        copy.children.append(XMLNode(name: "label", attributes: [:], children: [], line: 3))
        #expect(original.children.map(\.name) == ["view"])
        #expect(copy.children.map(\.name) == ["view", "label"])
    }

    /// A root view whose subviews nest 60 000 views deep, with a size-class variation at the bottom:
    /// the variation walk, the view collection and the view count all reach the bottom.
    @Test func theReadersWalkADeepHierarchyWithoutRecursion() {
        let levels = 60_000
        var view = XMLNode(
            name: "view", attributes: ["id": "v\(levels)"],
            children: [XMLNode(name: "variation", attributes: ["key": "default"], children: [], line: 2 * levels + 4)],
            line: 2 * levels + 3)
        for level in (1..<levels).reversed() {
            let subviews = XMLNode(name: "subviews", attributes: [:], children: [view], line: 2 * level + 4)
            view = XMLNode(name: "view", attributes: ["id": "v\(level)"], children: [subviews], line: 2 * level + 3)
        }
        let frame = XMLNode(
            name: "rect", attributes: ["key": "frame", "x": "0", "y": "0", "width": "320", "height": "60"],
            children: [],
            line: 4)
        let root = XMLNode(
            name: "view", attributes: ["id": "root"],
            children: [frame, XMLNode(name: "subviews", attributes: [:], children: [view], line: 5)], line: 3)
        let document = XMLNode(
            name: "document", attributes: ["type": XIBImporter.xibType],
            children: [XMLNode(name: "objects", attributes: [:], children: [root], line: 2)], line: 1)
        var reader = DocumentReader(fileName: "deep.xib", isFontInstalled: { _ in true })
        #expect(throws: ImportError.tooManyViews(line: 3, count: levels)) { _ = try reader.read(document) }
    }

    /// Foundation's parser crashes on `<?target?>`: such documents are refused before parsing, wherever
    /// the instruction stands; instructions with data, or with only white space, are left to the parser.
    @Test(arguments: [
        ("<?x?><document/>", 0, "x"), ("<?xml version=\"1.0\"?>\n<!-- <?a-b.c?> -->", 27, "a-b.c"),
        ("<?x ?><?y z?>", nil, nil), ("<??><?>", nil, nil), ("<?x?", nil, nil),
    ])
    func processingInstructionsWithoutData(document: String, offset: Int?, target: String?) {
        let found = XMLNode.firstEmptyProcessingInstruction(Array(document.utf8))
        #expect(found?.offset == offset)
        #expect(found?.target == target)
    }
}
