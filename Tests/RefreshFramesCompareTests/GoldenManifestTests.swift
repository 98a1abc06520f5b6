import RefreshFramesCompare
import Testing

@Suite struct GoldenManifestTests {
    static let manifest = GoldenManifest(
        toolVersion: "0.1.0", specHash: "c0ffee",
        fonts: [FontFingerprint(file: "wqy-microhei.ttc", hash: "ab12")],
        frames: [.init(name: "frame-000", time: 0), .init(name: "frame-001", time: 1.0 / 30)])

    @Test func roundTrip() throws {
        let bytes = Self.manifest.encode()
        #expect(try GoldenManifest.decode(bytes) == Self.manifest)
        #expect(try GoldenManifest.decode(bytes).encode() == bytes)
    }

    @Test func encodingIsStableAndSorted() {
        #expect(
            String(decoding: Self.manifest.encode(), as: UTF8.self) == """
                {
                  "fonts": [
                    {
                      "file": "wqy-microhei.ttc",
                      "hash": "ab12"
                    }
                  ],
                  "frames": [
                    {
                      "name": "frame-000",
                      "time": 0.0
                    },
                    {
                      "name": "frame-001",
                      "time": 0.03333333333333333
                    }
                  ],
                  "specHash": "c0ffee",
                  "toolVersion": "0.1.0"
                }

                """)
    }

    @Test func invalidManifestNamesTheField() {
        let bytes = Array(#"{"fonts": [], "frames": [{"name": "f"}], "specHash": "x", "toolVersion": "1"}"#.utf8)
        #expect(
            throws: CompareError.invalidManifest(path: "goldens/manifest.json", reason: "frames[0]: missing key 'time'")
        ) {
            try GoldenManifest.decode(bytes, path: "goldens/manifest.json")
        }
        #expect(
            CompareError.invalidManifest(path: "m.json", reason: "not valid JSON").description
                == "golden manifest 'm.json' is invalid: not valid JSON")
    }
}

@Suite struct RecordModeTests {
    @Test(
        arguments: [
            (nil, [:], RecordMode.never),
            (RecordMode.all, [:], .all),
            (nil, ["CI": "true"], .never),
            (nil, ["CI": "true", "REFRESH_FRAMES_RECORD": "all"], .never),
            (.missing, ["CI": "true"], .missing),
            (nil, ["REFRESH_FRAMES_RECORD": "missing"], .missing),
            (nil, ["CI": "false", "REFRESH_FRAMES_RECORD": "all"], .all),
            (nil, ["REFRESH_FRAMES_RECORD": "bogus"], .never),
        ] as [(RecordMode?, [String: String], RecordMode)])
    func effective(requested: RecordMode?, environment: [String: String], expected: RecordMode) {
        #expect(RecordMode.effective(requested: requested, environment: environment) == expected)
    }

    @Test func recordsOnlyWhatTheModeSays() {
        #expect(!RecordMode.never.records(goldenExists: false))
        #expect(RecordMode.missing.records(goldenExists: false))
        #expect(!RecordMode.missing.records(goldenExists: true))
        #expect(RecordMode.all.records(goldenExists: true))
    }
}
