import Foundation

/// The standard library's members on the interpreter's own values: numbers, strings, arrays,
/// dictionaries, ranges. What is not here is reported as not supported, as a host member would be.
extension Interpreter {
    func primitiveMember(of value: Value, _ name: String, at location: CodeLocation) throws(CodeDiagnostic) -> Value {
        switch (value, name) {
        case (.array(let a), "count"): return .int(a.count)
        case (.dictionary(let pairs), "count"): return .int(pairs.count)
        case (.array(let a), "isEmpty"): return .bool(a.isEmpty)
        case (.array(let a), "first"): return a.first ?? .nil
        case (.array(let a), "last"): return a.last ?? .nil
        case (.array(let a), "indices"), (.array(let a), "endIndex"):
            return name == "indices" ? .range(lower: 0, upper: a.count) : .int(a.count)
        case (.array, "startIndex"): return .int(0)
        case (.dictionary(let pairs), "isEmpty"): return .bool(pairs.isEmpty)
        case (.dictionary(let pairs), "keys"): return .array(pairs.map(\.key))
        case (.dictionary(let pairs), "values"): return .array(pairs.map(\.value))
        case (.string(let s), "count"): return .int(s.count)
        case (.string(let s), "isEmpty"): return .bool(s.isEmpty)
        // Swift 2: `text.characters.count`.
        case (.string, "characters"): return value
        case (.string(let s), "utf16Count"): return .int(s.utf16.count)
        case (.range(let lower, let upper), "count"): return .int(upper - lower)
        case (.range(let lower, _), "lowerBound"), (.range(let lower, _), "startIndex"): return .int(lower)
        case (.range(_, let upper), "upperBound"), (.range(_, let upper), "endIndex"): return .int(upper)
        case (.range(let lower, let upper), "isEmpty"): return .bool(lower == upper)
        case (_, "description"): return .string(describe(value))
        case (.double(let x), "isNaN"): return .bool(x.isNaN)
        case (.double(let x), "isFinite"): return .bool(x.isFinite)
        case (.double(let x), "isInfinite"): return .bool(x.isInfinite)
        case (.double(let x), "magnitude"): return .double(x.magnitude)
        case (.int(let n), "magnitude"): return .int(n == Int.min ? Int.max : abs(n))
        default:
            return unknown("'\(name)' of \(describeType(value))", "is not supported", at: location)
        }
    }

    func primitiveStatic(_ typeName: String, _ name: String, at location: CodeLocation) throws(CodeDiagnostic) -> Value
    {
        let floating = Self.floatingTypes.contains(typeName)
        switch name {
        case "pi" where floating: return .double(Double.pi)
        case "infinity" where floating: return .double(Double.infinity)
        case "nan" where floating: return .double(Double.nan)
        case "greatestFiniteMagnitude" where floating: return .double(Double.greatestFiniteMagnitude)
        case "leastNonzeroMagnitude" where floating: return .double(Double.leastNonzeroMagnitude)
        case "max" where !floating: return .int(Int.max)
        case "min" where !floating: return .int(Int.min)
        case "self": return .type(.primitive(typeName))
        default: return unknown("'\(typeName).\(name)'", "is not supported", at: location)
        }
    }

    /// `Int(x)`, `CGFloat(x)`, `String(x)`: Swift's conversions.
    func convertPrimitive(_ typeName: String, _ arguments: [ArgumentValue], at location: CodeLocation)
        throws(CodeDiagnostic)
        -> Value
    {
        if arguments.isEmpty {
            switch typeName {
            case "String": return .string("")
            case "Bool": return .bool(false)
            case "Array": return .array([])
            case "Dictionary": return .dictionary([])
            default: return Self.floatingTypes.contains(typeName) ? .double(0) : .int(0)
            }
        }
        guard arguments.count == 1 else {
            return unknown(
                "'\(typeName)(\(arguments.map { ($0.label ?? "_") + ":" }.joined()))'", "is not supported", at: location
            )
        }
        let value = arguments[0].value
        if case .unknown = value { return value }
        switch typeName {
        case "String":
            guard arguments[0].label == nil || arguments[0].label == "describing" else { break }
            return .string(describe(value))
        case "Bool":
            if case .bool = value { return value }
        case "Array":
            var elements: [Value] = []
            try forEachElement(of: value, at: location) { (e: Value) throws(CodeDiagnostic) -> Bool in
                elements.append(e)
                try self.checkCount(elements.count, "an array", at: location)
                return true
            }
            return .array(elements)
        default:
            let floating = Self.floatingTypes.contains(typeName)
            switch value {
            case .int(let n): return floating ? .double(Double(n)) : .int(n)
            case .double(let x):
                if floating { return value }
                guard x.isFinite, x > -9.3e18, x < 9.3e18 else {
                    throw .error(at: location, "\(typeName)(\(x)): the value does not fit in an integer")
                }
                return .int(Int(x))
            case .string(let s):
                if floating { return Double(s).map { .double($0) } ?? .nil }
                return Int(s).map { .int($0) } ?? .nil
            case .bool(let b) where !floating: return .int(b ? 1 : 0)
            default: break
            }
        }
        throw .error(at: location, "\(typeName)(…) cannot convert \(describeType(value))")
    }

