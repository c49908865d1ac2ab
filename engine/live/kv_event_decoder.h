// Decodes one ZMQ message of a KV-event stream: the frames (topic, 8-byte big-endian sequence
// number, msgpack payload) into a KvBatch. Accepts every layout the engines have published:
//  - the batch as an array [ts, events, rank?] or as a map {"ts", "events", "data_parallel_rank"
//    or "attn_dp_rank"};
//  - each event as a tagged array ["BlockStored", block_hashes, parent_block_hash, token_ids,
//    block_size, lora_id, medium, lora_name, extra_keys, group_idx, ...] (older vLLM, SGLang) or
//    as a map with a "type" key and its default-valued fields left out (vLLM since mid-2026);
//  - hashes as unsigned or signed 64-bit integers or as binary digests of up to 32 bytes.
// Fields it does not know are skipped. A message that cannot be decoded is an error value (the
// caller counts it as malformed); none of its events are used. Never throws.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/error.h"
#include "live/kv_events.h"

namespace pl::live {

// The sequence number frame: exactly 8 bytes, big-endian, signed (-1 ends a replay).
Result<int64_t> decode_seq_frame(std::span<const uint8_t> frame);

// The msgpack payload alone.
Result<KvBatch> decode_kv_payload(std::span<const uint8_t> payload);

// A whole message: 3 frames (topic, seq, payload). The topic is not checked here (the socket's
// subscription filters it).
Result<KvBatch> decode_kv_message(std::span<const std::span<const uint8_t>> frames);

}  // namespace pl::live
