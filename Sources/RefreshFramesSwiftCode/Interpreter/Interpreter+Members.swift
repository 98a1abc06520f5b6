extension Interpreter {
    /// `value.name`: a property, a method as a value, a static, a case, a tuple element.
    func member(of value: Value, _ name: String, at location: CodeLocation, _ frame: Frame) throws(CodeDiagnostic)
        -> Value
    {
        switch value {
        case .object(let instance):
            if let property = instance.type.property(name) {
                return try get(property, of: value, storage: instance.storage, at: location) {
                    instance.storage[name] = $0
                }
            }
            // `tableView` in a UITableViewController that declares `tableView(_:numberOfRowsInSection:)`:
            // the host's property, as Swift resolves a bare name (the methods' full names differ).
            if hostPropertyWins(name, over: instance.type, value) {
                return try hostMember(of: value, name, owner: instance.type, at: location)
            }
            if let method = instance.type.method(name).first, let owner = owner(of: method, in: instance.type) {
                return .function(.method(BoundMethod(function: method, receiver: value, owner: owner)))
            }
            if instance.type.staticOwner(of: name) != nil || instance.type.nested[name] != nil {
                return try member(of: .type(.program(instance.type)), name, at: location, frame)
            }
            return try hostMember(of: value, name, owner: instance.type, at: location)
        case .structure(let s):
            if let property = s.type.property(name) {
                return try get(property, of: value, storage: s.storage, at: location) { _ in }
            }
            if let method = s.type.method(name).first {
                return .function(.method(BoundMethod(function: method, receiver: value, owner: s.type)))
            }
            return try member(of: .type(.program(s.type)), name, at: location, frame)
        case .enumCase(let e):
            if name == "rawValue" { return rawValue(of: e) }
            if let property = e.type.property(name) {
                return try get(property, of: value, storage: [:], at: location) { _ in }
            }
            if let method = e.type.method(name).first {
                return .function(.method(BoundMethod(function: method, receiver: value, owner: e.type)))
            }
            throw .error(at: location, "\(e.type.name).\(e.name) has no member '\(name)'")
        case .native(let n):
            if let ext = extensionMember(name, of: n.type.name) {
                if let property = ext.property(name) {
                    return try get(property, of: value, storage: [:], at: location) { _ in }
                }
                if let method = ext.method(name).first {
                    return .function(.method(BoundMethod(function: method, receiver: value, owner: ext)))
                }
            }
            return try hostMember(of: value, name, owner: nil, at: location)
        case .type(let ref):
            return try staticMember(of: ref, name, at: location, frame)
        case .tuple(let values, let labels):
            if let i = Int(name), i >= 0, i < values.count { return values[i] }
            if let i = labels.firstIndex(of: name) { return values[i] }
            throw .error(at: location, "the tuple has no element '\(name)'")
        case .unknown:
            return value
        case .nil:
            throw .error(at: location, "unexpectedly found nil reading '\(name)'")
        default:
            return try primitiveMember(of: value, name, at: location)
        }
    }

    /// Whether a bare `name` of `value` is its host part's property although `type` declares methods
    /// of that base name: when every such method takes arguments (a method reference would need them).
    func hostPropertyWins(_ name: String, over type: TypeInfo, _ value: Value) -> Bool {
        let methods = type.method(name)
        guard !methods.isEmpty, methods.allSatisfy({ !$0.parameters.isEmpty }), let native = nativePart(of: value)
        else { return false }
        return nativeProperty(name, of: native.type.name) != nil
    }

    /// A property's value: stored, lazy (made on first use) or computed.
    private func get(
        _ property: PropertyDecl, of value: Value, storage: [String: Value], at location: CodeLocation,
        store: (Value) -> Void
    ) throws(CodeDiagnostic) -> Value {
        if let getter = property.getter {
            guard let info = programType(of: value) ?? extensionMember(property.name, of: nativeTypeName(value) ?? "")
            else {
                return .void
            }
            return try runAccessor(
                getter, self: value, owner: info, parameter: nil, result: property.type, at: location)
        }
        if let stored = storage[property.name] { return stored }
        if property.isLazy, let initial = property.initial, let info = programType(of: value) {
            try enterCall(at: location, name: "lazy \(property.name)")
            defer { leaveCall() }
            let scope = Scope(parent: globals)
            scope.declare("self", value)
            let made = convert(
                try evaluate(
                    initial, scope, Frame(type: info, result: property.type, name: property.name), property.type),
                to: property.type)
            store(made)
            return made
        }
        if property.type?.isOptional == true { return .nil }
        throw .error(at: location, "'\(property.name)' is read before it has a value")
    }

    /// Runs a getter, setter or observer with `self` bound.
    func runAccessor(
        _ body: [Stmt], self receiver: Value, owner: TypeInfo, parameter: (String, Value)?, result: TypeName?,
        at location: CodeLocation
    ) throws(CodeDiagnostic) -> Value {
        try enterCall(at: location, name: owner.name)
        defer { leaveCall() }
        let scope = Scope(parent: globals)
        scope.declare("self", receiver)
        if let (name, value) = parameter { scope.declare(name, value) }
        let frame = Frame(type: owner, result: result, name: owner.name)
        if body.count == 1, case .expression(let e) = body[0].kind {
            // `var w: Int { 3 }`: a single expression is the value.
            return try evaluate(e, scope, frame, result)
        }
        if case .returned(let value) = try execute(body, scope, frame) { return value }
        return .void
    }

    /// A member of a value's host part (a view's `alpha`, a timer's `isValid`).
    private func hostMember(of value: Value, _ name: String, owner: TypeInfo?, at location: CodeLocation)
        throws(CodeDiagnostic) -> Value
    {
        guard let native = nativePart(of: value) else {
            if let owner, let base = owner.nativeBase {
                return unknown("'\(name)' of \(base)", "is not supported", at: location)
            }
            throw .error(at: location, "\(describeType(value)) has no member '\(name)'")
        }
        if owner != nil, let ext = extensionMember(name, of: native.type.name) {
            // The code's own extension of the host superclass (`extension UIView { func pin(…) }`).
            if let property = ext.property(name) {
                return try get(property, of: value, storage: [:], at: location) { _ in }
            }
            if let method = ext.method(name).first {
                return .function(.method(BoundMethod(function: method, receiver: value, owner: ext)))
            }
        }
        let context = NativeContext(interpreter: self, location: location)
        if let property = nativeProperty(name, of: native.type.name) {
            // The getter sees the host part (a program subclass's object is reached with `value(of:)`).
            return try host(at: location) { try property.get(.native(native), context) }
        }
        if let method = nativeMethods(name, of: native.type.name).first {
            return .function(.native(method, receiver: value))
        }
        return unknown("'\(name)' of \(native.type.name)", "is not supported", at: location)
    }

    /// The host type's class method `name`, its own or a superclass's.
    private func nativeStaticMethod(_ name: String, of typeName: String) -> NativeFunction? {
        natives.chain(typeName).lazy.compactMap { $0.staticMethods.first { $0.name == name } }.first
    }

    /// `Type.name`: a static property or method, a case, a nested type, a host static.
    func staticMember(of ref: TypeRef, _ name: String, at location: CodeLocation, _ frame: Frame) throws(CodeDiagnostic)
        -> Value
    {
        let context = NativeContext(interpreter: self, location: location)
        switch ref {
        case .program(let info):
            if info.cases.contains(where: { $0.name == name }) { return .enumCase(EnumValue(type: info, name: name)) }
            if let owner = info.staticOwner(of: name) {
                if let nested = owner.nested[name] { return .type(.program(nested)) }
                if let property = owner.staticProperties[name] {
                    return try staticValue(property, of: owner, at: location)
                }
                if let method = owner.staticMethods[name]?.first {
                    return .function(
                        .method(BoundMethod(function: method, receiver: .type(.program(owner)), owner: owner)))
                }
            }
            if name == "self" { return .type(ref) }
            // A class method of its host superclass (`RefreshView.animate(withDuration:…)`,
            // NSObject's `description()`), called on the program's class.
            if let base = info.nativeBaseName, let method = nativeStaticMethod(name, of: base) {
                return .function(.native(method, receiver: .type(ref)))
            }
            throw .error(at: location, "\(info.name) has no static member '\(name)'")
        case .native(let type):
            if let ext = nativeExtensions[type.name], let property = ext.staticProperties[name] {
                return try staticValue(property, of: ext, at: location)
            }
            for t in natives.chain(type.name) {
                if let property = t.staticProperties[name] {
                    return try host(at: location) { try property.get(context) }
                }
            }
            if let method = nativeStaticMethod(name, of: type.name) {
                return .function(.native(method, receiver: .type(ref)))
            }
            if name == "self" { return .type(ref) }
            return unknown("'\(type.name).\(name)'", "is not supported", at: location)
        case .primitive(let typeName):
            return try primitiveStatic(typeName, name, at: location)
        case .unknown(let typeName):
            return unknown("'\(typeName).\(name)'", "is not supported", at: location)
        case .array, .dictionary:
            throw .error(at: location, "\(ref.name) has no static member '\(name)'")
        }
    }

    /// A static stored property, made on first use (as Swift's are), or a static computed one.
    private func staticValue(_ property: PropertyDecl, of owner: TypeInfo, at location: CodeLocation)
        throws(CodeDiagnostic)
        -> Value
    {
        if let getter = property.getter {
            return try runAccessor(
                getter, self: .type(.program(owner)), owner: owner, parameter: nil, result: property.type, at: location)
        }
        if let stored = owner.staticStorage[property.name] { return stored }
        guard let initial = property.initial else {
            if property.type?.isOptional == true { return .nil }
            throw .error(at: location, "'\(owner.name).\(property.name)' has no value")
        }
        try enterCall(at: location, name: "\(owner.name).\(property.name)")
        defer { leaveCall() }
        let scope = Scope(parent: globals)
        scope.declare("self", .type(.program(owner)))
        let value = convert(
            try evaluate(
                initial, scope, Frame(type: owner, isStatic: true, result: property.type, name: property.name),
                property.type),
            to: property.type)
        owner.staticStorage[property.name] = value
        return value
    }

    /// `super.name` inside a method: the superclass's property or method, the program's or the host's.
    func superMember(_ name: String, _ scope: Scope, _ frame: Frame, at location: CodeLocation) throws(CodeDiagnostic)
        -> Value
    {
        guard let selfValue = scope.lookup("self")?.value, let type = frame.type else {
            throw .error(at: location, "'super' outside a class")
        }
        if let superclass = type.superclass {
            if let method = superclass.method(name).first, let owner = owner(of: method, in: superclass) {
                return .function(.method(BoundMethod(function: method, receiver: selfValue, owner: owner)))
            }
            if superclass.property(name) != nil { return try member(of: selfValue, name, at: location, frame) }
        }
        return try hostMember(of: selfValue, name, owner: type, at: location)
    }

    /// Sets `name` of `value` (a copy for value types, which the caller writes back).
    func setMember(_ value: inout Value, _ name: String, _ newValue: Value, at location: CodeLocation, _ frame: Frame)
        throws(CodeDiagnostic)
    {
        switch value {
        case .object(let instance):
            if let property = instance.type.property(name) {
                try set(property, of: value, newValue, at: location) {
                    instance.storage[name] = $0
                } current: {
                    instance.storage[name] ?? .nil
                }
                return
            }
            try setHostMember(&value, name, newValue, owner: instance.type, at: location)
        case .structure(var s):
            guard let property = s.type.property(name) else {
                throw .error(at: location, "\(s.type.name) has no property '\(name)'")
            }
            try checkNesting(.array([newValue]), at: location)
            var changed: Value?
            try set(property, of: value, newValue, at: location) {
                changed = $0
            } current: {
                s.storage[name] ?? .nil
            }
            if let changed {
                s.storage[name] = changed
                value = .structure(s)
            }
        case .native:
            try setHostMember(&value, name, newValue, owner: nil, at: location)
        case .type(.program(let info)):
            guard let owner = info.staticOwner(of: name), let property = owner.staticProperties[name] else {
                throw .error(at: location, "\(info.name) has no static property '\(name)'")
            }
            if let setter = property.setter {
                _ = try runAccessor(
                    setter.body, self: value, owner: owner, parameter: (setter.parameter, newValue), result: nil,
                    at: location)
            } else {
                owner.staticStorage[name] = newValue
            }
        case .unknown:
            return
        case .nil:
            throw .error(at: location, "unexpectedly found nil setting '\(name)'")
        default:
            throw .error(at: location, "cannot set '\(name)' of \(describeType(value))")
        }
    }

    /// Sets a program property: observers and setters run with `self`.
    private func set(
        _ property: PropertyDecl, of receiver: Value, _ newValue: Value, at location: CodeLocation,
        store: (Value) -> Void, current: () -> Value
    ) throws(CodeDiagnostic) {
        guard let owner = programType(of: receiver) else { return }
        if let setter = property.setter {
            _ = try runAccessor(
                setter.body, self: receiver, owner: owner, parameter: (setter.parameter, newValue), result: nil,
                at: location)
            return
        }
        if property.isComputed { throw .error(at: location, "'\(property.name)' is read-only") }
        let old = current()
        if let willSet = property.willSet {
            _ = try runAccessor(
                willSet.body, self: receiver, owner: owner, parameter: (willSet.parameter, newValue), result: nil,
                at: location)
        }
        store(newValue)
        if let didSet = property.didSet {
            _ = try runAccessor(
                didSet.body, self: receiver, owner: owner, parameter: (didSet.parameter, old), result: nil, at: location
            )
        }
    }

    private func setHostMember(
        _ value: inout Value, _ name: String, _ newValue: Value, owner: TypeInfo?, at location: CodeLocation
    )
        throws(CodeDiagnostic)
    {
        guard var native = nativePart(of: value) else {
            if let owner, let base = owner.nativeBase {
                warn("'\(name)' of \(base) is not supported: skipped setting it", at: location)
                return
            }
            throw .error(at: location, "\(describeType(value)) has no property '\(name)'")
        }
        guard let property = nativeProperty(name, of: native.type.name) else {
            warn("'\(name)' of \(native.type.name) is not supported: skipped setting it", at: location)
            return
        }
        guard let setter = property.set else {
            throw .error(at: location, "'\(name)' of \(native.type.name) is read-only")
        }
        if let unknown = newValue.unknown {
            guard property.drawsNothing else { throw dependsOnUnknown(unknown, at: location) }
            // The unknown value was named where it was made; made on this line, that one warning
            // says it (`v.contentMode = .ScaleAspectFoo` once, not twice).
            guard unknown.location.file != location.file || unknown.location.line != location.line else { return }
            warn(
                "'\(name)' of \(native.type.name) draws nothing here: setting it to \(unknown.what) is skipped",
                at: location)
            return
        }
        try host(at: location) { try setter(&native, newValue, NativeContext(interpreter: self, location: location)) }
        switch value {
        case .object(let instance): instance.native = native
        default: value = .native(native)
        }
    }

    /// The host part of a value: a native value itself, or a program object's host superclass part.
    func nativePart(of value: Value) -> NativeValue? {
        switch value {
        case .native(let n): n
        case .object(let instance): instance.native
        default: nil
        }
    }

    func nativeTypeName(_ value: Value) -> String? { nativePart(of: value)?.type.name }

    func nativeProperty(_ name: String, of typeName: String) -> NativeProperty? {
        for t in natives.chain(typeName) { if let p = t.properties[name] { return p } }
        return nil
    }

    func nativeMethods(_ name: String, of typeName: String) -> [NativeFunction] {
        natives.chain(typeName).flatMap { $0.methods.filter { $0.name == name } }
    }

    /// The program extension of a host type (or one of its superclasses) that declares `name`.
    func extensionMember(_ name: String, of typeName: String) -> TypeInfo? {
        for t in natives.chain(typeName) {
            if let ext = nativeExtensions[t.name], ext.property(name) != nil || !ext.method(name).isEmpty { return ext }
        }
        return nil
    }

    func rawValue(of e: EnumValue) -> Value {
        var next = 0
        for c in e.type.cases {
            var value: Value = e.type.rawType?.name == "String" ? .string(c.name) : .int(next)
            if let raw = c.rawValue {
                switch raw.kind {
                case .integer(let n): value = .int(n)
                case .float(let x): value = .double(x)
                case .string(let s): value = .string(s)
                case .bool(let b): value = .bool(b)
                default: break
                }
            }
            if case .int(let n) = value { next = n + 1 }
            if c.name == e.name { return value }
        }
        return .nil
    }

    // MARK: Subscripts

    func subscriptGet(_ base: Value, _ indices: [Value], at location: CodeLocation) throws(CodeDiagnostic) -> Value {
        if case .unknown = base { return base }
        if let u = indices.lazy.compactMap(\.unknown).first { throw dependsOnUnknown(u, at: location) }
        switch base {
        case .array(let elements):
            guard indices.count == 1 else { break }
            if case .range(let lower, let upper) = indices[0] {
                guard lower >= 0, upper <= elements.count, lower <= upper else {
                    throw .error(
                        at: location,
                        "the range \(lower)..<\(upper) is out of the array's bounds (count \(elements.count))")
                }
                return .array(Array(elements[lower..<upper]))
            }
            guard case .int(let i) = indices[0] else { break }
            guard i >= 0, i < elements.count else {
                throw .error(at: location, "index \(i) is out of range (the array has \(elements.count) elements)")
            }
            return elements[i]
        case .dictionary(let pairs):
            guard indices.count == 1 else { break }
            for p in pairs where try equal(p.key, indices[0], at: location) { return p.value }
            return .nil
        case .string(let s):
            guard indices.count == 1, case .int(let i) = indices[0], i >= 0, i < s.count else { break }
            return .string(String(s[s.index(s.startIndex, offsetBy: i)]))
        default:
            break
        }
        throw .error(
            at: location,
            "cannot subscript \(describeType(base)) with \(indices.map(describeType).joined(separator: ", "))")
    }

    func subscriptSet(_ base: Value, _ indices: [Value], _ value: Value, at location: CodeLocation)
        throws(CodeDiagnostic) -> Value
    {
        if case .unknown = base { return base }
        try checkNesting(.array([value]), at: location)
        switch base {
        case .array(var elements):
            guard indices.count == 1, case .int(let i) = indices[0] else { break }
            guard i >= 0, i < elements.count else {
                throw .error(at: location, "index \(i) is out of range (the array has \(elements.count) elements)")
            }
            elements[i] = value
            return .array(elements)
        case .dictionary(let pairs):
            guard indices.count == 1 else { break }
            if value.isNil {
                var kept: [DictionaryPair] = []
                for p in pairs where !(try equal(p.key, indices[0], at: location)) { kept.append(p) }
                return .dictionary(kept)
            }
            return .dictionary(try dictionarySet(pairs, indices[0], value, at: location))
        default:
            break
        }
        throw .error(at: location, "cannot set a subscript of \(describeType(base))")
    }

    func dictionarySet(_ pairs: [DictionaryPair], _ key: Value, _ value: Value, at location: CodeLocation)
        throws(CodeDiagnostic) -> [DictionaryPair]
    {
        if let u = key.unknown { throw dependsOnUnknown(u, at: location) }
        try checkNesting(.array([value]), at: location)
        var updated = pairs
        for (i, p) in pairs.enumerated() where try equal(p.key, key, at: location) {
            updated[i].value = value
            return updated
        }
        updated.append(DictionaryPair(key: key, value: value))
        try checkCount(updated.count, "a dictionary", at: location)
        return updated
    }
}
