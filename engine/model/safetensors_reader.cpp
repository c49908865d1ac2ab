#include "model/safetensors_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include "core/json_util.h"

namespace pl {

namespace {

// The dtypes the safetensors format defines, with their element sizes. A name outside this
// list is not a safetensors file we understand.
int dtype_size(const std::string& name) {
    static const std::pair<const char*, int> kSizes[] = {
        {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E4M3", 1}, {"F8_E5M2", 1},
        {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},
        {"U32", 4},  {"F32", 4}, {"F64", 8}, {"I64", 8},     {"U64", 8}};
    for (const auto& [n, s] : kSizes) {
        if (name == n)
            return s;
    }
    return 0;
}

std::string where(const std::filesystem::path& path) {
    return path.string() + ": ";
}

}  // namespace

int64_t TensorInfo::numel() const {
    int64_t n = 1;
    for (int64_t d : shape)
        n *= d;
    return n;
}

SafetensorsReader::~SafetensorsReader() {
    if (map_)
        munmap(const_cast<uint8_t*>(map_), map_size_);
}

SafetensorsReader::SafetensorsReader(SafetensorsReader&& other) noexcept {
    *this = std::move(other);
}

SafetensorsReader& SafetensorsReader::operator=(SafetensorsReader&& other) noexcept {
    if (this != &other) {
        if (map_)
            munmap(const_cast<uint8_t*>(map_), map_size_);
        path_ = std::move(other.path_);
        map_ = std::exchange(other.map_, nullptr);
        map_size_ = std::exchange(other.map_size_, 0);
        data_ = std::exchange(other.data_, nullptr);
        data_size_ = std::exchange(other.data_size_, 0);
        tensors_ = std::move(other.tensors_);
    }
    return *this;
}

const TensorInfo* SafetensorsReader::find(const std::string& name) const {
    auto it = tensors_.find(name);
    return it == tensors_.end() ? nullptr : &it->second;
}

Result<SafetensorsReader> SafetensorsReader::open(const std::filesystem::path& path) {
    SafetensorsReader r;
    r.path_ = path;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return make_error(where(path) + "cannot open: " + std::strerror(errno));
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return make_error(where(path) + "not a regular file");
    }
    const auto file_size = static_cast<std::size_t>(st.st_size);
    if (file_size < 8) {
        ::close(fd);
        return make_error(where(path) + "truncated: " + std::to_string(file_size) +
                          " bytes, too short for the 8-byte header length");
    }
    void* m = mmap(nullptr, file_size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (m == MAP_FAILED)
        return make_error(where(path) + "cannot map: " + std::strerror(errno));
    r.map_ = static_cast<const uint8_t*>(m);
    r.map_size_ = file_size;

    uint64_t header_len = 0;
    for (int i = 7; i >= 0; --i)
        header_len = (header_len << 8) | r.map_[i];
    if (header_len > file_size - 8) {
        return make_error(where(path) + "header length " + std::to_string(header_len) +
                          " is larger than the file (" + std::to_string(file_size) + " bytes)");
    }
    if (header_len > kMaxHeaderBytes) {
        return make_error(where(path) + "header length " + std::to_string(header_len) +
                          " is over the format's limit of 100 MB");
    }
    const std::string_view header(reinterpret_cast<const char*>(r.map_ + 8), header_len);
    JsonLimits limits;
    limits.max_bytes = kMaxHeaderBytes;
    auto parsed = parse_json(header, path.string() + " (header)", limits);
    if (!parsed)
        return make_error(parsed.error().message + " (the header is not valid JSON)");
    const ojson& j = parsed.value();
    if (!j.is_object())
        return make_error(where(path) + "header is not a JSON object");
    r.data_ = r.map_ + 8 + header_len;
    r.data_size_ = file_size - 8 - header_len;

    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == "__metadata__")
            continue;
        const std::string& name = it.key();
        const auto& e = it.value();
        const std::string at = where(path) + "tensor " + quote(name) + ": ";
        if (!e.is_object() || !e.contains("dtype") || !e["dtype"].is_string() ||
            !e.contains("shape") || !e["shape"].is_array() || !e.contains("data_offsets") ||
            !e["data_offsets"].is_array() || e["data_offsets"].size() != 2) {
            return make_error(at +
                              "entry needs dtype (string), shape (array) and data_offsets "
                              "([begin, end])");
        }
        TensorInfo t;
        t.name = name;
        t.dtype_name = e["dtype"].get<std::string>();
        const int esize = dtype_size(t.dtype_name);
        if (esize == 0)
            return make_error(at + "unknown dtype " + quote(t.dtype_name));
        t.dtype = t.dtype_name == "F32"    ? DType::F32
                  : t.dtype_name == "F16"  ? DType::F16
                  : t.dtype_name == "BF16" ? DType::BF16
                                           : DType::Other;
        // Element counts are checked for overflow: a hostile header can claim any shape.
        uint64_t numel = 1;
        for (const auto& d : e["shape"]) {
            if (!d.is_number_unsigned())
                return make_error(at + "shape holds a non-integer");
            const uint64_t v = d.get<uint64_t>();
            if (v != 0 && numel > std::numeric_limits<uint64_t>::max() / 16 / v) {
                return make_error(at + "shape is absurdly large");
            }
            numel *= v;
            t.shape.push_back(static_cast<int64_t>(v));
        }
        const auto& off = e["data_offsets"];
        if (!off[0].is_number_unsigned() || !off[1].is_number_unsigned()) {
            return make_error(at + "data_offsets must be non-negative integers");
        }
        const uint64_t b = off[0].get<uint64_t>();
        const uint64_t en = off[1].get<uint64_t>();
        if (b > en)
            return make_error(at + "data_offsets begin > end");
        if (en > r.data_size_) {
            return make_error(at + "byte range [" + std::to_string(b) + ", " + std::to_string(en) +
                              ") runs past the end of the data (" + std::to_string(r.data_size_) +
                              " bytes): the file is truncated or corrupt");
        }
        if (en - b != numel * static_cast<uint64_t>(esize)) {
            return make_error(at + "byte range of " + std::to_string(en - b) +
                              " bytes does not fit its shape (" + std::to_string(numel) + " x " +
                              std::to_string(esize) + " bytes)");
        }
        t.begin = b;
        t.end = en;
        r.tensors_.emplace(name, std::move(t));
    }
    PL_TRY(r.check_tiling());
    return r;
}

