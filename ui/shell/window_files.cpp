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
        parent, tr("Open a scenario or an Anthropic request"), start, tr("JSON files (*.json)"));
    if (!path.isEmpty() && remember)
        QSettings().setValue(kLastOpenDir, QFileInfo(path).absolutePath());
    return path;
}

QString WindowFiles::droppedPath(const QMimeData* mime) {
    const auto urls = mime->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return QString();
    const QString path = urls.front().toLocalFile();
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? path : QString();
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
