#include "live/remote_block_hash.h"

namespace pl::live {

namespace {

// SHA-256 of arbitrary non-empty bytes. The chain hasher's salted root is exactly that (SHA-256
// of the salt's bytes), so the engine keeps a single SHA-256 implementation.
BlockHash sha256_of(const std::vector<uint8_t>& bytes) {
    return ChainHasher::root_for(
        std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

// A CBOR head: major type and argument in the shortest form (canonical).
void cbor_head(std::vector<uint8_t>& out, uint8_t major, uint64_t arg) {
    const uint8_t m = static_cast<uint8_t>(major << 5);
    if (arg < 24) {
        out.push_back(static_cast<uint8_t>(m | arg));
        return;
    }
    int bytes = 8;
    uint8_t info = 27;
    if (arg <= 0xff) {
        bytes = 1;
        info = 24;
    } else if (arg <= 0xffff) {
        bytes = 2;
        info = 25;
    } else if (arg <= 0xffffffffULL) {
        bytes = 4;
        info = 26;
    }
    out.push_back(static_cast<uint8_t>(m | info));
    for (int i = bytes - 1; i >= 0; --i)
        out.push_back(static_cast<uint8_t>(arg >> (8 * i)));
}

std::vector<uint8_t> le_tokens(std::span<const int32_t> tokens) {
    std::vector<uint8_t> out;
    out.reserve(tokens.size() * 4);
    for (int32_t t : tokens) {
        const auto v = static_cast<uint32_t>(t);
        for (int i = 0; i < 4; ++i)
            out.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
    return out;
}

}  // namespace

std::vector<uint8_t> vllm_block_cbor(const BlockHash& parent, std::span<const int32_t> tokens) {
    std::vector<uint8_t> out;
    out.reserve(40 + tokens.size() * 5);
    cbor_head(out, 4, 3);  // array of 3
    cbor_head(out, 2, parent.size());
    out.insert(out.end(), parent.begin(), parent.end());
    cbor_head(out, 4, tokens.size());
    for (int32_t t : tokens) {
        if (t >= 0)
            cbor_head(out, 0, static_cast<uint64_t>(t));
        else
            cbor_head(out, 1, static_cast<uint64_t>(-(static_cast<int64_t>(t) + 1)));
    }
    out.push_back(0xf6);  // None
    return out;
}

std::vector<BlockHash> remote_block_hashes(HashScheme scheme, std::span<const int32_t> tokens,
                                           int block_size, std::string_view seed) {
    std::vector<BlockHash> out;
    if (block_size <= 0)
        return out;
    const std::size_t bs = static_cast<std::size_t>(block_size);
    const std::size_t n = tokens.size() / bs;
    out.reserve(n);
    if (scheme == HashScheme::SglangPage) {
        for (std::size_t b = 0; b < n; ++b) {
            const auto block = tokens.subspan(b * bs, bs);
            if (b == 0)
                out.push_back(sha256_of(le_tokens(block)));
            else
                out.push_back(ChainHasher::hash_next(out[b - 1], block));
        }
        return out;
    }
    std::vector<uint8_t> seed_cbor;
    cbor_head(seed_cbor, 3, seed.size());
    seed_cbor.insert(seed_cbor.end(), seed.begin(), seed.end());
    BlockHash parent = sha256_of(seed_cbor);
    for (std::size_t b = 0; b < n; ++b) {
        parent = sha256_of(vllm_block_cbor(parent, tokens.subspan(b * bs, bs)));
        out.push_back(parent);
    }
    return out;
}

RemoteHash published_form(HashScheme scheme, const BlockHash& digest, bool int_form) {
    if (scheme == HashScheme::SglangPage)
        return *RemoteHash::from_bytes(digest.data(), 8);
    if (int_form)
        return *RemoteHash::from_bytes(digest.data() + 24, 8);
    return *RemoteHash::from_bytes(digest.data(), digest.size());
}

bool matches(HashScheme scheme, const BlockHash& digest, const RemoteHash& received) {
    if (received == published_form(scheme, digest, true))
        return true;
    return scheme == HashScheme::VllmSha256Cbor &&
           received == published_form(scheme, digest, false);
}

}  // namespace pl::live
