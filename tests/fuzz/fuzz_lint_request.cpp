// `prefixlens lint` on one request body, scenario or other single JSON document: any bytes.
#include "lint_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    pl::fuzz::lint_scratch("request.json", pl::fuzz::as_text(data, size));
    return 0;
}
