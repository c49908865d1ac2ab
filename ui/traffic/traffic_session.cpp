#include "traffic/traffic_session.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <algorithm>

#include "core/assets.h"
#include "count/token_counting.h"
#include "lint/lint_tables.h"
#include "logs/lint_input.h"
#include "replay/replay.h"
#include "session/scenario_import.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::ui {

namespace {

// A file as read: its path and when it last changed (a log that grew is another log).
QString fileStamp(const QString& path) {
    const QFileInfo fi(path);
    return fi.absoluteFilePath() + QLatin1Char('@') +
           QString::number(fi.lastModified().toMSecsSinceEpoch()) + QLatin1Char(':') +
           QString::number(fi.size());
}

TrafficRow trafficRow(const lint::ReplayRow& r, int conversation) {
    TrafficRow t;
    t.request = r.request;
    t.line = r.line;
    t.conversation = conversation;
    t.model = QString::fromStdString(r.model);
    t.openai = !uses_cache_markers(r.provider);  // an automatic cache: cached tokens only
    t.prompt = r.prompt_tokens;
    t.reused = r.reused_tokens;
    t.written = r.written_tokens;
    t.uncached = r.uncached_tokens;
    t.expired = std::clamp(r.expired_tokens, 0, r.written_tokens + r.uncached_tokens);
    t.divergedAt = r.diverged_at.value_or(-1);
    t.cause = QString::fromStdString(r.cause);
    t.causeDetail = QString::fromStdString(r.cause_detail);
    if (r.reported) {
        t.reported = true;
        t.reportedInput = r.reported->input_tokens;
        t.reportedRead = r.reported->cache_read_tokens;
        t.reportedWrite = r.reported->cache_write_tokens;
        t.reportedMissReason = QString::fromStdString(r.reported->miss_reason);
    }
    t.counting = QString::fromStdString(r.counting);
    t.cost = r.cost_usd;
    t.uncachedCost = r.uncached_cost_usd;
    t.leaked = r.leaked_usd;
    if (r.disagreement) {
        t.disagrees = true;
        t.expectedReused = r.disagreement->expected_reused;
        t.reportedReused = r.disagreement->reported_reused;
        for (const std::string& e : r.disagreement->explanations)
            t.explanations << QString::fromStdString(e);
    }
    return t;
}

// The text of a message's content: a string, or the text parts of an array.
std::string contentText(const ojson& content) {
    if (content.is_string())
        return content.get<std::string>();
    std::string out;
    if (content.is_array()) {
        for (const ojson& part : content) {
            if (part.is_object() && part.contains("text") && part["text"].is_string())
                out += (out.empty() ? "" : "\n") + part["text"].get<std::string>();
        }
    }
    return out;
}

// A string member of `o`, or "" (a log's body is not validated when it is read again).
std::string stringAt(const ojson& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// An OpenAI Chat Completions or Responses body in the shape the app plays (Anthropic Messages):
// system and developer messages become the system prompt, tool calls and results text, function
// tools Anthropic tools. The model plays the same text; the tokens around it are the app's own.
ojson anthropicShape(const ojson& body) {
    if (!body.is_object() || body.contains("system") ||
        (!body.contains("input") && !body.contains("messages")))
        return body;
    ojson out = ojson::object();
    if (body.contains("model"))
        out["model"] = body["model"];
    std::string system;
    system = stringAt(body, "instructions");
    ojson messages = ojson::array();
    auto add = [&messages](const std::string& role, std::string text) {
        if (text.empty())
            text = " ";
        if (!messages.empty() && messages.back()["role"] == role) {
            messages.back()["content"] =
                messages.back()["content"].get<std::string>() + "\n" + text;
            return;
        }
        messages.push_back({{"role", role}, {"content", std::move(text)}});
    };
    const ojson& list = body.contains("messages") ? body["messages"] : body["input"];
    if (list.is_string())
        add("user", list.get<std::string>());
    for (const ojson& m : list.is_array() ? list : ojson::array()) {
        if (!m.is_object())
            continue;
        const std::string role = stringAt(m, "role");
        std::string text = m.contains("content") ? contentText(m["content"]) : std::string();
        if (role == "system" || role == "developer") {
            system += (system.empty() ? "" : "\n") + text;
            continue;
        }
        if (m.contains("tool_calls") && m["tool_calls"].is_array()) {
            for (const ojson& call : m["tool_calls"]) {
                if (call.contains("function") && call["function"].is_object())
                    text += "\n[tool call] " + call["function"].dump();
            }
        }
        if (role == "tool" || stringAt(m, "type") == "function_call_output")
            add("user", "[tool result] " + text + stringAt(m, "output"));
        else
            add(role == "assistant" ? "assistant" : "user", text);
    }
    if (!system.empty())
        out["system"] = system;
    if (messages.empty() || messages.front()["role"] != "user")
        messages.insert(messages.begin(), ojson{{"role", "user"}, {"content", " "}});
    out["messages"] = std::move(messages);
    if (body.contains("tools") && body["tools"].is_array()) {
        ojson tools = ojson::array();
        for (const ojson& t : body["tools"]) {
            const ojson& f = t.contains("function") ? t["function"] : t;
            if (!f.is_object() || !f.contains("name"))
                continue;
            ojson tool = {{"name", f["name"]},
                          {"input_schema", f.value("parameters", ojson{{"type", "object"}})}};
            if (f.contains("description"))
                tool["description"] = f["description"];
            tools.push_back(std::move(tool));
        }
        if (!tools.empty())
            out["tools"] = std::move(tools);
    }
    return out;
}

}  // namespace

void registerTrafficMetaTypes() {
    qRegisterMetaType<TrafficBatchPtr>("pl::ui::TrafficBatchPtr");
    qRegisterMetaType<TrafficSummaryPtr>("pl::ui::TrafficSummaryPtr");
    qRegisterMetaType<TrafficCurvePtr>("pl::ui::TrafficCurvePtr");
    qRegisterMetaType<Scenario>("pl::Scenario");
}

TrafficSession::TrafficSession(const std::atomic<quint64>& latest,
                               const std::atomic<quint64>& cancelled)
    : latest_(latest), cancelled_(cancelled) {}

TrafficSession::~TrafficSession() = default;

bool TrafficSession::stopped(quint64 generation) const {
    return latest_.load() != generation || cancelled_.load() == generation;
}

bool TrafficSession::ensureTables(QString& error) {
    if (!tokenizer_) {
        const auto dir = builtin_model_dir();
        auto tok = BpeTokenizer::load(dir / "vocab.json", dir / "merges.txt");
        if (!tok) {
            error = QString::fromStdString(tok.error().message);
            return false;
        }
        tokenizer_ = std::make_unique<BpeTokenizer>(std::move(tok.value()));
        tokenizerName_ =
            QStringLiteral("built-in model tokenizer (%1-token BPE)").arg(tokenizer_->vocab_size());
        // Each provider's own tokens, unless the built-in model's are asked for (--count
        // builtin's PREFIXLENS_COUNT).
        if (count::default_count_mode() != "builtin") {
            counters_ = std::make_unique<count::TokenCounters>(*tokenizer_);
            // A served model's tokenizer (the app's --tokenizer) counts every request.
            if (const std::string served = count::default_served_tokenizer(); !served.empty()) {
                if (auto r = counters_->use_served(served); !r) {
                    error = QString::fromStdString("--tokenizer " + r.error().message);
                    counters_.reset();
                    tokenizer_.reset();
                    return false;
                }
            }
        }
    }
    if (!tables_) {
        auto tables = lint::LintTables::load(assets_dir() / "lint");
        if (!tables) {
            error = QString::fromStdString(tables.error().message);
            return false;
        }
        tables_ = std::make_unique<lint::LintTables>(std::move(tables.value()));
    }
    return true;
}

void TrafficSession::replay(quint64 generation, const QString& path,
                            std::optional<CachePolicy> policy) {
    if (latest_.load() != generation)
        return;  // a newer load is queued behind this one
    QString error;
    if (!ensureTables(error)) {
        emit failed(generation, error);
        return;
    }
    lint::ReplayOptions options;
    options.policy = policy;
    options.tokenizer_name = tokenizerName_.toStdString();
    options.counters = counters_.get();

    auto batch = std::make_shared<TrafficBatch>();
    batch->generation = generation;
    QElapsedTimer sinceBatch;
    sinceBatch.start();
    std::vector<double> cumulative;
    std::vector<double> uncached;
    auto flush = [&] {
        emit batchReady(batch);
        auto next = std::make_shared<TrafficBatch>();
        next->generation = generation;
        next->bytesRead = batch->bytesRead;
        next->bytesTotal = batch->bytesTotal;
        batch = std::move(next);
        sinceBatch.restart();
    };
    // Conversation ids come as "c<N>", numbered from 1 in order of first appearance.
    auto onRow = [&](const lint::ReplayRow& r) {
        const int conversation =
            std::max(0, QString::fromStdString(r.conversation).mid(1).toInt() - 1);
        batch->rows.push_back(trafficRow(r, conversation));
        cumulative.push_back((cumulative.empty() ? 0.0 : cumulative.back()) + r.cost_usd);
        uncached.push_back((uncached.empty() ? 0.0 : uncached.back()) + r.uncached_cost_usd);
    };
    lint::Replayer replayer(*tokenizer_, *tables_, options, onRow);
    auto progress = [&](std::uint64_t read, std::uint64_t total) {
        batch->bytesRead = static_cast<qint64>(read);
        batch->bytesTotal = static_cast<qint64>(total);
        if (sinceBatch.elapsed() >= kBatchIntervalMs)
            flush();
        return !stopped(generation);
    };
    const std::string file = path.toStdString();
    auto added = replayer.add_file(file, {}, progress);
    if (!added) {
        emit failed(generation, QString::fromStdString(added.error().message));
        return;
    }
    if (latest_.load() != generation)
        return;  // superseded: nothing more is wanted of it
    flush();
    const lint::ReplaySummary s = replayer.finish();
    auto summary = std::make_shared<TrafficSummary>();
    summary->generation = generation;
    summary->policy = s.policy;
    summary->requests = s.requests;
    summary->prompt = s.prompt_tokens;
    summary->reused = s.reused_tokens;
    summary->cost = s.cost_usd;
    summary->uncachedCost = s.uncached_cost_usd;
    summary->reportedCost = s.reported_cost_usd.value_or(-1.0);
    summary->leaked = s.leaked_usd;
    summary->disagreements = s.disagreements;
    summary->tokenizer = QString::fromStdString(s.tokenizer);
    summary->counting = QString::fromStdString(lint::replay_counting_text(s));
    for (const auto& [provider, info] : s.counting) {
        const QString m = QString::fromStdString(info.method);
        if (summary->countingMethod.isEmpty() || m == QLatin1String("estimate") ||
            (m == QLatin1String("calibrated") && summary->countingMethod == QLatin1String("exact")))
            summary->countingMethod = m;
        summary->countingError = std::max(summary->countingError, info.error);
    }
    for (const std::string& e : s.input_errors)
        summary->inputErrors << QString::fromStdString(e);
    summary->cancelled = added->stopped;
    if (s.requests == 0 && !s.input_errors.empty() && !added->stopped) {
        emit failed(generation, QString::fromStdString(s.input_errors.front()));
        return;
    }
    emit summaryReady(summary);
    if (added->stopped)
        return;

    // The chart: the same log under every policy, the one just played first.
    auto curve = [&](CachePolicy p, bool none, std::vector<double> values) {
        auto c = std::make_shared<TrafficCurve>();
        c->generation = generation;
        c->policy = p;
        c->uncached = none;
        c->cumulative = std::move(values);
        emit curveReady(c);
    };
    rememberCurve(path, s.policy, cumulative);
    curve(s.policy, true, std::move(uncached));
    curve(s.policy, false, std::move(cumulative));
    for (CachePolicy p : kTrafficPolicies) {
        if (p == s.policy)
            continue;
        std::vector<double> values = costCurve(generation, path, p);
        if (stopped(generation))
            return;
        curve(p, false, std::move(values));
    }
}

std::vector<double> TrafficSession::costCurve(quint64 generation, const QString& path,
                                              CachePolicy policy) {
    if (const auto it = curves_.find(policy); it != curves_.end() && curvesOf_ == fileStamp(path))
        return it->second;
    lint::ReplayOptions options;
    options.policy = policy;
    options.counters = counters_.get();
    std::vector<double> values;
    lint::Replayer replayer(*tokenizer_, *tables_, options, [&values](const lint::ReplayRow& r) {
        values.push_back((values.empty() ? 0.0 : values.back()) + r.cost_usd);
    });
    auto added = replayer.add_file(
        path.toStdString(), {}, [&](std::uint64_t, std::uint64_t) { return !stopped(generation); });
    if (!added || added->stopped)
        return {};
    rememberCurve(path, policy, values);
    return values;
}

void TrafficSession::rememberCurve(const QString& path, CachePolicy policy,
                                   const std::vector<double>& values) {
    if (const QString stamp = fileStamp(path); stamp != curvesOf_) {
        curves_.clear();
        curvesOf_ = stamp;
    }
    curves_[policy] = values;
}

void TrafficSession::readRequest(quint64 generation, const QString& path, int line,
                                 int previousLine, int request) {
    if (latest_.load() != generation)
        return;
    const std::string file = path.toStdString();
    std::vector<ojson> bodies;
    for (int l : {previousLine, line}) {
        if (l <= 0)
            continue;
        auto body = lint::read_request_at(file, l);
        if (!body) {
            emit requestReady(generation, Scenario{}, QString::fromStdString(body.error().message));
            return;
        }
        bodies.push_back(anthropicShape(body.value()));
    }
    const QString name =
        QStringLiteral("%1 #%2 (line %3)").arg(QFileInfo(path).fileName()).arg(request).arg(line);
    auto sc = scenarioFromRequests(bodies, name.toStdString(), file);
    if (!sc) {
        emit requestReady(generation, Scenario{}, QString::fromStdString(sc.error().message));
        return;
    }
    sc->file = file;
    emit requestReady(generation, sc.value(), QString());
}

TrafficHost::TrafficHost(QObject* parent) : QObject(parent) {
    registerTrafficMetaTypes();
    auto* session = new TrafficSession(latest_, cancelled_);
    session->moveToThread(&thread_);
    session_ = session;
    thread_.setObjectName(QStringLiteral("prefixlens-traffic"));
    connect(&thread_, &QThread::finished, session, &QObject::deleteLater);
    auto* reader = new TrafficSession(latestRequest_, cancelled_);
    reader->moveToThread(&readerThread_);
    reader_ = reader;
    readerThread_.setObjectName(QStringLiteral("prefixlens-traffic-request"));
    connect(&readerThread_, &QThread::finished, reader, &QObject::deleteLater);

    connect(session, &TrafficSession::batchReady, this, [this](const TrafficBatchPtr& b) {
        if (b && b->generation == latest_.load())
            emit batchReady(b);
    });
    connect(session, &TrafficSession::summaryReady, this, [this](const TrafficSummaryPtr& s) {
        if (!s || s->generation != latest_.load())
            return;
        loading_ = false;
        emit summaryReady(s);
    });
    connect(session, &TrafficSession::curveReady, this, [this](const TrafficCurvePtr& c) {
        if (c && c->generation == latest_.load())
            emit curveReady(c);
    });
    connect(session, &TrafficSession::failed, this,
            [this](quint64 generation, const QString& message) {
                if (generation != latest_.load())
                    return;
                loading_ = false;
                emit failed(message);
            });
    connect(reader, &TrafficSession::requestReady, this,
            [this](quint64 generation, const Scenario& sc, const QString& error) {
                if (generation != latestRequest_.load())
                    return;
                if (error.isEmpty())
                    emit requestReady(sc);
                else
                    emit requestFailed(error);
            });
    thread_.start();
    readerThread_.start();
}

TrafficHost::~TrafficHost() {
    latest_ = latest_.load() + 1;  // the running load stops at its next line
    latestRequest_ = latestRequest_.load() + 1;
    thread_.quit();
    readerThread_.quit();
    thread_.wait();
    readerThread_.wait();
}

quint64 TrafficHost::open(const QString& path, std::optional<CachePolicy> policy) {
    const quint64 generation = latest_.load() + 1;
    latest_ = generation;
    path_ = path;
    loading_ = true;
    emit started(path);
    QMetaObject::invokeMethod(
        session_,
        [s = session_, generation, path, policy] {
            if (s)
                s->replay(generation, path, policy);
        },
        Qt::QueuedConnection);
    return generation;
}

void TrafficHost::cancel() {
    if (loading_)
        cancelled_ = latest_.load();
}

void TrafficHost::openRequest(int line, int previousLine, int request) {
    const quint64 generation = latestRequest_.load() + 1;
    latestRequest_ = generation;
    QMetaObject::invokeMethod(
        reader_,
        [s = reader_, generation, path = path_, line, previousLine, request] {
            if (s)
                s->readRequest(generation, path, line, previousLine, request);
        },
        Qt::QueuedConnection);
}

}  // namespace pl::ui
