#include "live/kv_event_client.h"

#include <zmq.h>

#include <chrono>
#include <deque>
#include <mutex>
#include <string_view>

#include "core/json_util.h"
#include "live/kv_event_decoder.h"

namespace pl::live {

namespace {

using Clock = std::chrono::steady_clock;

// A received multipart message, frames copied out of ZMQ.
using Frames = std::vector<std::vector<uint8_t>>;

constexpr std::size_t kMaxFrames = 8;              // more is malformed; the rest is drained
constexpr std::size_t kMaxFrameBytes = 64u << 20;  // ZMQ_MAXMSGSIZE: a larger frame is dropped

// Reads one whole message if one is waiting. false: nothing waiting (or the socket failed).
bool receive(void* socket, Frames& out, bool& too_many) {
    out.clear();
    too_many = false;
    for (;;) {
        zmq_msg_t msg;
        zmq_msg_init(&msg);
        if (zmq_msg_recv(&msg, socket, out.empty() && !too_many ? ZMQ_DONTWAIT : 0) < 0) {
            zmq_msg_close(&msg);
            return !out.empty() || too_many;
        }
        const auto* data = static_cast<const uint8_t*>(zmq_msg_data(&msg));
        if (out.size() < kMaxFrames)
            out.emplace_back(data, data + zmq_msg_size(&msg));
        else
            too_many = true;
        const bool more = zmq_msg_more(&msg) != 0;
        zmq_msg_close(&msg);
        if (!more)
            return true;
    }
}

std::string seq_bytes(int64_t seq) {
    std::string s(8, '\0');
    const auto v = static_cast<uint64_t>(seq);
    for (int i = 0; i < 8; ++i)
        s[static_cast<std::size_t>(i)] = static_cast<char>(v >> (56 - 8 * i));
    return s;
}

bool parse_port(std::string_view text, int& port) {
    if (text.empty() || text.size() > 5)
        return false;
    int v = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    if (v < 1 || v > 65535)
        return false;
    port = v;
    return true;
}

}  // namespace

LiveEndpoint endpoint_from_arg(const std::string& arg) {
    LiveEndpoint ep;
    const auto eq = arg.find('=');
    const auto scheme = arg.find("://");
    if (eq != std::string::npos && (scheme == std::string::npos || eq < scheme)) {
        ep.label = arg.substr(0, eq);
        ep.endpoint = arg.substr(eq + 1);
    } else {
        ep.label = arg;
        ep.endpoint = arg;
    }
    return ep;
}

Result<void> validate_endpoint(const std::string& endpoint) {
    const std::string_view e = endpoint;
    auto bad = [&](const std::string& why) {
        return make_error("endpoint '" + escape_for_message(endpoint, 200) + "': " + why);
    };
    if (e.starts_with("ipc://")) {
        if (e.size() == 6)
            return bad("no path after ipc://");
        return {};
    }
    if (!e.starts_with("tcp://"))
        return bad("expected tcp://HOST:PORT or ipc://PATH");
    const std::string_view rest = e.substr(6);
    const auto colon = rest.rfind(':');
    if (colon == std::string_view::npos || colon == 0)
        return bad("expected tcp://HOST:PORT");
    const std::string_view host = rest.substr(0, colon);
    int port = 0;
    if (!parse_port(rest.substr(colon + 1), port))
        return bad("the port must be a number from 1 to 65535");
    if (host == "*" || host == "0.0.0.0")
        return bad("'" + std::string(host) +
                   "' is where a server binds; connect to the server's host name or address");
    for (char c : host)
        if (static_cast<unsigned char>(c) <= ' ' || c == '/')
            return bad("the host contains a space or a '/'");
    return {};
}

Result<std::string> offset_endpoint_port(const std::string& endpoint, int offset) {
    if (auto ok = validate_endpoint(endpoint); !ok)
        return ok.error();
    if (!endpoint.starts_with("tcp://"))
        return endpoint + "_dp" + std::to_string(offset);
    const auto colon = endpoint.rfind(':');
    int port = 0;
    parse_port(std::string_view(endpoint).substr(colon + 1), port);
    if (port + offset < 1 || port + offset > 65535)
        return make_error("endpoint '" + endpoint + "': port + " + std::to_string(offset) +
                          " is out of range");
    return endpoint.substr(0, colon + 1) + std::to_string(port + offset);
}

struct KvEventClient::Impl {
    static constexpr int64_t kConnectReplay = -1;
    static constexpr int64_t kLateJoinReplay = -2;
    struct Held {
        int64_t seq;
        Frames frames;
    };
    struct Source {
        std::string label;
        void* sub = nullptr;
        void* replay = nullptr;
        int64_t last_seq = -1;
        bool replay_pending = false;
        bool replay_dead = false;  // did not answer once: not asked again
        Clock::time_point replay_deadline;
        // The gap the running replay fills; kConnectReplay or kLateJoinReplay when none.
        int64_t gap_from = kConnectReplay;
        int64_t gap_count = 0;
        // The connect replay brought nothing, so a first live sequence number above 0 means
        // the server published while our subscription was still on its way: asked again.
        bool started_empty = false;
        std::deque<Held> held_back;
        bool heard = false;
        bool silence_reported = false;
    };
    void* ctx = nullptr;
    std::vector<Source> sources;
    Clock::time_point started;
    mutable std::mutex counters_mutex;
    LiveCounters counters;

