// A first window: type a prompt, generate the next tokens with the built-in model. The engine
// runs on a worker thread; the window only posts work and receives results.
#pragma once

#include <QMainWindow>
#include <QThread>
#include <memory>

class QPlainTextEdit;
class QPushButton;
class QLabel;

namespace pl {

class EngineWorker;

struct AppOptions {
    QString model_dir;  // empty: the built-in model
    QString backend;    // "vulkan" (default) or "cpu"
    int device_index = -1;
    bool explicit_backend = false;
};

class PromptWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit PromptWindow(const AppOptions& options, QWidget* parent = nullptr);
    ~PromptWindow() override;

  signals:
    void generateRequested(const QString& prompt, int max_tokens);

  private slots:
    void onReady(const QString& description);
    void onFailed(const QString& message);
    void onToken(const QString& text);
    void onFinished(double ttft_ms, int tokens);

  private:
    QPlainTextEdit* prompt_ = nullptr;
    QPlainTextEdit* output_ = nullptr;
    QPushButton* run_ = nullptr;
    QLabel* status_ = nullptr;
    QThread thread_;
    EngineWorker* worker_ = nullptr;  // lives on thread_, deleted when it finishes
};

}  // namespace pl
