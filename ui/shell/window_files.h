// Files in and out of the window: the Open dialog (starting where the last one was opened), which
// dropped files the window takes (scenarios, requests and logs; WindowTraffic::isTrafficFile says
// which open as traffic), and saving a screenshot. Errors are shown to the user here; the window
// only loads the path it is given.
#pragma once

#include <QCoreApplication>
#include <QString>

class QImage;
class QMimeData;
class QWidget;

namespace pl::ui {

class WindowFiles {
    Q_DECLARE_TR_FUNCTIONS(WindowFiles)
  public:
    // The file the user picks, or empty; `remember` keeps its folder for the next time.
    static QString askOpenPath(QWidget* parent, bool remember);
    // The one local file a drop carries, if the window can open it; else empty.
    static QString droppedPath(const QMimeData* mime);
    // Says why `path` could not be opened, in a message box over `parent`.
    static void showOpenError(QWidget* parent, const QString& error);
    // Asks where to save `image` as PNG and writes it there.
    static void saveScreenshot(QWidget* parent, const QImage& image);
};

}  // namespace pl::ui
