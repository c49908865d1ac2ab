#include "session/run_store.h"

#include <elf.h>
#include <link.h>

#include <QCryptographicHash>
#include <QFile>
#include <QStandardPaths>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <system_error>
#include <type_traits>

#include "core/file_util.h"

namespace pl::ui {
namespace {

using json = nlohmann::json;

// The first line of every file; the number is the format's version.
// 2: a request's first-token candidates, prefill/decode timing and its no-cache replay.
constexpr std::string_view kMagic = "PrefixLens run 2\n";

std::string hex(const unsigned char* p, std::size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    s.reserve(2 * n);
    for (std::size_t i = 0; i < n; ++i) {
        s.push_back(digits[p[i] >> 4]);
        s.push_back(digits[p[i] & 15]);
    }
    return s;
}

// The executable's GNU build id (a hash the linker writes of its contents), or empty.
std::string elf_build_id() {
    std::string id;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) -> int {
            auto& found = *static_cast<std::string*>(out);
            for (int i = 0; i < info->dlpi_phnum && found.empty(); ++i) {
                const auto& ph = info->dlpi_phdr[i];
                if (ph.p_type != PT_NOTE)
                    continue;
                const auto* base =
                    reinterpret_cast<const unsigned char*>(info->dlpi_addr + ph.p_vaddr);
                auto align4 = [](std::size_t v) { return (v + 3) & ~std::size_t{3}; };
                std::size_t off = 0;
                while (off + 12 <= ph.p_memsz) {
                    uint32_t namesz = 0, descsz = 0, type = 0;
                    std::memcpy(&namesz, base + off, 4);
                    std::memcpy(&descsz, base + off + 4, 4);
                    std::memcpy(&type, base + off + 8, 4);
                    const std::size_t name_at = off + 12;
                    const std::size_t desc_at = name_at + align4(namesz);
                    const std::size_t next = desc_at + align4(descsz);
                    if (next > ph.p_memsz)
                        break;
                    if (type == NT_GNU_BUILD_ID && namesz == 4 &&
                        std::memcmp(base + name_at, "GNU", 4) == 0) {
                        found = hex(base + desc_at, descsz);
                        break;
                    }
                    off = next;
                }
            }
            return 1;  // the first object is the executable: stop there
        },
        &id);
    return id;
}

std::string build_identity() {
    static const std::string id = [] {
        std::string b = elf_build_id();
        if (!b.empty())
            return "build-id " + b;
        // No build id: the executable's size and time still change with every build.
        std::error_code ec;
        const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
        const auto size = ec ? 0 : std::filesystem::file_size(exe, ec);
        const auto time =
            ec ? std::filesystem::file_time_type{} : std::filesystem::last_write_time(exe, ec);
        return "exe " + exe.string() + " " + std::to_string(size) + " " +
               std::to_string(time.time_since_epoch().count());
    }();
    return id;
}

// ---- the plain members, one list that both directions walk -----------------------------------
// Each calls field(key, member) for the members stored as they are (a block hash and Bytes as
// binary, an enum as its number), so that the writer and the reader cannot drift apart; the struct
// may be const (writing) or not (reading).

constexpr auto segment_fields = [](auto& s, auto&& field) {
    field("index", s.index);
    field("role", s.role);
    field("pointer", s.pointer);
    field("text", s.text);
    field("breakpoint", s.cache_breakpoint);
    field("begin", s.token_begin);
    field("end", s.token_end);
};

constexpr auto timing_fields = [](auto& t, auto&& field) {
    field("prefill_ms", t.prefill_ms);
    field("decode_ms", t.decode_ms);
    field("steps", t.step_ms);
    field("kv_rows", t.kv_rows);
};

constexpr auto result_fields = [](auto& r, auto&& field) {
    field("request", r.request);
    field("session", r.session);
    field("at_s", r.at_s);
    field("prompt_tokens", r.prompt_tokens);
    field("cached_tokens", r.cached_tokens);
    field("computed_tokens", r.computed_tokens);
    field("output_tokens", r.output_tokens);
    field("block_size", r.block_size);
    field("ttft_ms", r.ttft_ms);
    field("prefill_gpu_ms", r.prefill_gpu_ms);
    field("kv_bytes", r.kv_bytes_in_use);
    field("output", r.output);
    field("output_text", r.output_text);
};

