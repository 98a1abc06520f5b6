import Foundation
import RefreshFramesCommandLine
import RefreshFramesCompare
import RefreshFramesCore

/// The report files of one `check` or `record` run besides the images: `--junit`, `--html`,
/// `--markdown` and, when set, `$GITHUB_STEP_SUMMARY` (appended to). Every one is checked before
/// any spec is checked, so that a run that found differences never ends with exit 2 (and no report
/// at all) for a path it could not write; each gets its missing parent directories made.
struct ReportOutputs {
    var report: String
    var junit: String?
    var html: String?
    var markdown: String?
    /// `$GITHUB_STEP_SUMMARY`: the Markdown summary is appended to it.
    var stepSummary: String?
    /// The CI run's page, where its artifacts are (from GitHub's `GITHUB_SERVER_URL`,
    /// `GITHUB_REPOSITORY` and `GITHUB_RUN_ID`).
    var runURL: String?

    init(_ args: ParsedArguments, report: String, environment: [String: String]) {
        self.report = report
        junit = args.value("junit")
        html = args.value("html")
        markdown = args.value("markdown")
        stepSummary = environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            let id = environment["GITHUB_RUN_ID"]
        {
            runURL = "\(server)/\(repository)/actions/runs/\(id)"
        }
    }

    /// Throws unless every report path can be written: checked before the work.
    func check(specs: [String]) throws(CLIError) {
        try ReportFiles.checkCreatable(report, option: "--report", isDirectory: true)
        if let html { try ReportFiles.checkCreatable(html, option: "--html", isDirectory: true) }
        for (option, file) in [("--junit", junit), ("--markdown", markdown)] {
            guard let file else { continue }
            try ReportFiles.checkCreatable(file, option: option, isDirectory: false)
            let parent = FilePath.directory(of: file)
            if FileManager.default.fileExists(atPath: parent.isEmpty ? "." : parent) {
                try OutputFile.checkTarget(file, protecting: specs)
            }
        }
        if let stepSummary {
            try ReportFiles.checkCreatable(stepSummary, option: "GITHUB_STEP_SUMMARY", isDirectory: false)
        }
    }

    /// Writes the report files of `report`, whose failures `accept` accepts (nil: none).
    func write(_ report: SuiteReport, command: String, accept: String?, specs: [String]) throws(CLIError) {
        let name = "refresh-frames \(command)"
        if let junit {
            try ReportFiles.writeFile(Array(report.junitXML(name: name).utf8), to: junit, protecting: specs)
        }
        if let html { try ReportFiles.writeHTML(report, name: name, to: html) }
        guard markdown != nil || stepSummary != nil else { return }
        var links: [(String, String)] = []
        if let html { links.append(("the HTML report", (html as NSString).appendingPathComponent("index.html"))) }
        if let junit { links.append(("JUnit", junit)) }
        let text = Array(report.markdown(name: name, accept: accept, links: links, runURL: runURL).utf8)
        if let markdown { try ReportFiles.writeFile(text, to: markdown, protecting: specs) }
        if let stepSummary { try Self.append(text, to: stepSummary) }
    }

    /// Appends to a file another step may have written (GitHub's summary), making it when missing.
    static func append(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let parent = FilePath.directory(of: path)
        if !parent.isEmpty { try ReportDirectory(parent).make(parent) }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .input("\(path): error: cannot append the summary (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else {
                throw .input("\(path): error: cannot append the summary (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
    }
}
