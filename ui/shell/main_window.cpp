#include "shell/main_window.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTableWidget>
#include <QTextDocument>
#include <QTextEdit>
#include <QTimer>
#include <QVBoxLayout>

#include "common/elided_label.h"
#include "common/i18n.h"
#include "common/icons.h"
#include "lessons/lesson.h"
#include "lessons/lesson_panel.h"
#include "panels/charts_panel.h"
#include "panels/lint_panel.h"
#include "panels/live_panel.h"
#include "panels/memory_scale_panel.h"
#include "panels/model_panel.h"
#include "panels/policies_panel.h"
#include "panels/usage_panel.h"
#include "session/scenario_import.h"
#include "shell/transport_bar.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"
#include "views/block_chain_view.h"
#include "views/output_view.h"
#include "views/pool_view.h"
#include "views/prompt_view.h"
#include "views/spotlight_overlay.h"

namespace pl::ui {

namespace {
constexpr double kMinZoom = 0.6;
constexpr double kMaxZoom = 3.0;
constexpr double kZoomStep = 1.15;
}  // namespace

QString MainWindow::defaultScenarioName() {
    const auto names = builtin_scenario_names();
    for (const auto& n : names) {
        if (n == "timestamp-at-head")
            return QString::fromStdString(n);
    }
    return names.empty() ? QString() : QString::fromStdString(names.front());
}

MainWindow::MainWindow(MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent), options_(std::move(options)) {
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    baseFontPt_ = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 10.0;
    if (options_.deterministic)
        options_.engine.timing = TimingSource::CostModel;
    context_ = new ScenarioContext(this);
    engine_ = new EngineHost(options_.engine, this);

    buildActions();

    // Banner: the scenario picker, its title and what to watch.
    auto* central = new QWidget(this);
    auto* v = new QVBoxLayout(central);
    v->setContentsMargins(8, 6, 8, 2);
    v->setSpacing(4);
    auto* top = new QHBoxLayout;
    picker_ = new QComboBox(central);
    for (const auto& name : builtin_scenario_names()) {
        auto sc = load_scenario(name);
        const QString n = QString::fromStdString(name);
        picker_->addItem(
            sc ? QStringLiteral("%1 — %2").arg(n, QString::fromStdString(sc->title)) : n, n);
    }
    picker_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    picker_->setMinimumContentsLength(28);
    // PageUp/PageDown are the presenter's clicker: they step a lesson and nothing else, whichever
    // of this window's widgets has the focus (see eventFilter).
    qApp->installEventFilter(this);
    title_ = new ElidedLabel(central);  // a long title must not widen the window
    top->addWidget(picker_);
    top->addWidget(title_, 1);
    v->addLayout(top);
    description_ = new QLabel(central);
    description_->setWordWrap(true);
    description_->setTextFormat(Qt::PlainText);
    v->addWidget(description_);
    // For whoever opens the app cold: where the guided part is. Gone once a lesson has started.
    welcome_ = new QLabel(central);
    welcome_->setObjectName(QStringLiteral("welcome"));
    welcome_->setTextFormat(Qt::RichText);
    welcome_->setWordWrap(true);  // never widens the window
    v->addWidget(welcome_);
    chain_ = new BlockChainView(context_, central);
    v->addWidget(chain_, 1);
    TransportActions ta;
    ta.toStart = actions_.toStart;
    ta.prevRequest = actions_.prevRequest;
    ta.stepBack = actions_.stepBack;
    ta.playPause = playAction_;
    ta.stepForward = actions_.stepForward;
    ta.nextRequest = actions_.nextRequest;
    ta.toEnd = actions_.toEnd;
    transport_ = new TransportBar(context_, ta, central);
    v->addWidget(transport_);
    setCentralWidget(central);

    buildDocks();
    buildLessons();
    connectEditActions();
    connect(welcome_, &QLabel::linkActivated, this, [this] { actions_.firstLesson->trigger(); });
    connect(lessons_, &LessonPanel::lessonStarted, welcome_, [this] {
        welcome_->hide();
        if (options_.useSettings)
            QSettings().setValue(QStringLiteral("lessonOpened"), true);
    });
    if (options_.useSettings && QSettings().value(QStringLiteral("lessonOpened")).toBool())
        welcome_->hide();

    // Status texts give way rather than widen the window: a long progress message and the
    // engine's device name together are wider than a projector in Polish (1380 px of 1280).
    progress_ = new ElidedLabel(this);
    progress_->setObjectName(QStringLiteral("progress"));
    engineLabel_ = new ElidedLabel(this);
    engineLabel_->setObjectName(QStringLiteral("engine"));
    fallbackLabel_ = new QLabel(this);
    fallbackLabel_->setObjectName(QStringLiteral("fallback"));
    statusBar()->addWidget(progress_, 1);
    statusBar()->addPermanentWidget(fallbackLabel_);
    statusBar()->addPermanentWidget(engineLabel_);
    setProgress([] { return tr("Loading model…"); });

    connect(picker_, &QComboBox::activated, this,
            [this](int i) { loadScenarioNameOrFile(picker_->itemData(i).toString()); });
    connect(context_, &ScenarioContext::playRequested, this, [this](const Scenario& sc) {
        runFailed_ = false;
        if (engine_)
            engine_->play(sc);
    });
    // The engine answers on this thread through queued signals; a closed window's context is
    // gone, and so is every connection to it.
    QPointer<ScenarioContext> ctx(context_);
    connect(engine_, &EngineHost::runProgress, this, [ctx](const ScenarioRunPtr& run) {
        if (ctx)
            ctx->setPartialRun(run);
    });
    connect(engine_, &EngineHost::runReady, this, [this, ctx](const ScenarioRunPtr& run) {
        if (!ctx)
            return;
        ctx->setRun(run);
        if (!run->error.empty()) {
            setProgress([error = QString::fromStdString(run->error)] {
                return tr("Stopped early: %1").arg(error);
            });
        } else if (run->timing == TimingSource::CostModel) {
            setProgress([requests = run->requestCount(), events = run->eventCount()] {
                return tr("Played %1 requests · %2 events · TTFT from the cost model")
                    .arg(requests)
                    .arg(events);
            });
        } else if (run->from_store) {
            // Not played now: the numbers are those of the first play, on this engine.
            setProgress([requests = run->requestCount(), seconds = run->play_ms / 1000.0] {
                return tr("%1 requests, as played before in %2 s (kept in the run cache)")
                    .arg(requests)
                    .arg(seconds, 0, 'f', 2);
            });
        } else {
            setProgress([requests = run->requestCount(), seconds = run->play_ms / 1000.0,
                         events = run->eventCount()] {
                return tr("Played %1 requests in %2 s · %3 events")
                    .arg(requests)
                    .arg(seconds, 0, 'f', 2)
                    .arg(events);
            });
        }
        refreshStatus();
        emit runShown();
    });
    // The worker's messages come translated; they are transient and are not said again.
    connect(engine_, &EngineHost::progress, this,
            [this](const QString& t) { setProgress([t] { return t; }); });
    connect(engine_, &EngineHost::engineReady, this, [this] { refreshStatus(); });
    connect(engine_, &EngineHost::failed, this, [this](const QString& message) {
        lastError_ = message;
        runFailed_ = true;
        context_->setRunFailed(message);
        setProgress([message] { return tr("Error: %1").arg(message); });
        emit runFailed(message);
    });
    connect(engine_, &EngineHost::busyChanged, this, [this](bool) { refreshBanner(); });
    connect(context_, &ScenarioContext::scenarioChanged, this, &MainWindow::refreshBanner);
    connect(context_, &ScenarioContext::playingChanged, this, [this] {
        retranslatePlayAction();
        updateIcons();
    });

    retranslateUi();
    resize(1280, 800);
    if (options_.useSettings)
        restoreSettings();
    applyTheme();
    setZoom(zoom_);
    refreshBanner();
    refreshStatus();

    if (options_.loadInitialScenario) {
        QString initial = options_.initialScenario;
        if (initial.isEmpty() && options_.useSettings)
            initial = QSettings().value(QStringLiteral("lastScenario")).toString();
        QString error;
        if (initial.isEmpty() || !loadScenarioNameOrFile(initial, &error)) {
            loadScenarioNameOrFile(defaultScenarioName());
            if (!error.isEmpty())
                setProgress([error] { return error; });
        }
    }
}

MainWindow::~MainWindow() = default;

QAction* MainWindow::action(const QString& name) const {
    for (QAction* a : findChildren<QAction*>()) {
        if (a->objectName() == name)
            return a;
    }
    return nullptr;
}

void MainWindow::connectEditActions() {
    QTextDocument* doc = prompt_->editor()->document();
    actions_.undo->setEnabled(doc->isUndoAvailable());
    actions_.redo->setEnabled(doc->isRedoAvailable());
    connect(doc, &QTextDocument::undoAvailable, actions_.undo, &QAction::setEnabled);
    connect(doc, &QTextDocument::redoAvailable, actions_.redo, &QAction::setEnabled);
    auto refresh = [this] {
        actions_.revert->setEnabled(context_->isModified());
        actions_.sendAgain->setEnabled(context_->hasScenario());
    };
    refresh();
    connect(context_, &ScenarioContext::scenarioChanged, this, refresh);
}

// Every shortcut of the window, read from its menus: the list can never disagree with the keys.
void MainWindow::showShortcuts() {
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keyboard shortcuts"));
    auto* table = new QTableWidget(dialog);
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Key"), tr("Does")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    for (QAction* menuAction : menuBar()->actions()) {
        QMenu* menu = menuAction->menu();
        if (!menu)
            continue;
        for (QAction* a : menu->actions()) {
            if (a->shortcuts().isEmpty() || a->text().isEmpty())
                continue;
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            const int row = table->rowCount();
            table->insertRow(row);
            table->setItem(row, 0, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
            table->setItem(row, 1,
                           new QTableWidgetItem(QStringLiteral("%1 › %2").arg(
                               menu->title().remove(u'&'), a->text().remove(u'&'))));
        }
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* v = new QVBoxLayout(dialog);
    v->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    v->addWidget(buttons);
    dialog->resize(560, std::min(640, height() - 80));
    dialog->show();
}

void MainWindow::buildActions() {
    // Texts come from retranslateUi(); here only what does not depend on the language.
    auto action = [this](QMenu* menu, const char* name, const QKeySequence& key, auto slot) {
        QAction* a = menu->addAction(QString());
        a->setObjectName(QLatin1String(name));
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    Actions& a = actions_;
    fileMenu_ = menuBar()->addMenu(QString());
    a.open = action(fileMenu_, "open", QKeySequence::Open, [this] { openFile(); });
    a.shot = action(fileMenu_, "saveScreenshot", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
                    [this] { saveScreenshot(); });
    fileMenu_->addSeparator();
    a.quit = action(fileMenu_, "quit", QKeySequence::Quit, [this] { close(); });

    // Edits of the request on screen: Ctrl+Z in the editor is its own; from anywhere else in the
    // window the menu's does the same, and Revert drops every edit and Send again at once.
    editMenu_ = menuBar()->addMenu(QString());
    a.undo = action(editMenu_, "undo", QKeySequence::Undo, [this] { prompt_->editor()->undo(); });
    a.redo = action(editMenu_, "redo", QKeySequence::Redo, [this] { prompt_->editor()->redo(); });
    editMenu_->addSeparator();
    a.sendAgain = action(editMenu_, "sendAgain", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
                         [this] { prompt_->sendAgain(); });
    a.revert = action(editMenu_, "revert", QKeySequence(), [this] { context_->revert(); });

    playMenu_ = menuBar()->addMenu(QString());
    playAction_ = action(playMenu_, "playPause", QKeySequence(Qt::Key_Space),
                         [this] { context_->togglePlaying(); });
    a.stepBack = action(playMenu_, "stepBack", QKeySequence(Qt::Key_Left),
                        [this] { context_->stepEvent(-1); });
    a.stepForward = action(playMenu_, "stepForward", QKeySequence(Qt::Key_Right),
                           [this] { context_->stepEvent(1); });
    a.prevRequest = action(playMenu_, "prevRequest", QKeySequence(Qt::SHIFT | Qt::Key_Left),
                           [this] { context_->stepRequest(-1); });
    a.nextRequest = action(playMenu_, "nextRequest", QKeySequence(Qt::SHIFT | Qt::Key_Right),
                           [this] { context_->stepRequest(1); });
    a.toStart =
        action(playMenu_, "toStart", QKeySequence(Qt::Key_Home), [this] { context_->toStart(); });
    a.toEnd = action(playMenu_, "toEnd", QKeySequence(Qt::Key_End), [this] { context_->toEnd(); });
    playMenu_->addSeparator();
    auto speedBy = [this](int dir) {
        const auto& s = TransportBar::speeds();
        auto it = std::find(s.begin(), s.end(), context_->speed());
        long i = it == s.end() ? 2 : it - s.begin();
        i = std::clamp<long>(i + dir, 0, static_cast<long>(s.size()) - 1);
        context_->setSpeed(s[static_cast<std::size_t>(i)]);
    };
    a.faster =
        action(playMenu_, "faster", QKeySequence(Qt::Key_BracketRight), [speedBy] { speedBy(1); });
    a.slower =
        action(playMenu_, "slower", QKeySequence(Qt::Key_BracketLeft), [speedBy] { speedBy(-1); });
    playMenu_->addSeparator();
    a.again = action(playMenu_, "runAgain", QKeySequence(Qt::CTRL | Qt::Key_R),
                     [this] { prompt_->runAgain(); });

    viewMenu_ = menuBar()->addMenu(QString());
    darkAction_ = viewMenu_->addAction(QString());
    darkAction_->setObjectName(QStringLiteral("darkTheme"));
    darkAction_->setCheckable(true);
    darkAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(darkAction_, &QAction::toggled, this,
            [this](bool dark) { setTheme(dark ? Theme::Dark : Theme::Light); });
    a.zoomIn = action(viewMenu_, "zoomIn", QKeySequence(Qt::CTRL | Qt::Key_Equal),
                      [this] { setZoom(zoom_ * kZoomStep); });
    a.zoomIn->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)});
    a.zoomOut = action(viewMenu_, "zoomOut", QKeySequence(Qt::CTRL | Qt::Key_Minus),
                       [this] { setZoom(zoom_ / kZoomStep); });
    a.zoomReset = action(viewMenu_, "zoomReset", QKeySequence(Qt::CTRL | Qt::Key_0),
                         [this] { setZoom(1.0); });
    // Each language is named in itself: whoever cannot read the current one still finds theirs.
    languageMenu_ = viewMenu_->addMenu(QString());
    languageMenu_->setObjectName(QStringLiteral("languageMenu"));
    languageGroup_ = new QActionGroup(this);
    for (const QString& code : availableLanguages()) {
        QAction* l = languageMenu_->addAction(languageEndonym(code));
        l->setObjectName(QStringLiteral("language-") + code);
        l->setData(code);
        l->setCheckable(true);
        languageGroup_->addAction(l);
        connect(l, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
    viewMenu_->addSeparator();

    lessonsMenu_ = menuBar()->addMenu(QString());

    helpMenu_ = menuBar()->addMenu(QString());
    a.firstLesson = action(helpMenu_, "firstLesson", QKeySequence(), [this] {
        const auto names = builtinLessonNames();
        QString error;
        if (!names.empty() && !lessons_->openLesson(QString::fromStdString(names.front()), &error))
            setProgress([error] { return error; });
    });
    a.shortcuts =
        action(helpMenu_, "shortcuts", QKeySequence(Qt::Key_F1), [this] { showShortcuts(); });
    helpMenu_->addSeparator();
    a.about = action(helpMenu_, "about", QKeySequence(), [this] {
        QMessageBox::about(this, tr("About PrefixLens"),
                           tr("<b>PrefixLens %1</b><p>See prompt caching happen: a real GPT-2 "
                              "model, a paged KV cache with vLLM's prefix caching, and every "
                              "block hash on screen.</p>")
                               .arg(QStringLiteral(PREFIXLENS_VERSION)));
    });
}

void MainWindow::retranslateUi() {
    Actions& a = actions_;
    fileMenu_->setTitle(tr("&File"));
    a.open->setText(tr("&Open scenario or request…"));
    a.shot->setText(tr("Save &screenshot…"));
    a.quit->setText(tr("&Quit"));

    editMenu_->setTitle(tr("&Edit"));
    a.undo->setText(tr("&Undo the edit"));
    a.redo->setText(tr("&Redo the edit"));
    a.sendAgain->setText(tr("&Send the request again"));
    a.revert->setText(tr("Re&vert to the scenario's requests"));

    playMenu_->setTitle(tr("&Playback"));
    retranslatePlayAction();
    a.stepBack->setText(tr("Step back one event"));
    a.stepForward->setText(tr("Step forward one event"));
    a.prevRequest->setText(tr("Previous request"));
    a.nextRequest->setText(tr("Next request"));
    a.toStart->setText(tr("To the start"));
    a.toEnd->setText(tr("To the end"));
    for (QAction* t :
         {a.stepBack, a.stepForward, a.prevRequest, a.nextRequest, a.toStart, a.toEnd}) {
        t->setToolTip(QStringLiteral("%1 (%2)").arg(
            t->text(), t->shortcut().toString(QKeySequence::NativeText)));
    }
    a.faster->setText(tr("Faster"));
    a.slower->setText(tr("Slower"));
    a.again->setText(tr("&Run again with the edit"));

    viewMenu_->setTitle(tr("&View"));
    darkAction_->setText(tr("&Dark theme"));
    a.zoomIn->setText(tr("Zoom &in"));
    a.zoomOut->setText(tr("Zoom &out"));
    a.zoomReset->setText(tr("&Reset zoom"));
    languageMenu_->setTitle(tr("&Language"));
    for (QAction* l : languageGroup_->actions())
        l->setChecked(l->data().toString() == currentLanguage());

    lessonsMenu_->setTitle(tr("&Lessons"));
    helpMenu_->setTitle(tr("&Help"));
    a.about->setText(tr("&About PrefixLens"));
    a.firstLesson->setText(tr("&Start the first lesson"));
    a.shortcuts->setText(tr("&Keyboard shortcuts"));
    welcome_->setText(
        tr("New here? <a href='lesson'>Start the first lesson</a> or pick one in Lessons."));

    promptDock_->setWindowTitle(tr("Prompt"));
    outputDock_->setWindowTitle(tr("Output"));
    usageDock_->setWindowTitle(tr("Usage"));
    chartsDock_->setWindowTitle(tr("Charts"));
    if (modelDock_)
        modelDock_->setWindowTitle(tr("Model"));
    poolDock_->setWindowTitle(tr("KV pool"));
    policiesDock_->setWindowTitle(tr("Policies"));
    memoryDock_->setWindowTitle(tr("Memory"));
    lintDock_->setWindowTitle(tr("Lint"));
    lessonDock_->setWindowTitle(tr("Lesson"));
    showLintAction_->setText(tr("Show lint &findings"));  // &L is &Language
    picker_->setToolTip(tr("Built-in scenarios, in workshop order"));
    if (progressText_)
        progress_->setText(progressText_());
    refreshBanner();
    refreshStatus();
}

void MainWindow::retranslatePlayAction() {
    playAction_->setText(context_->isPlaying() ? tr("Pause") : tr("Play"));
    playAction_->setToolTip(QStringLiteral("%1 (%2)").arg(
        playAction_->text(), playAction_->shortcut().toString(QKeySequence::NativeText)));
}

void MainWindow::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslateUi();
        setZoom(zoom_);  // the language may have brought a font with Japanese glyphs
    }
    QMainWindow::changeEvent(e);
}

