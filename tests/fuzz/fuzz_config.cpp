// config.json: any bytes. An accepted config has sizes inside the documented bounds.
#include "fuzz_support.h"
#include "model/gpt_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pl;
    auto c = parse_gpt_config(fuzz::as_text(data, size), "config.json");
    if (!c) {
        PL_FUZZ_CHECK(fuzz::one_line(c.error().message));
        return 0;
    }
    PL_FUZZ_CHECK(c->n_layer > 0 && c->n_layer <= kMaxLayers);
    PL_FUZZ_CHECK(c->n_head > 0 && c->n_embd <= kMaxEmbd);
    PL_FUZZ_CHECK(c->head_dim() > 0 && c->head_dim() <= kMaxEmbd);
    PL_FUZZ_CHECK(c->n_head % c->kv_heads() == 0 && c->kv_heads() <= c->n_head);
    PL_FUZZ_CHECK(c->ff_dim() > 0 && c->ff_dim() <= kMaxFeedForward);
    // GPT-2 splits its width into heads; the Llama family may name a head_dim of its own.
    PL_FUZZ_CHECK(!c->is_gpt2() || c->n_embd % c->n_head == 0);
    PL_FUZZ_CHECK(c->positions != PositionKind::Rope || c->head_dim() % 2 == 0);
    PL_FUZZ_CHECK(c->n_positions > 0 && c->n_positions <= kMaxPositions);
    PL_FUZZ_CHECK(c->vocab_size > 0 && c->vocab_size <= kMaxVocab);
    return 0;
}
