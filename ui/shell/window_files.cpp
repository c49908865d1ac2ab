#include "shell/window_files.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QUrl>

namespace pl::ui {

namespace {
const QString kLastOpenDir = QStringLiteral("lastOpenDir");
}

QString WindowFiles::askOpenPath(QWidget* parent, bool remember) {
    const QString start = QSettings().value(kLastOpenDir).toString();
    const QString path = QFileDialog::getOpenFileName(
        parent, tr("Open a scenario, a request or a log"), start,
        tr("Scenarios, requests and logs (*.json *.jsonl *.ndjson *.log);;All files (*)"));
    if (!path.isEmpty() && remember)
        QSettings().setValue(kLastOpenDir, QFileInfo(path).absolutePath());
    return path;
}

QString WindowFiles::droppedPath(const QMimeData* mime) {
    const auto urls = mime->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return QString();
    const QString path = urls.front().toLocalFile();
    // A scenario or a request (.json), or a log to open as traffic.
    for (const char* ext : {".json", ".jsonl", ".ndjson", ".log"}) {
        if (path.endsWith(QLatin1String(ext), Qt::CaseInsensitive))
            return path;
    }
    return QString();
}

void WindowFiles::showOpenError(QWidget* parent, const QString& error) {
    QMessageBox::warning(parent, tr("Cannot open"), error);
}

void WindowFiles::saveScreenshot(QWidget* parent, const QImage& image) {
    const QString path = QFileDialog::getSaveFileName(parent, tr("Save a screenshot"), QString(),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !image.save(path, "PNG"))
        QMessageBox::warning(parent, tr("Cannot save"), tr("Could not write %1").arg(path));
}

}  // namespace pl::ui
