import RefreshFramesCore

extension SourcePlan {
    /// `layer.shadowPath` is refused: the UIKit shim the generated code is checked against has no
    /// `UIBezierPath` or `CGPath` yet, so the code could not be played back (the engine draws it).
    func checkShadowPaths() throws(SpecDiagnostic) {
        let name = AnimatableProperty.shadowPath.name
        for block in blocks where block.assignments.contains(where: { $0.name == name }) {
            throw Self.shadowPathRefusal(path: block.path + ".set.\(name)")
        }
        if reset.contains(where: { $0.name == name }) { throw Self.shadowPathRefusal(path: "program.reset.\(name)") }
    }

    private static func shadowPathRefusal(path: String) -> SpecDiagnostic {
        SpecDiagnostic(
            path: path, location: nil,
            message:
                "layer.shadowPath is not written as Swift yet (the UIKit shim the code is checked against has no UIBezierPath); render the spec, or leave shadowPath out for 'swift'"
        )
    }
}
