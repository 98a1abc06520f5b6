import RefreshFramesCore

/// The size classes a device gives a full-screen view: iPhones are compact wide (regular on the
/// large iPhones in landscape) and regular high in portrait, compact high in landscape; iPads are
/// regular both ways.
struct SizeClasses: Equatable {
    var width: String
    var height: String

    init(device: String?, orientation: String?) {
        let landscape = orientation == "landscape"
        if device?.hasPrefix("ipad") == true {
            (width, height) = ("regular", "regular")
        } else if landscape {
            // Regular wide in landscape: the Plus models, the XR (11) and the XS Max (11 Pro Max), as
            // Apple's HIG size-class table has it (Stack Overflow 52317545; docs/import-sources.md).
            let large = ["retina5_5", "retina6_1", "retina6_5"].contains(device ?? "")
            (width, height) = (large ? "regular" : "compact", "compact")
        } else {
            (width, height) = ("compact", "regular")
        }
    }

    /// Whether `widthClass=compact`, `heightClass=regular-widthClass=compact`… applies.
    func matches(_ key: String) -> Bool {
        key.split(separator: "-").allSatisfy { part in
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return false }
            switch pair[0] {
            case "widthClass": return pair[1] == width
            case "heightClass": return pair[1] == height
            default: return false
            }
        }
    }

    var description: String { "\(width) width, \(height) height" }
}

extension DocumentReader {
    /// The ids of the views and constraints that size-class `<variation>`s leave out for the
    /// document's device: excluded by the `default` variation and not included again by one that
    /// applies, or excluded by one that applies. Says once which variations were taken.
    mutating func inactiveIDs(_ root: XMLNode, document: XMLNode) -> Set<String> {
        // Every <variation> below the root that is not inside another, in document order: depth first
        // with an explicit stack (a recursion would follow the document's nesting).
        var variations: [XMLNode] = []
        var pending = Array(root.children.reversed())
        while let node = pending.popLast() {
            if node.name == "variation" {
                variations.append(node)
            } else {
                pending.append(contentsOf: node.children.reversed())
            }
        }
        guard !variations.isEmpty else { return [] }
        let deviceNode = document.child("device")
        let classes = SizeClasses(device: deviceNode?["id"], orientation: deviceNode?["orientation"])
        var excludedByDefault: Set<String> = []
        var included: Set<String> = []
        var excluded: Set<String> = []
        var taken: [String] = []
        var skipped: [String] = []
        var overrides = 0
        func references(_ variation: XMLNode, _ kind: String) -> [String] {
            variation.children("mask").flatMap { $0.children(kind) }.compactMap { $0["reference"] }
        }
        for variation in variations {
            let key = variation["key"] ?? ""
            if key == "default" {
                excludedByDefault.formUnion(references(variation, "exclude"))
            } else if classes.matches(key) {
                included.formUnion(references(variation, "include"))
                excluded.formUnion(references(variation, "exclude"))
                if !taken.contains(key) { taken.append(key) }
                overrides += variation.attributes.count - 1 + variation.children.count { $0.name != "mask" }
            } else if !skipped.contains(key) {
                skipped.append(key)
            }
        }
        let device =
            deviceNode.map { "\($0["id"] ?? "?") (\($0["orientation"] ?? "portrait"))" }
            ?? "none (an iPhone in portrait is assumed)"
        var message = "size classes: the device is \(device), \(classes.description)"
        message += taken.isEmpty ? "; no variation applies" : "; taken: \(taken.joined(separator: ", "))"
        if overrides > 0 { message += " (\(overrides) property value\(overrides == 1 ? "" : "s") of theirs applied)" }
        if !skipped.isEmpty { message += "; not taken: \(skipped.joined(separator: ", "))" }
        warn(variations[0], message)
        return excludedByDefault.subtracting(included).union(excluded)
    }

    /// The root view's subtree with the property values of the variations that apply to the
    /// document's device put in place of the default ones: a variation's attributes (`hidden`,
    /// `constant`, `text`…) replace the element's, and its elements (`<fontDescription>`,
    /// `<color key="textColor">`, `<rect key="frame">`…) the element's child of the same name and key.
    /// Its masks are `inactiveIDs`'s.
    static func applyingVariations(_ node: XMLNode, classes: SizeClasses) -> XMLNode {
        // Post-order without recursion (a document may nest deeply): each frame is an element being
        // rebuilt and the children rebuilt so far; a `<variation>` child is kept as it is.
        struct Frame {
            var node: XMLNode
            var rebuilt: [XMLNode] = []
            var next = 0
        }
        var stack = [Frame(node: node)]
        while true {
            let top = stack.count - 1
            let children = stack[top].node.children
            if stack[top].next < children.count {
                let child = children[stack[top].next]
                stack[top].next += 1
                if child.name == "variation" {
                    stack[top].rebuilt.append(child)
                } else {
                    stack.append(Frame(node: child))
                }
                continue
            }
            let finished = stack.removeLast()
            let result = applyingOwnVariations(finished.node, children: finished.rebuilt, classes: classes)
            guard !stack.isEmpty else { return result }
            stack[stack.count - 1].rebuilt.append(result)
        }
    }

    /// `node` with `children` (already rebuilt) and the values its own matching variations override.
    private static func applyingOwnVariations(_ node: XMLNode, children: [XMLNode], classes: SizeClasses) -> XMLNode {
        var result = node
        result.children = children
        for variation in node.children("variation") {
            guard let key = variation["key"], key != "default", classes.matches(key) else { continue }
            for (name, value) in variation.attributes where name != "key" { result.attributes[name] = value }
            for value in variation.children where value.name != "mask" {
                if let index = result.children.firstIndex(where: {
                    $0.name != "variation" && $0.name == value.name && $0["key"] == value["key"]
                }) {
                    result.children[index] = value
                } else {
                    result.children.append(value)
                }
            }
        }
        return result
    }
}
