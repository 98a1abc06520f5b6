import RefreshFramesSwiftCode
import Testing

/// The virtual run loop: timers, dispatched blocks and completion chains, in virtual time.
@Suite struct RunLoopTests {
    @Test func eventsRunInTimeOrderAndInScheduleOrderAtTheSameInstant() throws {
        let loop = VirtualRunLoop()
        var order: [String] = []
        try loop.schedule(at: 300, "c") { order.append("c@\(loop.now)") }
        try loop.schedule(at: 100, "a") { order.append("a@\(loop.now)") }
        try loop.schedule(at: 300, "d") { order.append("d@\(loop.now)") }
        let cancelled = try loop.schedule(at: 200, "x") { order.append("x") }
        try loop.schedule(at: 100, "b") { () throws(CodeDiagnostic) in
            order.append("b@\(loop.now)")
            try loop.schedule(at: 100, "b2") { order.append("b2@\(loop.now)") }
        }
        loop.cancel(cancelled)
        try loop.run(until: 250)
        #expect(order == ["a@100", "b@100", "b2@100"])
        #expect(loop.now == 250)
        try loop.run(until: 1000)
        #expect(order == ["a@100", "b@100", "b2@100", "c@300", "d@300"])
    }

    @Test func secondsAreKeptInWholeMicrosecondsSoDurationsAddUpExactly() {
        var t: Int64 = 0
        for _ in 0..<7 { t += VirtualRunLoop.micros(0.1) + VirtualRunLoop.micros(0.05) }
        #expect(t == 1_050_000)
        #expect(VirtualRunLoop.format(t) == "1.05 s")
        #expect(VirtualRunLoop.format(4_000_000) == "4 s")
    }

    @Test func nstimerWithASelectorStringFiresOnItsTargetUntilInvalidated() throws {
        // The tutorials' `doSomething`/`endOfWork`: a repeating 4 s timer that invalidates itself.
        let lines = try run(
            """
            class ViewController: NSObject {
                var timer: NSTimer!
                var fired = 0
                func doSomething() {
                    timer = NSTimer.scheduledTimerWithTimeInterval(4.0, target: self, selector: "endOfWork", userInfo: nil, repeats: true)
                }
                func endOfWork() {
                    fired += 1
                    print("endOfWork", fired, timer.valid)
                    timer.invalidate()
                    timer = nil
                }
            }
            let controller = ViewController()
            controller.doSomething()
            """, until: 20)
        #expect(lines == ["4 s endOfWork 1 true"])
    }

    @Test(arguments: [
        (
            "Timer.scheduledTimer(timeInterval: 0.5, target: t, selector: #selector(Target.tick(_:)), userInfo: nil, repeats: true)",
            "t"
        ),
        ("Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in t.tick(timer) }", "block"),
    ])
    func repeatingTimersFireEveryIntervalFromTheirStartInEitherForm(schedule: String, form: String) throws {
        let lines = try run(
            """
            class Target {
                var count = 0
                func tick(_ timer: Timer) {
                    count += 1
                    print("tick", count, timer.timeInterval)
                    if count == 3 { timer.invalidate() }
                }
            }
            let t = Target()
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
                let timer = \(schedule)
                print("scheduled", timer.isValid)
            }
            """, until: 10)
        #expect(
            lines == ["0.25 s scheduled true", "0.75 s tick 1 0.5", "1.25 s tick 2 0.5", "1.75 s tick 3 0.5"], "\(form)"
        )
    }

    @Test func aTimerThatDoesNotRepeatFiresOnceAndIsThenInvalid() throws {
        let lines = try run(
            """
            var timer: Timer?
            timer = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { t in print("fired", t.isValid) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { print("valid", timer!.isValid) }
            let manual = Timer(timeInterval: 2, repeats: false) { _ in print("manual") }
            RunLoop.main.add(manual, forMode: .common)
            """, until: 10)
        // A zero interval is Foundation's 0.0001 s; CFRunLoop invalidates a one-shot timer after its callout.
        #expect(lines == ["0.0001 s fired true", "1 s valid false", "2 s manual"])
    }

    @Test func swift2DispatchAfterAndDispatchAsyncRunOnTheMainRunLoop() throws {
        let lines = try run(
            """
            let delay = 0.5 * Double(NSEC_PER_SEC)
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, Int64(delay)), dispatch_get_main_queue()) { print("after") }
            dispatch_async(dispatch_get_main_queue()) { print("async") }
            DispatchQueue.main.async { print("main.async") }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) { print("250 ms") }
            print("now")
            """)
        #expect(lines == ["0 s now", "0 s async", "0 s main.async", "0.25 s 250 ms", "0.5 s after"])
    }

    @Test func completionChainsCallThemselvesThroughTheRunLoopWithTheirIndexCounters() throws {
        // The shape of the tutorials' animateRefreshStep1: each completion animates the next label,
        // the last one checks `refreshing` only after the whole cycle.
        let log = TestHost.Log()
        let lines = try run(
            """
            class Control {
                var views = [Box(name: "a"), Box(name: "b"), Box(name: "c")]
                var currentLabelIndex = 0
                var refreshing = true
                var cycles = 0
                func step1() {
                    Box.animate(withDuration: 0.1, animations: { () -> Void in
                        self.views[self.currentLabelIndex].alpha = 0
                    }, completion: { (finished) -> Void in
                        Box.animate(withDuration: 0.05, animations: {
                            self.views[self.currentLabelIndex].alpha = 1
                        }, completion: { (fin) -> Void in
                            ++self.currentLabelIndex
                            if self.currentLabelIndex < self.views.count {
                                self.step1()
                            } else {
                                self.cycles += 1
                                print("cycle", self.cycles)
                                if self.refreshing {
                                    self.currentLabelIndex = 0
                                    self.step1()
                                }
                            }
                        })
                    })
                }
            }
            let control = Control()
            control.step1()
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { control.refreshing = false; print("ended") }
            """, natives: TestHost.library(log))
        #expect(lines == ["0.45 s cycle 1", "0.5 s ended", "0.9 s cycle 2"])
        #expect(
            log.lines.prefix(7) == [
                "0 s a.alpha = 0.0", "0.1 s a.alpha = 1.0", "0.15 s b.alpha = 0.0", "0.25 s b.alpha = 1.0",
                "0.3 s c.alpha = 0.0",
                "0.4 s c.alpha = 1.0", "0.45 s a.alpha = 0.0",
            ])
        #expect(log.lines.count == 12)
    }
}
