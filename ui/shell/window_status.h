// The status bar's engine labels: the model and backend that run (the device too, except in
// deterministic shots, whose images must not change with the machine), and whether the CPU twin
// runs in Vulkan's place, and why.
#pragma once

#include "common/palette.h"
#include "state/scenario_run.h"

class QLabel;

namespace pl::ui {

// `info` null: the model is still loading.
void showEngineStatus(QLabel* engine, QLabel* fallback, const EngineInfo* info, bool deterministic,
                      const Palette& pal);

}  // namespace pl::ui
