/// Runs a team's Swift code on a virtual clock, never compiling it: the program's classes, structs and
/// enums with their properties and methods, closures capturing their scopes by reference, control flow,
/// and a run loop of timers and dispatched blocks. Everything outside the program goes through
/// `natives` (a table per host type); a call or construct outside it is named at its
/// `File.swift:LINE:COLUMN` — a warning when it only skips something whose value nothing uses, an
/// error when what follows would depend on it. Bounded by `CodeLimits`; it can reach no file, process
/// or network, because no native does.
package final class Interpreter {
    package let module: CodeModule
    package let natives: NativeLibrary
    package let limits: CodeLimits
    package let runLoop: VirtualRunLoop
    /// Warnings so far (each once per location), in the order they arose.
    package private(set) var diagnostics: [CodeDiagnostic] = []
    /// What the code printed.
    package private(set) var printed: [PrintedLine] = []

    var types: [String: TypeInfo] = [:]
    /// Program extensions of host types (`extension UIView { … }`), by host type name.
    var nativeExtensions: [String: TypeInfo] = [:]
    var globalFunctions: [String: [FunctionDecl]] = [:]
    var globalDeclarations: [String: PropertyDecl] = [:]
    let globals = Scope(parent: nil)
    var initializingGlobals: Set<String> = []
    var steps = 0
    var eventSteps = 0
    var callDepth = 0
    /// The statement running now, for the limits' messages.
    var current: CodeLocation?
    var callNames: [String] = []
    /// The host's way to give a host value a program class (a nib's root view whose customClass the
    /// code casts to): the object, or nil when the value cannot be one.
    package var nibObject: ((NativeValue, TypeInfo, CodeLocation) throws(CodeDiagnostic) -> Value?)?
    /// Told when a program method `name` has run on a receiver (the host hears of a control of the
    /// code's own calling its `endRefreshing()`).
    package var methodReturned: ((String, Value) -> Void)?
    /// The program classes whose host part is being made now, innermost last.
    var constructing: [String] = []
    /// While a background operation runs (`OperationQueue().addOperation`): where its own clock is
    /// (a `sleep` moves it; what it hands to the main queue runs then).
    var backgroundTime: Int64?
    /// The program class whose host part (a `UIView` subclass's view) a host initializer makes now:
    /// what its messages name.
    package var constructingClass: String? { constructing.last }
    private var warned: Set<String> = []
    /// Set while the interpreter runs (on its own stack).
    private var running = false
    /// Program objects by their host part's identity.
    private var nativeOwners: [ObjectIdentifier: Instance] = [:]
    /// Every object and closure the code made, held until the interpreter goes: see `deinit`.
    private var arena: [AnyObject] = []

    /// Releases what the code made without recursion: a linked list of a hundred thousand objects, or
    /// closures capturing closures, would otherwise be freed one inside another, deeper than any stack.
    /// Each object's references are dropped while the arena still holds every object.
    deinit {
        let empty = Scope(parent: nil)
        for object in arena {
            if let instance = object as? Instance {
                instance.storage = [:]
                instance.native = nil
            } else if let closure = object as? ClosureValue {
                closure.scope = empty
            }
        }
    }

    /// Keeps `object` in the arena, within `CodeLimits.objects`.
    func made<T: AnyObject>(_ object: T, at location: CodeLocation) throws(CodeDiagnostic) -> T {
        guard arena.count < limits.objects else {
            throw .error(
                at: location,
                "the code makes more than \(grouped(limits.objects)) objects and closures, over the limit codeObjects = \(grouped(limits.objects))"
            )
        }
        arena.append(object)
        return object
    }

    /// Refuses a value nested deeper than `CodeLimits.valueNesting` (arrays in arrays, structs in
    /// structs): freeing it, printing it or comparing it would recurse that deep. The walk is bounded
    /// too; a deep chain hidden behind more elements than it visits costs at least as many steps.
    func checkNesting(_ value: Value, at location: CodeLocation) throws(CodeDiagnostic) {
        var budget = 4096
        func depth(_ v: Value, _ level: Int) -> Bool {
            budget -= 1
            if budget < 0 { return true }
            if level > limits.valueNesting { return false }
            switch v {
            case .array(let elements):
                for e in elements where !depth(e, level + 1) { return false }
            case .dictionary(let pairs):
                for p in pairs where !depth(p.value, level + 1) || !depth(p.key, level + 1) { return false }
            case .tuple(let values, _):
                for e in values where !depth(e, level + 1) { return false }
            case .structure(let s):
                for e in s.storage.values where !depth(e, level + 1) { return false }
            default:
                break
            }
            return true
        }
        if !depth(value, 1) {
            throw .error(
                at: location,
                "values nest more than \(limits.valueNesting) deep (arrays, dictionaries or structs inside one another), over the limit codeValueNesting = \(limits.valueNesting)"
            )
        }
    }

    package init(module: CodeModule, natives: NativeLibrary = .standard, limits: CodeLimits = .standard)
        throws(CodeDiagnostic)
    {
        self.module = module
        self.natives = natives
        self.limits = limits
        runLoop = VirtualRunLoop(limits: limits)
        for decl in module.types where decl.kind != .extension { register(decl, outer: nil) }
        for decl in module.types where decl.kind == .extension { try extend(decl) }
        for info in allTypes { resolveInheritance(info) }
        for function in module.functions { globalFunctions[function.name, default: []].append(function) }
        for global in module.globals { globalDeclarations[global.name] = global }
    }

    // MARK: Entry points

    /// Runs the top-level statements (a script's), in order.
    package func runTopLevel() throws(CodeDiagnostic) {
        try onBigStack { () throws(CodeDiagnostic) in
            try enterFromHost()
            _ = try execute(module.statements, globals, Frame(name: "top-level code"))
        }
    }

    /// Creates an instance of the program's class (or struct) `name` with `arguments`.
    package func instantiate(
        _ name: String, labels: [String?] = [], arguments: [Value] = [], at location: CodeLocation? = nil
    )
        throws(CodeDiagnostic) -> Value
    {
        try onBigStack { () throws(CodeDiagnostic) in
            try instantiateNow(name, labels: labels, arguments: arguments, at: location)
        }
    }

    private func instantiateNow(_ name: String, labels: [String?], arguments: [Value], at location: CodeLocation?)
        throws(CodeDiagnostic) -> Value
    {
        try enterFromHost()
        guard let info = types[name] else {
            throw .error(at: location, "the code declares no type '\(name)'")
        }
        let at = location ?? info.location
        let values = zip(labels.padded(to: arguments.count), arguments).map { ArgumentValue(label: $0, value: $1) }
        var pending = PendingArguments(shapes: values.map { ArgumentShape(label: $0.label, isTrailingClosure: false) })
        {
            _ throws(CodeDiagnostic) in values
        }
        pending.positional = false
        return try construct(.program(info), pending, at: at)
    }

    /// Whether the program's type of `value` declares a method `name` taking `labels`.
    package func hasMethod(_ name: String, labels: [String?]? = nil, on value: Value) -> Bool {
        guard let info = programType(of: value) else { return false }
        return info.method(name).contains { labels == nil || matches($0, labels: labels!) }
    }

    /// Calls the method `name` of `receiver` as UIKit would (a delegate callback, a target-action),
    /// with positional `arguments`; the program's own methods first, then its host superclass's.
    @discardableResult
    package func callMethod(
        _ name: String, on receiver: Value, arguments: [Value] = [], at location: CodeLocation? = nil
    )
        throws(CodeDiagnostic) -> Value
    {
        try onBigStack { () throws(CodeDiagnostic) in
            try callMethodNow(name, on: receiver, arguments: arguments, at: location)
        }
    }

    private func callMethodNow(_ name: String, on receiver: Value, arguments: [Value], at location: CodeLocation?)
        throws(CodeDiagnostic) -> Value
    {
        try enterFromHost()
        let at = location ?? programType(of: receiver)?.location ?? CodeLocation(file: "", line: 0, column: 0)
        let args = arguments.map { ArgumentValue(label: nil, value: $0) }
        if let info = programType(of: receiver) {
            let candidates = info.method(name).filter { $0.parameters.count == arguments.count }
            if let function = candidates.first, let owner = owner(of: function, in: info) {
                return try invoke(function, receiver: receiver, owner: owner, values: arguments, at: at).result
            }
        }
        return try callNativeMethod(name, on: receiver, arguments: args, at: at, positional: true)
    }

    /// Calls a function value (a closure the code passed to a native, a bound method) or a type (its
    /// initializer) with positional arguments.
    @discardableResult
    package func call(_ function: Value, arguments: [Value], at location: CodeLocation) throws(CodeDiagnostic) -> Value
    {
        try onBigStack { () throws(CodeDiagnostic) in try callNow(function, arguments: arguments, at: location) }
    }

    private func callNow(_ function: Value, arguments: [Value], at location: CodeLocation) throws(CodeDiagnostic)
        -> Value
    {
        if callDepth == 0 { try enterFromHost() }
        if case .type(let ref) = function {
            return try call(
                .initializer(ref), arguments: arguments.map { ArgumentValue(label: nil, value: $0) }, at: location,
                positional: true)
        }
        guard case .function(let callable) = function else {
            if let unknown = function.unknown { throw dependsOnUnknown(unknown, at: location) }
            throw .error(at: location, "expected a function, got \(describeType(function))")
        }
        return try call(
            callable, arguments: arguments.map { ArgumentValue(label: nil, value: $0) }, at: location, positional: true)
    }

    /// Runs the run loop's events up to `seconds` of virtual time.
    package func run(until seconds: Double) throws(CodeDiagnostic) {
        try run(untilMicros: VirtualRunLoop.micros(seconds))
    }

    package func run(untilMicros time: Int64) throws(CodeDiagnostic) {
        try onBigStack { () throws(CodeDiagnostic) in try runLoop.run(until: time) }
    }

    /// Schedules `action` on the run loop as a callback of the code: each runs with its own step budget.
    @discardableResult
    package func schedule(
        at time: Int64, _ label: String, location: CodeLocation? = nil,
        _ action: @escaping () throws(CodeDiagnostic) -> Void
    ) throws(CodeDiagnostic) -> VirtualRunLoop.EventID {
        try runLoop.schedule(at: time, label, location: location ?? current) {
            [unowned self] () throws(CodeDiagnostic) in
            try self.enterFromHost()
            try action()
        }
    }

    /// A warning at `location`, once per location and message.
    package func warn(_ message: String, at location: CodeLocation?) {
        let key = "\(location.map(\.description) ?? "")|\(message)"
        guard warned.insert(key).inserted else { return }
        diagnostics.append(.warning(at: location, message))
    }

    func print(_ text: String) {
        if printed.count < limits.collectionCount { printed.append(PrintedLine(time: runLoop.now, text: text)) }
    }

    /// The program object whose host part is `native` (a view made by a program subclass), or the
    /// native value itself: what a host returns from `subviews` or `viewWithTag`.
    package func value(of native: NativeValue) -> Value {
        if native.type.isReference, let owner = nativeOwners[ObjectIdentifier(native.payload as AnyObject)] {
            return .object(owner)
        }
        return .native(native)
    }

    /// Gives `instance` its host part (made by its host superclass's initializer).
    func attach(_ native: NativeValue?, to instance: Instance) {
        instance.native = native
        if let native, native.type.isReference {
            nativeOwners[ObjectIdentifier(native.payload as AnyObject)] = instance
        }
    }

    /// Sets a property of a program object as the host does (an outlet connected from a xib).
    package func setProperty(_ name: String, of value: Value, to newValue: Value) throws(CodeDiagnostic) {
        try onBigStack { () throws(CodeDiagnostic) in
            var receiver = value
            let at = programType(of: value)?.location ?? CodeLocation(file: "", line: 0, column: 0)
            try setMember(&receiver, name, newValue, at: at, Frame(name: "host"))
        }
    }

    /// The stored property `name` of a program object (for hosts and tests).
    package func property(_ name: String, of value: Value) throws(CodeDiagnostic) -> Value {
        try onBigStack { () throws(CodeDiagnostic) in try propertyNow(name, of: value) }
    }

    private func propertyNow(_ name: String, of value: Value) throws(CodeDiagnostic) -> Value {
        try member(
            of: value, name, at: programType(of: value)?.location ?? CodeLocation(file: "", line: 0, column: 0),
            Frame(name: "host"))
    }

    /// Runs `body` on the interpreter's own stack (`BigStack`), unless it already runs there.
    func onBigStack<T>(_ body: () throws(CodeDiagnostic) -> T) throws(CodeDiagnostic) -> T {
        if running { return try body() }
        running = true
        defer { running = false }
        return try BigStack.run(body)
    }

    // MARK: Limits

    /// A call from the host (UIKit, the run loop): the per-callback step budget starts again.
    func enterFromHost() throws(CodeDiagnostic) {
        if callDepth == 0 { eventSteps = 0 }
    }

    func step() throws(CodeDiagnostic) {
        steps += 1
        eventSteps += 1
        if eventSteps > limits.stepsPerEvent {
            let place = callNames.last.map { " in \($0)" } ?? ""
            throw .error(
                at: current,
                "the code runs more than \(grouped(limits.stepsPerEvent)) steps\(place) without returning to the run loop (a loop that never ends? UIKit would hang here), over the limit codeStepsPerEvent = \(grouped(limits.stepsPerEvent))"
            )
        }
        if steps > limits.steps {
            throw .error(
                at: current,
                "the code runs more than \(grouped(limits.steps)) steps in all by \(VirtualRunLoop.format(runLoop.now)), over the limit codeSteps = \(grouped(limits.steps))"
            )
        }
    }

    func checkCount(_ count: Int, _ what: String, at location: CodeLocation) throws(CodeDiagnostic) {
        if count > limits.collectionCount {
            let unit = what == "a string" ? "bytes" : "elements"
            throw .error(
                at: location,
                "\(what) grows past \(grouped(limits.collectionCount)) \(unit), over the limit codeCollectionCount = \(grouped(limits.collectionCount))"
            )
        }
    }

    func grouped(_ n: Int) -> String { CodeLimits.grouped(n) }

    /// The error for an unknown value reaching a place where it decides what happens.
    func dependsOnUnknown(_ unknown: Unknown, at location: CodeLocation) -> CodeDiagnostic {
        .error(at: location, "this depends on \(unknown.what) (\(unknown.location)), which is not supported")
    }

    /// An unknown value for `what`, with its warning.
    func unknown(_ what: String, _ why: String, at location: CodeLocation) -> Value {
        warn("\(what) \(why): skipped", at: location)
        return .unknown(Unknown(what: what, location: location))
    }

    // MARK: Types

    var allTypes: [TypeInfo] {
        var list: [TypeInfo] = []
        var seen: Set<ObjectIdentifier> = []
        func visit(_ t: TypeInfo) {
            guard seen.insert(ObjectIdentifier(t)).inserted else { return }
            list.append(t)
            for n in t.nested.values { visit(n) }
        }
        for t in types.values.sorted(by: { $0.name < $1.name }) { visit(t) }
        for t in nativeExtensions.values { visit(t) }
        return list
    }

    private func register(_ decl: TypeDecl, outer: TypeInfo?) {
        let info = TypeInfo(name: decl.name, kind: decl.kind, location: decl.location)
        info.outer = outer
        add(decl, to: info)
        if let outer { outer.nested[decl.name] = info } else if types[decl.name] == nil { types[decl.name] = info }
        for nested in decl.nested where nested.kind != .extension { register(nested, outer: info) }
        if decl.kind == .enum, let raw = decl.inherits.first,
            ["Int", "String", "Double", "Character"].contains(raw.name ?? "")
        {
            info.rawType = raw
        }
    }

    private func add(_ decl: TypeDecl, to info: TypeInfo) {
        for p in decl.properties {
            if p.isStatic {
                info.staticProperties[p.name] = p
            } else if p.isComputed {
                info.computedProperties[p.name] = p
            } else {
                info.storedProperties.append(p)
            }
        }
        for m in decl.methods {
            if case .initializer = m.kind {
                info.initializers.append(m)
            } else if m.isStatic {
                info.staticMethods[m.name, default: []].append(m)
            } else {
                info.methods[m.name, default: []].append(m)
            }
        }
        info.cases += decl.cases
        if info.inherits.isEmpty { info.inherits = decl.inherits }
    }

    private func extend(_ decl: TypeDecl) throws(CodeDiagnostic) {
        let path = decl.name.split(separator: ".").map(String.init)
        var target = path.first.flatMap { types[$0] }
        for part in path.dropFirst() { target = target?.nested[part] }
        if let target {
            add(decl, to: target)
            for nested in decl.nested { register(nested, outer: target) }
            return
        }
        // An extension of a host type: its methods apply to the host's values.
        let info = nativeExtensions[decl.name] ?? TypeInfo(name: decl.name, kind: .extension, location: decl.location)
        add(decl, to: info)
        nativeExtensions[decl.name] = info
    }

    private func resolveInheritance(_ info: TypeInfo) {
        guard info.kind == .class, let first = info.inherits.first?.name else { return }
        if let superclass = lookupType(first, from: info.outer), superclass !== info, superclass.kind == .class {
            info.superclass = superclass
        } else if natives.type(first) != nil || !isProtocolName(first) {
            info.nativeBaseName = natives.type(first)?.name ?? first
        }
    }

    /// Whether a name in an inheritance list is a protocol rather than a superclass.
    func isProtocolName(_ name: String) -> Bool {
        if natives.protocols.contains(name) { return true }
        if let t = types[name], t.kind == .protocol { return true }
        return ["Delegate", "DataSource", "Protocol", "Convertible", "able"].contains { name.hasSuffix($0) }
    }

    /// The program type `name` seen from inside `scope` (nested types first, then the file's).
    func lookupType(_ name: String, from scope: TypeInfo?) -> TypeInfo? {
        var s = scope
        while let current = s {
            if current.name == name { return current }
            if let nested = current.nested[name] { return nested }
            for ancestor in current.chain.dropFirst() { if let nested = ancestor.nested[name] { return nested } }
            s = current.outer
        }
        return types[name]
    }

    func programType(of value: Value) -> TypeInfo? {
        switch value {
        case .object(let instance): instance.type
        case .structure(let s): s.type
        case .enumCase(let e): e.type
        default: nil
        }
    }

    /// The type in `info`'s chain that declares `function`.
    func owner(of function: FunctionDecl, in info: TypeInfo) -> TypeInfo? {
        info.chain.first { t in
            t.methods[function.name]?.contains { $0.location == function.location } == true
                || t.initializers.contains { $0.location == function.location }
                || t.staticMethods[function.name]?.contains { $0.location == function.location } == true
        }
    }
}

/// An argument as evaluated: its label, its value.
struct ArgumentValue {
    var label: String?
    var value: Value
    var isTrailingClosure = false
}

extension Array where Element == String? {
    func padded(to count: Int) -> [String?] {
        self + [String?](repeating: nil, count: Swift.max(0, count - self.count))
    }
}