void MainWindow::switchLanguage(const QString& code) {
    QString error;
    if (!setLanguage(code, &error)) {
        setProgress([error] { return error; });
        retranslateUi();  // puts the check back on the language still in use
        return;
    }
    if (options_.useSettings)
        QSettings().setValue(languageSettingsKey(), code);
}

void MainWindow::setProgress(std::function<QString()> text) {
    progressText_ = std::move(text);
    progress_->setText(progressText_ ? progressText_() : QString());
}

// The docks' starting sizes. Also called by settle(): the sizes a first layout gives depend on
// which size hints had arrived by then, and a shot must not depend on that timing.
void MainWindow::applyDefaultDockSizes() {
    if (lintDock_) {
        resizeDocks({promptDock_, lintDock_, outputDock_}, {330, 330, 100}, Qt::Vertical);
    } else {
        resizeDocks({promptDock_, outputDock_}, {520, 150}, Qt::Vertical);
    }
    // Widths are shares of the window as it is: sizes that add up to more than the window
    // makes QMainWindow grow the window past the screen (1380 px of a 1280 px projector).
    const int right = std::min(380, width() * 3 / 10);
    resizeDocks({promptDock_}, {right}, Qt::Horizontal);
    const int separator = style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, this);
    const int bottom = std::max(3, width() - right - 4 * separator);
    const int usage = bottom * 270 / 950;
    const int charts = bottom * 420 / 950;
    resizeDocks({usageDock_, chartsDock_, poolDock_}, {usage, charts, bottom - usage - charts},
                Qt::Horizontal);
    resizeDocks({chartsDock_}, {270}, Qt::Vertical);
}

