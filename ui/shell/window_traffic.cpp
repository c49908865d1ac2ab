#include "shell/window_traffic.h"

#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTabBar>
#include <QTabWidget>

#include "traffic/traffic_panel.h"
#include "traffic/traffic_view.h"

namespace pl::ui {

namespace {
// A scenario or a request is a few hundred kilobytes; a larger .json is not read whole to decide.
constexpr qint64 kPeekBytes = 4 << 20;
}  // namespace

WindowTraffic::WindowTraffic(QWidget* chain, QWidget* parent) : QObject(parent), chain_(chain) {
    tabs_ = new QTabWidget(parent);
    tabs_->setObjectName(QStringLiteral("centralTabs"));
    tabs_->setDocumentMode(true);
    tabs_->addTab(chain, QString());
    tabs_->tabBar()->hide();  // one tab until a log is opened
    tabs_->installEventFilter(this);
    connect(tabs_, &QTabWidget::currentChanged, this, &WindowTraffic::bannerChanged);
    retranslateUi();
}

bool WindowTraffic::isTrafficFile(const QString& path) {
    const QFileInfo fi(path);
    if (!fi.isFile())
        return false;
    const QString ext = fi.suffix().toLower();
    if (ext == QLatin1String("jsonl") || ext == QLatin1String("ndjson") ||
        ext == QLatin1String("log"))
        return true;
    if (ext != QLatin1String("json"))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = f.read(kPeekBytes);
    // One JSON object per line, more than one line: a log without a .jsonl name.
    const qsizetype nl = head.indexOf('\n');
    if (nl > 0 && !head.mid(nl).trimmed().isEmpty()) {
        QJsonParseError err;
        const QJsonDocument first = QJsonDocument::fromJson(head.left(nl), &err);
        if (err.error == QJsonParseError::NoError && first.isObject())
            return true;
    }
    // A log record of its own (an OTLP export of many spans, a proxy's record).
    if (f.size() <= kPeekBytes) {
        const QJsonDocument doc = QJsonDocument::fromJson(head);
        const QJsonObject o = doc.object();
        for (const char* k : {"resourceSpans", "request", "body", "model_parameters"}) {
            if (o.contains(QLatin1String(k)))
                return true;
        }
    }
    return false;
}

TrafficPanel* WindowTraffic::open(const QString& path, std::optional<CachePolicy> policy) {
    if (!panel_) {
        panel_ = new TrafficPanel(tabs_);
        panel_->setTheme(theme_);
        tabs_->addTab(panel_, QString());
        tabs_->tabBar()->show();
        connect(panel_, &TrafficPanel::requestOpened, this, &WindowTraffic::requestOpened);
        connect(panel_, &TrafficPanel::requestFailed, this, &WindowTraffic::message);
        connect(panel_, &TrafficPanel::loadFailed, this, &WindowTraffic::message);
        connect(panel_, &TrafficPanel::loaded, this, [this] {
            const auto& s = panel_->summary();
            if (!s)
                return;
            const QString file = QFileInfo(panel_->path()).fileName();
            const QString text =
                s->cancelled
                    ? tr("Stopped reading %1 after %n request(s)", nullptr, s->requests).arg(file)
                    : tr("Read %n request(s) of %1, replayed under %2", nullptr, s->requests)
                          .arg(file, QString::fromLatin1(policy_name(s->policy)));
            emit message(englishPlural(text, s->requests));
        });
        retranslateUi();
    }
    tabs_->setCurrentWidget(panel_);
    panel_->open(path, policy);
    panel_->view()->setFocus();
    emit bannerChanged();
    return panel_;
}

TrafficPanel* WindowTraffic::show(const QString& path, std::optional<CachePolicy> policy) {
    if (panel_ && !panel_->failed() && !(panel_->summary() && panel_->summary()->cancelled)) {
        const QString want = QFileInfo(path).canonicalFilePath();
        const bool sameFile =
            !want.isEmpty() && want == QFileInfo(panel_->path()).canonicalFilePath();
        // Unset asks for the provider's own policy, which a policy picked by hand is not.
        const bool samePolicy =
            panel_->requestedPolicy() == policy ||
            (policy && panel_->summary() && panel_->summary()->policy == *policy);
        if (sameFile && samePolicy) {
            tabs_->setCurrentWidget(panel_);
            return panel_;
        }
    }
    return open(path, policy);
}

QWidget* WindowTraffic::widgetFor(const QString& id) {
    if (!panel_)
        return nullptr;
    QWidget* w = nullptr;
    if (id == QLatin1String("traffic"))
        w = panel_;
    else if (id == QLatin1String("traffic.rows"))
        w = panel_->view();
    else if (id == QLatin1String("traffic.chart"))
        w = panel_->chartArea();
    if (w)
        tabs_->setCurrentWidget(panel_);
    return w;
}

bool WindowTraffic::writeBanner(QLabel* title, QLabel* description) const {
    if (!panel_ || tabs_->currentWidget() != panel_)
        return false;
    const QString file = QFileInfo(panel_->path()).fileName();
    title->setText(tr("Traffic · %1").arg(file));
    description->setText(
        tr("Each row is a request of the log, replayed under the policy picked on the right, "
           "without the model. Click a row (or press Enter) to open that request in the docks "
           "and the block chain."));
    title->window()->setWindowTitle(tr("%1 — PrefixLens").arg(file));
    return true;
}

void WindowTraffic::showChain() {
    tabs_->setCurrentWidget(chain_);
}

void WindowTraffic::setTheme(Theme theme) {
    theme_ = theme;
    if (panel_)
        panel_->setTheme(theme);
}

void WindowTraffic::retranslateUi() {
    tabs_->setTabText(tabs_->indexOf(chain_), tr("Block chain"));
    if (panel_) {
        tabs_->setTabText(tabs_->indexOf(panel_), tr("Traffic"));
        tabs_->setTabToolTip(tabs_->indexOf(panel_), panel_->path());
    }
}

bool WindowTraffic::eventFilter(QObject* watched, QEvent* e) {
    if (watched == tabs_ && e->type() == QEvent::LanguageChange)
        retranslateUi();
    return QObject::eventFilter(watched, e);
}

}  // namespace pl::ui
