#include "shell/main_window.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScopedValueRollback>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
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
#include "shell/window_actions.h"
#include "shell/window_files.h"
#include "shell/window_layout.h"
#include "shell/window_settings.h"
#include "shell/window_status.h"
#include "shell/window_traffic.h"
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

    actions_ = new WindowActions(menuBar(), this);
    connectActions();

    // Banner: the scenario picker, its title and what to watch.
    auto* central = new QWidget(this);
    auto* v = new QVBoxLayout(central);
    v->setContentsMargins(8, 6, 8, 2);
    v->setSpacing(4);
    auto* top = new QHBoxLayout;
    picker_ = new QComboBox(central);
    for (const auto& name : builtin_scenario_names()) {
        auto sc = load_scenario(name);
        if (sc) {
            sc->requests.clear();  // only the titles are kept
            builtinTitles_.push_back(std::move(sc.value()));
        } else {
            builtinTitles_.emplace_back().name = name;
        }
        picker_->addItem(QString::fromStdString(name), QString::fromStdString(name));
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
    // A log opened as traffic takes a tab beside the chain; a request clicked there opens here.
    traffic_ = new WindowTraffic(chain_, central);
    v->addWidget(traffic_->tabs(), 1);
    connect(traffic_, &WindowTraffic::requestOpened, this, &MainWindow::loadScenario);
    connect(traffic_, &WindowTraffic::bannerChanged, this, &MainWindow::refreshBanner);
    connect(traffic_, &WindowTraffic::message, this,
            [this](const QString& m) { setProgress([m] { return m; }); });
    TransportActions ta;
    ta.toStart = actions_->toStart;
    ta.prevRequest = actions_->prevRequest;
    ta.stepBack = actions_->stepBack;
    ta.playPause = actions_->playPause;
    ta.stepForward = actions_->stepForward;
    ta.nextRequest = actions_->nextRequest;
    ta.toEnd = actions_->toEnd;
    transport_ = new TransportBar(context_, ta, central);
    v->addWidget(transport_);
    setCentralWidget(central);

    buildDocks();
    buildLessons();
    connectEditActions();
    connect(welcome_, &QLabel::linkActivated, this, [this] { actions_->firstLesson->trigger(); });
    connect(lessons_, &LessonPanel::lessonStarted, welcome_, [this] {
        welcome_->hide();
        if (options_.useSettings)
            WindowSettings::setLessonOpened();
    });
    if (options_.useSettings && WindowSettings::lessonOpened())
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
        keepDockShares();  // the run's numbers may have widened a dock
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
        actions_->retranslatePlay(context_->isPlaying());
        updateIcons();
    });

    retranslateUi();
    // The first launch fills the screen's area, a later one opens where the last closed, inside
    // its screen; the docks are shared out once shown (setVisible), unless restored.
    if (const QRect area = screenArea(); area.isValid())
        setGeometry(firstLaunchGeometry(area));
    else
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
            initial = WindowSettings::read().lastScenario;
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
    actions_->undo->setEnabled(doc->isUndoAvailable());
    actions_->redo->setEnabled(doc->isRedoAvailable());
    connect(doc, &QTextDocument::undoAvailable, actions_->undo, &QAction::setEnabled);
    connect(doc, &QTextDocument::redoAvailable, actions_->redo, &QAction::setEnabled);
    auto refresh = [this] {
        actions_->revert->setEnabled(context_->isModified());
        actions_->sendAgain->setEnabled(context_->hasScenario());
    };
    refresh();
    connect(context_, &ScenarioContext::scenarioChanged, this, refresh);
}

