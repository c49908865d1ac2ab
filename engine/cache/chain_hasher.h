// The block hash chain of SPEC §3: a block's identity is its tokens and everything before them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

using BlockHash = std::array<uint8_t, 32>;

// Lowercase hex, 64 characters: the form outputs print (SPEC §3).
std::string to_hex(const BlockHash& hash);

// For unordered containers. Not a std::hash specialisation: BlockHash is a std::array, and
// specialising std::hash for a type the program does not own is undefined behaviour.
// SHA-256 output is uniformly distributed, so its first 8 bytes are already a good bucket hash.
struct BlockHashHasher {
    std::size_t operator()(const BlockHash& hash) const noexcept {
        std::size_t h = 0;
        std::memcpy(&h, hash.data(), sizeof(h));
        return h;
    }
};

// Cuts token ids into blocks and chains their SHA-256 digests from a root that depends on the
// tenant's salt. Only full blocks are hashed: a partial block's content is not final yet.
class ChainHasher {
  public:
    // An empty salt counts as no salt (as vLLM's cache_salt does), so "" and null share a cache.
    ChainHasher(int block_size, std::optional<std::string_view> salt);

    int block_size() const { return block_size_; }
    const BlockHash& root() const { return root_; }

    // Hashes of every full block of `tokens`, in order.
    std::vector<BlockHash> hash_blocks(std::span<const int32_t> tokens) const;

    // 32 zero bytes, or SHA-256 of the salt's UTF-8 bytes.
    static BlockHash root_for(std::optional<std::string_view> salt);

    // SHA-256(parent || each token as a 4-byte little-endian unsigned integer).
    static BlockHash hash_next(const BlockHash& parent, std::span<const int32_t> block_tokens);

  private:
    int block_size_;
    BlockHash root_;
};

// Convenience for one-off callers; block_size <= 0 yields no blocks.
std::vector<BlockHash> hash_blocks(std::span<const int32_t> tokens, int block_size,
                                   std::optional<std::string_view> salt);

}  // namespace pl
