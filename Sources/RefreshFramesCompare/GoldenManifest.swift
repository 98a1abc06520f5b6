import Foundation
import RefreshFramesCore

/// A font the renderer used, named by file and identified by a hash (SHA-256 hex or any caller-given string).
package struct FontFingerprint: Sendable, Hashable, Codable {
    package var file: String
    package var hash: String

    package init(file: String, hash: String) {
        self.file = file
        self.hash = hash
    }

    /// What changed between two font lists, one phrase per file in file order, e.g.
    /// `wqy-microhei.ttc 1a2b3c4d5e6f → 9f8e7d6c5b4a`, `DejaVuSans.ttf no longer used`,
    /// `NotoSans.ttf not in the manifest`; empty when they agree.
    package static func differences(golden: [FontFingerprint], current: [FontFingerprint]) -> [String] {
        let goldenHashes = Dictionary(golden.map { ($0.file, $0.hash) }, uniquingKeysWith: { first, _ in first })
        let currentHashes = Dictionary(current.map { ($0.file, $0.hash) }, uniquingKeysWith: { first, _ in first })
        func short(_ hash: String) -> String { hash.count > 12 ? String(hash.prefix(12)) : hash }
        return Set(goldenHashes.keys).union(currentHashes.keys).sorted().compactMap { file in
            switch (goldenHashes[file], currentHashes[file]) {
            case (let g?, let c?) where g != c: "\(file) \(short(g)) → \(short(c))"
            case (_?, nil): "\(file) no longer used"
            case (nil, _?): "\(file) not in the manifest"
            default: nil
            }
        }
    }
}