void MainWindow::buildDocks() {
    auto dock = [this](const char* name, QWidget* w, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(w);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                       QDockWidget::DockWidgetClosable);
        addDockWidget(area, d);
        viewMenu_->addAction(d->toggleViewAction());
        return d;
    };
    prompt_ = new PromptView(context_, this);
    output_ = new OutputView(context_, this);
    usage_ = new UsagePanel(context_, this);
    charts_ = new ChartsPanel(context_, this);
    pool_ = new PoolView(context_, this);
    auto* dPrompt = promptDock_ = dock("promptDock", prompt_, Qt::RightDockWidgetArea);
    auto* dOutput = outputDock_ = dock("outputDock", output_, Qt::RightDockWidgetArea);
    auto* dUsage = usageDock_ = dock("usageDock", usage_, Qt::BottomDockWidgetArea);
    auto* dCharts = chartsDock_ = dock("chartsDock", charts_, Qt::BottomDockWidgetArea);
    auto* dPool = poolDock_ = dock("poolDock", pool_, Qt::BottomDockWidgetArea);
    splitDockWidget(dUsage, dCharts, Qt::Horizontal);
    splitDockWidget(dCharts, dPool, Qt::Horizontal);
    splitDockWidget(dPrompt, dOutput, Qt::Vertical);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    // Four caching policies on the same trace: a tab behind the charts.
    policies_ = new PoliciesPanel(context_, this);
    policiesDock_ = dock("policiesDock", policies_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(dCharts, policiesDock_);
    dCharts->raise();
    // Weights against KV per session against the card: a tab behind the pool.
    memory_ = new MemoryScalePanel(this);
    memoryDock_ = dock("memoryDock", memory_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(dPool, memoryDock_);
    dPool->raise();
    applyDefaultDockSizes();

    // Lint findings of the current request, under the prompt whose tokens they select.
    lint_ = new LintPanel(context_, engine_, this);
    QDockWidget* dLint = lintDock_ = dock("lintDock", lint_, Qt::RightDockWidgetArea);
    splitDockWidget(dPrompt, dLint, Qt::Vertical);
    applyDefaultDockSizes();
    // One truth: the Prompt dock's warnings and the Usage dock's bill are the Lint dock's.
    connect(lint_, &LintPanel::linted, this, [this] {
        prompt_->setLint(lint_->lint());
        usage_->setLint(lint_->lint());
    });
    showLintAction_ = viewMenu_->addAction(QString(), this, [this, dLint] {
        dLint->show();
        dLint->raise();
        lint_->setFocus(Qt::ShortcutFocusReason);
    });
    showLintAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

    // The model measured: prefill and decode with and without the KV cache, and the length
    // sweep; a tab beside the charts. The attention heat map is the chain's, computed on demand.
    model_ = new ModelPanel(context_, this);
    modelDock_ = dock("modelDock", model_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(chartsDock_, modelDock_);
    chartsDock_->raise();
    connect(model_, &ModelPanel::sweepWanted, engine_, &EngineHost::requestSweep);
    connect(engine_, &EngineHost::sweepProgress, model_, &ModelPanel::setSweepProgress);
    connect(engine_, &EngineHost::sweepReady, model_, &ModelPanel::setSweep);
    connect(model_, &ModelPanel::noCacheWanted, engine_, &EngineHost::requestNoCache);
    connect(engine_, &EngineHost::noCacheReady, model_, &ModelPanel::setNoCache);
    connect(chain_, &BlockChainView::attentionWanted, engine_, &EngineHost::requestAttention);
    connect(engine_, &EngineHost::attentionReady, chain_, &BlockChainView::setAttention);
}

// The presenter's guided mode: a lesson panel along the top, hidden until a lesson starts.
void MainWindow::buildLessons() {
    lessons_ = new LessonPanel(this, this);
    auto* d = lessonDock_ = new QDockWidget(this);  // titled in retranslateUi()
    d->setObjectName(QStringLiteral("lessonDock"));
    d->setWidget(lessons_);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                   QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::TopDockWidgetArea, d);
    d->hide();
    viewMenu_->addAction(d->toggleViewAction());
    lessons_->fillMenu(lessonsMenu_);
    connect(lessons_, &LessonPanel::lessonStarted, d, [d] {
        d->show();
        d->raise();
    });
    connect(lessons_, &LessonPanel::lessonClosed, d, &QWidget::hide);
    // File > Connect to a server…: the live view of a vLLM or SGLang server, hidden until then.
    addDockWidget(Qt::RightDockWidgetArea, new LiveDock(this, fileMenu_, viewMenu_));
}

void MainWindow::loadScenario(const Scenario& scenario) {
    lastError_.clear();
    runFailed_ = false;
    scenarioSource_ = QString::fromStdString(scenario.file);
    const int idx = picker_->findData(QString::fromStdString(scenario.name));
    if (idx >= 0)
        picker_->setCurrentIndex(idx);
    context_->setScenario(scenario);
}

bool MainWindow::loadScenarioNameOrFile(const QString& nameOrPath, QString* error) {
    auto sc = pl::ui::loadScenarioNameOrFile(nameOrPath);
    if (!sc) {
        const QString msg = QString::fromStdString(sc.error().message);
        lastError_ = msg;
        if (error)
            *error = msg;
        setProgress([msg] { return msg; });
        return false;
    }
    loadScenario(sc.value());
    scenarioSource_ = nameOrPath;
    return true;
}

void MainWindow::syncViews() {
    RefreshQueue::instance()->flush();
}

void MainWindow::setCursorToRequestEnd(int request) {
    context_->setCursorToRequestEnd(request);
    syncViews();
}

void MainWindow::setTheme(Theme theme) {
    theme_ = theme;
    if (darkAction_->isChecked() != (theme == Theme::Dark)) {
        const QSignalBlocker block(darkAction_);
        darkAction_->setChecked(theme == Theme::Dark);
    }
    applyTheme();
}

void MainWindow::applyTheme() {
    const Palette& pal = Palette::get(theme_);
    QPalette qp;
    qp.setColor(QPalette::Window, pal.window);
    qp.setColor(QPalette::WindowText, pal.text);
    qp.setColor(QPalette::Base, pal.panel);
    qp.setColor(QPalette::AlternateBase, pal.window);
    qp.setColor(QPalette::Text, pal.text);
    qp.setColor(QPalette::Button, pal.panel);
    qp.setColor(QPalette::ButtonText, pal.text);
    qp.setColor(QPalette::ToolTipBase, pal.panel);
    qp.setColor(QPalette::ToolTipText, pal.text);
    qp.setColor(QPalette::Highlight, pal.accent);
    qp.setColor(QPalette::HighlightedText, Qt::white);
    qp.setColor(QPalette::PlaceholderText, pal.mutedText);
    qp.setColor(QPalette::Mid, pal.grid);
    qp.setColor(QPalette::Dark, pal.grid.darker(130));
    qp.setColor(QPalette::Light, pal.panel.lighter(110));
    qp.setColor(QPalette::Disabled, QPalette::Text, pal.mutedText);
    qp.setColor(QPalette::Disabled, QPalette::WindowText, pal.mutedText);
    qp.setColor(QPalette::Disabled, QPalette::ButtonText, pal.mutedText);
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    QApplication::setPalette(qp);
    setPalette(qp);
    updateIcons();
    chain_->setTheme(theme_);
    pool_->setTheme(theme_);
    prompt_->setTheme(theme_);
    charts_->setTheme(theme_);
    if (model_)
        model_->setTheme(theme_);
    usage_->setTheme(theme_);
    policies_->setTheme(theme_);
    memory_->setTheme(theme_);
    output_->setTheme(theme_);
    lint_->setTheme(theme_);
    transport_->setTheme(theme_);
    lessons_->setTheme(theme_);
    refreshBanner();
    refreshStatus();
}

void MainWindow::updateIcons() {
    const QColor c = Palette::get(theme_).text;
    const std::pair<const char*, IconKind> icons[] = {
        {"toStart", IconKind::ToStart},         {"prevRequest", IconKind::PrevRequest},
        {"stepBack", IconKind::StepBack},       {"stepForward", IconKind::StepForward},
        {"nextRequest", IconKind::NextRequest}, {"toEnd", IconKind::ToEnd}};
    for (QAction* a : findChildren<QAction*>()) {
        for (const auto& [name, kind] : icons) {
            if (a->objectName() == QLatin1String(name))
                a->setIcon(transportIcon(kind, c));
        }
    }
    playAction_->setIcon(transportIcon(context_->isPlaying() ? IconKind::Pause : IconKind::Play,
                                       Palette::get(theme_).accent));
}

void MainWindow::setZoom(double zoom) {
    zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
    QFont f = QApplication::font();
    f.setPointSizeF(baseFontPt_ * zoom_);
    setFont(f);
    // Docks are children of the window and follow; the title line is one step larger.
    QFont tf = f;
    tf.setPointSizeF(f.pointSizeF() * 1.3);
    tf.setBold(true);
    title_->setFont(tf);
}

void MainWindow::refreshBanner() {
    if (!context_->hasScenario()) {
        title_->setText(tr("No scenario"));
        description_->clear();
        setWindowTitle(tr("PrefixLens"));
        return;
    }
    const Scenario& sc = context_->scenario();
    QString title = scenarioTitle(sc);
    if (engine_ && engine_->isBusy())
        title += tr("  ·  running on the model…");
    title_->setText(title);
    QString d = scenarioDescription(sc);
    d += tr("  [%1 requests · blocks of %2 tokens · pool of %3 blocks%4]")
             .arg(sc.requests.size())
             .arg(sc.block_size)
             .arg(sc.capacity_blocks)
             .arg(sc.ttl_s ? tr(" · TTL %1 s").arg(*sc.ttl_s) : QString());
    description_->setText(d);
    QPalette dp = description_->palette();
    dp.setColor(QPalette::WindowText, Palette::get(theme_).mutedText);
    description_->setPalette(dp);
    setWindowTitle(tr("%1 — PrefixLens").arg(QString::fromStdString(sc.name)));
}

void MainWindow::refreshStatus() {
    if (!engine_ || !engine_->engineInfo()) {
        engineLabel_->setText(tr("model loading…"));
        fallbackLabel_->clear();
        return;
    }
    const EngineInfo& info = *engine_->engineInfo();
    if (options_.deterministic) {
        // The device name changes with the machine; the images must not.
        engineLabel_->setText(
            tr("model %1 · backend %2")
                .arg(QString::fromStdString(info.model), QString::fromStdString(info.backend)));
    } else {
        engineLabel_->setText(tr("model %1 · backend %2 · %3")
                                  .arg(QString::fromStdString(info.model),
                                       QString::fromStdString(info.backend),
                                       QString::fromStdString(info.device)));
    }
    if (!info.fallback_reason.empty()) {
        fallbackLabel_->setText(
            tr("⚠ Vulkan unavailable: %1").arg(QString::fromStdString(info.fallback_reason)));
        fallbackLabel_->setToolTip(QString::fromStdString(info.fallback_reason));
        QPalette p = fallbackLabel_->palette();
        p.setColor(QPalette::WindowText, Palette::get(theme_).computed);
        fallbackLabel_->setPalette(p);
        fallbackLabel_->setMaximumWidth(fontMetrics().height() * 30);
    } else if (!info.software_device.empty()) {
        // A choice, not a failure: no warning colour.
        fallbackLabel_->setText(tr("software Vulkan: CPU twin"));
        fallbackLabel_->setToolTip(
            tr("The only Vulkan device here, %1, runs on the processor. The CPU twin computes the "
               "same model several times faster on the same cores, so it runs instead. Start "
               "with --backend vulkan to use %1 anyway.")
                .arg(QString::fromStdString(info.software_device)));
        QPalette p = fallbackLabel_->palette();
        p.setColor(QPalette::WindowText, Palette::get(theme_).mutedText);
        fallbackLabel_->setPalette(p);
        fallbackLabel_->setMaximumWidth(QWIDGETSIZE_MAX);
    } else {
        fallbackLabel_->clear();
    }
}

bool MainWindow::waitForRun(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (runFailed_)
            return false;
        if (context_->run() && !context_->awaitingRun() &&
            (!engine_ || engine_->isCurrent(context_->run()))) {
            syncViews();  // the views show the run when this returns
            return true;
        }
        QEventLoop loop;
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return false;
}

void MainWindow::settle() {
    syncViews();
    QDeadlineTimer deadline(30000);
    while (prompt_->isRendering() && !deadline.hasExpired())
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    for (QTextEdit* text : findChildren<QTextEdit*>())
        text->document()->documentLayout()->documentSize();  // finishes the layout
    applyDefaultDockSizes();
    QApplication::processEvents();
    charts_->rebuild();
    QApplication::processEvents();
    // A shown length sweep, no-cache replay or attention map is computed on the worker, in
    // seconds to tens of seconds on a busy CPU: wait for it.
    QDeadlineTimer workerDeadline(300000);
    while (((model_ && (model_->sweepRunning() || model_->decodePending())) ||
            chain_->attentionPending()) &&
           !workerDeadline.hasExpired())
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    if (model_) {
        model_->rebuild();
        QApplication::processEvents();
    }
    pool_->finishAnimations();
    // A lesson's spotlight: the steady band on the target where the docks now are.
    if (SpotlightOverlay* spot = lessons_->overlay())
        spot->finishPulse();
}

QImage MainWindow::grabToImage(double scale) {
    syncViews();
    QApplication::processEvents();
    if (scale <= 0)
        scale = devicePixelRatioF();
    // Rendering through a painter on a high-DPR image draws text, paths and icons at the device
    // resolution, where scaling a 1x grab would only blur it.
    const QSize px(qRound(width() * scale), qRound(height() * scale));
    QImage image(px, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(palette().color(QPalette::Window));
    render(&image);
    return image;
}

void MainWindow::openFile() {
    const QString start = QSettings().value(QStringLiteral("lastOpenDir")).toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a scenario or an Anthropic request"), start, tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    if (options_.useSettings)
        QSettings().setValue(QStringLiteral("lastOpenDir"), QFileInfo(path).absolutePath());
    QString error;
    if (!loadScenarioNameOrFile(path, &error))
        QMessageBox::warning(this, tr("Cannot open"), error);
}

void MainWindow::saveScreenshot() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save a screenshot"), QString(),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !grabToImage().save(path, "PNG"))
        QMessageBox::warning(this, tr("Cannot save"), tr("Could not write %1").arg(path));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    const auto urls = e->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile() &&
        urls.front().toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const auto urls = e->mimeData()->urls();
    if (urls.isEmpty())
        return;
    QString error;
    if (!loadScenarioNameOrFile(urls.front().toLocalFile(), &error))
        QMessageBox::warning(this, tr("Cannot open"), error);
    e->acceptProposedAction();
}

void MainWindow::restoreSettings() {
    QSettings s;
    theme_ = s.value(QStringLiteral("theme")).toString() == QLatin1String("dark") ? Theme::Dark
                                                                                  : Theme::Light;
    {
        const QSignalBlocker block(darkAction_);
        darkAction_->setChecked(theme_ == Theme::Dark);
    }
    zoom_ = s.value(QStringLiteral("zoom"), 1.0).toDouble();
    context_->setSpeed(s.value(QStringLiteral("speed"), 1.0).toDouble());
    restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("windowState")).toByteArray());
}

