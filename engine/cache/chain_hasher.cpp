#include "cache/chain_hasher.h"

#include "core/sha256.h"

namespace pl {

namespace {

// One reusable context per chain: a long prompt hashes a hundred blocks per lookup.
BlockHash hash_with(Sha256& sha, const BlockHash& parent, std::span<const int32_t> block_tokens) {
    // The byte layout is fixed by SPEC §3 whatever the host's endianness, so it is written out
    // byte by byte rather than memcpy'd from the int32 array.
    constexpr std::size_t kStackTokens = 64;
    uint8_t stack_buf[kStackTokens * 4];
    std::vector<uint8_t> heap_buf;
    uint8_t* bytes = stack_buf;
    if (block_tokens.size() > kStackTokens) {
        heap_buf.resize(block_tokens.size() * 4);
        bytes = heap_buf.data();
    }
    for (std::size_t i = 0; i < block_tokens.size(); ++i) {
        const auto v = static_cast<uint32_t>(block_tokens[i]);
        bytes[4 * i + 0] = static_cast<uint8_t>(v);
        bytes[4 * i + 1] = static_cast<uint8_t>(v >> 8);
        bytes[4 * i + 2] = static_cast<uint8_t>(v >> 16);
        bytes[4 * i + 3] = static_cast<uint8_t>(v >> 24);
    }
    sha.reset();
    sha.update(std::span<const uint8_t>(parent));
    sha.update(std::span<const uint8_t>(bytes, block_tokens.size() * 4));
    return sha.finish();
}

}  // namespace

std::string to_hex(const BlockHash& hash) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(hash.size() * 2, '0');
    for (std::size_t i = 0; i < hash.size(); ++i) {
        out[2 * i] = kDigits[hash[i] >> 4];
        out[2 * i + 1] = kDigits[hash[i] & 0x0f];
    }
    return out;
}

ChainHasher::ChainHasher(int block_size, std::optional<std::string_view> salt)
    : block_size_(block_size), root_(root_for(salt)) {}

BlockHash ChainHasher::root_for(std::optional<std::string_view> salt) {
    if (!salt || salt->empty()) {
        return BlockHash{};
    }
    return Sha256::of(*salt);
}

BlockHash ChainHasher::hash_next(const BlockHash& parent, std::span<const int32_t> block_tokens) {
    Sha256 sha;
    return hash_with(sha, parent, block_tokens);
}

std::vector<BlockHash> ChainHasher::hash_blocks(std::span<const int32_t> tokens) const {
    std::vector<BlockHash> out;
    if (block_size_ <= 0) {
        return out;
    }
    const std::size_t bs = static_cast<std::size_t>(block_size_);
    const std::size_t n_full = tokens.size() / bs;
    out.reserve(n_full);
    Sha256 sha;
    for (std::size_t b = 0; b < n_full; ++b) {
        const BlockHash next =
            hash_with(sha, b == 0 ? root_ : out[b - 1], tokens.subspan(b * bs, bs));
        out.push_back(next);
    }
    return out;
}

std::vector<BlockHash> hash_blocks(std::span<const int32_t> tokens, int block_size,
                                   std::optional<std::string_view> salt) {
    return ChainHasher(block_size, salt).hash_blocks(tokens);
}

}  // namespace pl