    ~Impl() {
        for (auto& s : sources) {
            if (s.sub)
                zmq_close(s.sub);
            if (s.replay)
                zmq_close(s.replay);
        }
        if (ctx)
            zmq_ctx_term(ctx);
    }
};

KvEventClient::KvEventClient(LiveClientOptions options, Sink sink)
    : options_(std::move(options)), sink_(std::move(sink)), impl_(std::make_unique<Impl>()) {}

KvEventClient::~KvEventClient() {
    stop();
}

void KvEventClient::stop() {
    stop_ = true;
    if (thread_.joinable())
        thread_.join();
}

LiveCounters KvEventClient::counters() const {
    std::lock_guard lock(impl_->counters_mutex);
    return impl_->counters;
}

Result<std::unique_ptr<KvEventClient>> KvEventClient::start(LiveClientOptions options, Sink sink) {
    if (options.endpoints.empty())
        return make_error("no endpoint to subscribe to");
    if (options.endpoints.size() > 1024)
        return make_error("more than 1024 endpoints");
    for (const auto& ep : options.endpoints) {
        PL_TRY(validate_endpoint(ep.endpoint));
        if (!ep.replay.empty())
            PL_TRY(validate_endpoint(ep.replay));
    }
    std::unique_ptr<KvEventClient> client(new KvEventClient(std::move(options), std::move(sink)));
    Impl& impl = *client->impl_;
    impl.ctx = zmq_ctx_new();
    if (!impl.ctx)
        return make_error(std::string("cannot start ZMQ: ") + zmq_strerror(zmq_errno()));
    const int linger = 0;
    const int hwm = 1000000;
    const int64_t max_size = static_cast<int64_t>(kMaxFrameBytes);
    for (const auto& ep : client->options_.endpoints) {
        Impl::Source s;
        s.label = ep.label.empty() ? ep.endpoint : ep.label;
        s.sub = zmq_socket(impl.ctx, ZMQ_SUB);
        if (!s.sub)
            return make_error(std::string("cannot open a ZMQ socket: ") +
                              zmq_strerror(zmq_errno()));
        impl.sources.push_back(std::move(s));
        Impl::Source& src = impl.sources.back();
        zmq_setsockopt(src.sub, ZMQ_LINGER, &linger, sizeof(linger));
        zmq_setsockopt(src.sub, ZMQ_RCVHWM, &hwm, sizeof(hwm));
        zmq_setsockopt(src.sub, ZMQ_MAXMSGSIZE, &max_size, sizeof(max_size));
        const std::string& topic = client->options_.topic;
        zmq_setsockopt(src.sub, ZMQ_SUBSCRIBE, topic.data(), topic.size());
        if (zmq_connect(src.sub, ep.endpoint.c_str()) != 0)
            return make_error("endpoint '" + ep.endpoint + "': " + zmq_strerror(zmq_errno()));
        if (!ep.replay.empty()) {
            src.replay = zmq_socket(impl.ctx, ZMQ_DEALER);
            if (!src.replay)
                return make_error(std::string("cannot open a ZMQ socket: ") +
                                  zmq_strerror(zmq_errno()));
            zmq_setsockopt(src.replay, ZMQ_LINGER, &linger, sizeof(linger));
            zmq_setsockopt(src.replay, ZMQ_RCVHWM, &hwm, sizeof(hwm));
            zmq_setsockopt(src.replay, ZMQ_MAXMSGSIZE, &max_size, sizeof(max_size));
            if (zmq_connect(src.replay, ep.replay.c_str()) != 0)
                return make_error("replay endpoint '" + ep.replay +
                                  "': " + zmq_strerror(zmq_errno()));
        }
    }
    client->thread_ = std::thread([c = client.get()] { c->run(); });
    return client;
}

void KvEventClient::run() {
    Impl& impl = *impl_;
    impl.started = Clock::now();
    const auto replay_timeout = std::chrono::milliseconds(options_.replay_timeout_ms);
    auto bump = [&](auto field, int64_t by = 1) {
        std::lock_guard lock(impl.counters_mutex);
        impl.counters.*field += by;
    };
    auto notice = [&](int source, std::string text) {
        LiveRecord r;
        r.kind = LiveRecord::Kind::Notice;
        r.source = source;
        r.message = std::move(text);
        sink_(std::move(r));
    };
    auto ask_replay = [&](int i, int64_t from) {
        Impl::Source& s = impl.sources[static_cast<std::size_t>(i)];
        // As a REQ client would frame it: an empty delimiter, then the start sequence number.
        const std::string seq = seq_bytes(from);
        if (zmq_send(s.replay, "", 0, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0 ||
            zmq_send(s.replay, seq.data(), seq.size(), ZMQ_DONTWAIT) < 0) {
            return false;  // no connection yet to queue on: treated as no answer
        }
        s.replay_pending = true;
        s.replay_deadline = Clock::now() + replay_timeout;
        return true;
    };
    // Decodes and hands on one message whose order is settled.
    auto deliver = [&](int i, Frames& frames, bool replayed) {
        bump(&LiveCounters::messages);
        std::vector<std::span<const uint8_t>> spans;
        spans.reserve(frames.size());
        for (const auto& f : frames)
            spans.emplace_back(f.data(), f.size());
        auto batch = decode_kv_message(spans);
        LiveRecord r;
        r.source = i;
        r.replayed = replayed;
        if (!batch) {
            bump(&LiveCounters::malformed);
            r.kind = LiveRecord::Kind::Malformed;
            r.message = batch.error().message;
            if (spans.size() >= 2)
                if (auto seq = decode_seq_frame(spans[1]))
                    r.seq = *seq;
        } else {
            if (replayed)
                bump(&LiveCounters::replayed);
            bump(&LiveCounters::events, static_cast<int64_t>(batch->events.size()));
            if (batch->unknown)
                bump(&LiveCounters::unknown, batch->unknown);
            r.kind = LiveRecord::Kind::Batch;
            r.seq = batch->seq;
            r.batch = std::move(*batch);
        }
        sink_(std::move(r));
    };
    auto seq_of = [](const Frames& frames) -> int64_t {
        if (frames.size() < 2)
            return -2;
        auto seq = decode_seq_frame(frames[1]);
        return seq ? *seq : -2;
    };
    auto report_gap = [&](int i, int64_t from, int64_t count, bool filled) {
        LiveRecord r;
        r.kind = LiveRecord::Kind::Gap;
        r.source = i;
        r.seq = from;
        r.count = count;
        r.filled = filled;
        if (!filled)
            bump(&LiveCounters::gaps_unfilled);
        sink_(std::move(r));
    };
    // A live message, in arrival order; `draining` when it was held back during a replay.
    std::function<void(int, Frames&&, bool)> on_live = [&](int i, Frames&& frames, bool draining) {
        Impl::Source& s = impl.sources[static_cast<std::size_t>(i)];
        const int64_t seq = seq_of(frames);
        if (s.replay_pending) {
            if (s.held_back.size() < options_.max_held_back)
                s.held_back.push_back({seq, std::move(frames)});
            // Beyond the bound the message is lost: the next one shows a gap, filled or not.
            return;
        }
        if (seq < 0) {  // no usable sequence number: decoded (and counted) as it is
            deliver(i, frames, false);
            return;
        }
        if (s.last_seq < 0 && seq > 0 && s.started_empty) {
            s.started_empty = false;
            if (s.replay && !s.replay_dead && ask_replay(i, 0)) {
                s.gap_from = Impl::kLateJoinReplay;
                s.held_back.push_back({seq, std::move(frames)});
                return;
            }
        }
        if (s.last_seq >= 0 && seq <= s.last_seq) {
            if (draining)
                return;  // the replay already brought it
            bump(&LiveCounters::restarts);
            LiveRecord r;
            r.kind = LiveRecord::Kind::Restart;
            r.source = i;
            r.seq = seq;
            r.message = "the publisher at " + s.label + " started again (sequence " +
                        std::to_string(seq) + " after " + std::to_string(s.last_seq) + ")";
            sink_(std::move(r));
            s.last_seq = -1;
            if (seq > 0 && s.replay && !s.replay_dead && ask_replay(i, 0)) {
                s.gap_from = Impl::kConnectReplay;
                s.held_back.push_back({seq, std::move(frames)});
                return;
            }
        } else if (s.last_seq >= 0 && seq > s.last_seq + 1) {
            bump(&LiveCounters::gaps);
            const int64_t from = s.last_seq + 1;
            const int64_t count = seq - from;
            if (!draining && s.replay && !s.replay_dead && ask_replay(i, from)) {
                s.gap_from = from;
                s.gap_count = count;
                s.held_back.push_back({seq, std::move(frames)});
                return;
            }
            report_gap(i, from, count, false);
        }
        s.last_seq = seq;
        s.started_empty = false;
        deliver(i, frames, false);
    };
    auto finish_replay = [&](int i, bool answered) {
        Impl::Source& s = impl.sources[static_cast<std::size_t>(i)];
        s.replay_pending = false;
        if (!answered) {
            s.replay_dead = true;
            notice(i, "the replay endpoint of " + s.label + " did not answer within " +
                          std::to_string(options_.replay_timeout_ms) +
                          " ms; missed events cannot be recovered");
        }
        if (s.gap_from >= 0) {
            const bool filled = s.last_seq >= s.gap_from + s.gap_count - 1;
            if (filled)
                report_gap(i, s.gap_from, s.gap_count, true);
            else
                report_gap(i, s.gap_from, s.gap_count, false);
        }
        s.started_empty = answered && s.gap_from == Impl::kConnectReplay && s.last_seq < 0;
        s.gap_from = Impl::kConnectReplay;
        std::deque<Impl::Held> held = std::move(s.held_back);
        s.held_back.clear();
        while (!held.empty()) {
            Impl::Held h = std::move(held.front());
            held.pop_front();
            on_live(i, std::move(h.frames), true);
            if (s.replay_pending) {  // cannot happen while draining, but keep the order if so
                for (auto& rest : held)
                    s.held_back.push_back(std::move(rest));
                return;
            }
        }
    };
    auto on_replay = [&](int i, Frames&& frames) {
        Impl::Source& s = impl.sources[static_cast<std::size_t>(i)];
        if (!s.replay_pending)
            return;  // a late answer to a request given up on
        // The ROUTER sends (delimiter, seq, payload); a peer that leaves out the delimiter is
        // understood too.
        if (!frames.empty() && frames[0].empty())
            frames.erase(frames.begin());
        if (frames.empty())
            return;
        auto seq = decode_seq_frame(frames[0]);
        if (seq && *seq == -1) {
            finish_replay(i, true);
            return;
        }
        if (!seq) {
            bump(&LiveCounters::messages);
            bump(&LiveCounters::malformed);
            LiveRecord r;
            r.kind = LiveRecord::Kind::Malformed;
            r.source = i;
            r.replayed = true;
            r.message = "replay: " + seq.error().message;
            sink_(std::move(r));
            return;
        }
        if (s.last_seq >= 0 && *seq <= s.last_seq)
            return;  // already seen
        s.last_seq = *seq;
        Frames as_live;
        as_live.emplace_back();  // no topic on a replayed message
        for (auto& f : frames)
            as_live.push_back(std::move(f));
        deliver(i, as_live, true);
    };

    // Replay on connect: whatever the server still buffers tells what it already holds.
    for (std::size_t i = 0; i < impl.sources.size(); ++i)
        if (impl.sources[i].replay)
            ask_replay(static_cast<int>(i), 0);

    std::vector<zmq_pollitem_t> items;
    std::vector<std::pair<int, bool>> owners;  // (source, is replay)
    for (std::size_t i = 0; i < impl.sources.size(); ++i) {
        items.push_back({impl.sources[i].sub, 0, ZMQ_POLLIN, 0});
        owners.emplace_back(static_cast<int>(i), false);
        if (impl.sources[i].replay) {
            items.push_back({impl.sources[i].replay, 0, ZMQ_POLLIN, 0});
            owners.emplace_back(static_cast<int>(i), true);
        }
    }
    Frames frames;
    bool too_many = false;
    while (!stop_) {
        const int n = zmq_poll(items.data(), static_cast<int>(items.size()), 50);
        if (n < 0 && zmq_errno() != EINTR)
            break;
        for (std::size_t k = 0; k < items.size() && n > 0; ++k) {
            if (!(items[k].revents & ZMQ_POLLIN))
                continue;
            const auto [i, is_replay] = owners[k];
            Impl::Source& s = impl.sources[static_cast<std::size_t>(i)];
            // Drain what is waiting, a bounded number at a time so no socket starves another.
            for (int taken = 0; taken < 4096 && receive(items[k].socket, frames, too_many);
                 ++taken) {
                s.heard = true;
                if (too_many) {
                    bump(&LiveCounters::messages);
                    bump(&LiveCounters::malformed);
                    LiveRecord r;
                    r.kind = LiveRecord::Kind::Malformed;
                    r.source = i;
                    r.message = "the message has more than " + std::to_string(kMaxFrames) +
                                " frames (3 expected)";
                    sink_(std::move(r));
                    continue;
                }
                if (is_replay)
                    on_replay(i, std::move(frames));
                else
                    on_live(i, std::move(frames), false);
                frames = Frames{};
            }
        }
        const auto now = Clock::now();
        for (std::size_t i = 0; i < impl.sources.size(); ++i) {
            Impl::Source& s = impl.sources[i];
            if (s.replay_pending && now > s.replay_deadline)
                finish_replay(static_cast<int>(i), false);
            if (!s.heard && !s.silence_reported &&
                now - impl.started > std::chrono::milliseconds(options_.silence_timeout_ms)) {
                s.silence_reported = true;
                notice(static_cast<int>(i),
                       "nothing from " + s.label + " after " +
                           std::to_string(options_.silence_timeout_ms / 1000) +
                           " s: is a server publishing there (vLLM --kv-events-config, SGLang "
                           "--kv-events-config)?");
            }
        }
    }
}

}  // namespace pl::live
