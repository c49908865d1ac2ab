// The live view's worker side. Like ui/session/engine_session.cpp, the one file in ui/ that may
// include the engine's worker headers for it (tests/check_include_surface.cmake lists both).
#include "session/live_session.h"

#include <QDate>
#include <QMetaObject>
#include <QTimer>
#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>

#include "lint/dynamic_values.h"
#include "live/kv_event_client.h"
#include "live/prompt_match.h"
#include "live/remote_cache_model.h"
#include "live/server_metrics.h"
#include "prompt/chat_format.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::ui {

namespace {

constexpr int kFrameMs = 250;
constexpr int kMetricsMs = 2000;
constexpr int kForestRoots = 8;
constexpr int kForestChildren = 6;
constexpr int kForestDepth = 24;
constexpr std::size_t kForestItems = 400;

}  // namespace

void registerLiveMetaTypes() {
    qRegisterMetaType<LiveFrame>("pl::ui::LiveFrame");
}

// Lives on LiveSession's thread. The client's sink (on the client's thread) only applies
// events to the model and counts them, under the mutex; everything else happens here.
class LiveWorker : public QObject {
    Q_OBJECT
  public:
    explicit LiveWorker(LiveConnectSpec spec) : spec_(std::move(spec)) {}
    ~LiveWorker() override {
        if (client_)
            client_->stop();  // before the model and the mutex it writes to go
    }

    void begin(live::LiveClientOptions options) {
        started_ = std::chrono::steady_clock::now();
        if (!spec_.tokenizerDir.isEmpty()) {
            const std::filesystem::path d(spec_.tokenizerDir.toStdString());
            auto t = BpeTokenizer::load_folder(d);
            if (t)
                tokenizer_ = std::make_unique<BpeTokenizer>(std::move(*t));
            else
                notices_.push_back(QString::fromStdString(t.error().message));
        }
        if (!spec_.matchFile.isEmpty() && tokenizer_) {
            // In the model's chat format when the folder has a tokenizer_config.json.
            auto format = chat_format_of_folder(spec_.tokenizerDir.toStdString());
            ChatOptions chat;
            if (format && *format && (*format)->date_from_clock) {
                chat.date_string =
                    QDate::currentDate().toString(QStringLiteral("dd MMM yyyy")).toStdString();
            }
            auto prompts = format ? live::load_match_prompts(spec_.matchFile.toStdString(),
                                                             *tokenizer_, *format, chat)
                                  : Result<std::vector<RenderedPrompt>>(format.error());
            if (prompts)
                matcher_ = std::make_unique<live::PromptMatcher>(
                    *prompts, spec_.blockSize,
                    spec_.hashSeed.isEmpty() ? std::nullopt
                                             : std::optional(spec_.hashSeed.toStdString()));
            else
                notices_.push_back(QString::fromStdString(prompts.error().message));
        }
        model_ = std::make_unique<live::RemoteCacheModel>(live::RemoteCacheModel::Options{
            .churn_window_s = 10, .keep_tokens = tokenizer_ != nullptr});
        for (const auto& ep : options.endpoints)
            labels_.push_back(QString::fromStdString(ep.label));
        auto client = live::KvEventClient::start(
            options, [this](live::LiveRecord&& r) { take(std::move(r)); });
        if (!client) {
            notices_.push_back(QString::fromStdString(client.error().message));
        } else {
            client_ = std::move(*client);
        }
        auto* frames = new QTimer(this);
        connect(frames, &QTimer::timeout, this, [this] { emitFrame(); });
        frames->start(kFrameMs);
        if (!spec_.metricsUrl.isEmpty()) {
            auto* metrics = new QTimer(this);
            connect(metrics, &QTimer::timeout, this, [this] { pollMetrics(); });
            metrics->start(kMetricsMs);
            pollMetrics();
        }
        emitFrame();
    }

  signals:
    void frameReady(const pl::ui::LiveFrame& frame);

