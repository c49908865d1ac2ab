// SHA-256 (FIPS 180-4), for the block hash chain (SPEC §3). Written here rather than taken from
// Qt or libcrypto so that the engine links no GUI toolkit and no TLS library: a build for CI
// lints prompts on a machine with neither (docs/lint-in-ci.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace pl {

class Sha256 {
  public:
    using Digest = std::array<uint8_t, 32>;

    Sha256() { reset(); }

    // Starts a new message; the object is reusable (the chain hashes many blocks with one).
    void reset();
    void update(std::span<const uint8_t> bytes);
    void update(std::string_view bytes) {
        update(std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    }
    // Pads, returns the digest and leaves the object to be reset before further use.
    Digest finish();

    static Digest of(std::string_view bytes) {
        Sha256 h;
        h.update(bytes);
        return h.finish();
    }

  private:
    void compress(const uint8_t* block);

    std::array<uint32_t, 8> state_{};
    std::array<uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    uint64_t length_ = 0;  // bytes hashed so far
};

}  // namespace pl
