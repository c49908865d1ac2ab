#include "lessons/lesson_panel.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QShowEvent>
#include <QToolButton>
#include <QVBoxLayout>

#include "common/icons.h"
#include "panels/view_directory.h"
#include "state/scenario_context.h"
#include "traffic/traffic_panel.h"
#include "traffic/traffic_view.h"
#include "views/spotlight_overlay.h"

namespace pl::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// The same scenario as loaded from its file: a presenter's live edit or another scenario picked
// by hand makes the next step load it again.
bool sameScenario(const Scenario& a, const Scenario& b) {
    if (a.name != b.name || a.file != b.file || a.block_size != b.block_size ||
        a.capacity_blocks != b.capacity_blocks || a.ttl_s != b.ttl_s || a.sampling != b.sampling ||
        a.requests.size() != b.requests.size())
        return false;
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        const ScenarioRequest& x = a.requests[i];
        const ScenarioRequest& y = b.requests[i];
        if (x.at_s != y.at_s || x.session != y.session || x.salt != y.salt ||
            x.max_tokens != y.max_tokens || x.body != y.body)
            return false;
    }
    return true;
}

// Where the step's moment is on the run's timeline; the end of the run when it never happened
// (a play that stopped early).
int cursorFor(const ScenarioRun& run, const LessonStep& step) {
    if (!step.request)
        return run.eventCount();
    const int r = *step.request;
    int c = -1;
    switch (step.at) {
        case LessonMoment::Start:
            c = run.requestStartCursor(r);
            break;
        case LessonMoment::Prefill:
            if (r >= 0 && r < static_cast<int>(run.request_events.size())) {
                for (int idx : run.request_events[static_cast<std::size_t>(r)]) {
                    if (std::holds_alternative<PrefillDoneEvent>(
                            run.events[static_cast<std::size_t>(idx)])) {
                        c = idx + 1;
                        break;
                    }
                }
            }
            break;
        case LessonMoment::End:
            c = run.requestEndCursor(r);
            break;
    }
    return c >= 0 ? c : run.eventCount();
}

}  // namespace

LessonPanel::LessonPanel(ViewDirectory* views, QWidget* parent) : QWidget(parent), views_(views) {
    overlay_ = new SpotlightOverlay(views->dialogParent());
    for (const auto& name : builtinLessonNames()) {
        const auto path = builtinLessonsDir() / (name + ".json");
        Builtin b{
            qs(name), {}, QFileInfo(QString::fromStdString(path.string())).canonicalFilePath()};
        if (auto text = read_text_file(path.string())) {
            if (auto l = parseLesson(text.value(), path.string()))
                b.title = l->title;
        }
        builtins_.push_back(std::move(b));
    }

    next_ = new QAction(this);
    next_->setShortcut(QKeySequence(Qt::Key_PageDown));
    connect(next_, &QAction::triggered, this, &LessonPanel::next);
    previous_ = new QAction(this);
    previous_->setShortcut(QKeySequence(Qt::Key_PageUp));
    connect(previous_, &QAction::triggered, this, &LessonPanel::previous);
    end_ = new QAction(this);
    connect(end_, &QAction::triggered, this, &LessonPanel::closeLesson);
    open_ = new QAction(this);
    connect(open_, &QAction::triggered, this, &LessonPanel::openLessonFile);
    // On the window as well as in the menu: the keys work wherever the focus is in it.
    views_->dialogParent()->addAction(next_);
    views_->dialogParent()->addAction(previous_);

    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(10, 4, 10, 8);
    v->setSpacing(4);
    auto* top = new QHBoxLayout;
    top->setSpacing(6);
    picker_ = new QComboBox(this);
    picker_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    picker_->setFocusPolicy(Qt::NoFocus);  // PageUp/PageDown must not scroll its list
    counter_ = new QLabel(this);
    auto tool = [this](QAction* a) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setFocusPolicy(Qt::NoFocus);
        return b;
    };
    prevButton_ = tool(previous_);
    nextButton_ = tool(next_);
    endButton_ = tool(end_);
    endButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    endButton_->setAutoRaise(true);
    // The step's title shares the row with the controls: on a 1280x800 projector every line of
    // height counts, and a four-line Japanese step must still fit above the chain.
    title_ = new QLabel(this);
    title_->setTextFormat(Qt::PlainText);
    title_->setWordWrap(true);
    top->addWidget(picker_);
    top->addSpacing(8);
    top->addWidget(title_, 1);
    top->addWidget(counter_);
    top->addSpacing(6);
    top->addWidget(prevButton_);
    top->addWidget(nextButton_);
    top->addSpacing(6);
    top->addWidget(endButton_);
    v->addLayout(top);
    body_ = new QLabel(this);
    body_->setTextFormat(Qt::PlainText);
    body_->setWordWrap(true);
    body_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    v->addWidget(body_);

    connect(picker_, &QComboBox::activated, this, [this](int i) {
        const QString what = picker_->itemData(i).toString();
        QString error;
        if (!what.isEmpty() && !openLesson(what, &error))
            QMessageBox::warning(views_->dialogParent(), tr("Cannot open the lesson"), error);
    });
    // A step's cursor waits for its scenario's run.
    connect(views_->context(), &ScenarioContext::runChanged, this, &LessonPanel::placeCursor);
    retranslate();
    updateFonts();
    refreshText();
}