// A string stored as bytes (a token's text may end inside a UTF-8 character).
template <class S>
struct Bytes {
    S& text;
};
template <class S>
Bytes(S&) -> Bytes<S>;

// The members of each kind of event besides its kind ("k") and its request ("r").
constexpr auto event_fields = [](auto& e, auto&& field) {
    using E = std::remove_cvref_t<decltype(e)>;
    if constexpr (std::is_same_v<E, BlockHashedEvent>) {
        field("i", e.index);
        field("h", e.hash);
        field("p", e.parent);
        field("first", e.first_token);
        field("n", e.num_tokens);
    } else if constexpr (std::is_same_v<E, BlockHitEvent>) {
        field("i", e.index);
        field("b", e.block_id);
    } else if constexpr (std::is_same_v<E, BlockComputedEvent>) {
        field("i", e.index);
        field("b", e.block_id);
        field("partial", e.partial);
    } else if constexpr (std::is_same_v<E, BlockStoredEvent>) {
        field("i", e.index);
        field("b", e.block_id);
        field("h", e.hash);
        field("registered", e.registered);
    } else if constexpr (std::is_same_v<E, BlockEvictedEvent>) {
        field("h", e.hash);
        field("b", e.block_id);
        field("reason", e.reason);
    } else if constexpr (std::is_same_v<E, PrefillDoneEvent>) {
        field("ttft_ms", e.ttft_ms);
        field("gpu_ms", e.gpu_ms);
        field("cached", e.cached_tokens);
        field("computed", e.computed_tokens);
    } else if constexpr (std::is_same_v<E, TokenDecodedEvent>) {
        field("pos", e.position);
        field("token", e.token);
        field("text", Bytes{e.text});
        field("ends_turn", e.ends_turn);
    } else if constexpr (std::is_same_v<E, MemorySampleEvent>) {
        field("at_s", e.at_s);
        field("in_use", e.blocks_in_use);
        field("cached_free", e.blocks_cached_free);
        field("free", e.blocks_free);
        field("bpb", e.bytes_per_block);
        field("sessions", e.bytes_per_session);
    } else {
        static_assert(std::is_same_v<E, RequestFinishedEvent>);  // its result is stored apart
    }
};

// ---- encoding ---------------------------------------------------------------------------------

json hash_j(const BlockHash& h) {
    return json::binary(std::vector<uint8_t>(h.begin(), h.end()));
}

json opt_hash_j(const std::optional<BlockHash>& h) {
    return h ? hash_j(*h) : json();
}

template <class T>
json opt_j(const std::optional<T>& v) {
    return v ? json(*v) : json();
}

// The object of what `fields` lists of `s` (a JSON object keeps its keys sorted: the order of
// the list does not matter).
template <class S, class Fields>
json fields_j(const S& s, Fields fields) {
    json j = json::object();
    fields(s, [&](const char* key, const auto& value) {
        using T = std::remove_cvref_t<decltype(value)>;
        if constexpr (std::is_same_v<T, BlockHash>)
            j[key] = hash_j(value);
        else if constexpr (std::is_same_v<T, Bytes<const std::string>>)
            j[key] = json::binary(std::vector<uint8_t>(value.text.begin(), value.text.end()));
        else
            j[key] = value;  // an enum as its number
    });
    return j;
}

json segment_j(const PromptSegment& s) {
    json j = fields_j(s, segment_fields);
    j["kind"] = static_cast<int>(s.kind);
    return j;
}

json prompt_j(const RenderedPrompt& p) {
    json segs = json::array();
    for (const auto& s : p.segments)
        segs.push_back(segment_j(s));
    return {{"tokens", p.tokens},
            {"token_segment", p.token_segment},
            {"token_offset", p.token_offset},
            {"segments", std::move(segs)},
            {"breakpoints", p.breakpoints}};
}

json eviction_j(const Eviction& e) {
    return {
        {"hash", hash_j(e.hash)}, {"block", e.block_id}, {"reason", static_cast<int>(e.reason)}};
}

json scores_j(const std::vector<TokenScore>& top) {
    json a = json::array();
    for (const TokenScore& t : top) {
        a.push_back({t.token, json::binary(std::vector<uint8_t>(t.text.begin(), t.text.end())),
                     t.logit, t.prob});
    }
    return a;
}

json timing_j(const ServeTiming& t) {
    return fields_j(t, timing_fields);
}