void MainWindow::connectActions() {
    WindowActions& a = *actions_;
    auto on = [this](QAction* action, auto slot) {
        connect(action, &QAction::triggered, this, slot);
    };
    on(a.open, [this] { openFile(); });
    on(a.shot, [this] { WindowFiles::saveScreenshot(this, grabToImage()); });
    on(a.quit, [this] { close(); });
    on(a.undo, [this] { prompt_->editor()->undo(); });
    on(a.redo, [this] { prompt_->editor()->redo(); });
    on(a.sendAgain, [this] { prompt_->sendAgain(); });
    on(a.revert, [this] { context_->revert(); });
    on(a.playPause, [this] { context_->togglePlaying(); });
    on(a.stepBack, [this] { context_->stepEvent(-1); });
    on(a.stepForward, [this] { context_->stepEvent(1); });
    on(a.prevRequest, [this] { context_->stepRequest(-1); });
    on(a.nextRequest, [this] { context_->stepRequest(1); });
    on(a.toStart, [this] { context_->toStart(); });
    on(a.toEnd, [this] { context_->toEnd(); });
    auto speedBy = [this](int dir) {
        const auto& s = TransportBar::speeds();
        auto it = std::find(s.begin(), s.end(), context_->speed());
        long i = it == s.end() ? 2 : it - s.begin();
        i = std::clamp<long>(i + dir, 0, static_cast<long>(s.size()) - 1);
        context_->setSpeed(s[static_cast<std::size_t>(i)]);
    };
    on(a.faster, [speedBy] { speedBy(1); });
    on(a.slower, [speedBy] { speedBy(-1); });
    on(a.again, [this] { prompt_->runAgain(); });
    connect(a.dark, &QAction::toggled, this,
            [this](bool dark) { setTheme(dark ? Theme::Dark : Theme::Light); });
    on(a.zoomIn, [this] { setZoom(zoom_ * kZoomStep); });
    on(a.zoomOut, [this] { setZoom(zoom_ / kZoomStep); });
    on(a.zoomReset, [this] { setZoom(1.0); });
    on(a.resetLayout, [this] { resetLayout(); });
    for (QAction* l : a.languages->actions())
        on(l, [this, code = l->data().toString()] { switchLanguage(code); });
    on(a.firstLesson, [this] {
        const auto names = builtinLessonNames();
        QString error;
        if (!names.empty() && !lessons_->openLesson(QString::fromStdString(names.front()), &error))
            setProgress([error] { return error; });
    });
    on(a.shortcuts, [this] { WindowActions::showShortcuts(menuBar(), this); });
    on(a.about, [this] {
        QMessageBox::about(this, tr("About PrefixLens"),
                           tr("<b>PrefixLens %1</b><p>See prompt caching happen: a real GPT-2 "
                              "model, a paged KV cache with vLLM's prefix caching, and every "
                              "block hash on screen.</p>")
                               .arg(QStringLiteral(PREFIXLENS_VERSION)));
    });
}

