/// Assignment: the target is resolved once to a place — a root (a variable, or a reference) and a
/// path of accesses with their indices evaluated — and changed in place along the path: each value on
/// the way is taken out of its container while it changes (so an array appended to is not copied),
/// then put back, as Swift's value semantics require. A reference on the way (a view, an object) is
/// changed where it is.
extension Interpreter {
    enum Root {
        case box(Box)
        /// A value that is not a variable: a reference, or a temporary whose change nothing sees.
        case value(Value)
    }

    enum Access {
        case member(String, CodeLocation)
        case subscripted([Value], CodeLocation)
        case unwrap(CodeLocation)
        /// `?` in an optional chain: nil ends the assignment.
        case bind
    }

    struct Place {
        var root: Root
        var path: [Access]
    }

    /// What to do to a value, made in place once it is taken out of its container.
    typealias Change = (inout Value) throws(CodeDiagnostic) -> Void

    /// Prepares a change, before the value is taken out (so evaluating the right-hand side, which may
    /// read the same place, sees it): given a way to read the old value and the place's declared type.
    typealias Mutation = (_ old: () throws(CodeDiagnostic) -> Value, _ type: TypeName?) throws(CodeDiagnostic) -> Change

    /// Sets `target` by `mutate`.
    /// `reads`: the change needs the old value (false for a plain assignment, so that a member with a
    /// setter and no getter, or one not supported, is only set).
    func modify(
        _ target: Expr, _ scope: Scope, _ frame: Frame, at location: CodeLocation, reads: Bool = true,
        _ mutate: Mutation
    ) throws(CodeDiagnostic) {
        let place = try resolvePlace(target, scope, frame, at: location)
        if case .name(let name) = target.kind, case .value = place.root {
            throw .error(at: target.location, "cannot assign to '\(name)': no variable or property has that name")
        }
        try write(place, frame, at: location, reads: reads, mutate)
    }

    /// Whether `e` names a place (a variable, a member, an element) rather than a computed value.
    func isPlace(_ e: Expr) -> Bool {
        switch e.kind {
        case .name, .self: true
        case .member(let base, _): if case .super = base.kind { true } else { isPlace(base) }
        case .subscript(let base, _), .forceUnwrap(let base), .bindOptional(let base), .optionalChain(let base):
            isPlace(base)
        default: false
        }
    }

    func resolvePlace(_ e: Expr, _ scope: Scope, _ frame: Frame, at location: CodeLocation) throws(CodeDiagnostic)
        -> Place
    {
        var path: [Access] = []
        let root = try resolvePlace(e, scope, frame, &path, at: location)
        return Place(root: root, path: path)
    }

    private func resolvePlace(_ e: Expr, _ scope: Scope, _ frame: Frame, _ path: inout [Access], at: CodeLocation)
        throws(CodeDiagnostic) -> Root
    {
        switch e.kind {
        case .name(let name):
            if let box = scope.lookup(name) { return .box(box) }
            if let selfBox = scope.lookup("self"), hasMember(name, selfBox.value) {
                path.insert(.member(name, e.location), at: 0)
                return .box(selfBox)
            }
            if try global(name, at: e.location) != nil, let box = globals.lookup(name) { return .box(box) }
            return .value(try evaluate(e, scope, frame))
        case .self:
            guard let box = scope.lookup("self") else { throw .error(at: e.location, "'self' is used outside a type") }
            return .box(box)
        case .member(let base, let name):
            if case .super = base.kind {
                guard let box = scope.lookup("self") else { throw .error(at: e.location, "'super' outside a class") }
                path.insert(.member(name, e.location), at: 0)
                return .box(box)
            }
            path.insert(.member(name, e.location), at: 0)
            return try resolvePlace(base, scope, frame, &path, at: at)
        case .subscript(let base, let arguments):
            var indices: [Value] = []
            for a in arguments { indices.append(try evaluate(a.value, scope, frame)) }
            path.insert(.subscripted(indices, e.location), at: 0)
            return try resolvePlace(base, scope, frame, &path, at: at)
        case .forceUnwrap(let inner):
            path.insert(.unwrap(e.location), at: 0)
            return try resolvePlace(inner, scope, frame, &path, at: at)
        case .bindOptional(let inner):
            path.insert(.bind, at: 0)
            return try resolvePlace(inner, scope, frame, &path, at: at)
        case .optionalChain(let inner):
            return try resolvePlace(inner, scope, frame, &path, at: at)
        default:
            return .value(try evaluate(e, scope, frame))
        }
    }

