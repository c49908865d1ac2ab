#include "traffic/traffic_panel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QEvent>
#include <QEventLoop>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "panels/dock_chart.h"
#include "traffic/traffic_session.h"
#include "traffic/traffic_view.h"

namespace pl::ui {

namespace {

// The curves a finished load brings: no cache, and each policy.
constexpr int kCurves = 1 + static_cast<int>(std::size(kTrafficPolicies));

QString policyTitle(CachePolicy p) {
    switch (p) {
        case CachePolicy::Anthropic:
            return TrafficPanel::tr("Anthropic");
        case CachePolicy::OpenAI:
            return TrafficPanel::tr("OpenAI");
        case CachePolicy::Vllm:
            return TrafficPanel::tr("vLLM blocks");
        case CachePolicy::Radix:
            return TrafficPanel::tr("SGLang radix");
        case CachePolicy::Gemini:
            return TrafficPanel::tr("Gemini");
        case CachePolicy::Bedrock:
            return TrafficPanel::tr("Bedrock");
        case CachePolicy::DeepSeek:
            return TrafficPanel::tr("DeepSeek");
    }
    return {};
}

QString usd(double v) {
    return QStringLiteral("$%1").arg(v, 0, 'f', v >= 100 ? 2 : 4);
}

QString swatchHtml(const QColor& c) {
    return QStringLiteral("<span style='color:%1'>■</span>").arg(c.name());
}

}  // namespace

TrafficPanel::TrafficPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("trafficPanel"));
    host_ = new TrafficHost(this);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 4, 0, 0);
    v->setSpacing(4);

    auto* top = new QHBoxLayout;
    fileLabel_ = new QLabel(this);
    QFont bold = fileLabel_->font();
    bold.setBold(true);
    fileLabel_->setFont(bold);
    fileLabel_->setTextFormat(Qt::PlainText);
    top->addWidget(fileLabel_);
    top->addStretch(1);
    policyLabel_ = new QLabel(this);
    top->addWidget(policyLabel_);
    policy_ = new QComboBox(this);
    policy_->setObjectName(QStringLiteral("trafficPolicy"));
    for (CachePolicy p : kTrafficPolicies)
        policy_->addItem(QString(), static_cast<int>(p));
    policyLabel_->setBuddy(policy_);
    top->addWidget(policy_);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("trafficProgress"));
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(fontMetrics().averageCharWidth() * 18);
    progress_->setMaximumHeight(fontMetrics().height());
    progress_->hide();
    top->addWidget(progress_);
    cancel_ = new QPushButton(this);
    cancel_->setObjectName(QStringLiteral("trafficCancel"));
    cancel_->hide();
    top->addWidget(cancel_);
    v->addLayout(top);

    totals_ = new QLabel(this);
    totals_->setObjectName(QStringLiteral("trafficTotals"));
    totals_->setTextFormat(Qt::RichText);
    totals_->setWordWrap(true);
    v->addWidget(totals_);
    errorLabel_ = new QLabel(this);
    errorLabel_->setObjectName(QStringLiteral("trafficError"));
    errorLabel_->setTextFormat(Qt::PlainText);
    errorLabel_->setWordWrap(true);
    errorLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    errorLabel_->hide();
    v->addWidget(errorLabel_);
    legend_ = new QLabel(this);
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);
    v->addWidget(legend_);

    // The rows beside the cost chart: as many rows in sight as the window's height allows.
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    view_ = new TrafficView(split);
    // The chart's own legend drops names that do not fit a narrow chart: a label under it
    // names every curve in its colour.
    auto* chartBox = new QWidget(split);
    auto* cv = new QVBoxLayout(chartBox);
    cv->setContentsMargins(0, 0, 0, 0);
    cv->setSpacing(2);
    chart_ = newChartView(chartBox);
    chart_->setObjectName(QStringLiteral("trafficChart"));
    chart_->setMinimumWidth(fontMetrics().averageCharWidth() * 30);
    cv->addWidget(chart_, 1);
    chartLegend_ = new QLabel(chartBox);
    chartLegend_->setTextFormat(Qt::RichText);
    chartLegend_->setWordWrap(true);
    cv->addWidget(chartLegend_);
    split->addWidget(view_);
    split->addWidget(chartBox);
    split->setStretchFactor(0, 7);
    split->setStretchFactor(1, 3);
    v->addWidget(split, 1);

    connect(policy_, &QComboBox::activated, this,
            [this](int i) { setPolicy(static_cast<CachePolicy>(policy_->itemData(i).toInt())); });
    connect(cancel_, &QPushButton::clicked, this, &TrafficPanel::cancel);
    connect(view_, &TrafficView::rowActivated, this, [this] { openSelected(); });
    connect(host_, &TrafficHost::batchReady, this, [this](const TrafficBatchPtr& b) {
        view_->addRows(b->rows);
        if (b->bytesTotal > 0)
            progress_->setValue(static_cast<int>(1000 * b->bytesRead / b->bytesTotal));
        refreshTotals();
    });
    connect(host_, &TrafficHost::summaryReady, this, [this](const TrafficSummaryPtr& s) {
        summary_ = *s;
        progress_->hide();
        cancel_->hide();
        const int idx = policy_->findData(static_cast<int>(s->policy));
        if (idx >= 0)
            policy_->setCurrentIndex(idx);
        curvesPending_ = !s->cancelled;
        if (!s->inputErrors.isEmpty())
            showError(englishPlural(tr("%n line(s) skipped; the first: %1", nullptr,
                                       static_cast<int>(s->inputErrors.size())),
                                    static_cast<int>(s->inputErrors.size()))
                          .arg(s->inputErrors.front()),
                      false);
        refreshTotals();
        rebuildChart();
        emit loaded();
    });
    connect(host_, &TrafficHost::curveReady, this, [this](const TrafficCurvePtr& c) {
        curves_[{static_cast<int>(c->policy), c->uncached}] = c->cumulative;
        if (static_cast<int>(curves_.size()) >= kCurves)
            curvesPending_ = false;
        rebuildChart();
    });
    connect(host_, &TrafficHost::failed, this, [this](const QString& message) {
        progress_->hide();
        cancel_->hide();
        curvesPending_ = false;
        showError(message, true);
        refreshTotals();
        emit loadFailed(message);
    });
    connect(host_, &TrafficHost::requestReady, this, &TrafficPanel::requestOpened);
    connect(host_, &TrafficHost::requestFailed, this, &TrafficPanel::requestFailed);
    retranslateUi();
    setTheme(theme_);
}

