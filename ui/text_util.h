// Small text helpers the views share: where a token came from, how to show raw token bytes,
// which text looks dynamic (times, dates, ids) and so breaks a cache prefix.
#pragma once

#include <QRegularExpression>
#include <QString>
#include <utility>
#include <vector>

#include "prompt_template.h"

namespace pl::ui {

// "tools[1]", "system", "message 2 (user)", "framing", translated.
QString originName(const PromptSegment& segment);
// Control characters made visible (⏎, →), cut to maxChars with an ellipsis.
QString visibleText(const QString& text, int maxChars);
QString formatBytes(double bytes);
// [begin, end) character ranges of text that looks dynamic: clock times, dates, UUIDs, long
// hex or numeric ids, order numbers. Such text at the head of a prompt defeats caching.
std::vector<std::pair<int, int>> dynamicRanges(const QString& text);

}  // namespace pl::ui
