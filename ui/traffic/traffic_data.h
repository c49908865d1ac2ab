// What the traffic view shows of a log replayed under one caching policy (SPEC §8): the worker
// (traffic_session.h) turns each of the engine's replay rows into a TrafficRow and hands them
// over in batches; the view only reads them. Plain values, no engine work behind them.
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "runner/policy_types.h"

namespace pl::ui {

struct TrafficRow {
    int request = 0;       // 0-based, in log order
    int line = 1;          // where the request starts in the file
    int conversation = 0;  // index into TrafficLoad::conversations, in order of first appearance
    QString model;
    bool openai = false;  // the request's provider (else Anthropic)
    int prompt = 0;
    int reused = 0;
    int written = 0;
    int uncached = 0;
    int expired = 0;      // of written + uncached: lost to a TTL gap
    int divergedAt = -1;  // the first token that leaves the previous prompt; -1: none
    QString cause;        // a lint rule id; empty: reused all the policy allows
    QString causeDetail;
    bool reported = false;  // the log carries the provider's usage
    long long reportedInput = -1, reportedRead = -1, reportedWrite = -1;
    QString reportedMissReason;  // the provider's own explanation of a miss (cache diagnostics)
    QString counting;            // "exact", "calibrated" or "estimate"
    double cost = 0;
    double uncachedCost = 0;
    double leaked = 0;
    bool disagrees = false;  // the reported reuse is far from the emulation's
    long long expectedReused = 0, reportedReused = 0;
    QStringList explanations;  // what could explain a disagreement

    // Written and uncached once the expired part is taken out (first from the written).
    int writtenOnly() const;
    int uncachedOnly() const;
};

struct TrafficConversation {
    QString id;  // "c1", "c2", ...: the replay's names
    int requests = 0;
    long long prompt = 0;
    long long reused = 0;
    double cost = 0;
    double leaked = 0;
    double hitRate() const { return prompt > 0 ? double(reused) / double(prompt) : 0.0; }
};

// Rows made since the last batch, and how far the reading is.
struct TrafficBatch {
    quint64 generation = 0;
    std::vector<TrafficRow> rows;
    qint64 bytesRead = 0;
    qint64 bytesTotal = 0;
};
using TrafficBatchPtr = std::shared_ptr<const TrafficBatch>;

// The end of a load: the totals, and the cumulative cost per request under every policy (the
// chart), each curve as long as the rows.
struct TrafficSummary {
    quint64 generation = 0;
    CachePolicy policy = CachePolicy::Anthropic;
    int requests = 0;
    long long prompt = 0;
    long long reused = 0;
    double cost = 0;
    double uncachedCost = 0;
    double reportedCost = -1;  // < 0: the log carries no usage
    double leaked = 0;
    int disagreements = 0;
    QString tokenizer;
    QString counting;  // how each provider's tokens were counted (replay_counting_text)
    // "exact" (every provider by its own tokenizer), "calibrated" (a proxy scaled to the log's
    // usage) or "estimate"; the least exact of the log's providers. Empty: the built-in
    // model's tokens (--count builtin).
    QString countingMethod;
    double countingError = 0.0;
    QStringList inputErrors;  // "<file>:<line>:<col>: ..." lines skipped
    bool cancelled = false;   // stopped before the end of the file: the rows so far stand
    double hitRate() const { return prompt > 0 ? double(reused) / double(prompt) : 0.0; }
};
using TrafficSummaryPtr = std::shared_ptr<const TrafficSummary>;

// The cost of the log, request by request, under one policy; uncached: with no cache at all.
struct TrafficCurve {
    quint64 generation = 0;
    CachePolicy policy = CachePolicy::Anthropic;
    bool uncached = false;
    std::vector<double> cumulative;  // USD after each request
};
using TrafficCurvePtr = std::shared_ptr<const TrafficCurve>;

// Policies in the order the picker and the chart list them: the five providers, then the two
// self-hosted engines.
inline constexpr CachePolicy kTrafficPolicies[] = {
    CachePolicy::Anthropic, CachePolicy::OpenAI, CachePolicy::Gemini, CachePolicy::Bedrock,
    CachePolicy::DeepSeek,  CachePolicy::Vllm,   CachePolicy::Radix};

}  // namespace pl::ui

Q_DECLARE_METATYPE(pl::ui::TrafficBatchPtr)
Q_DECLARE_METATYPE(pl::ui::TrafficSummaryPtr)
Q_DECLARE_METATYPE(pl::ui::TrafficCurvePtr)