json result_j(const RequestResult& r) {
    json blocks = json::array();
    for (const auto& b : r.blocks) {
        blocks.push_back({{"index", b.index},
                          {"hash", opt_hash_j(b.hash)},
                          {"tokens", b.tokens},
                          {"state", static_cast<int>(b.state)},
                          {"block", b.block_id}});
    }
    json evicted = json::array();
    for (const auto& e : r.evicted)
        evicted.push_back(eviction_j(e));
    json j = fields_j(r, result_fields);
    j["blocks"] = std::move(blocks);
    j["evicted"] = std::move(evicted);
    j["max_abs_diff"] = opt_j(r.max_abs_diff_vs_full);
    j["verify_tolerance"] = opt_j(r.verify_tolerance);
    j["usage"] = {r.usage.input_tokens, r.usage.cache_read_input_tokens,
                  r.usage.cache_creation_input_tokens, r.usage.output_tokens};
    j["prompt"] = prompt_j(r.prompt);
    j["top_cached"] = scores_j(r.top_cached);
    j["top_full"] = scores_j(r.top_full);
    j["timing"] = timing_j(r.timing);
    j["no_cache"] =
        r.no_cache ? json{{"timing", timing_j(r.no_cache->timing)}, {"output", r.no_cache->output}}
                   : json();
    return j;
}

json event_j(const RunnerEvent& ev) {
    return std::visit(
        [&](const auto& e) {
            json j = fields_j(e, event_fields);
            j["k"] = ev.index();
            j["r"] = e.request;
            return j;
        },
        ev);
}

json snapshot_j(const PoolSnapshot& s) {
    json blocks = json::array();
    for (const auto& b : s.blocks) {
        blocks.push_back(
            {b.id, static_cast<int>(b.status), b.ref_count, opt_hash_j(b.hash), b.last_used});
    }
    return {{"after", s.after_event},
            {"blocks", std::move(blocks)},
            {"free", s.free_queue},
            {"victim", opt_j(s.next_victim)}};
}

// ---- decoding: every read checks its type (json::exception otherwise) -----------------------

struct Bad {
    std::string what;
};

[[noreturn]] void bad(const std::string& what) {
    throw Bad{what};
}

void check(bool ok, const char* what) {
    if (!ok)
        bad(what);
}

BlockHash hash_of(const json& j) {
    const auto& bin = j.get_binary();
    check(bin.size() == 32, "a block hash is not 32 bytes");
    BlockHash h;
    std::copy(bin.begin(), bin.end(), h.begin());
    return h;
}

// Reads `j` into `out`, checking its JSON type first: a float where a count belongs (1e300 as a
// block id) would otherwise be converted to an integer out of its range, which is undefined.
template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class T>
struct is_map : std::false_type {};
template <class V>
struct is_map<std::map<std::string, V>> : std::true_type {};

