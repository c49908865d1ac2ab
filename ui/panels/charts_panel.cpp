#include "panels/charts_panel.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTimer>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include "common/text_util.h"
#include "panels/dock_chart.h"
#include "state/refresh_queue.h"
#include "state/scenario_context.h"
#include "state/timeline_state.h"

namespace pl::ui {

namespace {

struct Prefill {
    int request;
    double ttft_ms;
    int cached;
    int computed;
    int prompt;
};

// Every PrefillDoneEvent before the cursor.
std::vector<Prefill> prefillsUpTo(const ScenarioRun& run, int cursor) {
    std::vector<Prefill> out;
    for (int i = 0; i < cursor && i < run.eventCount(); ++i) {
        if (const auto* p = std::get_if<PrefillDoneEvent>(&run.events[static_cast<std::size_t>(i)]))
            out.push_back({p->request, p->ttft_ms, p->cached_tokens, p->computed_tokens,
                           p->cached_tokens + p->computed_tokens});
    }
    return out;
}

std::vector<const MemorySampleEvent*> samplesUpTo(const ScenarioRun& run, int cursor) {
    std::vector<const MemorySampleEvent*> out;
    for (int i = 0; i < cursor && i < run.eventCount(); ++i) {
        if (const auto* m =
                std::get_if<MemorySampleEvent>(&run.events[static_cast<std::size_t>(i)]))
            out.push_back(m);
    }
    return out;
}

// Tokens through the model when each memory sample was taken: every prompt token of the
// requests admitted so far (computed or read from the cache) and every decoded token. The memory
// chart's x axis, so KV is seen growing with tokens, not with the count of samples.
struct TokenClock {
    std::vector<double> at;  // one per memory sample up to the cursor
    double now = 0;          // at the cursor: the last sample's state holds until here
    double total = 0;        // at the end of the run
};
TokenClock tokenClock(const ScenarioRun& run, int cursor) {
    TokenClock clock;
    double processed = 0;
    for (int i = 0; i < run.eventCount(); ++i) {
        const auto& ev = run.events[static_cast<std::size_t>(i)];
        if (const auto* p = std::get_if<PrefillDoneEvent>(&ev))
            processed += p->cached_tokens + p->computed_tokens;
        else if (std::holds_alternative<TokenDecodedEvent>(ev))
            processed += 1;
        else if (std::holds_alternative<MemorySampleEvent>(ev) && i < cursor)
            clock.at.push_back(processed);
        if (i + 1 == cursor)
            clock.now = processed;
    }
    clock.total = processed;
    return clock;
}

// A bar or point at the largest value stays clear of the top of the plot.
constexpr double kAxisHeadroom = 1.02;

// The chart's axis of that orientation, created once: rebuilding axes on every cursor step
// leaves stale label items behind in Qt Charts 6.4 and costs more than updating ranges.
QFont scaledFont(const QFont& base, double k) {
    QFont f = base;
    if (base.pointSizeF() > 0)
        f.setPointSizeF(base.pointSizeF() * k);
    else if (base.pixelSize() > 0)
        f.setPixelSize(std::max(1, static_cast<int>(base.pixelSize() * k)));
    return f;
}

// The width a one-row legend needs for its listed entries at `font`: a marker, a gap and the
// label each, and the chart's margins.
// With `sessions` false, the entries of the memory chart's sessions do not count (they are
// hidden). A marker's own visibility is not asked: it reads false until the legend is shown.
// What Qt Charts needs to show every entry whole: the marker, its gap and the spacing between
// entries come to about two and a half line heights, and the chart's own margins to three. A
// short estimate let Qt elide the last entry, the pool's capacity, number and all.
int legendWidth(const QLegend* legend, const QFont& font, bool sessions) {
    const QFontMetrics fm(font);
    int need = fm.height() * 3;
    for (QLegendMarker* m : legend->markers()) {
        if (sessions || !(m->series() && m->series()->property("session").isValid()))
            need += fm.height() * 5 / 2 + fm.horizontalAdvance(m->label());
    }
    return need;
}

// A legend is one row. Where its entries do not fit the chart at the panel's font (Polish reuse
// states in a 330 px dock), it is set smaller, down to about half, before Qt Charts would elide
// them.
void fitLegendFont(QChart* chart, const QFont& base, int width, bool sessions = true) {
    QLegend* legend = chart->legend();
    QFont f = base;
    for (double k : {1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55}) {
        if (width <= 0)
            break;  // not laid out yet: the resize that lays it out fits it
        f = scaledFont(base, k);
        if (legendWidth(legend, f, sessions) <= width)
            break;
    }
    legend->setFont(f);
}

}  // namespace

ChartsPanel::ChartsPanel(ScenarioContext* context, QWidget* parent)
    : ContextWidget(context, parent) {
    tabs_ = addDockTabs(this);
    auto makeView = [this] {
        QChartView* view = newChartView(tabs_);
        view->installEventFilter(this);  // a resize refits its legend (eventFilter)
        tabs_->addTab(view, QString());
        return view;
    };
    ttft_ = makeView();
    scatter_ = makeView();
    memory_ = makeView();
    hitRate_ = makeView();
    retranslateUi();
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int tab) { ensureBuilt(tab); });
    connect(context, &ScenarioContext::runChanged, this,
            RefreshQueue::deferred(this, 0, [this] { refresh(true); }));
    connect(context, &ScenarioContext::scenarioChanged, this, [this] { refresh(true); });
    connect(context, &ScenarioContext::cursorChanged, this,
            RefreshQueue::deferred(this, 1, [this] { refresh(false); }));
    refresh(true);
}

