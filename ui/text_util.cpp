#include "text_util.h"

#include <QCoreApplication>
#include <algorithm>

namespace pl::ui {

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
