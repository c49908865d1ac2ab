// Small text helpers the views share: where a token came from, how to show raw token bytes,
// which text looks dynamic (times, dates, ids) and so breaks a cache prefix.
#pragma once

#include <QRegularExpression>
#include <QString>
#include <string_view>
#include <utility>
#include <vector>

namespace pl {
struct PromptSegment;  // of a request's result (runner/request_runner.h)
}  // namespace pl

namespace pl::ui {

// "tools[1]", "system", "message 2 (user)", "framing", translated.
QString originName(const PromptSegment& segment);
// Control characters made visible (⏎, →), cut to maxChars with an ellipsis.
QString visibleText(const QString& text, int maxChars);
QString formatBytes(double bytes);

// UTF-8 as text, with bytes that do not make a whole character shown as ‹e3 81› instead of
// U+FFFD: a block or a token can end in the middle of a character.
QString decodeUtf8Visible(std::string_view bytes);
// Bytes as lowercase hex pairs, "e3 81 82".
QString hexBytes(std::string_view bytes);

// Byte-level BPE cuts characters: most Japanese characters are two or three tokens of the
// built-in model. A run is the shortest span of consecutive tokens that starts and ends on a
// character boundary; a token holding only whole characters is a run of its own.
struct TokenRun {
    int first = 0;  // index of its first token
    int count = 0;  // more than one when a character straddles tokens
    QString text;   // the whole characters; bytes that never complete one as ‹e3 81›
};
std::vector<TokenRun> tokenRuns(const std::vector<std::string_view>& tokens);
// [begin, end) character ranges of text that is dynamic on its own evidence, as the linter
// judges a single request (lint::DynamicValueDetector): clock times with seconds, dated times,
// weekdays with dates, epochs, UUIDs and ids, in English, Polish and Japanese. Such text at the
// head of a prompt defeats caching.
std::vector<std::pair<int, int>> dynamicRanges(const QString& text);

}  // namespace pl::ui
