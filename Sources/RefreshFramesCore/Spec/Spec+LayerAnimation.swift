/// The program's `caAnimation` step: a Core Animation animation as a control's code builds one.
extension SpecDecoder {
    func decodeLayerAnimation(_ r: ValueReader, _ context: StepContext, insideEach: Bool) throws(SpecDiagnostic)
        -> LayerAnimationStep
    {
        let o = try r.object()
        let target = try decodeTarget(o, r, context, insideEach: insideEach)
        let keyPathReader = try o.required("keyPath")
        let keyPath = try keyPathReader.string()
        let kind = try layerValueKind(keyPath, keyPathReader)
        func value(_ key: String) throws(SpecDiagnostic) -> UIKitValue? {
            try o.optional(key).map { v throws(SpecDiagnostic) in try decodeLayerValue(v, kind) }
        }
        var content: LayerAnimation.Content
        if let valuesReader = o.optional("values") {
            for key in ["from", "to", "by"] where o.has(key) {
                throw o.optional(key)!.fail("give 'values' or from/to/by, not both")
            }
            var values: [UIKitValue] = []
            for v in try valuesReader.array() { values.append(try decodeLayerValue(v, kind)) }
            guard !values.isEmpty else { throw valuesReader.fail("expected at least one value") }
            var keyTimes: [Double]?
            if let k = o.optional("keyTimes") {
                var times: [Double] = []
                for t in try k.array() { times.append(try t.number(in: 0...1)) }
                guard times.count == values.count || times.count == values.count + 1 else {
                    throw k.fail("expected as many key times as values (\(values.count)), got \(times.count)")
                }
                guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                    throw k.fail("key times must not decrease")
                }
                keyTimes = times
            }
            var timings: [Curve]?
            if let tf = o.optional("timingFunctions") {
                var curves: [Curve] = []
                for c in try tf.array() { curves.append(try decodeCurve(c)) }
                timings = curves
            }
            let mode = try o.optional("mode")?.oneOf(CalculationMode.self) ?? .linear
            content = .keyframes(values: values, keyTimes: keyTimes, timingFunctions: timings, mode: mode)
        } else {
            let (from, to, by) = (try value("from"), try value("to"), try value("by"))
            if from != nil && to != nil && by != nil { throw r.fail("give no more than two of from, to and by") }
            content = .basic(from: from, to: to, by: by)
            if let s = o.optional("spring") {
                let so = try s.object()
                let parameters = SpringParameters(
                    mass: try so.optional("mass")?.number(in: 0.001...1000) ?? 1,
                    stiffness: try so.optional("stiffness")?.number(in: 0.001...1e6) ?? 100,
                    damping: try so.optional("damping")?.number(in: 0...1e6) ?? 10,
                    initialVelocity: try so.optional("velocity")?.number(in: -100...100) ?? 0)
                try so.finish()
                content = .spring(parameters, from: from, to: to, by: by)
            }
        }
        var animation = LayerAnimation(
            keyPath: keyPath, content: content,
            duration: try o.optional("duration")?.number(in: 0...Limits.stepDuration, limit: "stepDuration") ?? 0)
        animation.timingFunction = try o.optional("curve").map { c throws(SpecDiagnostic) in try decodeCurve(c) }
        let (repeats, count) = try decodeRepeat(o)
        animation.repeatCount = count ?? (repeats ? .infinity : 0)
        animation.autoreverses = try o.optional("autoreverse")?.bool() ?? false
        animation.isAdditive = try o.optional("additive")?.bool() ?? false
        animation.isCumulative = try o.optional("cumulative")?.bool() ?? false
        animation.fillMode = try o.optional("fillMode")?.oneOf(LayerAnimation.FillMode.self) ?? .removed
        animation.isRemovedOnCompletion = try o.optional("removedOnCompletion")?.bool() ?? true
        let delay = try o.optional("delay")?.number(in: 0...Limits.stepDuration, limit: "stepDuration") ?? 0
        let key = try o.optional("key")?.string()
        let wait = try o.optional("wait")?.bool() ?? false
        try o.finish()
        return LayerAnimationStep(target: target, key: key, animation: animation, delay: delay, wait: wait)
    }

    /// The kind of value a key path takes: the property's as UIKit holds it, a number for a component.
    func layerValueKind(_ keyPath: String, _ r: ValueReader) throws(SpecDiagnostic) -> UIKitValue {
        if keyPath == "transform.rotation" || ValueComponent(rawValue: keyPath) != nil { return .number(0) }
        if AnimatableProperties.shapeLayerOnly.contains(keyPath) {
            throw r.fail(
                "'\(keyPath)' is a CAShapeLayer's: a spec's views have no shape layer (a Swift program's CAShapeLayer has)"
            )
        }
        guard let p = AnimatableProperties.property(layerKeyPath: keyPath) else {
            let paths =
                AnimatableProperties.all.compactMap(\.layerKeyPath).filter {
                    !AnimatableProperties.shapeLayerOnly.contains($0)
                } + ValueComponent.allCases.map(\.rawValue)
                + ["transform.rotation"]
            var message = "'\(keyPath)' is not an animatable key path; expected one of \(paths.joined(separator: ", "))"
            if let m = closestMatch(to: keyPath, in: paths) {
                message = "'\(keyPath)' is not an animatable key path; did you mean '\(m)'?"
            }
            throw r.fail(message)
        }
        func kind<P: AnyAnimatableProperty>(_ p: P) -> UIKitValue { p.property.uikit.initialValue.uikitValue }
        return kind(p)
    }

    /// A `from`/`to`/`by`/`values` entry of the key path's kind.
    func decodeLayerValue(_ r: ValueReader, _ kind: UIKitValue) throws(SpecDiagnostic) -> UIKitValue {
        switch kind {
        case .number: return .number(try r.number(in: -1e6...1e6))
        case .color: return .color(try r.color())
        case .bool: return .bool(try r.bool())
        case .text: return .text(try r.string())
        case .image: throw r.fail("an image view's image has no layer key path")
        case .path: throw r.fail("a shadowPath has no layer key path here")
        case .shapePath, .lineCap: throw r.fail("a CAShapeLayer's path and lineCap have no layer key path here")
        case .transform: return .transform(try decodeTransform(r))
        case .point, .size:
            let pair = try r.array()
            guard pair.count == 2 else { throw r.fail("expected [x, y] or [width, height] in points") }
            let (a, b) = (try pair[0].number(in: -1e5...1e5), try pair[1].number(in: -1e5...1e5))
            if case .point = kind { return .point(Point(x: a, y: b)) }
            return .size(Size(width: a, height: b))
        }
    }

    /// `[x, y]` (or `[width, height]`), each in `range`.
    func decodePoint(_ r: ValueReader, in range: ClosedRange<Double>) throws(SpecDiagnostic) -> Point {
        let pair = try r.array()
        guard pair.count == 2 else { throw r.fail("expected [x, y] (or [width, height]) in points") }
        return Point(x: try pair[0].number(in: range), y: try pair[1].number(in: range))
    }
}