  private:
    double now() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    }

    void take(live::LiveRecord&& r) {
        using K = live::LiveRecord::Kind;
        std::lock_guard lock(mutex_);
        const QString& label = labels_[static_cast<std::size_t>(r.source)];
        switch (r.kind) {
            case K::Batch: {
                const double t = now();
                for (const auto& e : r.batch.events) {
                    model_->apply(r.source, e, t);
                    if (e.type == live::KvEventType::Stored)
                        storedNow_ += static_cast<qint64>(e.hashes.size());
                    else if (e.type == live::KvEventType::Removed)
                        removedNow_ += static_cast<qint64>(e.hashes.size());
                }
                break;
            }
            case K::Restart:
                model_->clear_source(r.source);
                notices_.push_back(QString::fromStdString(r.message));
                break;
            case K::Gap:
                if (!r.filled)
                    notices_.push_back(tr("%1: %n message(s) lost (no replay had them)", nullptr,
                                          static_cast<int>(r.count))
                                           .arg(label));
                break;
            case K::Malformed:
                if (++malformedNoticed_ <= 3)
                    notices_.push_back(tr("%1: a malformed message: %2")
                                           .arg(label, QString::fromStdString(r.message)));
                break;
            case K::Notice:
                notices_.push_back(QString::fromStdString(r.message));
                break;
        }
    }

    void pollMetrics() {
        // A blocking GET, bounded, on this worker thread: the UI thread never waits for it.
        auto body = live::http_get(spec_.metricsUrl.toStdString(), 1500);
        std::lock_guard lock(mutex_);
        if (!body) {
            const QString e = QString::fromStdString(body.error().message);
            if (e != metricsError_)
                notices_.push_back(e);
            metricsError_ = e;
            return;
        }
        auto samples = live::parse_prometheus_text(*body);
        if (!samples) {
            const QString e = spec_.metricsUrl + QStringLiteral(": ") +
                              QString::fromStdString(samples.error().message);
            if (e != metricsError_)
                notices_.push_back(e);
            metricsError_ = e;
            return;
        }
        metricsError_.clear();
        const live::CacheMetrics m = live::cache_metrics_of(*samples);
        // The hit rate over the last interval where the counters allow it (what the server does
        // now), else the gauge or the cumulative rate.
        std::optional<double> rate =
            lastMetrics_ ? live::interval_hit_rate(*lastMetrics_, m) : std::nullopt;
        hitRate_ = rate ? rate : m.hit_rate;
        kvUsage_ = m.kv_usage;
        lastMetrics_ = m;
    }

    void emitFrame() {
        LiveFrame f;
        {
            std::lock_guard lock(mutex_);
            f.elapsedS = now();
            f.held = static_cast<qint64>(model_->held());
            f.stored = model_->stored_blocks();
            f.removed = model_->removed_blocks();
            f.churned = model_->churned_blocks();
            f.storedNow = storedNow_;
            f.removedNow = removedNow_;
            storedNow_ = removedNow_ = 0;
            f.hitRate = hitRate_;
            f.kvUsage = kvUsage_;
            f.notices = notices_;
            notices_.clear();
            const auto forest = model_->forest(kForestChildren, kForestDepth, kForestItems);
            std::function<void(const live::ForestNode&, int)> flatten =
                [&](const live::ForestNode& n, int parent) {
                    LiveForestItem item;
                    item.hash = QString::fromStdString(n.hash.hex());
                    item.parent = parent;
                    item.depth = n.depth_blocks;
                    item.held = n.descendants;
                    item.heldChildren = n.held_children;
                    item.hiddenChildren = n.hidden_children;
                    item.ageS = f.elapsedS - n.stored_at_s;
                    if (tokenizer_ && !n.tokens.empty())
                        item.text = QString::fromUtf8(tokenizer_->decode(n.tokens));
                    item.match = matchOf(n.hash);
                    const int index = static_cast<int>(f.forest.size());
                    f.forest.push_back(std::move(item));
                    for (const auto& c : n.children)
                        flatten(c, index);
                };
            for (std::size_t i = 0; i < forest.size() && static_cast<int>(i) < kForestRoots; ++i)
                flatten(forest[i], -1);
            for (const auto& bp :
                 model_->branch_points(5, tokenizer_.get(), tokenizer_ ? &detector_ : nullptr)) {
                LiveBranch b;
                b.hash = QString::fromStdString(bp.parent.hex());
                b.children = bp.children;
                b.depth = bp.depth_blocks;
                b.descendants = bp.descendants;
                if (bp.text)
                    b.text = QString::fromUtf8(*bp.text);
                if (!bp.diverging.empty())
                    b.diverging = QString::fromUtf8(bp.diverging.front());
                b.looksDynamic = QString::fromStdString(bp.looks_dynamic);
                b.match = matchOf(bp.parent);
                f.branches.push_back(std::move(b));
            }
        }
        if (client_) {
            f.counters = client_->counters();
        }
        emit frameReady(f);
    }

    LiveConnectSpec spec_;
    std::chrono::steady_clock::time_point started_;
    std::mutex mutex_;
    LiveMatch matchOf(const live::RemoteHash& h) const {
        LiveMatch m;
        if (!matcher_)
            return m;
        if (const live::LocalBlock* lb = matcher_->find(h)) {
            m.request = lb->request;
            m.block = lb->block;
            m.part = QString::fromStdString(lb->part);
        }
        return m;
    }

    std::unique_ptr<BpeTokenizer> tokenizer_;
    std::unique_ptr<live::PromptMatcher> matcher_;
    lint::DynamicValueDetector detector_;
    std::unique_ptr<live::RemoteCacheModel> model_;
    std::vector<QString> labels_;
    qint64 storedNow_ = 0, removedNow_ = 0;
    int malformedNoticed_ = 0;
    QStringList notices_;
    QString metricsError_;
    std::optional<live::CacheMetrics> lastMetrics_;
    std::optional<double> hitRate_, kvUsage_;
    std::unique_ptr<live::KvEventClient> client_;  // last: stopped first (see the destructor)
};