// The format requires the tensors' byte ranges to cover the data section exactly, in any order,
// with no overlap and no hole: a range shared by two tensors would let a small file claim huge
// models, and a hole is a writer's bug.
Result<void> SafetensorsReader::check_tiling() const {
    std::vector<const TensorInfo*> order;
    order.reserve(tensors_.size());
    for (const auto& [name, t] : tensors_)
        order.push_back(&t);
    std::sort(order.begin(), order.end(), [](const TensorInfo* a, const TensorInfo* b) {
        return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
    });
    auto range = [](const TensorInfo& t) {
        return "[" + std::to_string(t.begin) + ", " + std::to_string(t.end) + ")";
    };
    uint64_t covered = 0;
    const TensorInfo* prev = nullptr;
    for (const TensorInfo* t : order) {
        if (t->begin < covered && prev) {
            return make_error(where(path_) + "tensor " + quote(t->name) + ": byte range " +
                              range(*t) + " overlaps tensor " + quote(prev->name) + "'s " +
                              range(*prev) + "; tensors must not share bytes");
        }
        if (t->begin > covered) {
            return make_error(where(path_) + "bytes [" + std::to_string(covered) + ", " +
                              std::to_string(t->begin) +
                              ") of the data belong to no tensor; the ranges must cover the "
                              "data without holes");
        }
        covered = t->end;
        prev = t;
    }
    if (covered != data_size_) {
        return make_error(where(path_) + "bytes [" + std::to_string(covered) + ", " +
                          std::to_string(data_size_) +
                          ") at the end of the data belong to no tensor; the ranges must cover "
                          "the data without holes");
    }
    return {};
}

float f16_to_f32(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal: normalise
            exp = 127 - 15 + 1;
            while ((mant & 0x400u) == 0) {
                mant <<= 1;
                --exp;
            }
            mant &= 0x3ffu;
            bits = sign | (exp << 23) | (mant << 13);
        }
    } else if (exp == 31) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

float bf16_to_f32(uint16_t h) {
    const uint32_t bits = static_cast<uint32_t>(h) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

Result<void> SafetensorsReader::read_f32(const TensorInfo& t, float* out) const {
    const uint8_t* src = data_ + t.begin;
    const int64_t n = t.numel();
    switch (t.dtype) {
        case DType::F32:
            std::memcpy(out, src, static_cast<std::size_t>(n) * 4);
            return {};
        case DType::F16:
        case DType::BF16:
            for (int64_t i = 0; i < n; ++i) {
                uint16_t h;
                std::memcpy(&h, src + 2 * i, 2);
                out[i] = t.dtype == DType::F16 ? f16_to_f32(h) : bf16_to_f32(h);
            }
            return {};
        case DType::Other:
            break;
    }
    return make_error(where(path_) + "tensor " + quote(t.name) + ": dtype " + t.dtype_name +
                      " is not supported for weights (F32, F16 or BF16)");
}

}  // namespace pl
