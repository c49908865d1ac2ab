// Shared helpers for the suites that open the app's window or its engine (they link the UI).
#pragma once

#include <QSignalSpy>
#include <QString>
#include <QTest>

#include "session/engine_session.h"

namespace pl::test {

// The model on the CPU, named explicitly: these suites never touch Vulkan.
inline ui::EngineOptions cpu_engine() {
    ui::EngineOptions e;
    e.backend = BackendKind::Cpu;
    e.explicit_backend = true;
    return e;
}

// A barrier on the engine's worker in place of a fixed wait: the worker takes requests in the
// order they were made and its answers arrive in the order it sent them, so once a request made
// now is answered, every answer to an earlier request has been delivered. False on timeout.
inline bool waitForWorkerBarrier(ui::EngineHost& host, int timeout_ms = 300000) {
    QSignalSpy done(&host, &ui::EngineHost::probeScenarioReady);
    host.requestProbeScenario(64);
    return QTest::qWaitFor([&] { return !done.isEmpty(); }, timeout_ms);
}

// The offscreen platform warns "does not support propagateSizeHints()" each time a window's
// size limits change: hundreds of lines per suite that bury the one line saying why a check
// failed. Called from initTestCase (after QTest installed its own handler, which every other
// message still reaches).
inline void quietOffscreenNoise() {
    static QtMessageHandler next = nullptr;
    next = qInstallMessageHandler(
        [](QtMsgType type, const QMessageLogContext& where, const QString& text) {
            if (type == QtWarningMsg && text.contains(QLatin1String("propagateSizeHints")))
                return;
            if (next)
                next(type, where, text);
        });
}

}  // namespace pl::test