LiveSession::LiveSession(QObject* parent) : QObject(parent) {
    registerLiveMetaTypes();
    thread_.setObjectName(QStringLiteral("prefixlens-live"));
    thread_.start();
}

LiveSession::~LiveSession() {
    stop();
    thread_.quit();
    thread_.wait();
}

void LiveSession::stop() {
    if (!worker_)
        return;
    // Deleted on its own thread, where its timers live; the destructor stops the client.
    LiveWorker* w = worker_;
    worker_ = nullptr;
    QMetaObject::invokeMethod(
        w, [w] { delete w; }, Qt::BlockingQueuedConnection);
}

QString LiveSession::start(const LiveConnectSpec& spec) {
    stop();
    live::LiveClientOptions options;
    for (const QString& e : spec.endpoints) {
        const std::string arg = e.trimmed().toStdString();
        if (arg.empty())
            continue;
        live::LiveEndpoint ep = live::endpoint_from_arg(arg);
        if (auto ok = live::validate_endpoint(ep.endpoint); !ok)
            return QString::fromStdString(ok.error().message);
        options.endpoints.push_back(std::move(ep));
    }
    if (options.endpoints.empty())
        return tr("Give the server's event endpoint, e.g. tcp://HOST:5557.");
    if (!spec.replay.trimmed().isEmpty()) {
        for (std::size_t i = 0; i < options.endpoints.size(); ++i) {
            auto r = live::offset_endpoint_port(spec.replay.trimmed().toStdString(),
                                                static_cast<int>(i));
            if (!r)
                return QString::fromStdString(r.error().message);
            options.endpoints[i].replay = *r;
        }
    }
    if (!spec.metricsUrl.trimmed().isEmpty())
        if (auto u = live::parse_http_url(spec.metricsUrl.trimmed().toStdString()); !u)
            return QString::fromStdString(u.error().message);
    options.topic = spec.topic.trimmed().toStdString();
    if (!spec.matchFile.trimmed().isEmpty() && spec.tokenizerDir.trimmed().isEmpty())
        return tr(
            "Matching blocks to your prompts needs the tokenizer folder: the server's own "
            "tokenizer, or no block can match.");
    if (spec.blockSize < 1 || spec.blockSize > 65536)
        return tr("The block size must be between 1 and 65536 tokens.");
    LiveConnectSpec clean = spec;
    clean.metricsUrl = spec.metricsUrl.trimmed();
    clean.tokenizerDir = spec.tokenizerDir.trimmed();
    clean.matchFile = spec.matchFile.trimmed();
    clean.hashSeed = spec.hashSeed.trimmed();
    auto* w = new LiveWorker(clean);
    w->moveToThread(&thread_);
    worker_ = w;
    connect(w, &LiveWorker::frameReady, this, &LiveSession::frameReady, Qt::QueuedConnection);
    QMetaObject::invokeMethod(
        w, [w, options] { w->begin(options); }, Qt::QueuedConnection);
    return {};
}

}  // namespace pl::ui

#include "live_session.moc"
