#include "live/kv_event_decoder.h"

#include <exception>
#include <limits>
#include <string_view>

// Header-only use of msgpack-cxx: its Boost-based extras (variant, string_ref) are not needed.
#ifndef MSGPACK_NO_BOOST
#define MSGPACK_NO_BOOST
#endif
#include <msgpack.hpp>

namespace pl::live {

namespace {

using Obj = msgpack::object;

// Thrown only inside this file, caught in decode_kv_payload: a message is decoded whole or not
// at all, and unwinding out of nested field readers is the plain way to abandon it.
struct Malformed {
    std::string what;
};

[[noreturn]] void fail(std::string what) {
    throw Malformed{std::move(what)};
}

std::string_view str_of(const Obj& o) {
    return std::string_view(o.via.str.ptr, o.via.str.size);
}

bool is_nil(const Obj& o) {
    return o.type == msgpack::type::NIL;
}

int64_t int_of(const Obj& o, const char* field) {
    if (o.type == msgpack::type::POSITIVE_INTEGER) {
        if (o.via.u64 > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            fail(std::string(field) + " is out of range");
        return static_cast<int64_t>(o.via.u64);
    }
    if (o.type == msgpack::type::NEGATIVE_INTEGER)
        return o.via.i64;
    fail(std::string(field) + " is not an integer");
}

double number_of(const Obj& o, const char* field) {
    if (o.type == msgpack::type::FLOAT32 || o.type == msgpack::type::FLOAT64)
        return o.via.f64;
    if (o.type == msgpack::type::POSITIVE_INTEGER)
        return static_cast<double>(o.via.u64);
    if (o.type == msgpack::type::NEGATIVE_INTEGER)
        return static_cast<double>(o.via.i64);
    fail(std::string(field) + " is not a number");
}

RemoteHash hash_of(const Obj& o, const char* field) {
    if (o.type == msgpack::type::POSITIVE_INTEGER)
        return RemoteHash::from_u64(o.via.u64);
    if (o.type == msgpack::type::NEGATIVE_INTEGER)
        return RemoteHash::from_u64(static_cast<uint64_t>(o.via.i64));
    if (o.type == msgpack::type::BIN || o.type == msgpack::type::STR) {
        const auto* p = reinterpret_cast<const uint8_t*>(
            o.type == msgpack::type::BIN ? o.via.bin.ptr : o.via.str.ptr);
        const std::size_t n = o.type == msgpack::type::BIN ? o.via.bin.size : o.via.str.size;
        if (auto h = RemoteHash::from_bytes(p, n))
            return *h;
        fail(std::string(field) + " has " + std::to_string(n) + " bytes (1 to 32 expected)");
    }
    fail(std::string(field) + " is neither an integer nor bytes");
}

std::vector<RemoteHash> hashes_of(const Obj& o) {
    if (o.type != msgpack::type::ARRAY)
        fail("block_hashes is not an array");
    std::vector<RemoteHash> out;
    out.reserve(o.via.array.size);
    for (uint32_t i = 0; i < o.via.array.size; ++i)
        out.push_back(hash_of(o.via.array.ptr[i], "block_hashes"));
    return out;
}

std::vector<int32_t> tokens_of(const Obj& o) {
    if (is_nil(o))
        return {};
    if (o.type != msgpack::type::ARRAY)
        fail("token_ids is not an array");
    std::vector<int32_t> out;
    out.reserve(o.via.array.size);
    for (uint32_t i = 0; i < o.via.array.size; ++i) {
        const Obj* t = &o.via.array.ptr[i];
        // Some SGLang models publish (token, next_token) pairs per position: the first is the
        // position's token.
        if (t->type == msgpack::type::ARRAY && t->via.array.size > 0)
            t = &t->via.array.ptr[0];
        const int64_t v = int_of(*t, "token_ids");
        if (v < 0 || v > std::numeric_limits<int32_t>::max())
            fail("token_ids holds " + std::to_string(v));
        out.push_back(static_cast<int32_t>(v));
    }
    return out;
}

std::string medium_of(const Obj& o) {
    if (o.type == msgpack::type::STR)
        return std::string(str_of(o).substr(0, 64));
    return {};
}

int block_size_of(const Obj& o) {
    if (is_nil(o))
        return 0;
    const int64_t v = int_of(o, "block_size");
    if (v < 0 || v > (1 << 20))
        fail("block_size is " + std::to_string(v));
    return static_cast<int>(v);
}

// The fields of one event whatever its layout, by name.
struct Fields {
    const Obj* block_hashes = nullptr;
    const Obj* parent = nullptr;
    const Obj* token_ids = nullptr;
    const Obj* block_size = nullptr;
    const Obj* medium = nullptr;
};

// Returns the event, or nothing for an unknown type.
std::optional<KvEvent> make_event(std::string_view tag, const Fields& f) {
    KvEvent e;
    if (tag == "BlockStored") {
        e.type = KvEventType::Stored;
        if (!f.block_hashes)
            fail("BlockStored has no block_hashes");
        e.hashes = hashes_of(*f.block_hashes);
        if (f.parent && !is_nil(*f.parent))
            e.parent = hash_of(*f.parent, "parent_block_hash");
        if (f.token_ids)
            e.token_ids = tokens_of(*f.token_ids);
        if (f.block_size)
            e.block_size = block_size_of(*f.block_size);
        if (f.medium)
            e.medium = medium_of(*f.medium);
        return e;
    }
    if (tag == "BlockRemoved") {
        e.type = KvEventType::Removed;
        if (!f.block_hashes)
            fail("BlockRemoved has no block_hashes");
        e.hashes = hashes_of(*f.block_hashes);
        if (f.medium)
            e.medium = medium_of(*f.medium);
        return e;
    }
    if (tag == "AllBlocksCleared") {
        e.type = KvEventType::Cleared;
        return e;
    }
    return std::nullopt;
}

std::optional<KvEvent> event_of(const Obj& o) {
    if (o.type == msgpack::type::ARRAY) {
        const auto n = o.via.array.size;
        const Obj* a = o.via.array.ptr;
        if (n == 0 || a[0].type != msgpack::type::STR)
            fail("an event array does not start with its type name");
        const std::string_view tag = str_of(a[0]);
        Fields f;
        if (tag == "BlockStored") {
            f.block_hashes = n > 1 ? &a[1] : nullptr;
            f.parent = n > 2 ? &a[2] : nullptr;
            f.token_ids = n > 3 ? &a[3] : nullptr;
            f.block_size = n > 4 ? &a[4] : nullptr;
            f.medium = n > 6 ? &a[6] : nullptr;  // a[5] is lora_id
        } else if (tag == "BlockRemoved") {
            f.block_hashes = n > 1 ? &a[1] : nullptr;
            f.medium = n > 2 ? &a[2] : nullptr;
        }
        return make_event(tag, f);
    }
    if (o.type == msgpack::type::MAP) {
        std::optional<std::string_view> tag;
        Fields f;
        for (uint32_t i = 0; i < o.via.map.size; ++i) {
            const auto& kv = o.via.map.ptr[i];
            if (kv.key.type != msgpack::type::STR)
                continue;
            const std::string_view key = str_of(kv.key);
            if (key == "type") {
                if (kv.val.type != msgpack::type::STR)
                    fail("an event's \"type\" is not a string");
                tag = str_of(kv.val);
            } else if (key == "block_hashes") {
                f.block_hashes = &kv.val;
            } else if (key == "parent_block_hash") {
                f.parent = &kv.val;
            } else if (key == "token_ids") {
                f.token_ids = &kv.val;
            } else if (key == "block_size") {
                f.block_size = &kv.val;
            } else if (key == "medium") {
                f.medium = &kv.val;
            }
        }
        if (!tag)
            fail("an event map has no \"type\"");
        return make_event(*tag, f);
    }
    fail("an event is neither an array nor a map");
}

KvBatch batch_of(const Obj& root) {
    const Obj* ts = nullptr;
    const Obj* events = nullptr;
    const Obj* rank = nullptr;
    if (root.type == msgpack::type::ARRAY) {
        if (root.via.array.size < 2)
            fail("the batch array has fewer than 2 items");
        ts = &root.via.array.ptr[0];
        events = &root.via.array.ptr[1];
        if (root.via.array.size > 2)
            rank = &root.via.array.ptr[2];
    } else if (root.type == msgpack::type::MAP) {
        for (uint32_t i = 0; i < root.via.map.size; ++i) {
            const auto& kv = root.via.map.ptr[i];
            if (kv.key.type != msgpack::type::STR)
                continue;
            const std::string_view key = str_of(kv.key);
            if (key == "ts")
                ts = &kv.val;
            else if (key == "events")
                events = &kv.val;
            else if (key == "data_parallel_rank" || key == "attn_dp_rank")
                rank = &kv.val;
        }
        if (!events)
            fail("the batch map has no \"events\"");
    } else {
        fail("the payload is neither an array nor a map");
    }
    KvBatch b;
    if (ts && !is_nil(*ts))
        b.ts = number_of(*ts, "ts");
    if (rank && !is_nil(*rank))
        b.rank = int_of(*rank, "rank");
    if (events->type != msgpack::type::ARRAY)
        fail("events is not an array");
    b.events.reserve(events->via.array.size);
    for (uint32_t i = 0; i < events->via.array.size; ++i) {
        if (auto e = event_of(events->via.array.ptr[i]))
            b.events.push_back(std::move(*e));
        else
            ++b.unknown;
    }
    return b;
}

}  // namespace

Result<int64_t> decode_seq_frame(std::span<const uint8_t> frame) {
    if (frame.size() != 8)
        return make_error("the sequence frame has " + std::to_string(frame.size()) +
                          " bytes (8 expected)");
    uint64_t v = 0;
    for (uint8_t byte : frame)
        v = (v << 8) | byte;
    return static_cast<int64_t>(v);
}

Result<KvBatch> decode_kv_payload(std::span<const uint8_t> payload) {
    const std::size_t n = payload.size();
    if (n == 0)
        return make_error("the payload is empty");
    // Each array item or map entry takes at least one byte of input: limiting counts to the
    // payload's size keeps a 5-byte frame from claiming (and allocating) 4 billion items.
    const msgpack::unpack_limit limit(n, n / 2 + 1, n, n, n, 32);
    try {
        std::size_t off = 0;
        msgpack::object_handle oh = msgpack::unpack(reinterpret_cast<const char*>(payload.data()),
                                                    n, off, nullptr, nullptr, limit);
        if (off != n)
            return make_error("the payload has " + std::to_string(n - off) +
                              " bytes after its msgpack value");
        return batch_of(oh.get());
    } catch (const Malformed& m) {
        return make_error(m.what);
    } catch (const msgpack::insufficient_bytes&) {
        return make_error("the payload ends inside a msgpack value");
    } catch (const std::bad_alloc&) {
        return make_error("the payload is too large to decode");
    } catch (const std::exception& e) {
        return make_error(std::string("the payload is not valid msgpack (") + e.what() + ")");
    }
}

Result<KvBatch> decode_kv_message(std::span<const std::span<const uint8_t>> frames) {
    if (frames.size() != 3)
        return make_error("the message has " + std::to_string(frames.size()) +
                          " frames (3 expected: topic, sequence, payload)");
    auto seq = decode_seq_frame(frames[1]);
    if (!seq)
        return seq.error();
    auto batch = decode_kv_payload(frames[2]);
    if (!batch)
        return batch.error();
    batch->seq = *seq;
    return batch;
}

}  // namespace pl::live
