#include "state/model_probe.h"

namespace pl::ui {

float AttentionMap::weight(int layer, HeadPick heads, int k) const {
    const int n = keys();
    if (k < 0 || k >= n || probs.size() != static_cast<std::size_t>(n_layer) * n_head * n)
        return 0.0f;
    auto at = [&](int l, int h) {
        return probs[(static_cast<std::size_t>(l) * n_head + h) * n + k];
    };
    const int l0 = layer < 0 ? 0 : layer, l1 = layer < 0 ? n_layer : layer + 1;
    const int h0 = heads.begin < 0 ? 0 : heads.begin, h1 = heads.begin < 0 ? n_head : heads.end;
    double sum = 0;
    int rows = 0;
    for (int l = l0; l < l1 && l < n_layer; ++l) {
        for (int h = h0; h < h1 && h < n_head; ++h) {
            sum += at(l, h);
            ++rows;
        }
    }
    return rows ? static_cast<float>(sum / rows) : 0.0f;
}

}  // namespace pl::ui
