extension ImportAnimation {
    /// The sample's program over these label tags, as indented JSON; nil for `.none` or no labels.
    func program(labels: [Int]) -> String? {
        guard !labels.isEmpty else { return nil }
        let views = "[" + labels.map(String.init).joined(separator: ", ") + "]"
        switch self {
        case .none:
            return nil
        case .rotateScale:
            return """
                {
                    "check": "afterCycle",
                    "cycle": [
                      {"each": {"views": \(views), "steps": [
                        {"animate": {"duration": 0.1, "curve": "linear", "set": {"transform": {"rotation": 45}, "textColor": "palette.next"}}},
                        {"animate": {"duration": 0.05, "curve": "linear", "set": {"transform": "identity", "textColor": "initial"}}}
                      ]}},
                      {"animate": {"views": \(views), "duration": 0.35, "curve": "linear", "set": {"transform": {"scale": 1.5}}}},
                      {"animate": {"views": \(views), "duration": 0.25, "curve": "linear", "set": {"transform": "identity"}}}
                    ],
                    "reset": {"textColor": "initial", "transform": "identity"}
                  }
                """
        case .marquee:
            // The tutorial wraps at count - 1, so its last label never animates.
            let wrapAt = max(labels.count - 1, 1)
            return """
                {
                    "check": "afterEachView",
                    "cycle": [
                      {"each": {"views": \(views), "wrapAt": \(wrapAt), "steps": [
                        {"animate": {"duration": 0.15, "curve": "linear", "set": {"transform": {"scale": 1.5}, "textColor": "palette.next"}}},
                        {"animate": {"duration": 0.1, "curve": "linear", "set": {"transform": "identity", "textColor": "initial"}}}
                      ]}}
                    ]
                  }
                """
        case .colorDots:
            return """
                {
                    "check": "afterCycle",
                    "cycle": [
                      {"each": {"views": \(views), "steps": [
                        {"animate": {"duration": 0.1, "curve": "linear", "set": {"transform": {"rotation": 45}, "backgroundColor": "palette.next"}}},
                        {"animate": {"duration": 0.05, "curve": "linear", "set": {"transform": "identity"}}}
                      ]}},
                      {"animate": {"views": \(views), "duration": 0.40, "curve": "linear", "set": {"transform": {"scale": 1.5}}}},
                      {"animate": {"views": \(views), "duration": 0.25, "curve": "linear", "set": {"transform": "identity"}}}
                    ],
                    "reset": {"transform": "identity", "backgroundColor": "initial"}
                  }
                """
        }
    }
}
