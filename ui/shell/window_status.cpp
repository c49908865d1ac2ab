#include "shell/window_status.h"

#include <QCoreApplication>
#include <QLabel>

namespace pl::ui {

// The window's own words, moved here: their translations stay in its catalogue context (lupdate
// reads the literal context of each translate()).

void showEngineStatus(QLabel* engineLabel, QLabel* fallbackLabel, const EngineInfo* engine,
                      bool deterministic, const Palette& pal) {
    if (!engine) {
        engineLabel->setText(QCoreApplication::translate("pl::ui::MainWindow", "model loading…"));
        fallbackLabel->clear();
        return;
    }
    const EngineInfo& info = *engine;
    if (deterministic) {
        // The device name changes with the machine; the images must not.
        engineLabel->setText(
            QCoreApplication::translate("pl::ui::MainWindow", "model %1 · backend %2")
                .arg(QString::fromStdString(info.model), QString::fromStdString(info.backend)));
    } else {
        engineLabel->setText(
            QCoreApplication::translate("pl::ui::MainWindow", "model %1 · backend %2 · %3")
                .arg(QString::fromStdString(info.model), QString::fromStdString(info.backend),
                     QString::fromStdString(info.device)));
    }
    if (!info.fallback_reason.empty()) {
        fallbackLabel->setText(
            QCoreApplication::translate("pl::ui::MainWindow", "⚠ Vulkan unavailable: %1")
                .arg(QString::fromStdString(info.fallback_reason)));
        fallbackLabel->setToolTip(QString::fromStdString(info.fallback_reason));
        QPalette p = fallbackLabel->palette();
        p.setColor(QPalette::WindowText, pal.computed);
        fallbackLabel->setPalette(p);
        fallbackLabel->setMaximumWidth(fallbackLabel->fontMetrics().height() * 30);
    } else if (!info.software_device.empty()) {
        // A choice, not a failure: no warning colour.
        fallbackLabel->setText(
            QCoreApplication::translate("pl::ui::MainWindow", "software Vulkan: CPU twin"));
        fallbackLabel->setToolTip(
            QCoreApplication::translate(
                "pl::ui::MainWindow",
                "The only Vulkan device here, %1, runs on the processor. The CPU twin computes the "
                "same model several times faster on the same cores, so it runs instead. Start "
                "with --backend vulkan to use %1 anyway.")
                .arg(QString::fromStdString(info.software_device)));
        QPalette p = fallbackLabel->palette();
        p.setColor(QPalette::WindowText, pal.mutedText);
        fallbackLabel->setPalette(p);
        fallbackLabel->setMaximumWidth(QWIDGETSIZE_MAX);
    } else {
        fallbackLabel->clear();
    }
}

}  // namespace pl::ui
