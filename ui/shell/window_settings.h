// What the window keeps between launches, in one place: the QSettings keys and their defaults.
// Read once at start, written when the window closes (never in tests or `shot`, which run
// without settings).
#pragma once

#include <QByteArray>
#include <QString>

#include "common/palette.h"

namespace pl::ui {

struct WindowSettings {
    Theme theme = Theme::Light;
    double zoom = 1.0;
    double speed = 1.0;
    QByteArray geometry;     // QWidget::saveGeometry()
    QByteArray windowState;  // QMainWindow::saveState(): the docks
    QString lastScenario;    // a built-in name or a file, reopened at the next start

    static WindowSettings read();
    // Writes every field; an empty lastScenario leaves the stored one.
    void write() const;

    // Whether a lesson was ever opened: the welcome line stays hidden from then on.
    static bool lessonOpened();
    static void setLessonOpened();
};

}  // namespace pl::ui
