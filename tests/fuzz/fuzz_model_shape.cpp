// A model shape's config.json (assets/model_shapes/): any bytes. An accepted shape has sizes
// inside the bounds, so its memory arithmetic cannot overflow.
#include "fuzz_support.h"
#include "model/model_shape.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    auto s = parse_model_shape(fuzz::as_text(data, size), "config.json");
    if (!s) {
        PL_FUZZ_CHECK(fuzz::one_line(s.error().message));
        return 0;
    }
    PL_FUZZ_CHECK(s->n_layer > 0 && s->n_head > 0 && s->n_kv_head > 0 && s->head_dim > 0);
    PL_FUZZ_CHECK(s->n_head % s->n_kv_head == 0);
    PL_FUZZ_CHECK(s->bytes_per_value == 2 || s->bytes_per_value == 4);
    PL_FUZZ_CHECK(s->parameters() > 0 && s->kv_bytes_per_token() > 0);
    PL_FUZZ_CHECK(sessions_that_fit(s.value(), int64_t{1} << 40, 1) >= 0);
    return 0;
}