template <class T>
void read(const json& j, T& out) {
    if constexpr (std::is_same_v<T, bool>) {
        check(j.is_boolean(), "a flag is not true or false");
        out = j.get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
        check(j.is_number_integer(), "a count is not an integer");
        if (j.is_number_unsigned()) {
            const auto v = j.get<uint64_t>();
            check(v <= static_cast<uint64_t>(std::numeric_limits<T>::max()),
                  "a count is out of range");
            out = static_cast<T>(v);
        } else {
            const auto v = j.get<int64_t>();
            check(v >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
                      (v < 0 || static_cast<uint64_t>(v) <=
                                    static_cast<uint64_t>(std::numeric_limits<T>::max())),
                  "a count is out of range");
            out = static_cast<T>(v);
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        check(j.is_number(), "a time is not a number");
        out = j.get<T>();
    } else if constexpr (std::is_same_v<T, std::string>) {
        check(j.is_string(), "a text is not a string");
        out = j.get<std::string>();
    } else if constexpr (std::is_same_v<T, Bytes<std::string>>) {
        check(j.is_binary(), "a token's text is not bytes");
        out.text.assign(j.get_binary().begin(), j.get_binary().end());
    } else if constexpr (std::is_same_v<T, BlockHash>) {
        out = hash_of(j);
    } else if constexpr (std::is_same_v<T, EvictionReason>) {
        int v = 0;
        read(j, v);
        check(v >= 0 && v <= static_cast<int>(EvictionReason::Ttl),
              "an enum value is out of range");
        out = static_cast<T>(v);
    } else if constexpr (is_vector<T>::value) {
        check(j.is_array(), "a list is not an array");
        out.clear();
        out.reserve(j.size());
        for (const json& e : j) {
            typename T::value_type v{};
            read(e, v);
            out.push_back(std::move(v));
        }
    } else {
        static_assert(is_map<T>::value);
        check(j.is_object(), "a table is not an object");
        out.clear();
        for (const auto& [k, e] : j.items()) {
            typename T::mapped_type v{};
            read(e, v);
            out.emplace(k, std::move(v));
        }
    }
}

// Reads every member `fields` lists of `s` from its key in `j`.
template <class S, class Fields>
void read_fields(const json& j, S& s, Fields fields) {
    fields(s, [&](const char* key, auto&& value) { read(j.at(key), value); });
}

template <class T>
T as(const json& j) {
    T v{};
    read(j, v);
    return v;
}

std::optional<BlockHash> opt_hash_of(const json& j) {
    if (j.is_null())
        return std::nullopt;
    return hash_of(j);
}

template <class T>
std::optional<T> opt_of(const json& j) {
    if (j.is_null())
        return std::nullopt;
    return as<T>(j);
}

template <class E>
E enum_of(const json& j, int count) {
    const int v = as<int>(j);
    check(v >= 0 && v < count, "an enum value is out of range");
    return static_cast<E>(v);
}

RenderedPrompt prompt_of(const json& j) {
    RenderedPrompt p;
    read(j.at("tokens"), p.tokens);
    read(j.at("token_segment"), p.token_segment);
    read(j.at("token_offset"), p.token_offset);
    for (const auto& s : j.at("segments")) {
        PromptSegment seg;
        seg.kind = enum_of<PartKind>(s.at("kind"), 4);
        read_fields(s, seg, segment_fields);
        p.segments.push_back(std::move(seg));
    }
    read(j.at("breakpoints"), p.breakpoints);
    const auto n = static_cast<int>(p.tokens.size());
    check(p.token_segment.size() == p.tokens.size() && p.token_offset.size() == p.tokens.size(),
          "a prompt's per-token tables differ in length");
    for (std::size_t t = 0; t < p.tokens.size(); ++t) {
        const int s = p.token_segment[t];
        check(s >= 0 && s < static_cast<int>(p.segments.size()), "a token's segment is missing");
        const int off = p.token_offset[t];
        check(off >= 0 && off <= static_cast<int>(p.segments[s].text.size()),
              "a token's offset is outside its segment");
    }
    for (const auto& s : p.segments) {
        check(s.token_begin >= 0 && s.token_begin <= s.token_end && s.token_end <= n,
              "a segment's tokens are out of range");
    }
    for (int b : p.breakpoints)
        check(b >= 0 && b <= n, "a breakpoint is out of range");
    return p;
}

Eviction eviction_of(const json& j) {
    Eviction e;
    e.hash = hash_of(j.at("hash"));
    read(j.at("block"), e.block_id);
    e.reason = enum_of<EvictionReason>(j.at("reason"), 2);
    return e;
}

std::vector<TokenScore> scores_of(const json& j) {
    check(j.is_array(), "a list is not an array");
    std::vector<TokenScore> out;
    for (const json& e : j) {
        check(e.is_array() && e.size() == 4 && e.at(1).is_binary(), "a score is malformed");
        TokenScore t;
        read(e.at(0), t.token);
        const auto& text = e.at(1).get_binary();
        t.text.assign(text.begin(), text.end());
        read(e.at(2), t.logit);
        read(e.at(3), t.prob);
        out.push_back(std::move(t));
    }
    return out;
}

ServeTiming timing_of(const json& j) {
    ServeTiming t;
    read_fields(j, t, timing_fields);
    return t;
}

RequestResult result_of(const json& j) {
    RequestResult r;
    read_fields(j, r, result_fields);
    for (const auto& b : j.at("blocks")) {
        PromptBlockReport pb;
        read(b.at("index"), pb.index);
        pb.hash = opt_hash_of(b.at("hash"));
        read(b.at("tokens"), pb.tokens);
        pb.state = enum_of<PromptBlockState>(b.at("state"), 3);
        read(b.at("block"), pb.block_id);
        r.blocks.push_back(std::move(pb));
    }
    for (const auto& e : j.at("evicted"))
        r.evicted.push_back(eviction_of(e));
    r.max_abs_diff_vs_full = opt_of<double>(j.at("max_abs_diff"));
    r.verify_tolerance = opt_of<double>(j.at("verify_tolerance"));
    const auto& u = j.at("usage");
    check(u.is_array() && u.size() == 4, "usage is not four counts");
    read(u.at(0), r.usage.input_tokens);
    read(u.at(1), r.usage.cache_read_input_tokens);
    read(u.at(2), r.usage.cache_creation_input_tokens);
    read(u.at(3), r.usage.output_tokens);
    r.prompt = prompt_of(j.at("prompt"));
    r.top_cached = scores_of(j.at("top_cached"));
    r.top_full = scores_of(j.at("top_full"));
    r.timing = timing_of(j.at("timing"));
    if (const json& nc = j.at("no_cache"); !nc.is_null()) {
        NoCacheReport rep;
        rep.timing = timing_of(nc.at("timing"));
        read(nc.at("output"), rep.output);
        r.no_cache = std::move(rep);
    }
    check(r.prompt_tokens == static_cast<int>(r.prompt.tokens.size()) && r.cached_tokens >= 0 &&
              r.computed_tokens >= 0 && r.cached_tokens + r.computed_tokens == r.prompt_tokens,
          "a request's token counts do not add up");
    check(r.output_tokens == static_cast<int>(r.output.size()), "a request's output count differs");
    return r;
}

template <class E>
E event_as(const json& j, int request) {
    E e{};
    e.request = request;
    read_fields(j, e, event_fields);
    return e;
}

RunnerEvent event_of(const json& j) {
    const int kind = as<int>(j.at("k"));
    const int request = as<int>(j.at("r"));
    switch (kind) {
        case 0:
            return event_as<BlockHashedEvent>(j, request);
        case 1:
            return event_as<BlockHitEvent>(j, request);
        case 2:
            return event_as<BlockComputedEvent>(j, request);
        case 3:
            return event_as<BlockStoredEvent>(j, request);
        case 4:
            return event_as<BlockEvictedEvent>(j, request);
        case 5:
            return event_as<PrefillDoneEvent>(j, request);
        case 6:
            return event_as<TokenDecodedEvent>(j, request);
        case 7:
            return event_as<MemorySampleEvent>(j, request);
        case 8:
            return event_as<RequestFinishedEvent>(j, request);  // linked to its result below
        default:
            bad("an event of unknown kind");
    }
}

PoolSnapshot snapshot_of(const json& j) {
    PoolSnapshot s;
    read(j.at("after"), s.after_event);
    for (const auto& b : j.at("blocks")) {
        check(b.is_array() && b.size() == 5, "a pool block is not five fields");
        BlockInfo info;
        read(b.at(0), info.id);
        info.status = enum_of<BlockStatus>(b.at(1), 3);
        read(b.at(2), info.ref_count);
        info.hash = opt_hash_of(b.at(3));
        read(b.at(4), info.last_used);
        s.blocks.push_back(std::move(info));
    }
    read(j.at("free"), s.free_queue);
    s.next_victim = opt_of<int>(j.at("victim"));
    return s;
}

// Every index a view follows lands inside what it indexes.
void check_run(const ScenarioRun& run) {
    const int requests = run.requestCount();
    const int events = run.eventCount();
    check(static_cast<int>(run.results.size()) == requests, "the run lacks results");
    for (int r = 0; r < requests; ++r) {
        const RequestResult& res = run.results[static_cast<std::size_t>(r)];
        check(res.request == r, "results are out of order");
        check(run.sessionIndex(res.session) >= 0, "a request's session is not listed");
    }
    check(static_cast<int>(run.request_events.size()) == requests, "the run lacks event lists");
    for (int r = 0; r < requests; ++r) {
        int last = -1;
        for (int e : run.request_events[static_cast<std::size_t>(r)]) {
            check(e > last && e < events, "a request's event is out of range");
            check(eventRequest(run.events[static_cast<std::size_t>(e)]) == r,
                  "an event is listed under another request");
            last = e;
        }
    }
    for (const RunnerEvent& ev : run.events)
        check(eventRequest(ev) >= 0 && eventRequest(ev) < requests, "an event's request is wrong");
    check(!run.snapshots.empty() && run.snapshots.front().after_event == -1,
          "the run lacks the empty pool");
    const std::size_t capacity = run.snapshots.front().blocks.size();
    int last_after = -2;
    for (const PoolSnapshot& s : run.snapshots) {
        check(s.after_event > last_after && s.after_event < events, "a pool snapshot is misplaced");
        last_after = s.after_event;
        check(s.blocks.size() == capacity, "pool snapshots differ in size");
        for (std::size_t i = 0; i < s.blocks.size(); ++i)
            check(s.blocks[i].id == static_cast<int>(i), "a pool block has another id");
        for (int b : s.free_queue)
            check(b >= 0 && b < static_cast<int>(capacity), "a free block is out of range");
        check(
            !s.next_victim || (*s.next_victim >= 0 && *s.next_victim < static_cast<int>(capacity)),
            "the next victim is out of range");
    }
    const int cap = static_cast<int>(capacity);
    auto in_pool = [&](int id) { return id >= 0 && id < cap; };
    for (const RunnerEvent& ev : run.events) {
        std::visit(
            [&](const auto& e) {
                using E = std::decay_t<decltype(e)>;
                if constexpr (std::is_same_v<E, BlockHitEvent> ||
                              std::is_same_v<E, BlockComputedEvent> ||
                              std::is_same_v<E, BlockStoredEvent> ||
                              std::is_same_v<E, BlockEvictedEvent>)
                    check(in_pool(e.block_id), "an event's block is outside the pool");
            },
            ev);
    }
    for (const RequestResult& r : run.results) {
        for (const auto& b : r.blocks)
            check(b.block_id == -1 || in_pool(b.block_id), "a prompt block is outside the pool");
        for (const auto& e : r.evicted)
            check(in_pool(e.block_id), "an evicted block is outside the pool");
    }
}

}  // namespace