    /// A method of an array, string, dictionary, number or range; returns its value and the changed
    /// receiver for mutating methods (nil otherwise).
    func primitiveMethod(_ base: Value, _ name: String, _ args: [ArgumentValue], at location: CodeLocation)
        throws(CodeDiagnostic) -> (Value, Value?)
    {
        let labels = args.map { $0.label ?? "_" }.joined(separator: ":")
        let a = args.map(\.value)
        if Self.mutatingMethods.contains(name) {
            var copy = base
            let result = try mutatePrimitive(&copy, name, args, at: location)
            return (result, copy)
        }
        if case .type(.primitive(let typeName)) = base {
            return (try primitiveStaticMethod(typeName, name, a, at: location), nil)
        }
        switch base {
        case .array(let elements):
            switch (name, labels) {
            case ("contains", "_"):
                for e in elements where try equal(e, a[0], at: location) { return (.bool(true), nil) }
                return (.bool(false), nil)
            case ("firstIndex", "of"), ("index", "of"), ("indexOf", "_"):
                for (i, e) in elements.enumerated() where try equal(e, a[0], at: location) { return (.int(i), nil) }
                return (.nil, nil)
            case ("enumerated", ""), ("enumerate", ""):
                return (
                    .array(
                        elements.enumerated().map {
                            .tuple([.int($0.offset), $0.element], labels: ["offset", "element"])
                        }), nil
                )
            case ("reversed", ""), ("reverse", ""):
                return (.array(elements.reversed()), nil)
            case ("dropFirst", ""), ("dropLast", ""):
                return (.array(name == "dropFirst" ? Array(elements.dropFirst()) : Array(elements.dropLast())), nil)
            case ("joined", "separator"), ("joined", ""), ("joinWithSeparator", "_"):
                let separator = a.first.map(describe) ?? ""
                return (.string(elements.map(describe).joined(separator: separator)), nil)
            case ("sorted", ""), ("sort", ""), ("min", ""), ("max", ""):
                let sorted = try sortedValues(elements, at: location)
                if name == "min" { return (sorted.first ?? .nil, nil) }
                if name == "max" { return (sorted.last ?? .nil, nil) }
                return (.array(sorted), nil)
            default:
                if let result = try higherOrder(name, labels, elements, a, at: location) { return (result, nil) }
            }
        case .string(let s):
            switch (name, labels) {
            case ("hasPrefix", "_"): return (.bool(s.hasPrefix(try stringArgument(a[0], at: location))), nil)
            case ("hasSuffix", "_"): return (.bool(s.hasSuffix(try stringArgument(a[0], at: location))), nil)
            case ("contains", "_"): return (.bool(s.contains(try stringArgument(a[0], at: location))), nil)
            case ("uppercased", ""), ("uppercaseString", ""): return (.string(s.uppercased()), nil)
            case ("lowercased", ""), ("lowercaseString", ""): return (.string(s.lowercased()), nil)
            case ("components", "separatedBy"), ("componentsSeparatedByString", "_"):
                return (
                    .array(s.components(separatedBy: try stringArgument(a[0], at: location)).map { .string($0) }), nil
                )
            default:
                if let result = try higherOrder(name, labels, s.map { .string(String($0)) }, a, at: location) {
                    return (result, nil)
                }
            }
        case .dictionary(let pairs):
            switch (name, labels) {
            default:
                let tuples = pairs.map { Value.tuple([$0.key, $0.value], labels: ["key", "value"]) }
                if let result = try higherOrder(name, labels, tuples, a, at: location) { return (result, nil) }
            }
        case .range, .stride:
            if name == "contains", labels == "_", case .range(let lower, let upper) = base, case .int(let n) = a[0] {
                return (.bool(n >= lower && n < upper), nil)
            }
            var elements: [Value] = []
            try forEachElement(of: base, at: location) { (e: Value) throws(CodeDiagnostic) -> Bool in
                elements.append(e)
                try self.checkCount(elements.count, "a range made into an array", at: location)
                return true
            }
            if name == "reversed" { return (.array(elements.reversed()), nil) }
            if let result = try higherOrder(name, labels, elements, a, at: location) { return (result, nil) }
        case .int(let n):
            if name == "isMultiple", labels == "of", case .int(let m) = a[0] {
                return (.bool(m == 0 ? n == 0 : n % m == 0), nil)
            }
        case .double(let x):
            switch (name, labels) {
            case ("rounded", ""): return (.double(x.rounded()), nil)
            case ("squareRoot", ""): return (.double(x.squareRoot()), nil)
            case ("truncatingRemainder", "dividingBy"):
                return (.double(x.truncatingRemainder(dividingBy: try number(a[0], at: location))), nil)
            default: break
            }
        default:
            break
        }
        return (
            unknown(
                "'\(name)(\(labels.isEmpty ? "" : labels + ":"))' of \(describeType(base))", "is not supported",
                at: location), nil
        )
    }

