#include "live/kv_events.h"

namespace pl::live {

RemoteHash RemoteHash::from_u64(uint64_t value) {
    RemoteHash h;
    h.size = 8;
    for (int i = 0; i < 8; ++i)
        h.bytes[static_cast<std::size_t>(i)] = static_cast<uint8_t>(value >> (56 - 8 * i));
    return h;
}

std::optional<RemoteHash> RemoteHash::from_bytes(const uint8_t* data, std::size_t n) {
    if (n == 0 || n > 32)
        return std::nullopt;
    RemoteHash h;
    h.size = static_cast<uint8_t>(n);
    std::memcpy(h.bytes.data(), data, n);
    return h;
}

uint64_t RemoteHash::as_u64() const {
    uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i)
        v = (v << 8) | bytes[i];
    return v;
}

std::string RemoteHash::hex() const {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(2u * size, '0');
    for (std::size_t i = 0; i < size; ++i) {
        out[2 * i] = kDigits[bytes[i] >> 4];
        out[2 * i + 1] = kDigits[bytes[i] & 0x0f];
    }
    return out;
}

std::size_t RemoteHashHasher::operator()(const RemoteHash& h) const noexcept {
    // Either kind is already a uniformly distributed digest: mix in the size and take 8 bytes
    // from the end, where an integer's low (most varied) bits are.
    uint64_t v = 0;
    const std::size_t n = h.size < 8 ? h.size : 8;
    for (std::size_t i = 0; i < n; ++i)
        v = (v << 8) | h.bytes[h.size - n + i];
    return static_cast<std::size_t>(v ^ (static_cast<uint64_t>(h.size) * 0x9e3779b97f4a7c15ULL));
}

const char* kv_event_type_name(KvEventType type) {
    switch (type) {
        case KvEventType::Stored:
            return "stored";
        case KvEventType::Removed:
            return "removed";
        case KvEventType::Cleared:
            return "cleared";
    }
    return "unknown";
}

}  // namespace pl::live
