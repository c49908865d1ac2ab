#include "shell/layout_report.h"

#include <QDockWidget>
#include <QJsonArray>
#include <QScreen>

#include "shell/main_window.h"
#include "shell/window_layout.h"

namespace pl::ui {

namespace {

QJsonObject rectJson(const QRect& r) {
    return {{"x", r.x()}, {"y", r.y()}, {"width", r.width()}, {"height", r.height()}};
}

}  // namespace

QJsonObject layoutReport(const MainWindow& window) {
    QJsonObject report;
    if (const QScreen* s = window.screen()) {
        QJsonObject screen = rectJson(s->availableGeometry());
        screen["device_pixel_ratio"] = s->devicePixelRatio();
        report["screen"] = screen;
    }
    report["frame"] = rectJson(window.frameGeometry());
    report["minimum"] = QJsonObject{{"width", window.minimumSizeHint().width()},
                                    {"height", window.minimumSizeHint().height()}};
    const int em = window.fontMetrics().averageCharWidth();
    report["em"] = em;
    QJsonArray docks;
    for (const QDockWidget* d : window.findChildren<QDockWidget*>()) {
        QJsonObject dock = rectJson(QRect(d->mapTo(&window, QPoint(0, 0)), d->size()));
        dock["name"] = d->objectName();
        dock["title"] = d->windowTitle();
        dock["visible"] = d->isVisible();
        // A dock tabbed behind another is "visible" but not on screen.
        dock["in_front"] = d->isVisible() && !d->visibleRegion().isEmpty();
        dock["floating"] = d->isFloating();
        dock["area"] = static_cast<int>(window.dockWidgetArea(const_cast<QDockWidget*>(d)));
        dock["readable_width"] = readableWidthEm(d->objectName()) * em;
        docks.append(dock);
    }
    report["docks"] = docks;
    return report;
}

}  // namespace pl::ui
