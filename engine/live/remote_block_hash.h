// The block hashes a serving engine computes, so a remote block can be matched to a local
// prompt's block ("this block is your system prompt's block 3").
//
// - SGLang (radix cache pages): SHA-256 over the previous page's digest (none for the first
//   page) and the page's token ids as 4-byte little-endian: SPEC §3's chain without the zero
//   root. Events carry the digest's first 8 bytes as a signed 64-bit integer.
// - vLLM with --prefix-caching-hash-algo sha256_cbor: SHA-256 of the canonical CBOR encoding
//   of the tuple (parent digest, token ids, extra_keys); the first block's parent is SHA-256 of
//   the CBOR text string PYTHONHASHSEED. Events carry the digest's last 8 bytes as an unsigned
//   64-bit integer, or the whole digest (VLLM_KV_EVENTS_USE_INT_BLOCK_HASHES=0).
//
// Not matchable: vLLM's default hash (sha256 over pickle) and any vLLM run without a fixed
// PYTHONHASHSEED (the root is 32 random bytes); and blocks with extra keys (a cache salt, a LoRA
// adapter, images): only blocks whose extra_keys is None are computed here.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cache/chain_hasher.h"
#include "live/kv_events.h"

namespace pl::live {

enum class HashScheme { SglangPage, VllmSha256Cbor };

// Digests of every full block of `tokens`. `seed` is PYTHONHASHSEED (vLLM only).
std::vector<BlockHash> remote_block_hashes(HashScheme scheme, std::span<const int32_t> tokens,
                                           int block_size, std::string_view seed = {});

// The form the server's events carry: SGLang's first 8 bytes, vLLM's last 8 (int_form) or the
// whole digest.
RemoteHash published_form(HashScheme scheme, const BlockHash& digest, bool int_form = true);

// Whether a received hash names this digest under the scheme (either vLLM form).
bool matches(HashScheme scheme, const BlockHash& digest, const RemoteHash& received);

// Canonical CBOR (RFC 8949 §4.2.1) of (parent, tokens, None), as vLLM hashes it; exposed for
// tests.
std::vector<uint8_t> vllm_block_cbor(const BlockHash& parent, std::span<const int32_t> tokens);

}  // namespace pl::live
