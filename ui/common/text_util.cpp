#include "common/text_util.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <string>

#include "lint/dynamic_values.h"
#include "runner/request_runner.h"

namespace pl::ui {

namespace {

// Length of the UTF-8 sequence a lead byte starts; 0 for a byte that cannot start one.
int sequenceLength(unsigned char b) {
    if (b < 0x80)
        return 1;
    if (b >= 0xC2 && b <= 0xDF)
        return 2;
    if (b >= 0xE0 && b <= 0xEF)
        return 3;
    if (b >= 0xF0 && b <= 0xF4)
        return 4;
    return 0;
}

bool isContinuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// True when `s` ends inside a character: a lead byte still waiting for continuation bytes.
bool endsInsideCharacter(std::string_view s) {
    const std::size_t n = s.size();
    for (std::size_t back = 1; back <= std::min<std::size_t>(n, 4); ++back) {
        const char c = s[n - back];
        if (isContinuation(c))
            continue;
        return sequenceLength(static_cast<unsigned char>(c)) > static_cast<int>(back);
    }
    return false;
}

}  // namespace

QString originName(const PromptSegment& s) {
    const bool framing = s.pointer.empty();
    switch (s.kind) {
        case PartKind::Tool:
            return framing ? QCoreApplication::translate("pl::ui", "tools[%1] framing").arg(s.index)
                           : QCoreApplication::translate("pl::ui", "tools[%1]").arg(s.index);
        case PartKind::System:
            return framing ? QCoreApplication::translate("pl::ui", "system framing")
                           : QCoreApplication::translate("pl::ui", "system");
        case PartKind::Message:
            return (framing ? QCoreApplication::translate("pl::ui", "message %1 (%2) framing")
                            : QCoreApplication::translate("pl::ui", "message %1 (%2)"))
                .arg(s.index)
                .arg(QString::fromStdString(s.role));
        case PartKind::Generation:
            return QCoreApplication::translate("pl::ui", "answer prefix");
    }
    return {};
}

QString visibleText(const QString& text, int maxChars) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == QLatin1Char('\n'))
            out += QStringLiteral("⏎");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("→");
        else if (c.category() == QChar::Other_Control)
            out += QStringLiteral("·");
        else
            out += c;
    }
    if (maxChars > 0 && out.size() > maxChars)
        out = out.left(maxChars - 1) + QStringLiteral("…");
    return out;
}

QString formatBytes(double bytes) {
    if (bytes >= 1024.0 * 1024.0 * 1024.0)
        return QStringLiteral("%1 GiB").arg(bytes / (1024.0 * 1024.0 * 1024.0), 0, 'f', 2);
    if (bytes >= 1024.0 * 1024.0)
        return QStringLiteral("%1 MiB").arg(bytes / (1024.0 * 1024.0), 0, 'f', 1);
    if (bytes >= 1024.0)
        return QStringLiteral("%1 KiB").arg(bytes / 1024.0, 0, 'f', 0);
    return QStringLiteral("%1 B").arg(bytes, 0, 'f', 0);
}

QString hexBytes(std::string_view bytes) {
    QStringList parts;
    for (const char c : bytes)
        parts << QStringLiteral("%1").arg(static_cast<unsigned char>(c), 2, 16, QLatin1Char('0'));
    return parts.join(QLatin1Char(' '));
}

QString decodeUtf8Visible(std::string_view bytes) {
    QString out;
    std::string cut;
    auto flushCut = [&] {
        if (!cut.empty()) {
            out += QStringLiteral("‹") + hexBytes(cut) + QStringLiteral("›");
            cut.clear();
        }
    };
    std::size_t i = 0;
    while (i < bytes.size()) {
        const auto len =
            static_cast<std::size_t>(sequenceLength(static_cast<unsigned char>(bytes[i])));
        bool whole = len > 0 && i + len <= bytes.size();
        for (std::size_t k = 1; whole && k < len; ++k)
            whole = isContinuation(bytes[i + k]);
        if (whole) {
            const std::string_view seq = bytes.substr(i, len);
            const QString ch = QString::fromUtf8(seq.data(), static_cast<qsizetype>(len));
            // Overlong forms and surrogates decode to U+FFFD; a real U+FFFD (ef bf bd) stays.
            whole = !ch.contains(QChar::ReplacementCharacter) || seq == "\xEF\xBF\xBD";
            if (whole) {
                flushCut();
                out += ch;
                i += len;
                continue;
            }
        }
        cut += bytes[i];
        ++i;
    }
    flushCut();
    return out;
}

std::vector<TokenRun> tokenRuns(const std::vector<std::string_view>& tokens) {
    // A character is at most four bytes, but merges can chain cut characters (…82 e3|81 84…);
    // past this many tokens a run is shown as it stands, its cut bytes in hex.
    constexpr int kMaxRunTokens = 8;
    std::vector<TokenRun> runs;
    std::string pending;
    int first = 0;
    const int n = static_cast<int>(tokens.size());
    for (int i = 0; i < n; ++i) {
        if (pending.empty())
            first = i;
        pending += tokens[static_cast<std::size_t>(i)];
        const int count = i - first + 1;
        if (!endsInsideCharacter(pending) || count >= kMaxRunTokens || i + 1 == n) {
            runs.push_back({first, count, decodeUtf8Visible(pending)});
            pending.clear();
        }
    }
    return runs;
}

std::vector<std::pair<int, int>> dynamicRanges(const QString& text) {
    // The linter's detector (dates and times in English, Polish and Japanese, epochs, ids), and
    // only what it reports on a single request's own evidence, so the Prompt dock marks what the
    // Lint dock would report and nothing else.
    static const lint::DynamicValueDetector detector;
    const QByteArray utf8 = text.toUtf8();
    std::vector<std::pair<int, int>> ranges;
    for (const lint::DynamicSpan& span :
         detector.find(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())))) {
        if (!span.confident)
            continue;
        auto chars = [&](std::size_t bytes) {
            return static_cast<int>(
                QString::fromUtf8(utf8.constData(), static_cast<qsizetype>(bytes)).size());
        };
        ranges.emplace_back(chars(span.begin), chars(span.end));
    }
    return ranges;
}

}  // namespace pl::ui
