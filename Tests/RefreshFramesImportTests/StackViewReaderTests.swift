import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

@Suite struct StackViewReaderTests {
    private func read(_ attributes: String) throws -> (StackSpec, [String]) {
        let xml = "<stackView id=\"s1\" \(attributes)><subviews/></stackView>"
        let (stack, warnings) = StackViewReader.read(try XMLNode.parse(Array(xml.utf8)))
        return (stack, warnings.map(\.message))
    }

    @Test func absentAttributesAreUIKitsDefaults() throws {
        let (stack, warnings) = try read("")
        #expect(stack == StackSpec())
        #expect(stack.axis == .horizontal && stack.distribution == .fill && stack.alignment == .fill)
        #expect(stack.spacing == 0 && !stack.isLayoutMarginsRelativeArrangement)
        #expect(warnings.isEmpty)
    }

    @Test func interfaceBuildersAttributesAreRead() throws {
        let (stack, warnings) = try read(
            #"axis="vertical" distribution="equalSpacing" alignment="center" spacing="10" layoutMarginsRelativeArrangement="YES""#
        )
        #expect(stack.axis == .vertical && stack.distribution == .equalSpacing && stack.alignment == .center)
        #expect(stack.spacing == 10 && stack.isLayoutMarginsRelativeArrangement)
        #expect(warnings.isEmpty)
    }

    @Test(arguments: [
        (
            #"alignment="firstBaseline""#,
            "alignment 'firstBaseline' is not supported (no baselines in a spec); fill used"
        ),
        (#"distribution="fillEvenly""#, "distribution 'fillEvenly' is unknown; fill used"),
        (#"spacing="wide""#, "spacing 'wide' is not a number; 0 used"),
        (
            #"baselineRelativeArrangement="YES""#,
            "baselineRelativeArrangement is not supported (no baselines in a spec); ignored"
        ),
    ])
    func whatCannotBeRepresentedIsWarned(attribute: String, warning: String) throws {
        let (stack, warnings) = try read(attribute)
        #expect(stack == StackSpec())
        #expect(warnings == [warning])
    }
}
