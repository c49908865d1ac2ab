#include "shell/window_layout.h"

#include <algorithm>

namespace pl::ui {

QRect firstLaunchGeometry(const QRect& area) {
    return area;
}

QRect clampToArea(const QRect& geometry, const QRect& area) {
    if (!area.isValid())
        return geometry;
    QRect g = geometry;
    g.setWidth(std::min(g.width(), area.width()));
    g.setHeight(std::min(g.height(), area.height()));
    g.moveLeft(std::clamp(g.left(), area.left(), area.right() - g.width() + 1));
    g.moveTop(std::clamp(g.top(), area.top(), area.bottom() - g.height() + 1));
    return g;
}

int readableWidthEm(const QString& dockName) {
    // The right-hand column holds running text (the prompt, the findings, the answer): about
    // 36 characters a line. The bottom row holds figures and charts with axis labels.
    if (dockName == QLatin1String("promptDock") || dockName == QLatin1String("lintDock") ||
        dockName == QLatin1String("outputDock"))
        return 36;
    if (dockName == QLatin1String("chartsDock") || dockName == QLatin1String("policiesDock") ||
        dockName == QLatin1String("modelDock"))
        return 40;
    if (dockName == QLatin1String("usageDock") || dockName == QLatin1String("poolDock") ||
        dockName == QLatin1String("memoryDock"))
        return 26;
    return 0;
}

DockLayout defaultDockLayout(const QSize& window, int em, int separator) {
    DockLayout l;
    l.compact = window.height() < kCompactBelowHeight;
    // The right-hand column: three tenths of the window, never less than its readable width and
    // never so much that the chain loses its room on a wide monitor.
    const int readableRight = readableWidthEm(QStringLiteral("promptDock")) * em;
    l.right = std::clamp(window.width() * 3 / 10, readableRight, std::max(readableRight, 72 * em));
    // Stacked: the prompt gets the most, the answer the least (it is a few lines of text).
    const int column = std::max(3, window.height());
    l.prompt = column * 45 / 100;
    l.lint = column * 35 / 100;
    l.output = column - l.prompt - l.lint;
    // The bottom row, in the shares that give each its readable width at 1280 px.
    const int bottomWidth = std::max(3, window.width() - l.right - 4 * separator);
    l.usage = bottomWidth * 27 / 100;
    l.charts = bottomWidth * 44 / 100;
    l.pool = bottomWidth - l.usage - l.charts;
    // A third of the height for the charts, within what a chart needs and what the chain spares.
    l.bottom = std::clamp(window.height() * 34 / 100, 240, 440);
    return l;
}

}  // namespace pl::ui
