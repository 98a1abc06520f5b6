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
            let large = ["retina5_5", "retina6_5"].contains(device ?? "")
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
                if variation.children.contains(where: { $0.name != "mask" }) {
                    warn(variation, "the variation's own property values are not applied; the default ones are used")
                }
            } else if !skipped.contains(key) {
                skipped.append(key)
            }
        }
        let device =
            deviceNode.map { "\($0["id"] ?? "?") (\($0["orientation"] ?? "portrait"))" }
            ?? "none (an iPhone in portrait is assumed)"
        var message = "size classes: the device is \(device), \(classes.description)"
        message += taken.isEmpty ? "; no variation applies" : "; taken: \(taken.joined(separator: ", "))"
        if !skipped.isEmpty { message += "; not taken: \(skipped.joined(separator: ", "))" }
        warn(variations[0], message)
        return excludedByDefault.subtracting(included).union(excluded)
    }
}
