// Subscribes to the KV-event streams of one or more serving engines (a ZMQ SUB socket per
// endpoint) and hands every decoded batch, in sequence order, to a sink on the client's own
// thread. Per endpoint it:
//  - asks the replay endpoint (a ROUTER socket, when given) for everything it still buffers as
//    soon as it starts, so the model learns what the server already holds;
//  - notices a gap in the sequence numbers and fills it from the replay endpoint, holding back
//    the live messages meanwhile so that the sink still sees them in order;
//  - notices a publisher restart (the sequence starts again) and reports it, so the model can
//    forget the old server's blocks; ZMQ reconnects to the restarted server by itself;
//  - reports a server that has sent nothing for a while, and a replay endpoint that does not
//    answer, rather than waiting on them forever.
// Whatever arrives, nothing is thrown and nothing exits: an undecodable message is a Malformed
// record. The sink must not call back into the client.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/error.h"
#include "live/kv_events.h"

namespace pl::live {

struct LiveEndpoint {
    std::string label;     // how outputs name it; the endpoint itself when empty
    std::string endpoint;  // tcp://HOST:PORT or ipc://PATH (where the server's PUB socket is)
    std::string replay;    // its ROUTER replay socket, or empty
};

struct LiveClientOptions {
    std::vector<LiveEndpoint> endpoints;
    std::string topic;  // a prefix the topic frame must start with; empty takes every topic
    int replay_timeout_ms = 3000;
    int silence_timeout_ms = 10000;      // report an endpoint that has sent nothing this long
    std::size_t max_held_back = 200000;  // live messages held while a replay runs
};

struct LiveRecord {
    enum class Kind {
        Batch,      // a decoded batch: `batch`, `replayed` when it came from the replay socket
        Malformed,  // a message that could not be decoded: `message` says why
        Gap,        // sequence numbers missing: `seq` is the first missing, `count` how many;
                    // `filled` once replay has brought them, or not when they are lost
        Restart,    // the publisher started again: forget this source's blocks
        Notice,     // something a user should know (silence, a replay that did not answer)
    };
    Kind kind = Kind::Batch;
    int source = 0;
    int64_t seq = -1;
    int64_t count = 0;
    bool replayed = false;
    bool filled = false;
    KvBatch batch;
    std::string message;
};

// An endpoint as a user writes it: "NAME=tcp://..." gives it a label; a bare endpoint is its own
// label. Not checked here (validate_endpoint).
LiveEndpoint endpoint_from_arg(const std::string& arg);

// Checks an endpoint's form: tcp://HOST:PORT (port 1..65535, not the '*' a server binds to) or
// ipc://PATH. The error is one line naming the endpoint.
Result<void> validate_endpoint(const std::string& endpoint);

// The endpoint with its port moved by `offset` (vLLM's data-parallel rank N publishes on the
// base port + N).
Result<std::string> offset_endpoint_port(const std::string& endpoint, int offset);

class KvEventClient {
  public:
    using Sink = std::function<void(LiveRecord&&)>;

    // Validates every endpoint, connects, and starts the thread.
    static Result<std::unique_ptr<KvEventClient>> start(LiveClientOptions options, Sink sink);
    ~KvEventClient();  // stops and joins
    KvEventClient(const KvEventClient&) = delete;
    KvEventClient& operator=(const KvEventClient&) = delete;

    void stop();
    LiveCounters counters() const;
    const LiveClientOptions& options() const { return options_; }

  private:
    struct Impl;
    KvEventClient(LiveClientOptions options, Sink sink);
    void run();

    LiveClientOptions options_;
    Sink sink_;
    std::unique_ptr<Impl> impl_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace pl::live
