import RefreshFramesCore

/// Writes a spec as UIKit Swift (iOS 13+): a `UIView` subclass with the spec's views, constraints
/// and animation program as `UIView.animate` chains, and `beginRefreshing()` / `endRefreshing()`.
///
/// The same spec, name and bytes always give the same text. Specs that UIKit cannot express as
/// written (the palette's next colour as a plain view's textColor, left mixed with leading, stack
/// views) are refused with a located diagnostic rather than written wrongly (`SourcePlan`).
package enum SwiftGenerator {
    /// The type name `--name` defaults to: `samples/rotate-scale.json` → `RotateScaleRefreshView`.
    package static func typeName(forSpecPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        var name = ""
        var upper = true
        for c in stem {
            if c.isLetter || c.isNumber, c.isASCII {
                name.append(upper ? Character(c.uppercased()) : c)
                upper = false
            } else {
                upper = true
            }
        }
        if name.isEmpty || name.first!.isNumber { name = "Custom" + name }
        return name.hasSuffix("RefreshView") ? name : name + "RefreshView"
    }

    /// Whether `name` can name the generated class: an ASCII identifier starting with a letter.
    package static func isValidTypeName(_ name: String) -> Bool {
        let keywords: Set = ["Self", "Type", "Any", "Protocol"]
        return name.isASCIIIdentifier && !keywords.contains(name)
    }

    /// The Swift source for `spec`, read from `specName` whose bytes are `specBytes`.
    package static func generate(
        _ spec: Spec, specName: String, specBytes: [UInt8], typeName: String
    ) throws(SpecDiagnostic) -> String {
        if let swift = spec.swift { throw refusal(ofSwiftProgram: swift) }
        var sha = SHA256()
        sha.update(specBytes)
        var writer = try SourceWriter(spec: spec, typeName: typeName)
        return try writer.write(specName: specName, sha256: SHA256.hex(sha.finalize()))
    }

    /// Why a spec whose program is the app's Swift code (`"program": {"swift": …}`) is not written:
    /// its animation is that code, which the generator does not translate, and the views alone would
    /// be a view that never animates (issue 28, item 4: no silent wrong animation).
    package static func refusal(ofSwiftProgram swift: SwiftProgramReference) -> SpecDiagnostic {
        SpecDiagnostic(
            path: "program.swift", location: nil,
            message:
                "the animation is the app's own code in \(swift.files.joined(separator: ", ")), which `swift` does not rewrite; it writes code only for a JSON program (\"program\": {\"cycle\": [...]}), and the app already has this one"
        )
    }
}