    /// Whether `self` has a property `name` to assign: the program's, a static, or its host part's
    /// (bound or not: setting a member of an unbound host superclass is skipped with a warning).
    private func hasMember(_ name: String, _ selfValue: Value) -> Bool {
        if case .type(.program(let type)) = selfValue { return type.staticOwner(of: name) != nil }
        if let info = programType(of: selfValue) {
            if info.property(name) != nil || info.staticOwner(of: name) != nil { return true }
            if case .object(let instance) = selfValue, instance.native == nil, let base = info.nativeBase {
                return (natives.type(base) == nil && name.first?.isLowercase == true)
                    || nativeProperty(name, of: base) != nil
            }
        }
        if let native = nativePart(of: selfValue) { return nativeProperty(name, of: native.type.name) != nil }
        return false
    }

    /// The value at `place`; nil when an optional chain on the way found nil.
    func read(_ place: Place, _ frame: Frame) throws(CodeDiagnostic) -> Value? {
        var value: Value
        switch place.root {
        case .box(let box): value = box.value
        case .value(let v): value = v
        }
        for access in place.path {
            switch access {
            case .bind: if value.isNil { return nil }
            case .unwrap(let at):
                if value.isNil { throw .error(at: at, "unexpectedly found nil while unwrapping an optional") }
            case .member(let name, let at):
                if value.isNil { throw .error(at: at, "unexpectedly found nil reading '\(name)'") }
                value = try member(of: value, name, at: at, frame)
            case .subscripted(let indices, let at):
                value = try subscriptGet(value, indices, at: at)
            }
        }
        return value
    }

    /// Changes the value at `place` by `mutate`; an optional chain that finds nil changes nothing.
    func write(_ place: Place, _ frame: Frame, at location: CodeLocation, reads: Bool = true, _ mutate: Mutation)
        throws(CodeDiagnostic)
    {
        switch place.root {
        case .box(let box):
            if place.path.isEmpty {
                let change = try mutate({ box.value }, box.type ?? runtimeTypeName(box.value))
                var value = box.value
                box.value = .void
                defer { box.value = convert(value, to: box.type) }
                try change(&value)
            } else {
                var value = box.value
                if isReference(value) {
                    _ = try write(&value, place.path[...], frame, reads, mutate)
                    return
                }
                if case .native = value {
                    // A host value (a CGPoint, a transform) stays in its place while the right-hand side is
                    // evaluated, which may read it (`p.y = p.x + 5`); its members are set by copy anyway.
                    _ = try write(&value, place.path[...], frame, reads, mutate)
                    box.value = value
                    return
                }
                box.value = .void
                defer { box.value = value }
                _ = try write(&value, place.path[...], frame, reads, mutate)
            }
        case .value(var value):
            guard !place.path.isEmpty else { throw .error(at: location, "cannot assign to this expression") }
            _ = try write(&value, place.path[...], frame, reads, mutate)
        }
    }

