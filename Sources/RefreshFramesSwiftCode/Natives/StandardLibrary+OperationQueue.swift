/// `OperationQueue.main.addOperation { … }` and `OperationQueue().addOperation { … }` on the
/// virtual clock (jcavar/refresher's demo ends its refresh so: a background operation sleeps 2 s,
/// then hands `stopPullToRefresh()` to the main queue). An operation added to the main queue runs
/// at a later turn of the run loop, as `DispatchQueue.main.async`'s block does; one added to a queue
/// the code made runs then too, on a clock of its own: `sleep(n)`, `usleep(µs)` and
/// `Thread.sleep(forTimeInterval:)` move that clock, and what it adds to the main queue (or
/// `DispatchQueue.main.async`) runs when that clock says. The interpreter has one thread: a
/// background operation runs to its end before anything else, which is what the code sees when it
/// does nothing but wait and hand work back (what refresh demos do). A `sleep` on the main thread
/// (which would freeze the app) is skipped with a warning.
final class OperationQueuePayload {
    let isMain: Bool
    init(isMain: Bool) { self.isMain = isMain }
}

extension NativeLibrary {
    mutating func addOperationQueues() {
        let queue = NativeType("OperationQueue", superclass: "NSObject", isReference: true)
        let work = TypeName.function([], .named("Void"))
        queue.staticProperties["main"] = NativeStaticProperty(type: .named("OperationQueue")) { context in
            .native(
                NativeValue(context.interpreter.natives.type("OperationQueue")!, OperationQueuePayload(isMain: true)))
        }
        queue.staticMethods.append(
            NativeFunction("mainQueue") { call in
                .native(
                    NativeValue(
                        call.context.interpreter.natives.type("OperationQueue")!, OperationQueuePayload(isMain: true)))
            })
        queue.initializers = [
            NativeFunction("init") { call in
                .native(
                    NativeValue(
                        call.context.interpreter.natives.type("OperationQueue")!, OperationQueuePayload(isMain: false)))
            }
        ]
        let addOperation: (inout NativeCall) throws -> Value = { call in
            guard case .native(let n) = call.receiver, let payload = n.payload as? OperationQueuePayload else {
                throw call.context.error("expected an OperationQueue")
            }
            let interpreter = call.context.interpreter
            let block = call.arguments[0]
            let location = call.location
            let start = interpreter.backgroundTime ?? interpreter.runLoop.now
            let isMain = payload.isMain
            try interpreter.schedule(at: start, "an operation", location: location) {
                [unowned interpreter] () throws(CodeDiagnostic) in
                let outer = interpreter.backgroundTime
                interpreter.backgroundTime = isMain ? nil : start
                defer { interpreter.backgroundTime = outer }
                _ = try interpreter.call(block, arguments: [], at: location)
            }
            return .void
        }
        queue.methods = [
            NativeFunction("addOperation", [NativeParameter(nil, work)], body: addOperation),
            NativeFunction("addOperationWithBlock", [NativeParameter(nil, work)], body: addOperation),
        ]
        for name in ["maxConcurrentOperationCount", "qualityOfService", "name"] {
            queue.properties[name] = NativeProperty(get: { _, _ in .nil }, set: { _, _, _ in }, drawsNothing: true)
        }
        add(queue)

        func sleep(_ seconds: Double, _ call: NativeCall) {
            let interpreter = call.context.interpreter
            guard let time = interpreter.backgroundTime else {
                call.context.warn("sleep on the main thread would stop the app's run loop: skipped")
                return
            }
            interpreter.backgroundTime = VirtualRunLoop.adding(time, VirtualRunLoop.micros(max(seconds, 0)))
        }
        add(
            function: NativeFunction("sleep", [NativeParameter(nil, .named("UInt32"))]) { call in
                sleep(try call.context.double(call.arguments[0], "sleep's seconds"), call)
                return .int(0)
            })
        add(
            function: NativeFunction("usleep", [NativeParameter(nil, .named("UInt32"))]) { call in
                sleep(try call.context.double(call.arguments[0], "usleep's microseconds") / 1e6, call)
                return .int(0)
            })
        let thread = types["Thread"] ?? NativeType("Thread", superclass: "NSObject", isReference: true)
        thread.staticMethods.append(
            NativeFunction("sleep", [NativeParameter("forTimeInterval", .named("TimeInterval"))]) { call in
                sleep(try call.context.double(call.arguments[0], "the interval"), call)
                return .void
            })
        add(thread)
        typeAliases["NSOperationQueue"] = "OperationQueue"
        typeAliases["NSThread"] = "Thread"
    }
}
