// Shared helpers for the suites that open the app's window or its engine (they link the UI).
#pragma once

#include "session/engine_session.h"

namespace pl::test {

// The model on the CPU, named explicitly: these suites never touch Vulkan.
inline ui::EngineOptions cpu_engine() {
    ui::EngineOptions e;
    e.backend = BackendKind::Cpu;
    e.explicit_backend = true;
    return e;
}

}  // namespace pl::test