void MainWindow::saveSettings() {
    QSettings s;
    s.setValue(QStringLiteral("geometry"), saveGeometry());
    s.setValue(QStringLiteral("windowState"), saveState());
    s.setValue(QStringLiteral("theme"), theme_ == Theme::Dark ? "dark" : "light");
    s.setValue(QStringLiteral("zoom"), zoom_);
    s.setValue(QStringLiteral("speed"), context_->speed());
    if (!scenarioSource_.isEmpty())
        s.setValue(QStringLiteral("lastScenario"), scenarioSource_);
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (options_.useSettings)
        saveSettings();
    context_->setPlaying(false);
    QMainWindow::closeEvent(e);
}

QWidget* MainWindow::widgetFor(const QString& id) {
    if (id.isEmpty())
        return nullptr;
    // Lesson steps frame these (lessonTargets()). A dock's content is framed with its dock, whose
    // title names it; a closed or tabbed-away dock comes back to the front first.
    auto docked = [](QWidget* w) -> QWidget* {
        for (QWidget* p = w; p; p = p->parentWidget()) {
            if (auto* d = qobject_cast<QDockWidget*>(p)) {
                d->show();
                d->raise();
                return d;
            }
        }
        return w;
    };
    auto chart = [&](ChartsPanel::Chart c) {
        charts_->showChart(c);
        return docked(charts_);
    };
    if (id == QLatin1String("chain")) {
        chain_->setAttentionShown(false);  // the plain chain; "chain.attention" turns it on
        return chain_;
    }
    if (id == QLatin1String("transport"))
        return transportBar();
    if (id == QLatin1String("prompt"))
        return docked(promptView());
    if (id == QLatin1String("output"))
        return docked(outputView());
    if (id == QLatin1String("usage"))
        return docked(usagePanel());
    if (id == QLatin1String("pool"))
        return docked(poolView());
    if (id == QLatin1String("policies"))
        return docked(policies_);
    if (id == QLatin1String("memory"))
        return docked(memory_);
    if (id == QLatin1String("charts"))
        return docked(charts_);
    if (id == QLatin1String("charts.ttft"))
        return chart(ChartsPanel::Chart::Ttft);
    if (id == QLatin1String("charts.length"))
        return chart(ChartsPanel::Chart::TtftVsLength);
    if (id == QLatin1String("charts.kv"))
        return chart(ChartsPanel::Chart::KvMemory);
    if (id == QLatin1String("charts.hits"))
        return chart(ChartsPanel::Chart::HitRate);
    if (id == QLatin1String("model.decode") || id == QLatin1String("model.sweep")) {
        QWidget* d = docked(model_);
        model_->showTab(id.endsWith(QLatin1String("sweep")) ? ModelPanel::Tab::Sweep
                                                            : ModelPanel::Tab::Decode);
        return d;
    }
    if (id == QLatin1String("chain.attention")) {
        chain_->setAttentionShown(true);
        return chain_;
    }
    return nullptr;
}