std::string engineIdentity(const std::filesystem::path& modelDir, const EngineInfo& engine,
                           bool verify, TimingSource timing, const SamplingOverrides& sampling) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    auto add = [&](const std::string& s) {
        h.addData(QByteArrayView(s.data(), static_cast<qsizetype>(s.size())));
        h.addData(QByteArrayView("\0", 1));
    };
    add(std::string(kMagic));
    add(build_identity());
    for (const char* name : {"config.json", "model.safetensors", "vocab.json", "merges.txt",
                             "generation_config.json"}) {
        add(name);
        QFile f(QString::fromStdString((modelDir / name).string()));
        if (f.open(QIODevice::ReadOnly))
            h.addData(&f);
        else
            add("(absent)");
    }
    add(engine.model);
    add(engine.backend);
    add(engine.device);
    add(verify ? "verify" : "no verify");
    add(timing == TimingSource::Clock ? "clock" : "cost model");
    auto penalty = [&](const char* name, const std::optional<double>& v) {
        add(v ? std::string(name) + " " + std::to_string(*v) : std::string(name) + " unset");
    };
    penalty("repetition_penalty", sampling.repetition_penalty);
    penalty("frequency_penalty", sampling.frequency_penalty);
    penalty("presence_penalty", sampling.presence_penalty);
    return h.result().toHex().toStdString();
}

