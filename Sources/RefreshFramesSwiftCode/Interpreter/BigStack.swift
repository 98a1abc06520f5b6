import Foundation

/// Runs the interpreter on a thread with a stack of its own: each interpreted call takes a few host
/// frames (tens of kilobytes in a debug build), more than a test runner's or a dispatch worker's
/// thread has for `CodeLimits.callDepth` nested calls. The caller waits; a call made from that thread
/// (a native calling back into the code) runs at once.
enum BigStack {
    /// Reserved, not committed: pages are only used as deep as the code goes.
    static let size = 256 << 20
    private static let marker = "RefreshFramesSwiftCode.BigStack"

    static func run<T>(_ body: () throws(CodeDiagnostic) -> T) throws(CodeDiagnostic) -> T {
        if Thread.current.threadDictionary[marker] != nil { return try body() }
        let outcome = Outcome<T>()
        withoutActuallyEscaping(body) { body in
            let work = Work { outcome.result = Result { () throws(CodeDiagnostic) -> T in try body() } }
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                Thread.current.threadDictionary[marker] = true
                work.run?()
                // The body must not outlive `withoutActuallyEscaping`: drop it before the caller goes on.
                work.run = nil
                done.signal()
            }
            thread.stackSize = size
            thread.start()
            done.wait()
        }
        return try outcome.result!.get()
    }

    /// The body's result, handed from the worker thread to the waiting caller.
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, CodeDiagnostic>?
    }

    /// The body, run on the worker thread while the caller waits (so never concurrently).
    private final class Work: @unchecked Sendable {
        var run: (() -> Void)?
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