void ChartsPanel::showChart(Chart chart) {
    tabs_->setCurrentWidget(chartView(chart));
}

QWidget* ChartsPanel::chartView(Chart chart) const {
    switch (chart) {
        case Chart::Ttft:
            return ttft_;
        case Chart::TtftVsLength:
            return scatter_;
        case Chart::KvMemory:
            return memory_;
        case Chart::HitRate:
            return hitRate_;
    }
    return ttft_;
}

QChart* ChartsPanel::ttftChart() const {
    return ttft_->chart();
}

void ChartsPanel::setTheme(Theme theme) {
    theme_ = theme;
    // Before the series are rebuilt: a chart theme resets the colours of the series it holds,
    // and applying it costs tens of milliseconds, so only on a theme change.
    for (QChartView* v : {ttft_, scatter_, memory_, hitRate_})
        v->chart()->setTheme(theme == Theme::Dark ? QChart::ChartThemeDark
                                                  : QChart::ChartThemeLight);
    refresh(true);
}

void ChartsPanel::retranslateUi() {
    // Short tab names, so that all four fit a narrow dock in every language; the full name is the
    // tab's tooltip and the chart's title.
    const std::tuple<QChartView*, QString, QString> names[] = {
        {ttft_, tr("TTFT", "tab"), tr("Time to first token")},
        {scatter_, tr("By length", "tab"), tr("TTFT vs prompt length")},
        {memory_, tr("Memory", "tab"), tr("KV memory")},
        {hitRate_, tr("Hits", "tab"), tr("Hit rate")}};
    for (const auto& [view, name, full] : names) {
        tabs_->setTabText(tabs_->indexOf(view), name);
        tabs_->setTabToolTip(tabs_->indexOf(view), full);
    }
}

void ChartsPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    if (e->type() == QEvent::FontChange || e->type() == QEvent::LanguageChange)
        refresh(true);
    QWidget::changeEvent(e);
}

void ChartsPanel::refresh(bool force) {
    const ScenarioRun* run = shownRun();
    int prefills = 0;
    int samples = 0;
    if (run) {
        for (int i = 0; i < context_->cursor() && i < run->eventCount(); ++i) {
            const auto& ev = run->events[static_cast<std::size_t>(i)];
            prefills += std::holds_alternative<PrefillDoneEvent>(ev) ? 1 : 0;
            samples += std::holds_alternative<MemorySampleEvent>(ev) ? 1 : 0;
        }
    }
    // Rebuilding a chart costs milliseconds: only when what it shows changed.
    if (!force && run == builtRun_ && prefills == builtPrefills_ && samples == builtSamples_)
        return;
    builtRun_ = run;
    builtPrefills_ = prefills;
    builtSamples_ = samples;
    dirty_ = (1u << kTabCount) - 1;
    ensureBuilt(tabs_->currentIndex());
}

void ChartsPanel::rebuild() {
    refresh(true);
    ensureBuilt(tabs_->currentIndex());
}