/// `manifest.json` beside the goldens: what they were recorded with and which frames they hold.
package struct GoldenManifest: Sendable, Hashable, Codable {
    /// One recorded frame.
    package struct Frame: Sendable, Hashable, Codable {
        /// The golden's name, e.g. `frame-012`.
        package var name: String
        /// Seconds since the scenario began.
        package var time: Double

        package init(name: String, time: Double) {
            self.name = name
            self.time = time
        }
    }

    package static let fileName = "manifest.json"

    package var toolVersion: String
    /// Hex digest of the spec the goldens were rendered from, as the caller computed it.
    package var specHash: String
    package var fonts: [FontFingerprint]
    /// The spec's image files and their SHA-256 (nil or empty: the spec names none, and the key is not written).
    package var images: [FontFingerprint]? = nil
    package var frames: [Frame]
    /// The clock `{now:…}` texts were expanded with, in seconds since 1970; `check` reuses it.
    package var now: Int64?
    /// What the pixel goldens show, `screen` or `control`; `check` reuses it.
    package var part: String?
    /// Pixels per point of the pixel goldens; `check` reuses it.
    package var scale: Double?
    /// This golden set's own tolerance (`--threshold`, `--max-diff` in percent), used unless the command line sets one.
    package var threshold: Double?
    package var maxDiff: Double?
    /// The appearance the goldens were drawn in, `dark`; absent means light. `check` reuses it and
    /// refuses to compare them with another.
    package var appearance: String?
    /// The spec the goldens were recorded from (`spec`, beside `specHash`); nil in a manifest written
    /// before goldens recorded it. Read from the manifest's JSON itself, not through `Codable`.
    package var spec: RecordedSpec? = nil
    /// The Interface Builder document the spec's layout is read from (`"xib"`) and its SHA-256; nil:
    /// the spec has none, and the key is not written.
    package var xib: FontFingerprint? = nil

    enum CodingKeys: String, CodingKey {
        case toolVersion, specHash, fonts, images, frames, now, part, scale, threshold, maxDiff, appearance, xib
    }

    package init(
        toolVersion: String, specHash: String, fonts: [FontFingerprint], frames: [Frame], now: Int64? = nil,
        part: String? = nil, scale: Double? = nil, threshold: Double? = nil, maxDiff: Double? = nil,
        appearance: String? = nil,
        spec: RecordedSpec? = nil
    ) {
        self.spec = spec
        self.toolVersion = toolVersion
        self.specHash = specHash
        self.fonts = fonts
        self.frames = frames
        self.now = now
        self.part = part
        self.scale = scale
        self.threshold = threshold
        self.maxDiff = maxDiff
        self.appearance = appearance
    }

    /// UTF-8 JSON with sorted keys, two-space indentation and a final newline: the same manifest
    /// always gives the same bytes. Times are written in Swift's shortest round-trip form; a
    /// non-finite time is written as `null` (and rejected by `decode`).
    package func encode() -> [UInt8] {
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        var out = "{\n" + (appearance.map { "  \"appearance\": \(jsonQuoted($0)),\n" } ?? "") + "  \"fonts\": ["
        out +=
            fonts.isEmpty
            ? "]"
            : "\n"
                + fonts.map {
                    "    {\n      \"file\": \(jsonQuoted($0.file)),\n      \"hash\": \(jsonQuoted($0.hash))\n    }"
                }.joined(separator: ",\n") + "\n  ]"
        out += ",\n  \"frames\": ["
        out +=
            frames.isEmpty
            ? "]"
            : "\n"
                + frames.map {
                    "    {\n      \"name\": \(jsonQuoted($0.name)),\n      \"time\": \(number($0.time))\n    }"
                }.joined(separator: ",\n") + "\n  ]"
        if let images, !images.isEmpty {
            out +=
                ",\n  \"images\": [\n"
                + images.map {
                    "    {\n      \"file\": \(jsonQuoted($0.file)),\n      \"hash\": \(jsonQuoted($0.hash))\n    }"
                }.joined(separator: ",\n") + "\n  ]"
        }
        if let maxDiff { out += ",\n  \"maxDiff\": \(number(maxDiff))" }
        if let now { out += ",\n  \"now\": \(now)" }
        if let part { out += ",\n  \"part\": \(jsonQuoted(part))" }
        if let scale { out += ",\n  \"scale\": \(number(scale))" }
        if let spec { out += ",\n  \"spec\": " + spec.json.replacingOccurrences(of: "\n", with: "\n  ") }
        out += ",\n  \"specHash\": \(jsonQuoted(specHash))"
        if let swift = spec?.swift, !swift.isEmpty {
            out +=
                ",\n  \"swift\": [\n"
                + swift.map { file in
                    "    {\n      \"file\": \(jsonQuoted(file.file)),\n      \"hash\": \(jsonQuoted(file.hash)),\n      \"lines\": ["
                        + (file.lines.isEmpty
                            ? "]"
                            : "\n" + file.lines.map { "        " + jsonQuoted($0) }.joined(separator: ",\n")
                                + "\n      ]")
                        + "\n    }"
                }.joined(separator: ",\n") + "\n  ]"
        }
        if let threshold { out += ",\n  \"threshold\": \(number(threshold))" }
        out += ",\n  \"toolVersion\": \(jsonQuoted(toolVersion))"
        if let xib {
            out += ",\n  \"xib\": {\n    \"file\": \(jsonQuoted(xib.file)),\n    \"hash\": \(jsonQuoted(xib.hash))\n  }"
        }
        out += "\n}\n"
        return Array(out.utf8)
    }

    /// Reads `manifest.json`; `path` only names the file in the error.
    /// A manifest may come from a pull request: its numbers must lie where the command line's
    /// would (`--scale` 0.25…4, `--threshold` 0…1, `--max-diff` 0…100, instants ≥ 0), or a scale
    /// of 1e308 became a frame size no `Int` holds (a crash).
    package static func decode(_ bytes: [UInt8], path: String = fileName) throws(CompareError) -> GoldenManifest {
        var manifest: GoldenManifest
        do {
            manifest = try JSONDecoder().decode(GoldenManifest.self, from: Data(bytes))
            if let node = try? JSONParser.parse(bytes), let spec = node["spec"] {
                manifest.spec = RecordedSpec(json: spec.pretty(indent: ""), swift: recordedSwift(node["swift"]))
            }
        } catch let error as DecodingError {
            throw .invalidManifest(path: path, reason: describe(error))
        } catch {
            throw .invalidManifest(path: path, reason: "\(error)")
        }
        func check(_ value: Double?, _ key: String, _ range: ClosedRange<Double>) throws(CompareError) {
            guard let value, !range.contains(value) else { return }
            throw .invalidManifest(
                path: path,
                reason:
                    "\(key): \(value) is out of range \(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))"
            )
        }
        try check(manifest.scale, "scale", 0.25...Limits.scale)
        try check(manifest.threshold, "threshold", 0...1)
        try check(manifest.maxDiff, "maxDiff", 0...100)
        for (i, frame) in manifest.frames.enumerated() {
            try check(frame.time, "frames[\(i)].time", 0...Double.greatestFiniteMagnitude)
        }
        return manifest
    }

    /// The manifest's `swift` files; a member that is not a file (`file`, `hash`, `lines` of text) is left out.
    static func recordedSwift(_ node: JSONNode?) -> [RecordedSwiftFile] {
        guard case .array(let files)? = node?.value else { return [] }
        func text(_ node: JSONNode?) -> String? {
            if case .string(let s)? = node?.value { return s }
            return nil
        }
        return files.compactMap { file in
            guard let name = text(file["file"]), let hash = text(file["hash"]),
                case .array(let lines)? = file["lines"]?.value
            else { return nil }
            let texts = lines.compactMap(text)
            return texts.count == lines.count ? RecordedSwiftFile(file: name, hash: hash, lines: texts) : nil
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func location(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath)): missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(location(context.codingPath)): expected \(type)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON" : "\(location(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