void MainWindow::prepareScenarios(const std::vector<Scenario>& scenarios) {
    if (engine_)
        engine_->prepare(scenarios);
}

QWidget* MainWindow::dialogParent() {
    return this;
}

// A clicker sends PageUp and PageDown. While a lesson has a step to go to, they are the lesson's
// shortcuts and never reach a widget. At a lesson's last step (where Next is disabled), or with no
// lesson open, they would reach the focused widget: a combo box would pick the next scenario (and
// re-run the model) or the next speed, a list the next finding, a tab bar the next chart. Those
// ignore them here; only text views, where paging is what the key means, still scroll.
// Showing the window sets its minimum from what the layouts measure at that moment. In about one
// launch in three, in Polish, the central area measured 1,209 px there and 585 px an instant
// later, and the 1280 px window opened 1380 px wide, past a projector's edge. Once the window is
// up, it is measured again and given back the size it was shown at, when that size fits.
void MainWindow::setVisible(bool visible) {
    const bool showing = visible && !isVisible();
    const QSize wanted = size();
    QMainWindow::setVisible(visible);
    if (!showing || size() == wanted || isMaximized() || isFullScreen())
        return;
    QTimer::singleShot(0, this, [this, wanted] {
        if (!isVisible() || isMaximized() || isFullScreen())
            return;
        if (QLayout* l = layout()) {
            l->invalidate();
            l->activate();  // sets the minimum anew from the widgets as they are now
        }
        const QSize least = minimumSize().expandedTo(minimumSizeHint());
        if (least.width() <= wanted.width() && least.height() <= wanted.height())
            resize(wanted);
    });
}

bool MainWindow::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() == QEvent::KeyPress && watched->isWidgetType()) {
        const int key = static_cast<QKeyEvent*>(e)->key();
        auto* w = static_cast<QWidget*>(watched);
        if ((key == Qt::Key_PageUp || key == Qt::Key_PageDown) && w->window() == this &&
            !qobject_cast<QPlainTextEdit*>(w) && !qobject_cast<QTextEdit*>(w) &&
            !qobject_cast<QPlainTextEdit*>(w->parentWidget()) &&
            !qobject_cast<QTextEdit*>(w->parentWidget()))
            return true;
    }
    return QMainWindow::eventFilter(watched, e);
}

}  // namespace pl::ui