LessonPanel::~LessonPanel() = default;

std::string LessonPanel::locale() const {
    return (language_.isEmpty() ? QLocale().name() : language_).toStdString();
}

void LessonPanel::setLanguage(const QString& language) {
    language_ = language;
    retranslate();
    refreshText();
}

QString LessonPanel::language() const {
    return qs(locale());
}

void LessonPanel::retranslate() {
    next_->setText(tr("Next step"));
    next_->setToolTip(
        tr("Next step (%1)").arg(next_->shortcut().toString(QKeySequence::NativeText)));
    previous_->setText(tr("Previous step"));
    previous_->setToolTip(
        tr("Previous step (%1)").arg(previous_->shortcut().toString(QKeySequence::NativeText)));
    end_->setText(tr("End lesson"));
    end_->setToolTip(tr("Close the lesson and remove the highlight"));
    open_->setText(tr("&Open lesson file…"));
    picker_->setToolTip(tr("Built-in lessons, in workshop order"));
    const std::string loc = locale();
    for (std::size_t i = 0; i < menuLessons_.size() && i < builtins_.size(); ++i)
        menuLessons_[i]->setText(qs(builtins_[i].title.pick(loc)).replace('&', "&&"));
    refreshPicker();
}

void LessonPanel::refreshPicker() {
    const QSignalBlocker block(picker_);
    picker_->clear();
    const std::string loc = locale();
    picker_->addItem(tr("Choose a lesson…"), QString());
    int current = 0;
    const QString file = hasLesson_ ? QFileInfo(qs(lesson_.file)).canonicalFilePath() : QString();
    for (const Builtin& b : builtins_) {
        picker_->addItem(qs(b.title.pick(loc)), b.name);
        if (hasLesson_ && !file.isEmpty() && file == b.path)
            current = picker_->count() - 1;
    }
    if (hasLesson_ && current == 0) {
        picker_->addItem(qs(lesson_.title.pick(loc)), qs(lesson_.file));
        current = picker_->count() - 1;
    }
    picker_->setCurrentIndex(current);
}

void LessonPanel::fillMenu(QMenu* menu) {
    menu_ = menu;
    const std::string loc = locale();
    for (const Builtin& b : builtins_) {
        QAction* a = menu->addAction(qs(b.title.pick(loc)).replace('&', "&&"));
        const QString name = b.name;
        connect(a, &QAction::triggered, this, [this, name] {
            QString error;
            if (!openLesson(name, &error))
                QMessageBox::warning(views_->dialogParent(), tr("Cannot open the lesson"), error);
        });
        menuLessons_.push_back(a);
    }
    menu->addAction(open_);
    menu->addSeparator();
    menu->addAction(previous_);
    menu->addAction(next_);
    menu->addAction(end_);
}

bool LessonPanel::openLesson(const QString& nameOrPath, QString* error) {
    auto lesson = loadLesson(nameOrPath.toStdString());
    if (!lesson) {
        if (error)
            *error = qs(lesson.error().message);
        return false;
    }
    setLesson(std::move(lesson.value()));
    return true;
}