void MainWindow::retranslateUi() {
    actions_->retranslate(context_->isPlaying());
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
    picker_->setPlaceholderText(tr("(a scenario of your own)"));
    for (int i = 0; i < picker_->count() && i < static_cast<int>(builtinTitles_.size()); ++i) {
        const Scenario& sc = builtinTitles_[static_cast<std::size_t>(i)];
        const QString n = QString::fromStdString(sc.name);
        picker_->setItemText(
            i, sc.title.empty() ? n : QStringLiteral("%1 — %2").arg(n, scenarioTitle(sc)));
    }
    if (progressText_)
        progress_->setText(progressText_());
    refreshBanner();
    refreshStatus();
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

void MainWindow::buildDocks() {
    // Made here, placed by arrangeDocks(); the View menu lists them in this order.
    auto dock = [this](const char* name, QWidget* w) {
        auto* d = new QDockWidget(this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(w);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                       QDockWidget::DockWidgetClosable);
        actions_->view->addAction(d->toggleViewAction());
        // A dock the user moves, floats or closes: the default shares no longer apply.
        auto touched = [this] {
            if (!arranging_)
                layoutTouched_ = true;
        };
        connect(d, &QDockWidget::dockLocationChanged, this, touched);
        connect(d, &QDockWidget::topLevelChanged, this, touched);
        // A tab brought to the front (Policies behind Charts) may need more room than the one
        // it covers: the default shares are worked out again for what is shown.
        connect(d, &QDockWidget::visibilityChanged, this, [this](bool shown) {
            if (shown)
                keepDockShares();
        });
        return d;
    };
    prompt_ = new PromptView(context_, this);
    output_ = new OutputView(context_, this);
    usage_ = new UsagePanel(context_, this);
    charts_ = new ChartsPanel(context_, this);
    pool_ = new PoolView(context_, this);
    promptDock_ = dock("promptDock", prompt_);
    outputDock_ = dock("outputDock", output_);
    usageDock_ = dock("usageDock", usage_);
    chartsDock_ = dock("chartsDock", charts_);
    poolDock_ = dock("poolDock", pool_);
    // Seven caching policies on the same trace: a tab behind the charts.
    policies_ = new PoliciesPanel(context_, this);
    policiesDock_ = dock("policiesDock", policies_);
    // Weights against KV per session against the card: a tab behind the pool.
    memory_ = new MemoryScalePanel(this);
    memory_->setRunningModel(options_.engine.model_dir);
    memoryDock_ = dock("memoryDock", memory_);

    // Lint findings of the current request, under the prompt whose tokens they select.
    lint_ = new LintPanel(context_, engine_, this);
    lintDock_ = dock("lintDock", lint_);
    // One truth: the Prompt dock's warnings and the Usage dock's bill are the Lint dock's.
    connect(lint_, &LintPanel::linted, this, [this] {
        prompt_->setLint(lint_->lint());
        usage_->setLint(lint_->lint());
    });
    showLintAction_ = actions_->view->addAction(QString(), this, [this] {
        lintDock_->show();
        lintDock_->raise();
        lint_->setFocus(Qt::ShortcutFocusReason);
    });
    showLintAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

    // The model measured: prefill and decode with and without the KV cache, and the length
    // sweep; a tab beside the charts. The attention heat map is the chain's, computed on demand.
    model_ = new ModelPanel(context_, this);
    modelDock_ = dock("modelDock", model_);
    connect(model_, &ModelPanel::sweepWanted, engine_, &EngineHost::requestSweep);
    connect(engine_, &EngineHost::sweepProgress, model_, &ModelPanel::setSweepProgress);
    connect(engine_, &EngineHost::sweepReady, model_, &ModelPanel::setSweep);
    connect(model_, &ModelPanel::noCacheWanted, engine_, &EngineHost::requestNoCache);
    connect(engine_, &EngineHost::noCacheReady, model_, &ModelPanel::setNoCache);
    connect(chain_, &BlockChainView::attentionWanted, engine_, &EngineHost::requestAttention);
    connect(engine_, &EngineHost::attentionReady, chain_, &BlockChainView::setAttention);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    arrangeDocks(false);
}

std::vector<QDockWidget*> MainWindow::mainDocks() const {
    return {promptDock_,   lintDock_,  outputDock_, usageDock_, chartsDock_,
            policiesDock_, modelDock_, poolDock_,   memoryDock_};
}

// Prompt, Lint and Output on the right (tabbed when `compact`); Usage, Charts (Policies, Model
// behind it) and the pool (Memory behind it) along the bottom. Floated or closed docks return.
void MainWindow::arrangeDocks(bool compact) {
    const QScopedValueRollback<bool> arranging(arranging_, true);
    for (QDockWidget* d : mainDocks()) {
        d->setFloating(false);
        removeDockWidget(d);
    }
    addDockWidget(Qt::RightDockWidgetArea, promptDock_);
    addDockWidget(Qt::BottomDockWidgetArea, usageDock_);
    if (compact) {
        tabifyDockWidget(promptDock_, lintDock_);
        tabifyDockWidget(promptDock_, outputDock_);
    } else {
        splitDockWidget(promptDock_, lintDock_, Qt::Vertical);
        splitDockWidget(lintDock_, outputDock_, Qt::Vertical);
    }
    splitDockWidget(usageDock_, chartsDock_, Qt::Horizontal);
    splitDockWidget(chartsDock_, poolDock_, Qt::Horizontal);
    tabifyDockWidget(chartsDock_, policiesDock_);
    tabifyDockWidget(chartsDock_, modelDock_);
    tabifyDockWidget(poolDock_, memoryDock_);
    for (QDockWidget* d : mainDocks())
        d->show();
    for (QDockWidget* d : {promptDock_, chartsDock_, poolDock_})
        d->raise();
}

void MainWindow::resetLayout() {
    defaultLayoutPending_ = false;
    arrangeDocks(currentDockLayout().compact);
    applyDockShares();
    layoutTouched_ = false;
}

DockLayout MainWindow::currentDockLayout() const {
    // The docks in a slot that are shown (the tab in front) count; before the window is shown,
    // all of them.
    auto need = [this](std::initializer_list<const QDockWidget*> docks) {
        int n = 0;
        for (const QDockWidget* d : docks) {
            if (!isVisible() || d->isVisible())
                n = std::max(n, dockContentWidthNeeded(d));
        }
        return n;
    };
    BottomNeeds needs;
    needs.usage = need({usageDock_});
    needs.charts = need({chartsDock_, policiesDock_, modelDock_});
    needs.pool = need({poolDock_, memoryDock_});
    return defaultDockLayout(
        size(), fontMetrics().averageCharWidth(),
        style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, this), needs);
}

