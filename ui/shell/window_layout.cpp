#include "shell/window_layout.h"

#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QScrollArea>
#include <QStyle>
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

void fitSharesToNeeds(int* shares, const int* needs, int count) {
    int deficit = 0, slack = 0;
    for (int i = 0; i < count; ++i) {
        deficit += std::max(0, needs[i] - shares[i]);
        slack += std::max(0, shares[i] - needs[i]);
    }
    if (deficit == 0 || slack == 0)
        return;
    const int moved = std::min(deficit, slack);
    int given = 0, taken = 0;
    for (int i = 0; i < count; ++i) {
        if (needs[i] > shares[i]) {
            // Each short share gets its part of what can be moved, the last one the rounding.
            const int want = needs[i] - shares[i];
            const int part = static_cast<int>(static_cast<long long>(want) * moved / deficit);
            shares[i] += part;
            given += part;
        }
    }
    for (int i = 0; i < count; ++i) {
        const int room = shares[i] - needs[i];
        if (room > 0) {
            const int part = static_cast<int>(static_cast<long long>(room) * given / slack);
            shares[i] -= part;
            taken += part;
        }
    }
    // Rounding: what was taken and given differs by a pixel or two; the widest share evens it.
    int* widest = std::max_element(shares, shares + count);
    *widest += taken - given;
}

DockLayout defaultDockLayout(const QSize& window, int em, int separator, BottomNeeds needs) {
    DockLayout l;
    l.compact = window.height() < kCompactBelowHeight;
    // The right-hand column: 380 px of a 1280 px projector (the width every text was fitted to
    // in three languages), the same share of a larger window up to 72 characters a line, and
    // never less than its readable width.
    const int readableRight = readableWidthEm(QStringLiteral("promptDock")) * em;
    const int share = std::min(window.width() * 3 / 10, 380 * window.width() / 1280);
    // With large text on a small screen the readable width gives way, at 35% of the window: the
    // bottom row's figures and charts need their room too.
    const int leastRight = std::min(readableRight, window.width() * 7 / 20);
    l.right = std::clamp(share, leastRight, std::max(leastRight, 72 * em));
    // Stacked: the prompt and the findings alike, the answer (a few lines) the least.
    const int column = std::max(3, window.height());
    l.prompt = column * 33 / 76;
    l.lint = column * 33 / 76;
    l.output = column - l.prompt - l.lint;
    // The bottom row in the shares that give each its readable width at 1280 px: the usage
    // figures, the charts with their legends, the pool's grid.
    const int bottomWidth = std::max(3, window.width() - l.right - 4 * separator);
    l.usage = bottomWidth * 270 / 950;
    l.charts = bottomWidth * 420 / 950;
    l.pool = bottomWidth - l.usage - l.charts;
    // Larger text, or a language with longer words, can need more than those shares.
    int shares[3] = {l.usage, l.charts, l.pool};
    const int wanted[3] = {needs.usage, needs.charts, needs.pool};
    fitSharesToNeeds(shares, wanted, 3);
    l.usage = shares[0];
    l.charts = shares[1];
    l.pool = shares[2];
    // 270 px of 800 for the charts, the same share elsewhere, within what a chart needs and
    // what the chain spares.
    l.bottom = std::clamp(window.height() * 27 / 80, 240, 440);
    return l;
}

namespace {

// A scroll area of its own between `c` and `body` (the radix tree's canvas) shows it whatever
// its width.
bool insideScrollArea(const QWidget* c, const QWidget* body) {
    for (const QWidget* p = c->parentWidget(); p && p != body; p = p->parentWidget()) {
        if (qobject_cast<const QAbstractScrollArea*>(p))
            return true;
    }
    return false;
}

}  // namespace

// A scroll area hides its body's minimum from the dock's own, so that is worked out from the
// body's controls: the widest control where it sits, plus the body's right margin and a vertical
// scroll bar. Text that wraps (labels with word wrap) needs no width of its own, and a
// container's hint would count it; a table in a label wraps only down to its columns' longest
// words, so it counts.
int dockContentWidthNeeded(const QDockWidget* dock) {
    const QWidget* w = dock->widget();
    if (!w)
        return 0;
    int need = w->minimumSizeHint().width();
    for (const QScrollArea* a : w->findChildren<QScrollArea*>()) {
        QWidget* body = a->widget();
        if (!body || !a->isVisibleTo(w))
            continue;
        int widest = 0;
        for (const QWidget* c : body->findChildren<QWidget*>()) {
            const auto* label = qobject_cast<const QLabel*>(c);
            const bool wraps =
                label && label->wordWrap() && !label->text().contains(QLatin1String("<table"));
            if (wraps || !c->isVisibleTo(body) || c->metaObject() == &QWidget::staticMetaObject ||
                insideScrollArea(c, body))
                continue;
            widest =
                std::max(widest, c->mapTo(body, QPoint(0, 0)).x() + c->minimumSizeHint().width());
        }
        const int margin = body->layout() ? body->layout()->contentsMargins().right() : 0;
        need =
            std::max(need, widest + margin + a->style()->pixelMetric(QStyle::PM_ScrollBarExtent) +
                               2 * a->frameWidth());
    }
    return need;
}

}  // namespace pl::ui
