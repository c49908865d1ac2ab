// `prefixlens lint --fix` on a JSON Lines log: any bytes, one request (or wrapper) per line.
#include "lint_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    pl::fuzz::lint_scratch("log.jsonl", pl::fuzz::as_text(data, size));
    return 0;
}