void MainWindow::applyDockShares() {
    const DockLayout l = currentDockLayout();
    // Sizes that add up to more than the window would make QMainWindow grow the window past the
    // screen (1380 px of a 1280 px projector): every size here is a share of the window as it is.
    resizeDocks({promptDock_}, {l.right}, Qt::Horizontal);
    if (!tabifiedDockWidgets(promptDock_).contains(lintDock_))
        resizeDocks({promptDock_, lintDock_, outputDock_}, {l.prompt, l.lint, l.output},
                    Qt::Vertical);
    resizeDocks({usageDock_, chartsDock_, poolDock_}, {l.usage, l.charts, l.pool}, Qt::Horizontal);
    resizeDocks({chartsDock_}, {l.bottom}, Qt::Vertical);
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
    actions_->view->addAction(d->toggleViewAction());
    lessons_->fillMenu(actions_->lessons);
    connect(lessons_, &LessonPanel::lessonStarted, d, [d] {
        d->show();
        d->raise();
    });
    connect(lessons_, &LessonPanel::lessonClosed, d, &QWidget::hide);
    // File > Connect to a server…: the live view of a vLLM or SGLang server, hidden until then.
    addDockWidget(Qt::RightDockWidgetArea, new LiveDock(this, actions_->file, actions_->view));
}

void MainWindow::loadScenario(const Scenario& scenario) {
    lastError_.clear();
    runFailed_ = false;
    scenarioSource_ = QString::fromStdString(scenario.file);
    // A file's scenario or a log's request is none of the built-in ones: blank, not stale.
    picker_->setCurrentIndex(picker_->findData(QString::fromStdString(scenario.name)));
    context_->setScenario(scenario);
}

