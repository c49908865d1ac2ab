// The app's live view of a serving engine (File > Connect to a server…): LiveSession runs the
// KV-event client, the remote-cache model and the metrics reader off the UI thread, and hands
// the window one immutable LiveFrame every quarter second, however many events arrived
// meanwhile (thousands a second are coalesced into one frame). The client's own thread applies
// events to the model; a worker thread builds the frames and reads the metrics page.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>
#include <memory>
#include <optional>
#include <vector>

#include "live/kv_events.h"

namespace pl::ui {

struct LiveConnectSpec {
    QStringList endpoints;  // tcp://HOST:PORT, or NAME=tcp://HOST:PORT
    QString replay;         // the first endpoint's replay socket; the i-th uses its port + i
    QString topic;
    QString metricsUrl;    // http://HOST:PORT/metrics, or empty
    QString tokenizerDir;  // a folder with vocab.json and merges.txt, or empty
    // Local prompts to name remote blocks after (live/prompt_match.h): a scenario, a built-in
    // scenario's name or an Anthropic request body; needs tokenizerDir. Empty: none.
    QString matchFile;
    int blockSize = 16;  // the server's block (page) size
    QString hashSeed;    // vLLM's PYTHONHASHSEED; empty: vLLM's hashes are not computed
};

// A remote block that is a block of a local prompt: "your request 2, block 3" (1-based).
struct LiveMatch {
    int request = 0;  // 0: no match
    int block = 0;
    QString part;  // "tools", "system" or "messages"
};

struct LiveForestItem {
    QString hash;     // lowercase hex, as received
    int parent = -1;  // index in LiveFrame::forest, -1 at a root
    int depth = 0;    // blocks from the root, itself included
    qint64 held = 0;  // held blocks in its subtree, itself included
    int heldChildren = 0;
    int hiddenChildren = 0;  // held children left out of the frame (the coldest)
    double ageS = 0;         // seconds since the server stored it
    QString text;            // with a tokenizer
    LiveMatch match;
};

struct LiveBranch {
    QString hash;
    int children = 0;
    int depth = 0;
    qint64 descendants = 0;
    QString text;
    QString diverging;
    QString looksDynamic;  // "timestamp", "id", "counter" or empty
    LiveMatch match;
};

struct LiveFrame {
    double elapsedS = 0;  // since the connection began
    qint64 held = 0, stored = 0, removed = 0, churned = 0;
    live::LiveCounters counters;           // the event streams' messages, events and faults
    qint64 storedNow = 0, removedNow = 0;  // blocks since the previous frame
    std::optional<double> hitRate;         // 0..1
    std::optional<double> kvUsage;         // 0..1
    QStringList notices;                   // new since the previous frame
    std::vector<LiveForestItem> forest;    // hottest subtrees first, depth-first order
    std::vector<LiveBranch> branches;      // most children first
};

class LiveWorker;

class LiveSession : public QObject {
    Q_OBJECT
  public:
    explicit LiveSession(QObject* parent = nullptr);
    ~LiveSession() override;

    // Checks the spec (endpoints, URL) at once and returns a one-line error, or connects and
    // returns an empty string. A running connection is closed first.
    QString start(const LiveConnectSpec& spec);
    void stop();
    bool running() const { return worker_ != nullptr; }

  signals:
    void frameReady(const pl::ui::LiveFrame& frame);

  private:
    QThread thread_;
    LiveWorker* worker_ = nullptr;
};

void registerLiveMetaTypes();

}  // namespace pl::ui