    /// The methods that change an array, string or dictionary: run in place on the value taken out of
    /// its variable or property, so appending does not copy it.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAtIndex", "removeAll", "removeFirst", "removeLast", "popLast",
        "removeValue",
        "removeValueForKey", "updateValue", "appendContentsOf",
    ]

    /// Runs a mutating method on `value` in place; returns its result.
    func mutatePrimitive(_ value: inout Value, _ name: String, _ args: [ArgumentValue], at location: CodeLocation)
        throws(CodeDiagnostic) -> Value
    {
        let labels = args.map { $0.label ?? "_" }.joined(separator: ":")
        let a = args.map(\.value)
        if let u = a.lazy.compactMap(\.unknown).first, !name.hasPrefix("append") && !name.hasPrefix("insert") {
            throw dependsOnUnknown(u, at: location)
        }
        if name == "append" || name == "insert" || name == "appendContentsOf", let first = a.first {
            try checkNesting(.array([first]), at: location)
        }
        if var elements = Value.takeArray(&value) {
            defer { value = .array(elements) }
            switch (name, labels) {
            case ("append", "_"):
                try checkCount(elements.count + 1, "an array", at: location)
                elements.append(a[0])
                return .void
            case ("append", "contentsOf"), ("appendContentsOf", "_"):
                guard case .array(let more) = a[0] else { break }
                try checkCount(elements.count + more.count, "an array", at: location)
                elements += more
                return .void
            case ("insert", "_:at"):
                let i = try index(a[1], in: elements.count + 1, at: location)
                try checkCount(elements.count + 1, "an array", at: location)
                elements.insert(a[0], at: i)
                return .void
            case ("remove", "at"), ("removeAtIndex", "_"):
                return elements.remove(at: try index(a[0], in: elements.count, at: location))
            case ("removeAll", ""), ("removeAll", "keepingCapacity"), ("removeAll", "keepCapacity"):
                elements.removeAll()
                return .void
            case ("removeFirst", ""), ("removeLast", ""), ("popLast", ""):
                guard !elements.isEmpty else {
                    if name == "popLast" { return .nil }
                    throw .error(at: location, "\(name)() on an empty array")
                }
                return name == "removeFirst" ? elements.removeFirst() : elements.removeLast()
            default: break
            }
            return unknown(
                "'\(name)(\(labels.isEmpty ? "" : labels + ":"))' of an array", "is not supported", at: location)
        }
        switch value {
        case .string(var s):
            guard name == "append" || name == "appendContentsOf", labels == "_" || labels == "contentsOf" else { break }
            value = .void
            defer { value = .string(s) }
            s += describe(a[0])
            try checkCount(s.utf8.count, "a string", at: location)
            return .void
        case .dictionary:
            switch (name, labels) {
            case ("removeValue", "forKey"), ("removeValueForKey", "_"):
                let old = try subscriptGet(value, [a[0]], at: location)
                value = try subscriptSet(value, [a[0]], .nil, at: location)
                return old
            case ("removeAll", ""):
                value = .dictionary([])
                return .void
            case ("updateValue", "_:forKey"):
                let old = try subscriptGet(value, [a[1]], at: location)
                value = try subscriptSet(value, [a[1]], a[0], at: location)
                return old
            default: break
            }
        case .unknown:
            return value
        default:
            break
        }
        return unknown(
            "'\(name)(\(labels.isEmpty ? "" : labels + ":"))' of \(describeType(value))", "is not supported",
            at: location)
    }

    /// `map`, `filter`, `forEach`, `reduce`, `first(where:)`, `contains(where:)`, `compactMap` over elements.
    private func higherOrder(
        _ name: String, _ labels: String, _ elements: [Value], _ a: [Value], at location: CodeLocation
    )
        throws(CodeDiagnostic) -> Value?
    {
        func call(_ f: Value, _ args: [Value]) throws(CodeDiagnostic) -> Value {
            try self.call(f, arguments: args, at: location)
        }
        switch (name, labels) {
        case ("map", "_"):
            var out: [Value] = []
            for e in elements { out.append(try call(a[0], [e])) }
            return .array(out)
        case ("compactMap", "_"), ("flatMap", "_"):
            var out: [Value] = []
            for e in elements {
                let v = try call(a[0], [e])
                if case .array(let inner) = v, name == "flatMap" { out += inner } else if !v.isNil { out.append(v) }
            }
            return .array(out)
        case ("filter", "_"):
            var out: [Value] = []
            for e in elements where try truthValue(try call(a[0], [e]), at: location) { out.append(e) }
            return .array(out)
        case ("forEach", "_"):
            for e in elements { _ = try call(a[0], [e]) }
            return .void
        case ("reduce", "_:_"):
            var acc = a[0]
            for e in elements { acc = try call(a[1], [acc, e]) }
            return acc
        case ("first", "where"):
            for e in elements where try truthValue(try call(a[0], [e]), at: location) { return e }
            return .nil
        case ("contains", "where"):
            for e in elements where try truthValue(try call(a[0], [e]), at: location) { return .bool(true) }
            return .bool(false)
        case ("allSatisfy", "_"):
            for e in elements where !(try truthValue(try call(a[0], [e]), at: location)) { return .bool(false) }
            return .bool(true)
        default:
            return nil
        }
    }

    private func primitiveStaticMethod(_ typeName: String, _ name: String, _ a: [Value], at location: CodeLocation)
        throws(CodeDiagnostic) -> Value
    {
        unknown("'\(typeName).\(name)(…)'", "is not supported", at: location)
    }

    private func truthValue(_ value: Value, at location: CodeLocation) throws(CodeDiagnostic) -> Bool {
        switch value {
        case .bool(let b): return b
        case .unknown(let u): throw dependsOnUnknown(u, at: location)
        default: throw .error(at: location, "expected true or false, got \(describeType(value))")
        }
    }

    private func index(_ value: Value, in count: Int, at location: CodeLocation) throws(CodeDiagnostic) -> Int {
        if let u = value.unknown { throw dependsOnUnknown(u, at: location) }
        guard case .int(let i) = value else {
            throw .error(at: location, "expected an index, got \(describeType(value))")
        }
        guard i >= 0, i < count else { throw .error(at: location, "index \(i) is out of range (count \(count))") }
        return i
    }

    private func stringArgument(_ value: Value, at location: CodeLocation) throws(CodeDiagnostic) -> String {
        if let u = value.unknown { throw dependsOnUnknown(u, at: location) }
        guard case .string(let s) = value else {
            throw .error(at: location, "expected a string, got \(describeType(value))")
        }
        return s
    }

    private func sortedValues(_ elements: [Value], at location: CodeLocation) throws(CodeDiagnostic) -> [Value] {
        if elements.allSatisfy({ numeric($0) != nil }) {
            return elements.sorted { numeric($0)! < numeric($1)! }
        }
        var strings: [(String, Value)] = []
        for e in elements {
            guard case .string(let s) = e else { throw .error(at: location, "cannot sort \(describeType(e))") }
            strings.append((s, e))
        }
        return strings.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
