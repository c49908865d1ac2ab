#include "prompt_window.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

#include "assets.h"
#include "backend_factory.h"
#include "generator.h"
#include "gpt_model.h"

namespace pl {

// Owns the model and backend; every call arrives through queued signals on the worker thread.
class EngineWorker : public QObject {
    Q_OBJECT
  public:
    explicit EngineWorker(AppOptions options) : options_(std::move(options)) {}

  public slots:
    void load() {
        const QString dir = options_.model_dir.isEmpty()
                                ? QString::fromStdString(builtin_model_dir().string())
                                : options_.model_dir;
        auto model = GptModel::load(dir.toStdString());
        if (!model)
            return emit failed(QString::fromStdString(model.error().message));
        model_ = model.value();
        BackendRequest req;
        req.kind = options_.backend == "cpu" ? BackendKind::Cpu : BackendKind::Vulkan;
        req.explicit_kind = options_.explicit_backend;
        req.device_index = options_.device_index;
        KvPoolLayout layout;
        layout.capacity_blocks = (model_->config().n_positions + 15) / 16;
        auto be = create_backend(model_, layout, req);
        if (!be)
            return emit failed(QString::fromStdString(be.error().message));
        backend_ = std::move(be->backend);
        QString text = QStringLiteral("Model %1 · backend %2 (%3)")
                           .arg(QString::fromStdString(model_->name()),
                                QString::fromStdString(backend_->name()),
                                QString::fromStdString(backend_->device_name()));
        if (!be->fallback_reason.empty()) {
            text += QStringLiteral(" · Vulkan unavailable: %1")
                        .arg(QString::fromStdString(be->fallback_reason));
        }
        emit ready(text);
    }

    void generateText(const QString& prompt, int max_tokens) {
        if (!backend_)
            return;
        const auto ids = model_->tokenizer().encode(prompt.toStdString());
        if (ids.empty())
            return emit failed(tr("The prompt is empty."));
        auto r = generate(*backend_, ids, max_tokens, SamplingParams{}, [&](int32_t id) {
            emit token(QString::fromUtf8(model_->tokenizer().token_bytes(id)));
            return true;
        });
        if (!r)
            return emit failed(QString::fromStdString(r.error().message));
        emit finished(r->ttft_ms, static_cast<int>(r->output.size()));
    }

  signals:
    void ready(const QString& description);
    void failed(const QString& message);
    void token(const QString& text);
    void finished(double ttft_ms, int tokens);

  private:
    AppOptions options_;
    std::shared_ptr<const GptModel> model_;
    std::unique_ptr<InferenceBackend> backend_;
};

PromptWindow::PromptWindow(const AppOptions& options, QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("PrefixLens"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    prompt_ = new QPlainTextEdit(central);
    prompt_->setPlainText(
        tr("You are the assistant of a camera store. Returns are accepted within 30 days."));
    output_ = new QPlainTextEdit(central);
    output_->setReadOnly(true);
    run_ = new QPushButton(tr("Generate (Ctrl+Return)"), central);
    run_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    run_->setEnabled(false);
    layout->addWidget(new QLabel(tr("Prompt"), central));
    layout->addWidget(prompt_);
    layout->addWidget(run_);
    layout->addWidget(new QLabel(tr("Next tokens"), central));
    layout->addWidget(output_);
    setCentralWidget(central);
    status_ = new QLabel(tr("Loading the model and compiling shaders…"), this);
    statusBar()->addWidget(status_, 1);
    resize(900, 640);

    worker_ = new EngineWorker(options);
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &EngineWorker::ready, this, &PromptWindow::onReady);
    connect(worker_, &EngineWorker::failed, this, &PromptWindow::onFailed);
    connect(worker_, &EngineWorker::token, this, &PromptWindow::onToken);
    connect(worker_, &EngineWorker::finished, this, &PromptWindow::onFinished);
    connect(this, &PromptWindow::generateRequested, worker_, &EngineWorker::generateText);
    connect(run_, &QPushButton::clicked, this, [this] {
        output_->clear();
        run_->setEnabled(false);
        status_->setText(tr("Generating…"));
        emit generateRequested(prompt_->toPlainText(), 24);
    });
    thread_.start();
    QMetaObject::invokeMethod(worker_, &EngineWorker::load, Qt::QueuedConnection);
}

PromptWindow::~PromptWindow() {
    thread_.quit();
    thread_.wait();
}

void PromptWindow::onReady(const QString& description) {
    status_->setText(description);
    run_->setEnabled(true);
}

void PromptWindow::onFailed(const QString& message) {
    status_->setText(tr("Error: %1").arg(message));
    run_->setEnabled(true);
}

void PromptWindow::onToken(const QString& text) {
    output_->moveCursor(QTextCursor::End);
    output_->insertPlainText(text);
}

void PromptWindow::onFinished(double ttft_ms, int tokens) {
    status_->setText(
        tr("%1 tokens, time to first token %2 ms").arg(tokens).arg(ttft_ms, 0, 'f', 1));
    run_->setEnabled(true);
}

}  // namespace pl

#include "prompt_window.moc"