void LessonPanel::openLessonFile() {
    const QString path =
        QFileDialog::getOpenFileName(views_->dialogParent(), tr("Open a lesson"),
                                     qs(builtinLessonsDir().string()), tr("Lessons (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openLesson(path, &error))
        QMessageBox::warning(views_->dialogParent(), tr("Cannot open the lesson"), error);
}

void LessonPanel::setLesson(Lesson lesson, int step) {
    lesson_ = std::move(lesson);
    hasLesson_ = !lesson_.steps.empty();
    step_ = std::clamp(step, 0, std::max(0, stepCount() - 1));
    refreshPicker();
    emit lessonStarted();
    showCurrentStep();
    // While the presenter talks: every other step's scenario, so that no step waits for the model.
    views_->prepareScenarios(lesson_.scenarios);
}

void LessonPanel::closeLesson() {
    hasLesson_ = false;
    lesson_ = {};
    step_ = 0;
    shown_ = false;
    overlay_->setTarget(nullptr);
    refreshPicker();
    refreshText();
    emit lessonClosed();
}

void LessonPanel::goToStep(int step) {
    if (!hasLesson_)
        return;
    step_ = std::clamp(step, 0, stepCount() - 1);
    showCurrentStep();
}

void LessonPanel::next() {
    if (hasLesson_ && step_ + 1 < stepCount())
        goToStep(step_ + 1);
}

void LessonPanel::previous() {
    if (hasLesson_ && step_ > 0)
        goToStep(step_ - 1);
}

void LessonPanel::showCurrentStep() {
    shown_ = false;
    refreshText();
    if (!hasLesson_)
        return;
    const LessonStep& s = lesson_.steps[static_cast<std::size_t>(step_)];
    if (s.isLog()) {
        showLogStep(s);
        emit stepChanged(step_);
        placeRow();
        return;
    }
    views_->showChainTab();  // after a step on a log: the scenario is shown in the chain
    overlay_->setTarget(isVisible() ? targetWidget(qs(s.highlight)) : nullptr);
    const Scenario& want = lesson_.scenarios[static_cast<std::size_t>(s.scenarioIndex)];
    ScenarioContext* ctx = views_->context();
    if (!ctx->hasScenario() || !sameScenario(ctx->scenario(), want))
        views_->loadScenario(want);  // plays it; placeCursor follows when the run arrives
    emit stepChanged(step_);
    placeCursor();
}

// The log in the Traffic tab, read in the background: steps in a row on the same log and policy
// find it read already, and placeRow follows the load otherwise. The request is only selected,
// never opened into the chain and the docks (a click does that).
void LessonPanel::showLogStep(const LessonStep& s) {
    TrafficPanel* panel = views_->showLog(qs(s.logPath), s.policy);
    if (panel != traffic_) {
        traffic_ = panel;
        connect(panel, &TrafficPanel::loaded, this, &LessonPanel::placeRow);
    }
    overlay_->setTarget(isVisible() ? targetWidget(qs(s.highlight)) : nullptr);
}

void LessonPanel::placeRow() {
    if (!hasLesson_ || shown_ || !traffic_)
        return;
    const LessonStep& s = lesson_.steps[static_cast<std::size_t>(step_)];
    if (!s.isLog() || !traffic_->summary() ||
        QFileInfo(traffic_->path()).canonicalFilePath() !=
            QFileInfo(qs(s.logPath)).canonicalFilePath())
        return;
    TrafficView* view = traffic_->view();
    if (s.row >= view->rowCount()) {
        // Not in the log: the step is never shown (`shot` fails on it); the presenter is told why.
        refreshText();
        body_->setText(
            body_->text() + QStringLiteral("\n\n") +
            englishPlural(tr("This step shows request %1 of %2, which has %n request(s).", nullptr,
                             view->rowCount()),
                          view->rowCount())
                .arg(s.row)
                .arg(QFileInfo(traffic_->path()).fileName()));
        fitHeight();
        return;
    }
    view->centerRow(s.row);
    shown_ = true;
    emit stepShown(step_);
}

void LessonPanel::placeCursor() {
    if (!hasLesson_ || shown_)
        return;
    const LessonStep& s = lesson_.steps[static_cast<std::size_t>(step_)];
    if (s.isLog())
        return;
    const Scenario& want = lesson_.scenarios[static_cast<std::size_t>(s.scenarioIndex)];
    ScenarioContext* ctx = views_->context();
    const ScenarioRunPtr run = ctx->run();
    if (!run || ctx->awaitingRun() || !sameScenario(run->scenario, want))
        return;
    ctx->setPlaying(false);
    ctx->setCursor(cursorFor(*run, s));
    // The detail views follow the selected request: select the step's one when the cursor
    // alone would show another (the moment before it starts).
    if (s.request && ctx->requestAtCursor() != *s.request)
        ctx->selectRequest(*s.request);
    else
        ctx->selectRequest(std::nullopt);
    shown_ = true;
    emit stepShown(step_);
}

QWidget* LessonPanel::targetWidget(const QString& id) const {
    return views_->widgetFor(id);  // nullptr for an empty or unknown id
}

SpotlightOverlay* LessonPanel::overlay() const {
    return overlay_;
}

QWidget* LessonPanel::highlightedWidget() const {
    return overlay_ ? overlay_->target() : nullptr;
}

QString LessonPanel::stepTitleText() const {
    return title_->text();
}

QString LessonPanel::stepBodyText() const {
    return body_->text();
}

void LessonPanel::refreshText() {
    const int n = stepCount();
    if (!hasLesson_) {
        counter_->clear();
        title_->setText(tr("No lesson running"));
        body_->setText(tr("Choose a lesson from the list above or the Lessons menu. %1 goes to "
                          "the next step and %2 back, the keys a presenter's clicker sends.")
                           .arg(next_->shortcut().toString(QKeySequence::NativeText),
                                previous_->shortcut().toString(QKeySequence::NativeText)));
    } else {
        const std::string loc = locale();
        const LessonStep& s = lesson_.steps[static_cast<std::size_t>(step_)];
        counter_->setText(tr("Step %1 of %2").arg(step_ + 1).arg(n));
        title_->setText(qs(s.title.pick(loc)));
        body_->setText(qs(s.text.pick(loc)));
    }
    next_->setEnabled(hasLesson_ && step_ + 1 < n);
    previous_->setEnabled(hasLesson_ && step_ > 0);
    end_->setEnabled(hasLesson_);
    endButton_->setVisible(hasLesson_);
    fitHeight();
}

void LessonPanel::setTheme(Theme theme) {
    theme_ = theme;
    const Palette& pal = Palette::get(theme);
    QPalette cp = counter_->palette();
    cp.setColor(QPalette::WindowText, pal.mutedText);
    counter_->setPalette(cp);
    previous_->setIcon(transportIcon(IconKind::StepBack, pal.text));
    next_->setIcon(transportIcon(IconKind::StepForward, pal.accent));
    overlay_->setTheme(theme);
}

void LessonPanel::updateFonts() {
    const QFont f = font();
    auto scaled = [&](double k, bool bold) {
        QFont s = f;
        if (f.pointSizeF() > 0)
            s.setPointSizeF(f.pointSizeF() * k);
        else if (f.pixelSize() > 0)
            s.setPixelSize(static_cast<int>(f.pixelSize() * k));
        s.setBold(bold);
        return s;
    };
    // Larger than the rest of the window: this is what the room reads. A step too long for the
    // room the window has at that size is set a little smaller (fitHeight), never cut.
    static constexpr double kTitle[kFontLevels] = {1.35, 1.25, 1.15, 1.05};
    static constexpr double kBody[kFontLevels] = {1.2, 1.1, 1.0, 0.92};
    title_->setFont(scaled(kTitle[fontLevel_], true));
    body_->setFont(scaled(kBody[fontLevel_], false));
    counter_->setFont(scaled(1.1, true));
    fitHeight();
}

// A word-wrapped label gives a dock no height for its width: ask the layout for the height the
// text needs at this width, so no line of a step is ever cut off and no space is wasted.
void LessonPanel::fitHeight() {
    if (fitting_ || !layout())
        return;
    fitting_ = true;
    // Before the dock is first laid out the panel has no width of its own, and a height asked for
    // at its narrow size hint would grow the window past the projector: the window's width is the
    // width the panel gets along the top.
    const int w = isVisible() && width() > 0 ? width() : window()->width();
    auto needed = [&] {
        return layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(w)
                                             : layout()->totalSizeHint().height();
    };
    // The height the window can give without growing: its own height less what every other part
    // of it needs at least. A projector's window must not grow past the screen for a long step
    // (Japanese at 1280x800 needed up to 22 px more), so the text is set one size smaller
    // instead, up to three times.
    int room = 0;
    if (QWidget* win = window(); win != this && win->isVisible()) {
        const int others = win->minimumSizeHint().height() - minimumHeight();
        room = win->height() - others;
    }
    int h = 0;
    for (int level = 0; level < kFontLevels; ++level) {
        if (level != fontLevel_) {
            fontLevel_ = level;
            updateFonts();  // fitting_ is set: it only sets the fonts
        }
        h = needed();
        if (room <= 0 || h <= room)
            break;
    }
    // Exactly that high: the chain and the docks below keep every other pixel.
    if (h > 0 && (h != minimumHeight() || h != maximumHeight()))
        setFixedHeight(h);
    fitting_ = false;
}

void LessonPanel::changeEvent(QEvent* e) {
    switch (e->type()) {
        case QEvent::FontChange:
            updateFonts();
            break;
        case QEvent::LanguageChange:
        case QEvent::LocaleChange:
            retranslate();
            refreshText();
            break;
        default:
            break;
    }
    QWidget::changeEvent(e);
}

void LessonPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitHeight();
}

void LessonPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (hasLesson_ && overlay_ && !overlay_->target()) {
        const LessonStep& s = lesson_.steps[static_cast<std::size_t>(step_)];
        overlay_->setTarget(targetWidget(qs(s.highlight)));
    }
}

void LessonPanel::hideEvent(QHideEvent* e) {
    QWidget::hideEvent(e);
    // The frame belongs to the step on screen: no panel, no frame.
    if (!e->spontaneous() && overlay_)
        overlay_->setTarget(nullptr);
}

}  // namespace pl::ui
