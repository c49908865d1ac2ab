#include "shell/window_settings.h"

#include <QSettings>

namespace pl::ui {

namespace {
const QString kTheme = QStringLiteral("theme");
const QString kZoom = QStringLiteral("zoom");
const QString kSpeed = QStringLiteral("speed");
const QString kGeometry = QStringLiteral("geometry");
const QString kWindowState = QStringLiteral("windowState");
const QString kLastScenario = QStringLiteral("lastScenario");
const QString kLessonOpened = QStringLiteral("lessonOpened");
}  // namespace

WindowSettings WindowSettings::read() {
    QSettings s;
    WindowSettings w;
    w.theme = s.value(kTheme).toString() == QLatin1String("dark") ? Theme::Dark : Theme::Light;
    w.zoom = s.value(kZoom, 1.0).toDouble();
    w.speed = s.value(kSpeed, 1.0).toDouble();
    w.geometry = s.value(kGeometry).toByteArray();
    w.windowState = s.value(kWindowState).toByteArray();
    w.lastScenario = s.value(kLastScenario).toString();
    return w;
}

void WindowSettings::write() const {
    QSettings s;
    s.setValue(kGeometry, geometry);
    s.setValue(kWindowState, windowState);
    s.setValue(kTheme, theme == Theme::Dark ? "dark" : "light");
    s.setValue(kZoom, zoom);
    s.setValue(kSpeed, speed);
    if (!lastScenario.isEmpty())
        s.setValue(kLastScenario, lastScenario);
}

bool WindowSettings::lessonOpened() {
    return QSettings().value(kLessonOpened).toBool();
}

void WindowSettings::setLessonOpened() {
    QSettings().setValue(kLessonOpened, true);
}

}  // namespace pl::ui
