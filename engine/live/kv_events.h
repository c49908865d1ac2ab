// The KV-cache events a serving engine (vLLM, SGLang) publishes, normalised across engines and
// format versions: what `prefixlens watch --json` prints (SPEC §7) and what the remote-cache
// model consumes. No Qt here: the live view also runs in the slim command-line build.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace pl::live {

// A block hash as the server sent it. vLLM sends the last 8 bytes of its digest as an unsigned
// 64-bit integer (the default) or the whole 32-byte digest as binary; SGLang sends the first 8
// bytes of its digest as a signed 64-bit integer. Integers keep their 64 bits exactly (a negative
// SGLang hash is its two's complement), stored big-endian so that hex() reads as the digest does.
struct RemoteHash {
    std::array<uint8_t, 32> bytes{};
    uint8_t size = 0;  // 8 for an integer, 1..32 for binary

    static RemoteHash from_u64(uint64_t value);
    static std::optional<RemoteHash> from_bytes(const uint8_t* data, std::size_t n);
    bool is_integer() const { return size == 8; }
    uint64_t as_u64() const;  // the first 8 bytes, big-endian
    std::string hex() const;  // lowercase, 2 * size digits
    bool operator==(const RemoteHash& o) const {
        return size == o.size && std::memcmp(bytes.data(), o.bytes.data(), size) == 0;
    }
};

struct RemoteHashHasher {
    std::size_t operator()(const RemoteHash& h) const noexcept;
};

enum class KvEventType { Stored, Removed, Cleared };
const char* kv_event_type_name(KvEventType type);  // "stored", "removed", "cleared"

struct KvEvent {
    KvEventType type = KvEventType::Stored;
    std::vector<RemoteHash> hashes;    // stored: one per block, in chain order
    std::optional<RemoteHash> parent;  // stored: the block before the first, null at a root
    std::vector<int32_t> token_ids;    // stored: the tokens of all the event's blocks
    int block_size = 0;                // stored; 0 when the server did not say
    std::string medium;                // "GPU", "CPU", ... or empty when not sent
};

// One published message: a batch of events under one sequence number.
struct KvBatch {
    int64_t seq = -1;
    double ts = 0;
    std::optional<int64_t> rank;  // data_parallel_rank (vLLM) or attn_dp_rank (SGLang)
    std::vector<KvEvent> events;
    int unknown = 0;  // events of a type this build does not know, skipped
};

// What a client of the event streams has taken in, and what went wrong on the way.
struct LiveCounters {
    int64_t events = 0;
    int64_t malformed = 0;
    int64_t unknown = 0;
    int64_t gaps = 0;
    int64_t gaps_unfilled = 0;
    int64_t restarts = 0;
    int64_t replayed = 0;
    int64_t messages = 0;  // messages taken in, live or replayed

    // f(name, value) for each counter, by the name `watch --json` gives it.
    template <class F>
    void each(F&& f) const {
        f("events", events);
        f("malformed", malformed);
        f("unknown", unknown);
        f("gaps", gaps);
        f("gaps_unfilled", gaps_unfilled);
        f("restarts", restarts);
        f("replayed", replayed);
        f("messages", messages);
    }
};

}  // namespace pl::live