    /// Writes along `path` into `base`, which the caller holds alone; false when an optional chain found nil.
    private func write(
        _ base: inout Value, _ path: ArraySlice<Access>, _ frame: Frame, _ reads: Bool, _ mutate: Mutation
    )
        throws(CodeDiagnostic) -> Bool
    {
        guard let access = path.first else {
            let change = try mutate({ base }, nil)
            try change(&base)
            return true
        }
        let rest = path.dropFirst()
        switch access {
        case .bind:
            if base.isNil { return false }
            return try write(&base, rest, frame, reads, mutate)
        case .unwrap(let at):
            if base.isNil { throw .error(at: at, "unexpectedly found nil while unwrapping an optional") }
            return try write(&base, rest, frame, reads, mutate)
        case .member(let name, let at):
            if case .unknown = base { return true }
            if base.isNil {
                throw .error(
                    at: at, "unexpectedly found nil setting '\(name)' (an implicitly unwrapped optional that is nil)")
            }
            // A stored property of an object changes where it is stored.
            if case .object(let instance) = base, let property = instance.type.property(name), !property.isComputed,
                property.willSet == nil, property.didSet == nil, !property.isLazy || instance.storage[name] != nil
            {
                let optional = property.type?.isOptional == true
                if rest.isEmpty {
                    let type = memberType(name, of: base) ?? instance.storage[name].flatMap(runtimeTypeName)
                    let change = try mutate(
                        { () throws(CodeDiagnostic) in
                            guard let stored = instance.storage[name] ?? (optional ? .nil : nil) else {
                                throw .error(at: at, "'\(name)' is read before it has a value")
                            }
                            return stored
                        }, type)
                    var child = instance.storage[name] ?? .nil
                    instance.storage[name] = .void
                    defer { instance.storage[name] = convert(child, to: property.type) }
                    try change(&child)
                    return true
                }
                guard var child = instance.storage[name] ?? (optional ? .nil : nil) else {
                    throw .error(at: at, "'\(name)' is read before it has a value")
                }
                if isReference(child) { return try write(&child, rest, frame, reads, mutate) }
                if case .native = child {
                    // `offset.y = offset.y + 5` on a stored CGPoint: it stays in place for the right-hand side.
                    let written = try write(&child, rest, frame, reads, mutate)
                    instance.storage[name] = child
                    return written
                }
                // `views[i].layer.cornerRadius = views[i].bounds.width`: an element that is a
                // reference changes where it is, so the array stays in place for the right-hand side.
                if rest.count > 1, case .subscripted(let indices, _) = rest.first, indices.count == 1,
                    case .int(let i) = indices[0], var element = child.arrayElement(i), isReference(element)
                {
                    return try write(&element, rest.dropFirst(), frame, reads, mutate)
                }
                instance.storage[name] = .void
                defer { instance.storage[name] = child }
                return try write(&child, rest, frame, reads, mutate)
            }
            // So does a stored property of a struct (the struct is already out of its place).
            if case .structure(var s) = base, let property = s.type.property(name), !property.isComputed,
                property.willSet == nil, property.didSet == nil, var child = s.storage[name]
            {
                if rest.isEmpty {
                    let change = try mutate({ child }, property.type ?? runtimeTypeName(child))
                    base = .void
                    s.storage[name] = .void
                    defer {
                        s.storage[name] = convert(child, to: property.type)
                        base = .structure(s)
                    }
                    try change(&child)
                    try checkNesting(.array([child]), at: location(of: access))
                    return true
                }
                base = .void
                s.storage[name] = .void
                defer {
                    s.storage[name] = child
                    base = .structure(s)
                }
                return try write(&child, rest, frame, reads, mutate)
            }
            var child: Value = rest.isEmpty && !reads ? .void : try member(of: base, name, at: at, frame)
            let wasReference = isReference(child)
            if rest.isEmpty {
                let change = try mutate({ child }, memberType(name, of: base) ?? runtimeTypeName(child))
                try change(&child)
            } else {
                guard try write(&child, rest, frame, reads, mutate) else { return false }
                // Changing a reference's member needs no write-back (a view's layer is read-only).
                if wasReference && isReference(child) { return true }
            }
            try setMember(&base, name, convert(child, to: memberType(name, of: base)), at: at, frame)
            return true
        case .subscripted(let indices, let at):
            if case .unknown = base { return true }
            if indices.count == 1, case .int(let i) = indices[0], let count = base.arrayCount {
                guard i >= 0, i < count, var child = base.arrayElement(i) else {
                    throw .error(at: at, "index \(i) is out of range (the array has \(count) elements)")
                }
                var change: Change?
                if rest.isEmpty { change = try mutate({ child }, runtimeTypeName(child)) }
                if isReference(child), !rest.isEmpty { return try write(&child, rest, frame, reads, mutate) }
                guard var elements = Value.takeArray(&base) else { return true }
                elements[i] = .void
                defer {
                    elements[i] = child
                    base = .array(elements)
                }
                if let change {
                    try change(&child)
                    return true
                }
                return try write(&child, rest, frame, reads, mutate)
            }
            if indices.count == 1, base.isDictionary {
                return try writeEntry(&base, key: indices[0], rest, frame, reads, mutate, at: at)
            }
            var child = try subscriptGet(base, indices, at: at)
            if rest.isEmpty {
                let change = try mutate({ child }, runtimeTypeName(child))
                try change(&child)
            } else {
                guard try write(&child, rest, frame, reads, mutate) else { return false }
            }
            base = try subscriptSet(base, indices, child, at: at)
            return true
        }
    }