std::vector<uint8_t> encodeRun(const ScenarioRun& run, const std::string& identity,
                               const std::string& scenarioKey) {
    json events = json::array();
    for (const auto& ev : run.events)
        events.push_back(event_j(ev));
    json results = json::array();
    for (const auto& r : run.results)
        results.push_back(result_j(r));
    json snapshots = json::array();
    for (const auto& s : run.snapshots)
        snapshots.push_back(snapshot_j(s));
    const json j = {{"identity", identity},
                    {"scenario", scenarioKey},
                    {"engine",
                     {run.engine.model, run.engine.backend, run.engine.device,
                      run.engine.fallback_reason, run.engine.software_device}},
                    {"events", std::move(events)},
                    {"results", std::move(results)},
                    {"request_events", run.request_events},
                    {"snapshots", std::move(snapshots)},
                    {"sessions", run.sessions},
                    {"bytes_per_block", run.bytes_per_block},
                    {"play_ms", run.play_ms},
                    {"timing", static_cast<int>(run.timing)}};
    std::vector<uint8_t> out(kMagic.begin(), kMagic.end());
    json::to_cbor(j, out);
    return out;
}

Result<std::shared_ptr<ScenarioRun>> decodeRun(std::span<const uint8_t> bytes,
                                               const Scenario& scenario,
                                               const std::string& identity,
                                               const std::string& scenarioKey) {
    if (bytes.size() < kMagic.size() || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
        return make_error("not a stored run of this version");
    json j;
    try {
        // Even with allow_exceptions off, the DOM builder throws on a header that claims more
        // elements than a container can hold.
        j = json::from_cbor(bytes.subspan(kMagic.size()), /*strict=*/true,
                            /*allow_exceptions=*/false);
    } catch (const json::exception&) {
        return make_error("the stored run does not decode");
    }
    if (j.is_discarded())
        return make_error("the stored run does not decode");
    auto run = std::make_shared<ScenarioRun>();
    try {
        check(j.is_object(), "the stored run is not an object");
        if (as<std::string>(j.at("identity")) != identity ||
            as<std::string>(j.at("scenario")) != scenarioKey)
            return make_error("the stored run belongs to another engine or scenario");
        run->scenario = scenario;
        const auto& eng = j.at("engine");
        check(eng.is_array() && eng.size() == 5, "the engine info is not five fields");
        read(eng.at(0), run->engine.model);
        read(eng.at(1), run->engine.backend);
        read(eng.at(2), run->engine.device);
        read(eng.at(3), run->engine.fallback_reason);
        read(eng.at(4), run->engine.software_device);
        for (const auto& e : j.at("events"))
            run->events.push_back(event_of(e));
        for (const auto& r : j.at("results"))
            run->results.push_back(result_of(r));
        read(j.at("request_events"), run->request_events);
        for (const auto& s : j.at("snapshots"))
            run->snapshots.push_back(snapshot_of(s));
        read(j.at("sessions"), run->sessions);
        read(j.at("bytes_per_block"), run->bytes_per_block);
        read(j.at("play_ms"), run->play_ms);
        run->timing = enum_of<TimingSource>(j.at("timing"), 2);
        check_run(*run);
        for (auto& ev : run->events) {
            if (auto* fin = std::get_if<RequestFinishedEvent>(&ev)) {
                fin->result = std::make_shared<const RequestResult>(
                    run->results[static_cast<std::size_t>(fin->request)]);
            }
        }
    } catch (const json::exception& e) {
        return make_error(std::string("the stored run is malformed: ") + e.what());
    } catch (const Bad& b) {
        return make_error("the stored run is inconsistent: " + b.what);
    }
    return run;
}

RunStore::RunStore(std::filesystem::path dir, std::string identity)
    : dir_(std::move(dir)), identity_(std::move(identity)) {}

std::filesystem::path RunStore::defaultDir() {
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (base.isEmpty())
        return {};
    return std::filesystem::path(base.toStdString()) / "prefixlens" / "runs";
}

std::filesystem::path RunStore::pathFor(const std::string& scenarioKey) const {
    const std::string both = identity_ + "/" + scenarioKey;
    const QByteArray name =
        QCryptographicHash::hash(QByteArrayView(both.data(), static_cast<qsizetype>(both.size())),
                                 QCryptographicHash::Sha256)
            .toHex();
    return dir_ / (name.toStdString() + ".run");
}

std::shared_ptr<ScenarioRun> RunStore::load(const Scenario& scenario,
                                            const std::string& scenarioKey) const {
    if (dir_.empty())
        return nullptr;
    const auto path = pathFor(scenarioKey);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return nullptr;
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
    in.close();
    auto run = decodeRun(bytes, scenario, identity_, scenarioKey);
    if (!run) {
        std::error_code ec;
        std::filesystem::remove(path, ec);  // unreadable: the next play writes a good one
        return nullptr;
    }
    std::error_code ec;
    std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now(), ec);
    return std::move(run.value());
}

void RunStore::save(const ScenarioRun& run, const std::string& scenarioKey) const {
    if (dir_.empty() || run.partial || !run.error.empty() ||
        static_cast<int>(run.results.size()) != run.requestCount())
        return;
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec)
        return;
    const auto bytes = encodeRun(run, identity_, scenarioKey);
    const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (!write_file_atomically(pathFor(scenarioKey), view))
        return;
    prune();
}

void RunStore::prune() const {
    std::error_code ec;
    std::vector<std::pair<std::filesystem::file_time_type, std::filesystem::path>> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir_, ec)) {
        if (entry.path().extension() == ".run")
            files.emplace_back(entry.last_write_time(ec), entry.path());
    }
    if (static_cast<int>(files.size()) <= kMaxFiles)
        return;
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a > b; });
    for (std::size_t i = kMaxFiles; i < files.size(); ++i)
        std::filesystem::remove(files[i].second, ec);
}

}  // namespace pl::ui