bool MainWindow::loadScenarioNameOrFile(const QString& nameOrPath, QString* error) {
    if (WindowTraffic::isTrafficFile(nameOrPath)) {
        traffic_->open(nameOrPath);
        return true;
    }
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
    if (actions_->dark->isChecked() != (theme == Theme::Dark)) {
        const QSignalBlocker block(actions_->dark);
        actions_->dark->setChecked(theme == Theme::Dark);
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
    traffic_->setTheme(theme_);
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
    actions_->playPause->setIcon(transportIcon(
        context_->isPlaying() ? IconKind::Pause : IconKind::Play, Palette::get(theme_).accent));
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
    // Larger text raises some docks' minimums, and Qt would take the room from the others (the
    // charts' legends): the docks keep their default shares at every zoom.
    keepDockShares();
}

void MainWindow::keepDockShares() {
    if (!isVisible() || defaultLayoutPending_ || layoutTouched_ || sharesQueued_)
        return;
    sharesQueued_ = true;
    QTimer::singleShot(0, this, [this] {
        sharesQueued_ = false;
        if (!layoutTouched_)
            applyDockShares();
    });
}

void MainWindow::resizeEvent(QResizeEvent* e) {
    QMainWindow::resizeEvent(e);
    keepDockShares();
}

void MainWindow::refreshBanner() {
    if (traffic_->writeBanner(title_, description_))
        return;
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
    showEngineStatus(engineLabel_, fallbackLabel_,
                     engine_ && engine_->engineInfo() ? &*engine_->engineInfo() : nullptr,
                     options_.deterministic, Palette::get(theme_));
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
    // The docks' shares for the content as it now stands: a share worked out while a run was
    // still arriving depends on how far it had come, so two shots of one step would differ.
    if (isVisible() && !defaultLayoutPending_ && !layoutTouched_) {
        applyDockShares();
        QApplication::processEvents();
    }
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
    const QString path = WindowFiles::askOpenPath(this, options_.useSettings);
    QString error;
    if (!path.isEmpty() && !loadScenarioNameOrFile(path, &error))
        WindowFiles::showOpenError(this, error);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (!WindowFiles::droppedPath(e->mimeData()).isEmpty())
        e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const QString path = WindowFiles::droppedPath(e->mimeData());
    if (path.isEmpty())
        return;
    QString error;
    if (!loadScenarioNameOrFile(path, &error))
        WindowFiles::showOpenError(this, error);
    e->acceptProposedAction();
}

void MainWindow::restoreSettings() {
    const WindowSettings s = WindowSettings::read();
    theme_ = s.theme;
    {
        const QSignalBlocker block(actions_->dark);
        actions_->dark->setChecked(theme_ == Theme::Dark);
    }
    zoom_ = s.zoom;
    context_->setSpeed(s.speed);
    if (restoreGeometry(s.geometry) && !isMaximized() && !isFullScreen())
        setGeometry(clampToArea(geometry(), screenArea()));
    defaultLayoutPending_ = !restoreState(s.windowState);
    layoutTouched_ = !defaultLayoutPending_;  // the user's own layout, kept as it was
}

QRect MainWindow::screenArea() const {
    if (options_.screenArea.isValid())
        return options_.screenArea;
    QScreen* s = QGuiApplication::screenAt(geometry().center());
    if (!s)
        s = QGuiApplication::primaryScreen();
    return s ? s->availableGeometry() : QRect();
}

// The window manager's frame is known only once the window is shown: the frame, title bar
// included, must lie inside the screen's area too. Not on the screen `shot` and tests lay out
// (options_.screenArea): there the image is the window, and no frame is drawn.
void MainWindow::fitFrameToScreen() {
    if (options_.screenArea.isValid())
        return;
    const QRect area = screenArea();
    const QRect frame = frameGeometry();
    if (!area.isValid() || area.contains(frame))
        return;
    const QRect inner = geometry();
    const QMargins margins(inner.left() - frame.left(), inner.top() - frame.top(),
                           frame.right() - inner.right(), frame.bottom() - inner.bottom());
    setGeometry(clampToArea(frame, area).marginsRemoved(margins));
}

void MainWindow::saveSettings() {
    WindowSettings s;
    s.geometry = saveGeometry();
    s.windowState = saveState();
    s.theme = theme_;
    s.zoom = zoom_;
    s.speed = context_->speed();
    s.lastScenario = scenarioSource_;
    s.write();
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (options_.useSettings)
        saveSettings();
    context_->setPlaying(false);
    QMainWindow::closeEvent(e);
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
    if (!showing)
        return;
    QTimer::singleShot(0, this, [this, wanted] {
        if (!isVisible())
            return;
        if (size() != wanted && !isMaximized() && !isFullScreen()) {
            if (QLayout* l = layout()) {
                l->invalidate();
                l->activate();  // sets the minimum anew from the widgets as they are now
            }
            const QSize least = minimumSize().expandedTo(minimumSizeHint());
            if (least.width() <= wanted.width() && least.height() <= wanted.height())
                resize(wanted);
        }
        if (!isMaximized() && !isFullScreen())
            fitFrameToScreen();
        // Shared out now that the window has its size: before, its width was Qt's default
        // and the right-hand column came out 140 px wide.
        if (defaultLayoutPending_)
            resetLayout();
    });
}

bool MainWindow::eventFilter(QObject* watched, QEvent* e) {
    // A press on the window itself, not on a widget in it, is on a dock separator: the user
    // is sharing the room out, and the default shares no longer apply.
    if (watched == this && e->type() == QEvent::MouseButtonPress)
        layoutTouched_ = true;
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