    /// Writes into the entry `key` of a dictionary, in place (`counts["a"]! += 1`, `lists["a"]!.append(x)`).
    private func writeEntry(
        _ base: inout Value, key: Value, _ path: ArraySlice<Access>, _ frame: Frame, _ reads: Bool, _ mutate: Mutation,
        at: CodeLocation
    ) throws(CodeDiagnostic) -> Bool {
        if let u = key.unknown { throw dependsOnUnknown(u, at: at) }
        var change: Change?
        if path.isEmpty {
            let current = try subscriptGet(base, [key], at: at)
            change = try mutate({ current }, runtimeTypeName(current))
        }
        guard var pairs = Value.takeDictionary(&base) else { return true }
        defer { base = .dictionary(pairs) }
        var found: Int?
        for (j, pair) in pairs.enumerated() where try equal(pair.key, key, at: at) {
            found = j
            break
        }
        guard let j = found else {
            var child: Value = .nil
            if let change {
                try change(&child)
            } else {
                guard try write(&child, path, frame, reads, mutate) else { return false }
            }
            if !child.isNil {
                try checkCount(pairs.count + 1, "a dictionary", at: at)
                pairs.append(DictionaryPair(key: key, value: child))
            }
            return true
        }
        var child = pairs[j].value
        pairs[j].value = .void
        defer {
            if child.isNil { pairs.remove(at: j) } else { pairs[j].value = child }
        }
        if let change {
            try change(&child)
            return true
        }
        return try write(&child, path, frame, reads, mutate)
    }

    private func location(of access: Access) -> CodeLocation {
        switch access {
        case .member(_, let at), .subscripted(_, let at), .unwrap(let at): at
        case .bind: current ?? CodeLocation(file: "", line: 0, column: 0)
        }
    }

    /// Whether changing a member of `value` changes what every copy sees.
    func isReference(_ value: Value) -> Bool {
        switch value {
        case .object, .function, .type: true
        case .native(let n): n.type.isReference
        default: false
        }
    }

    /// The declared type of `name` on `value`, for the literal assigned to it.
    func memberType(_ name: String, of value: Value) -> TypeName? {
        if let info = programType(of: value), let property = info.property(name) {
            if let type = property.type { return type }
            if case .object(let instance) = value, let stored = instance.storage[name] {
                return runtimeTypeName(stored)
            }
            if case .structure(let s) = value, let stored = s.storage[name] { return runtimeTypeName(stored) }
            return nil
        }
        if let native = nativePart(of: value), let property = nativeProperty(name, of: native.type.name) {
            return property.type
        }
        if case .type(.program(let info)) = value, let owner = info.staticOwner(of: name),
            let property = owner.staticProperties[name]
        {
            return property.type ?? owner.staticStorage[name].flatMap(runtimeTypeName)
        }
        return nil
    }
}
