#include "shell/transport_bar.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QStyleOptionSlider>
#include <QToolButton>
#include <algorithm>

#include "state/scenario_context.h"

namespace pl::ui {

TimelineSlider::TimelineSlider(QWidget* parent) : QSlider(Qt::Horizontal, parent) {
    setFocusPolicy(Qt::NoFocus);  // Left/Right belong to the window's step actions
}

void TimelineSlider::setMarks(std::vector<std::pair<int, QColor>> marks) {
    marks_ = std::move(marks);
    update();
}

void TimelineSlider::paintEvent(QPaintEvent* e) {
    QSlider::paintEvent(e);
    if (maximum() <= minimum())
        return;
    QStyleOptionSlider opt;
    initStyleOption(&opt);
    const QRect groove =
        style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, this);
    const QRect handle =
        style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, this);
    const int span = groove.width() - handle.width();
    QPainter p(this);
    for (const auto& [at, color] : marks_) {
        const int x = groove.left() + handle.width() / 2 +
                      QStyle::sliderPositionFromValue(minimum(), maximum(), at, span);
        p.fillRect(QRect(x - 1, groove.top() - 2, 3, 5), color);
        p.fillRect(QRect(x - 1, groove.bottom() - 2, 3, 5), color);
    }
}

const std::vector<double>& TransportBar::speeds() {
    static const std::vector<double> s{0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0};
    return s;
}

TransportBar::TransportBar(ScenarioContext* context, const TransportActions& actions,
                           QWidget* parent)
    : ContextWidget(context, parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    for (QAction* a : {actions.toStart, actions.prevRequest, actions.stepBack, actions.playPause,
                       actions.stepForward, actions.nextRequest, actions.toEnd}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::NoFocus);
        layout->addWidget(b);
    }
    slider_ = new TimelineSlider(this);
    layout->addWidget(slider_, 1);
    position_ = new QLabel(this);
    layout->addWidget(position_);
    speed_ = new QComboBox(this);
    speed_->setFocusPolicy(Qt::NoFocus);
    for (double s : speeds())
        speed_->addItem(QStringLiteral("%1×").arg(s), s);
    layout->addWidget(speed_);

    connect(slider_, &QSlider::valueChanged, this, [this](int v) {
        if (!updating_ && context_)
            context_->setCursor(v);
    });
    connect(speed_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!updating_ && context_ && i >= 0)
            context_->setSpeed(speed_->itemData(i).toDouble());
    });
    connect(context, &ScenarioContext::runChanged, this, [this] {
        rebuildMarks();
        refresh();
    });
    connect(context, &ScenarioContext::cursorChanged, this, &TransportBar::refresh);
    connect(context, &ScenarioContext::speedChanged, this, &TransportBar::refresh);
    connect(context, &ScenarioContext::selectionChanged, this, &TransportBar::refresh);
    retranslateUi();
}

void TransportBar::changeEvent(QEvent* e) {
    if (e->type() == QEvent::FontChange) {
        const int s = QFontMetrics(font()).height() * 5 / 4;
        for (QToolButton* b : findChildren<QToolButton*>())
            b->setIconSize(QSize(s, s));
    }
    if (e->type() == QEvent::FontChange || e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void TransportBar::retranslateUi() {
    if (!position_)
        return;  // a font change while constructing
    slider_->setToolTip(tr("Drag to scrub through every event of the run"));
    speed_->setToolTip(tr("Playback speed (at 1×, each new token stays %1 s on screen)")
                           .arg(ScenarioContext::kTokenSeconds));
    // Wide enough for the longest position line in this language, so the slider keeps its length
    // while the label changes under it.
    const QFontMetrics fm(font());
    int widest = fm.horizontalAdvance(tr("start"));
    for (const char* kind : eventKindNames())
        widest =
            std::max(widest, fm.horizontalAdvance(QCoreApplication::translate("pl::ui", kind)));
    const QString longest = tr("%1 / %2 · request %3 / %4 · %5")
                                .arg(QStringLiteral("0000"), QStringLiteral("0000"),
                                     QStringLiteral("00"), QStringLiteral("00"), QString());
    position_->setMinimumWidth(fm.horizontalAdvance(longest) + widest);
    refresh();
}

void TransportBar::setTheme(Theme theme) {
    theme_ = theme;
    rebuildMarks();
}

void TransportBar::rebuildMarks() {
    std::vector<std::pair<int, QColor>> marks;
    if (context_ && context_->run()) {
        const ScenarioRun& run = *context_->run();
        const Palette& pal = Palette::get(theme_);
        for (int r = 0; r < run.requestCount(); ++r) {
            const int start = run.requestStartCursor(r);
            if (start >= 0)
                marks.emplace_back(
                    start, pal.session(run.sessionIndex(
                               run.scenario.requests[static_cast<std::size_t>(r)].session)));
        }
    }
    slider_->setMarks(std::move(marks));
}

void TransportBar::refresh() {
    if (!context_)
        return;
    updating_ = true;
    const int n = context_->eventCount();
    slider_->setRange(0, n);
    slider_->setValue(context_->cursor());
    slider_->setEnabled(n > 0);
    const auto& s = speeds();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == context_->speed())
            speed_->setCurrentIndex(static_cast<int>(i));
    }
    updating_ = false;
    if (!context_->run()) {
        position_->setText(tr("no run yet"));
        return;
    }
    const ScenarioRun& run = *context_->run();
    const int cursor = context_->cursor();
    const QString what =
        cursor > 0 ? QCoreApplication::translate(
                         "pl::ui", eventKindName(run.events[static_cast<std::size_t>(cursor - 1)]))
                   : tr("start");
    position_->setText(tr("%1 / %2 · request %3 / %4 · %5")
                           .arg(cursor)
                           .arg(n)
                           .arg(context_->requestAtCursor())
                           .arg(run.requestCount() - 1)
                           .arg(what));
}

}  // namespace pl::ui
