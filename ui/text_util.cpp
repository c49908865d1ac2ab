#include "text_util.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <string>

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
    static const QRegularExpression patterns[] = {
        // 09:41 or 09:41:07, optionally with milliseconds
        QRegularExpression(QStringLiteral(R"(\b\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\b)")),
        // 2026-11-30, 30/11/2026, ISO timestamps
        QRegularExpression(QStringLiteral(R"(\b\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?Z?)?\b)")),
        QRegularExpression(QStringLiteral(R"(\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b)")),
        // Monday 30 November 2026, 30 November 2026
        QRegularExpression(QStringLiteral(
            R"(\b(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,? \d{1,2} [A-Z][a-z]+ \d{4}\b)")),
        QRegularExpression(
            QStringLiteral(R"(\b\d{1,2} (January|February|March|April|May|June|July|August|)"
                           R"(September|October|November|December) \d{4}\b)")),
        // UUIDs, long hex ids, request/session ids
        QRegularExpression(QStringLiteral(
            R"(\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b)")),
        QRegularExpression(QStringLiteral(R"(\b[0-9a-f]{12,}\b)")),
        QRegularExpression(QStringLiteral(R"(\b(req|sess|msg|toolu|call|id)_[A-Za-z0-9]{6,}\b)")),
        // Unix timestamps
        QRegularExpression(QStringLiteral(R"(\b1[6-9]\d{8}(\d{3})?\b)")),
    };
    std::vector<std::pair<int, int>> ranges;
    for (const auto& re : patterns) {
        auto it = re.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            ranges.emplace_back(static_cast<int>(m.capturedStart()),
                                static_cast<int>(m.capturedEnd()));
        }
    }
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<int, int>> merged;
    for (const auto& r : ranges) {
        if (!merged.empty() && r.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, r.second);
        else
            merged.push_back(r);
    }
    return merged;
}

}  // namespace pl::ui
