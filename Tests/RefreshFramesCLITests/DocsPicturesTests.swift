import Foundation
import Testing

/// The pictures the README and docs/ show are what `scripts/docs` makes now: every one is listed
/// in docs/pictures.txt with its command, and that command, run again, writes the same bytes.
struct DocsPicturesTests {
    /// docs/pictures.txt: the command lines, without comments.
    static let commands: [[String]] = {
        let text =
            (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/pictures.txt"), encoding: .utf8))
            ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map {
            $0.split(separator: " ").map(String.init)
        }
    }()

    /// A command's picture: its last argument, after `-o`.
    static func picture(_ command: [String]) -> String { command.last ?? "" }

    /// Every `![…](path)` of README.md and docs/*.md, and every `src`/`srcset` of their HTML
    /// (`<picture>`, `<img>`) outside code blocks, as a path from the repository's root.
    static func shownPictures() throws -> Set<String> {
        let docs = repositoryRoot.appendingPathComponent("docs")
        let markdown =
            [("README.md", "")]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.map {
                ("docs/" + $0, "docs/")
            }
        var shown: Set<String> = []
        for (file, base) in markdown {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: #/!\[[^\]]*\]\(([^)\s]+)\)/#) {
                shown.insert((base + match.output.1).replacingOccurrences(of: "docs/../", with: ""))
            }
            // Outside code blocks: an example snippet names no committed picture.
            let prose = text.replacing(#/```.*?```/#.dotMatchesNewlines(), with: "")
            for match in prose.matches(of: #/ (?:src|srcset)="([^"\s]+)"/#) {
                shown.insert((base + match.output.1).replacingOccurrences(of: "docs/../", with: ""))
            }
        }
        return shown
    }

    /// A clone has only the repository: README's and docs' relative links point at files in it.
    @Test func everyRelativeLinkIsAFileOfTheRepository() throws {
        let root = repositoryRoot.standardizedFileURL.path
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("docs").path)
        var broken: [String] = []
        for file in ["README.md"] + docs.filter({ $0.hasSuffix(".md") }).map({ "docs/" + $0 }) {
            let url = repositoryRoot.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: #/\]\(([^)\s#]+)(#[^)\s]*)?\)/#) where !match.output.1.contains("://") {
                let target = url.deletingLastPathComponent().appendingPathComponent(String(match.output.1))
                    .standardizedFileURL.path
                if !target.hasPrefix(root + "/") || !FileManager.default.fileExists(atPath: target) {
                    broken.append("\(file): \(match.output.1)")
                }
            }
        }
        #expect(broken == [])
    }

    @Test func everyPictureShownIsListed() throws {
        let listed = Set(Self.commands.map(Self.picture))
        #expect(Self.commands.allSatisfy { $0.first == "render" && $0.dropLast().last == "-o" })
        #expect(try Self.shownPictures() == listed)
        #expect(listed.count == 14)
    }

    /// Each listed command, run again into a temporary file, gives the committed bytes.
    @Test(arguments: commands)
    func isWhatItsCommandMakesNow(command: [String]) throws {
        let dir = try temporaryDirectory()
        let fresh = dir + "/" + (Self.picture(command) as NSString).lastPathComponent
        let r = try run(Array(command.dropLast()) + [fresh], in: repositoryRoot.path)
        #expect(r.status == 0, "\(r.stderr)")
        let committed = try Data(contentsOf: repositoryRoot.appendingPathComponent(Self.picture(command)))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: fresh)) == committed,
            "\(Self.picture(command)) is not what 'refresh-frames \(command.joined(separator: " "))' makes now: run scripts/docs"
        )
    }
}