TrafficPanel::~TrafficPanel() = default;

void TrafficPanel::open(const QString& path, std::optional<CachePolicy> policy) {
    path_ = path;
    if (policy) {
        if (const int idx = policy_->findData(static_cast<int>(*policy)); idx >= 0)
            policy_->setCurrentIndex(idx);
    }
    start(policy);
}

void TrafficPanel::setPolicy(CachePolicy policy) {
    if (path_.isEmpty())
        return;
    const int idx = policy_->findData(static_cast<int>(policy));
    if (idx >= 0)
        policy_->setCurrentIndex(idx);
    start(policy);
}

void TrafficPanel::start(std::optional<CachePolicy> policy) {
    requested_ = policy;
    const int selected = view_->selectedRow();
    view_->clear();
    summary_.reset();
    curves_.clear();
    curvesPending_ = false;
    showError(QString(), false);
    fileLabel_->setText(QFileInfo(path_).fileName());
    fileLabel_->setToolTip(path_);
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
    host_->open(path_, policy);
    refreshTotals();
    rebuildChart();
    // The same request stays selected under another policy, once its row is back.
    if (selected >= 0) {
        auto keep = std::make_shared<QMetaObject::Connection>();
        *keep = connect(host_, &TrafficHost::batchReady, this, [this, selected, keep] {
            if (view_->rowCount() > selected) {
                view_->selectRow(selected);
                disconnect(*keep);
            }
        });
        connect(
            host_, &TrafficHost::summaryReady, this, [keep] { disconnect(*keep); },
            Qt::SingleShotConnection);
    }
}

void TrafficPanel::cancel() {
    host_->cancel();
}

bool TrafficPanel::isLoading() const {
    return host_->isLoading() || curvesPending_;
}

