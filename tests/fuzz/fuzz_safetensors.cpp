// The safetensors header and tensor table: any bytes as model.safetensors. An accepted file
// must have tensors that tile its data and convert without reading out of bounds.
#include "fuzz_support.h"
#include "model/safetensors_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    const auto path = fuzz::write_scratch("model.safetensors", fuzz::as_text(data, size));
    auto r = SafetensorsReader::open(path);
    if (!r) {
        PL_FUZZ_CHECK(fuzz::one_line(r.error().message));
        return 0;
    }
    std::size_t total = 0;
    for (const auto& [name, t] : r->tensors()) {
        PL_FUZZ_CHECK(t.end >= t.begin && t.end <= size);
        total += t.end - t.begin;
        if (t.numel() > (1 << 20))
            continue;
        std::vector<float> out(static_cast<std::size_t>(t.numel()));
        auto ok = r->read_f32(t, out.data());
        PL_FUZZ_CHECK(ok || fuzz::one_line(ok.error().message));
    }
    PL_FUZZ_CHECK(total <= size);
    return 0;
}
