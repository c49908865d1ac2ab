// Lesson files: any bytes. An accepted lesson has at least one step, each with an English
// title and text, on exactly one of a scenario or a log (a log step with its row, and no
// request or moment).
#include "fuzz_support.h"
#include "lessons/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    auto l = ui::parseLesson(std::string(fuzz::as_text(data, size)), "lesson.json");
    if (!l) {
        PL_FUZZ_CHECK(fuzz::one_line(l.error().message));
        return 0;
    }
    PL_FUZZ_CHECK(!l->steps.empty());
    for (const auto& step : l->steps) {
        PL_FUZZ_CHECK(!step.title.exactly("en").empty() && !step.text.exactly("en").empty());
        PL_FUZZ_CHECK(step.scenario.empty() != step.log.empty());
        if (step.isLog())
            PL_FUZZ_CHECK(step.row >= 0 && !step.request && step.at == ui::LessonMoment::End);
        else
            PL_FUZZ_CHECK(step.row == -1 && !step.policy);
    }
    return 0;
}