bool TrafficPanel::waitForLoad(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (isLoading() && !deadline.hasExpired()) {
        QEventLoop loop;
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return !isLoading() && !failed_ && summary_.has_value();
}

QWidget* TrafficPanel::chartArea() const {
    return chart_->parentWidget();
}

void TrafficPanel::openSelected() {
    const int row = view_->selectedRow();
    if (row < 0)
        return;
    const int previous = view_->previousInConversation(row);
    host_->openRequest(view_->row(row).line, previous >= 0 ? view_->row(previous).line : 0,
                       view_->row(row).request);
}

void TrafficPanel::showError(const QString& message, bool failed) {
    error_ = message;
    failed_ = failed;
    errorLabel_->setText(message);
    errorLabel_->setVisible(!message.isEmpty());
}

void TrafficPanel::setTheme(Theme theme) {
    theme_ = theme;
    view_->setTheme(theme);
    chart_->chart()->setTheme(theme == Theme::Dark ? QChart::ChartThemeDark
                                                   : QChart::ChartThemeLight);
    const Palette& pal = Palette::get(theme);
    QPalette ep = errorLabel_->palette();
    ep.setColor(QPalette::WindowText, pal.invalidation);
    errorLabel_->setPalette(ep);
    retranslateUi();
    rebuildChart();
}

void TrafficPanel::retranslateUi() {
    policyLabel_->setText(tr("&Policy:"));
    for (int i = 0; i < policy_->count(); ++i)
        policy_->setItemText(i,
                             policyTitle(static_cast<CachePolicy>(policy_->itemData(i).toInt())));
    policy_->setToolTip(tr("The cache the log is replayed under; another one recomputes it"));
    cancel_->setText(tr("Cancel"));
    cancel_->setToolTip(tr("Stop reading the log (Esc); the requests read so far stay"));
    QString legend;
    for (const TrafficView::Swatch& s : view_->legend())
        legend += swatchHtml(s.color) + QStringLiteral("&nbsp;") + s.name.toHtmlEscaped() +
                  QStringLiteral("&nbsp;&nbsp;&nbsp;");
    legend += QStringLiteral("<span style='color:%1'>⚠</span>&nbsp;")
                  .arg(Palette::get(theme_).invalidation.name()) +
              tr("the provider's usage disagrees").toHtmlEscaped();
    legend_->setText(legend);
    refreshTotals();
    rebuildChart();
}

void TrafficPanel::refreshTotals() {
    const Palette& pal = Palette::get(theme_);
    const QString muted = pal.mutedText.name();
    if (path_.isEmpty()) {
        totals_->setText(tr("Open a log (File > Open) to see its requests here."));
        return;
    }
    if (!summary_) {
        const int n = view_->rowCount();
        totals_->setText(
            QStringLiteral("<span style='color:%1'>%2</span>")
                .arg(muted, englishPlural(tr("Reading… %n request(s) so far", nullptr, n), n)));
        totals_->setToolTip(QString());
        return;
    }
    const TrafficSummary& s = *summary_;
    const int convs = view_->conversationCount();
    QString t = QStringLiteral("<b>%1</b> ")
                    .arg(englishPlural(tr("%n request(s)", nullptr, s.requests), s.requests)) +
                englishPlural(tr("in %n conversation(s)", nullptr, convs), convs) +
                tr(" · hit rate <b>%1%</b> · cost <b>%2</b> (no cache: %3) · leaked <b>%4</b>")
                    .arg(100.0 * s.hitRate(), 0, 'f', 1)
                    .arg(usd(s.cost), usd(s.uncachedCost), usd(s.leaked));
    if (s.reportedCost >= 0)
        t += tr(" · as reported: %1").arg(usd(s.reportedCost));
    if (s.disagreements > 0)
        t += QStringLiteral(" · <span style='color:%1'>%2</span>")
                 .arg(pal.invalidation.name(),
                      englishPlural(
                          tr("the provider disagrees on %n request(s)", nullptr, s.disagreements),
                          s.disagreements));
    if (s.cancelled)
        t += QStringLiteral(" · <span style='color:%1'>%2</span>")
                 .arg(pal.invalidation.name(), tr("cancelled: the rest of the file was not read"));
    if (s.countingMethod == QLatin1String("exact"))
        t += QStringLiteral(" · ") + tr("tokens: the provider's own");
    else if (s.countingMethod == QLatin1String("calibrated"))
        t += QStringLiteral(" · ") + tr("tokens: calibrated to the log's usage (±%1%)")
                                         .arg(100.0 * s.countingError, 0, 'f', 0);
    else if (!s.countingMethod.isEmpty())
        t += QStringLiteral(" · ") +
             tr("tokens: estimated (±%1%)").arg(100.0 * s.countingError, 0, 'f', 0);
    else
        t += QStringLiteral(" · ") + tr("tokens: the built-in model's");
    totals_->setText(t);
    totals_->setToolTip(s.counting.isEmpty() ? s.tokenizer : s.counting);
}

void TrafficPanel::rebuildChart() {
    QChart* chart = chart_->chart();
    chart->removeAllSeries();
    const Palette& pal = Palette::get(theme_);
    styleChartFrame(chart, pal, tr("Cost over the requests"), font(), 2);
    chart->legend()->hide();
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    QString legend;
    chart->legend()->setLabelColor(pal.text);
    double top = 0;
    int count = 0;
    auto add = [&](const std::vector<double>& values, const QString& name, const QPen& pen) {
        if (values.empty())
            return;
        auto* series = new QLineSeries(chart);
        series->setName(name);
        QList<QPointF> points;
        // A few hundred points draw the curve; thousands would only cost time.
        const std::size_t step = std::max<std::size_t>(1, values.size() / 600);
        for (std::size_t i = 0; i < values.size(); i += step)
            points.append(QPointF(static_cast<double>(i + 1), values[i]));
        if ((values.size() - 1) % step != 0)
            points.append(QPointF(static_cast<double>(values.size()), values.back()));
        series->replace(points);
        series->setPen(pen);
        chart->addSeries(series);
        legend +=
            QStringLiteral("<span style='color:%1'>%2</span>&nbsp;%3 ")
                .arg(pen.color().name(),
                     pen.style() == Qt::DashLine ? QStringLiteral("┅┅") : QStringLiteral("━━"),
                     name.toHtmlEscaped());
        top = std::max(top, values.back());
        count = std::max(count, static_cast<int>(values.size()));
    };
    const auto none = curves_.find(
        {static_cast<int>(summary_ ? summary_->policy : CachePolicy::Anthropic), true});
    if (none != curves_.end())
        add(none->second, tr("no cache"), QPen(pal.mutedText, 1.5, Qt::DashLine));
    int k = 0;
    for (CachePolicy p : kTrafficPolicies) {
        const auto it = curves_.find({static_cast<int>(p), false});
        const bool current = summary_ && summary_->policy == p;
        const QColor c = pal.session(1 + k++);  // the accent marks the policy played
        if (it != curves_.end())
            add(it->second, policyTitle(p), QPen(current ? pal.accent : c, current ? 2.5 : 1.5));
    }
    chartLegend_->setText(legend);
    if (chart->series().isEmpty()) {
        styleChartAxes(chart, pal, font());
        return;
    }
    QValueAxis* x = valueAxisOf(chart, Qt::Horizontal);
    x->setRange(1, std::max(2, count));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTickCount(count >= 4 ? 5 : 2);
    QValueAxis* y = valueAxisOf(chart, Qt::Vertical);
    const double ceiling = niceCeil(top, 1.05);
    y->setRange(0, ceiling);
    y->setTickCount(6);  // a round ceiling (1, 2 or 5) in fifths: round steps
    // As many decimals as a fifth of the range needs: a short log costs fractions of a cent, and
    // six labels reading "$0.00" say nothing.
    const int decimals =
        ceiling >= 10 ? 0 : std::clamp(static_cast<int>(std::ceil(-std::log10(ceiling / 5))), 2, 6);
    y->setLabelFormat(QStringLiteral("$%.%1f").arg(decimals));
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChartAxes(chart, pal, small);
}

void TrafficPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(e);
}

void TrafficPanel::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Escape && host_->isLoading()) {
        cancel();
        return;
    }
    QWidget::keyPressEvent(e);
}

}  // namespace pl::ui