void ChartsPanel::ensureBuilt(int tab) {
    if (tab < 0 || tab >= kTabCount || !(dirty_ & (1u << tab)))
        return;
    dirty_ &= ~(1u << tab);
    switch (tab) {
        case kTtftTab:
            buildTtft();
            break;
        case kScatterTab:
            buildScatter();
            break;
        case kMemoryTab:
            buildMemory();
            break;
        default:
            buildHitRate();
            break;
    }
}

void ChartsPanel::styleChart(QChart* chart, const QString& title) {
    const Palette& pal = Palette::get(theme_);
    styleChartFrame(chart, pal, title, font(), 4);
    fitLegendFont(chart, font(), static_cast<int>(chart->size().width()));
    styleChartAxes(chart, pal, font());
}

void ChartsPanel::buildTtft() {
    QChart* chart = ttft_->chart();
    chart->removeAllSeries();
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    ttftBars_ = 0;
    if (!run || run->requestCount() == 0) {
        styleChart(chart, tr("Time to first token — waiting for the run"));
        return;
    }
    const auto prefills = prefillsUpTo(*run, context_->cursor());
    const auto reuse = reuseOfAll(*run);
    auto* hitSet = new QBarSet(reuseLabel(Reuse::All));
    auto* partSet = new QBarSet(reuseLabel(Reuse::Part));
    auto* missSet = new QBarSet(reuseLabel(Reuse::None));
    hitSet->setColor(pal.hit);
    partSet->setColor(pal.someReuse);
    missSet->setColor(pal.computed);
    hitSet->setBorderColor(pal.hit);
    partSet->setBorderColor(pal.someReuse);
    missSet->setBorderColor(pal.computed);
    double maxTtft = 0;
    for (const auto& r : run->results)
        maxTtft = std::max(maxTtft, r.ttft_ms);
    const bool detailed = run->requestCount() <= 12;
    ttftBarInfo_.clear();
    for (int r = 0; r < run->requestCount(); ++r) {
        const auto it = std::find_if(prefills.begin(), prefills.end(),
                                     [&](const Prefill& p) { return p.request == r; });
        const bool shown = it != prefills.end();
        const Reuse state = reuse[static_cast<std::size_t>(r)].state;
        hitSet->append(shown && state == Reuse::All ? it->ttft_ms : 0.0);
        partSet->append(shown && state == Reuse::Part ? it->ttft_ms : 0.0);
        missSet->append(shown && state == Reuse::None ? it->ttft_ms : 0.0);
        ttftBars_ += shown ? 1 : 0;
        ttftBarInfo_.push_back(shown ? TtftBar{r, it->computed, it->prompt, it->ttft_ms}
                                     : TtftBar{r, -1, 0, 0.0});
    }
    auto* series = new QStackedBarSeries;
    series->append(hitSet);
    series->append(partSet);
    series->append(missSet);
    series->setBarWidth(0.7);
    chart->addSeries(series);
    // Every bar names its numbers on hover, whatever room the axis labels have.
    connect(series, &QStackedBarSeries::hovered, this, [this](bool on, int index, QBarSet*) {
        if (!on || index < 0 || index >= static_cast<int>(ttftBarInfo_.size())) {
            QToolTip::hideText();
            return;
        }
        const TtftBar& b = ttftBarInfo_[static_cast<std::size_t>(index)];
        if (b.computed < 0)
            QToolTip::showText(QCursor::pos(), tr("Request #%1: not played yet").arg(b.request));
        else
            QToolTip::showText(QCursor::pos(),
                               tr("Request #%1: %2 of %3 tokens computed, TTFT %4 ms")
                                   .arg(b.request)
                                   .arg(b.computed)
                                   .arg(b.prompt)
                                   .arg(b.ttft_ms, 0, 'f', 1));
    });
    QAbstractAxis* x = nullptr;
    ttftCategorical_ = detailed;
    if (detailed) {
        auto* cx = static_cast<QBarCategoryAxis*>(axisOf(chart, Qt::Horizontal, true));
        x = cx;
    } else {
        // Too many requests to name each bar legibly: a numbered axis, a label every 5 or 10.
        auto* vx = static_cast<QValueAxis*>(axisOf(chart, Qt::Horizontal, false));
        const int n = run->requestCount();
        vx->setRange(-0.5, n - 0.5);
        vx->setTickType(QValueAxis::TicksDynamic);
        vx->setTickAnchor(0);
        vx->setTickInterval(n > 60 ? 10 : 5);
        vx->setMinorTickCount(0);
        vx->setLabelFormat(QStringLiteral("%d"));
        vx->setGridLineVisible(false);
        vx->setTitleText(tr("request"));
        x = vx;
    }
    auto* y = static_cast<QValueAxis*>(axisOf(chart, Qt::Vertical, false));
    y->setRange(0, niceCeil(maxTtft, kAxisHeadroom));
    y->setTitleText(tr("ms"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    series->attachAxis(x);
    series->attachAxis(y);
    styleChart(chart, tr("Time to first token per request"));
    fitTtftCategories();
}

void ChartsPanel::fitTtftCategories() {
    if (!ttftCategorical_)
        return;
    QChart* chart = ttft_->chart();
    const auto axes = chart->axes(Qt::Horizontal);
    auto* cx = axes.isEmpty() ? nullptr : qobject_cast<QBarCategoryAxis*>(axes.first());
    if (!cx || ttftBarInfo_.empty())
        return;
    // The room of one bar's column: the plot area once laid out, else the view less the value
    // axis (a first build before the dock has its size; the resize that follows fits it again).
    const QFontMetrics fm(cx->labelsFont());
    qreal plot = chart->plotArea().width();
    if (plot < 1)
        plot = ttft_->width() - 2 * fm.height() - fm.horizontalAdvance(QStringLiteral("00000"));
    const qreal column = plot / static_cast<qreal>(ttftBarInfo_.size());
    // Qt Charts elides a category label wider than its column less a small margin.
    const qreal room = column - fm.averageCharWidth();
    // Two label lines also need height: Qt Charts gives the axis labels a share of the chart's
    // height and elides a second line that does not fit it ("#0…"), as in a 1280x800 window
    // where the Charts dock shares its column with tabs. Only a tall chart gets both lines.
    bool both = ttft_->height() >= 22 * fm.height();
    for (const TtftBar& b : ttftBarInfo_) {
        const int need = std::max(fm.horizontalAdvance(QStringLiteral("#%1").arg(b.request)),
                                  fm.horizontalAdvance(tr("%1 tok").arg(std::max(b.computed, 0))));
        both = both && need <= room;
    }
    QStringList categories;
    for (const TtftBar& b : ttftBarInfo_) {
        if (both && b.computed >= 0)
            categories << QStringLiteral("#%1<br>").arg(b.request) + tr("%1 tok").arg(b.computed);
        else
            categories << QStringLiteral("#%1").arg(b.request);
    }
    if (cx->categories() != categories) {
        cx->clear();
        cx->append(categories);
    }
    cx->setTitleText(both ? tr("request · tokens computed") : tr("request"));
}

void ChartsPanel::buildScatter() {
    QChart* chart = scatter_->chart();
    chart->removeAllSeries();
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    if (!run) {
        styleChart(chart, tr("TTFT vs prompt length — waiting for the run"));
        return;
    }
    const auto prefills = prefillsUpTo(*run, context_->cursor());
    const auto reuse = reuseOfAll(*run);
    std::array<QScatterSeries*, 3> sets{};
    const qreal marker = QFontMetrics(font()).height() * 0.8;
    for (Reuse state : {Reuse::All, Reuse::Part, Reuse::None}) {
        auto* set = sets[static_cast<std::size_t>(state)] = new QScatterSeries;
        set->setName(reuseLabel(state));
        set->setColor(reuseColor(pal, state));
        set->setMarkerSize(marker);
        set->setBorderColor(pal.panel);
    }
    for (const auto& p : prefills) {
        const Reuse state = p.request < static_cast<int>(reuse.size())
                                ? reuse[static_cast<std::size_t>(p.request)].state
                                : Reuse::None;
        sets[static_cast<std::size_t>(state)]->append(p.prompt, p.ttft_ms);
    }
    // Drawn last on top: the requests that reused everything, the line a cached prefix breaks.
    chart->addSeries(sets[static_cast<std::size_t>(Reuse::None)]);
    chart->addSeries(sets[static_cast<std::size_t>(Reuse::Part)]);
    chart->addSeries(sets[static_cast<std::size_t>(Reuse::All)]);
    double maxLen = 1;
    double maxTtft = 0;
    for (const auto& r : run->results) {
        maxLen = std::max(maxLen, static_cast<double>(r.prompt_tokens));
        maxTtft = std::max(maxTtft, r.ttft_ms);
    }
    auto* x = static_cast<QValueAxis*>(axisOf(chart, Qt::Horizontal, false));
    x->setRange(0, niceCeil(maxLen, kAxisHeadroom));
    x->setTitleText(tr("prompt tokens"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    auto* y = static_cast<QValueAxis*>(axisOf(chart, Qt::Vertical, false));
    y->setRange(0, niceCeil(maxTtft, kAxisHeadroom));
    y->setTitleText(tr("TTFT (ms)"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChart(chart, tr("TTFT against prompt length: a cached prefix breaks the line"));
}

void ChartsPanel::buildMemory() {
    QChart* chart = memory_->chart();
    chart->removeAllSeries();
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    memorySamples_ = 0;
    if (!run) {
        styleChart(chart, tr("KV memory — waiting for the run"));
        return;
    }
    const auto samples = samplesUpTo(*run, context_->cursor());
    memorySamples_ = static_cast<int>(samples.size());
    constexpr double kMiB = 1024.0 * 1024.0;
    const double capacity = static_cast<double>(run->scenario.capacity_blocks) *
                            static_cast<double>(run->bytes_per_block) / kMiB;
    const TokenClock clock = tokenClock(*run, context_->cursor());
    const double lastX = std::max(1.0, clock.total);

    // Stacked areas: each session's blocks in use, then the cached free blocks on top.
    std::vector<double> lower(samples.size(), 0.0);
    auto addLayer = [&](const QString& name, const QColor& color, auto valueOf) {
        auto* up = new QLineSeries;
        auto* lo = new QLineSeries;
        // A run starts from an empty pool: from there to the first sample, taken once the first
        // prompt is computed, the line rises with the tokens, as the KV did.
        if (!samples.empty() && !clock.at.empty() && clock.at.front() > 0) {
            lo->append(0, 0);
            up->append(0, 0);
        }
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const double v = valueOf(*samples[i]);
            const double x = i < clock.at.size() ? clock.at[i] : static_cast<double>(i);
            lo->append(x, lower[i]);
            up->append(x, lower[i] + v);
            lower[i] += v;
        }
        // The blocks last sampled are held while the tokens after that sample are decoded.
        if (!samples.empty() && clock.now > lo->points().back().x()) {
            lo->append(clock.now, lo->points().back().y());
            up->append(clock.now, up->points().back().y());
        }
        auto* area = new QAreaSeries(up, lo);
        // A QAreaSeries does not own its boundary lines: parented to it, they go with it when the
        // chart is rebuilt (removeAllSeries) instead of leaking.
        up->setParent(area);
        lo->setParent(area);
        area->setName(name);
        QColor fill = color;
        fill.setAlpha(200);
        area->setColor(fill);
        area->setBorderColor(color);
        chart->addSeries(area);
        return area;
    };
    for (std::size_t s = 0; s < run->sessions.size(); ++s) {
        const std::string session = run->sessions[s];
        QAreaSeries* area = addLayer(
            QString::fromStdString(session), pal.session(static_cast<int>(s)),
            [&](const MemorySampleEvent& m) {
                const auto it = m.bytes_per_session.find(session);
                return it == m.bytes_per_session.end() ? 0.0
                                                       : static_cast<double>(it->second) / kMiB;
            });
        area->setProperty("session", QString::fromStdString(session));
    }
    addLayer(tr("cached, free"), pal.poolCachedFree, [&](const MemorySampleEvent& m) {
        return static_cast<double>(m.blocks_cached_free) * static_cast<double>(m.bytes_per_block) /
               kMiB;
    });
    auto* cap = new QLineSeries;
    cap->setName(tr("pool capacity %1").arg(formatBytes(capacity * kMiB)));
    cap->append(0, capacity);
    cap->append(lastX, capacity);
    QPen capPen(pal.invalidation, 2, Qt::DashLine);
    cap->setPen(capPen);
    chart->addSeries(cap);

    auto* x = static_cast<QValueAxis*>(axisOf(chart, Qt::Horizontal, false));
    x->setRange(0, niceCeil(lastX, kAxisHeadroom));
    // Short enough for a narrow dock in every language: prompt and decoded tokens so far.
    x->setTitleText(tr("tokens processed"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTickCount(5);
    auto* y = static_cast<QValueAxis*>(axisOf(chart, Qt::Vertical, false));
    double maxY = capacity;
    for (double v : lower)
        maxY = std::max(maxY, v);
    y->setRange(0, niceCeil(maxY, kAxisHeadroom));
    y->setTitleText(tr("MiB"));
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChart(chart, tr("KV memory by session, against the pool"));
    // Each session's area names its session when hovered: the legend may have no room for it.
    for (QAbstractSeries* series : chart->series()) {
        auto* area = qobject_cast<QAreaSeries*>(series);
        if (!area || !series->property("session").isValid())
            continue;
        connect(area, &QAreaSeries::hovered, this, [area](const QPointF&, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), area->name());
            else
                QToolTip::hideText();
        });
    }
    fitMemoryLegend();
}

// One row of legend over a narrow chart: the sessions' entries come first and go first. When
// the row cannot hold them all beside the cached and capacity entries, none is listed (a
// partial list would read as the whole) and each area names its session on hover instead.
void ChartsPanel::fitMemoryLegend() {
    QChart* chart = memory_->chart();
    QLegend* legend = chart->legend();
    // The sessions are listed when the whole row fits at the smallest legend font.
    const bool sessionsFit =
        legendWidth(legend, scaledFont(font(), 0.66), true) <= memory_->width();
    for (QLegendMarker* m : legend->markers()) {
        const bool session = m->series() && m->series()->property("session").isValid();
        m->setVisible(!session || sessionsFit);
    }
    legend->setVisible(true);
    fitLegendFont(chart, font(), memory_->width(), sessionsFit);
}

bool ChartsPanel::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() == QEvent::Resize) {
        if (watched == memory_)
            fitMemoryLegend();
        else if (auto* view = qobject_cast<QChartView*>(watched))
            fitLegendFont(view->chart(), font(), view->width());
        if (watched == ttft_)
            fitTtftCategories();
    }
    return QWidget::eventFilter(watched, e);
}

void ChartsPanel::buildHitRate() {
    QChart* chart = hitRate_->chart();
    chart->removeAllSeries();
    const Palette& pal = Palette::get(theme_);
    const ScenarioRun* run = shownRun();
    if (!run) {
        styleChart(chart, tr("Hit rate — waiting for the run"));
        return;
    }
    const auto prefills = prefillsUpTo(*run, context_->cursor());
    auto* cumulative = new QLineSeries;
    cumulative->setName(tr("all requests so far"));
    cumulative->setPen(QPen(pal.accent, 2.5));
    auto* each = new QScatterSeries;
    each->setName(tr("this request"));
    each->setColor(pal.hit);
    each->setBorderColor(pal.panel);
    each->setMarkerSize(QFontMetrics(font()).height() * 0.7);
    double hits = 0;
    double queries = 0;
    int i = 0;
    for (const auto& p : prefills) {
        hits += p.cached;
        queries += p.prompt;
        cumulative->append(i, queries > 0 ? 100.0 * hits / queries : 0.0);
        each->append(i, p.prompt > 0 ? 100.0 * p.cached / p.prompt : 0.0);
        ++i;
    }
    chart->addSeries(cumulative);
    chart->addSeries(each);
    auto* x = static_cast<QValueAxis*>(axisOf(chart, Qt::Horizontal, false));
    x->setRange(0, std::max(1, run->requestCount() - 1));
    x->setTitleText(tr("request (in prefill order)"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTickCount(std::min(run->requestCount(), 11) < 2 ? 2 : std::min(run->requestCount(), 11));
    auto* y = static_cast<QValueAxis*>(axisOf(chart, Qt::Vertical, false));
    y->setRange(0, 100);
    y->setTitleText(tr("% reused"));  // the chart's title says of what: a short axis
    y->setLabelFormat(QStringLiteral("%.0f"));
    cumulative->attachAxis(x);
    cumulative->attachAxis(y);
    each->attachAxis(x);
    each->attachAxis(y);
    styleChart(chart, tr("Prefix cache hit rate"));
}

}  // namespace pl::ui
