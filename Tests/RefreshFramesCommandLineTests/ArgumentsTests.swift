import RefreshFramesCommandLine
import Testing

@Suite struct ArgumentsTests {
    let render = CommandDefinition(
        name: "render", abstract: "Render frames.",
        arguments: [ArgumentDefinition(name: "spec", help: "The JSON spec file.", isOptional: false)],
        options: [
            .value("output", short: "o", "path", "Where to write."), .value("fps", "n", "Frames per second."),
            .flag("quiet", "No summary."),
        ])

    func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try render.parse(arguments)
            return nil
        } catch {
            return error.exitCode == ExitCode.usage ? error.message : "exit \(error.exitCode): \(error.message)"
        }
    }

    @Test func optionsTakeTheirValueSeparatelyOrAfterAnEqualsSign() throws {
        let parsed = try render.parse(["spec.json", "-o", "out.gif", "--fps=30", "--quiet"])
        #expect(parsed.positionals == ["spec.json"])
        #expect(parsed.value("output") == "out.gif")
        #expect(try parsed.integer("fps", command: "render", in: 1...100) == 30)
        #expect(parsed.has("quiet"))
    }

    @Test func aNegativeNumberIsAValueNotAnOption() throws {
        #expect(try render.parse(["spec.json", "--fps", "-1"]).value("fps") == "-1")
        #expect(usageMessage(["spec.json", "--fps", "-1"]) == nil)
    }

    @Test(arguments: [
        (["spec.json", "--fsp", "30"], "Unknown option '--fsp'. Did you mean '--fps'?"),
        (["spec.json", "--fps"], "Missing value for '--fps <n>'."),
        (["spec.json", "--quiet=yes"], "'--quiet' takes no value."),
        (["spec.json", "--fps", "1", "--fps", "2"], "'--fps' was given more than once."),
        ([], "Missing expected argument '<spec>'."),
        (["a.json", "b.json"], "Unexpected argument 'b.json'."),
    ])
    func aBadCommandLineIsAUsageErrorThatSaysWhatIsWrong(arguments: [String], message: String) {
        #expect(usageMessage(arguments) == message)
    }

    @Test func typedValuesQuoteTheValueAndTheRangeTheyExpected() throws {
        let parsed = try render.parse(["spec.json", "--fps", "500"])
        #expect(throws: CLIError.self) { try parsed.integer("fps", command: "render", in: 1...100) }
        do {
            _ = try parsed.integer("fps", command: "render", in: 1...100)
        } catch {
            #expect(error.message == "Invalid value '500' for '--fps': expected a whole number from 1 to 100.")
        }
    }

    @Test func helpListsEveryOptionWithItsValueName() {
        #expect(render.usage == "refresh-frames render <spec> [options]")
        #expect(render.help.contains("-o, --output <path>"))
        #expect(render.help.contains("-h, --help"))
    }
}
