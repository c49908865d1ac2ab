// Finds text that changes from one request to the next: dates and times (English, Polish and
// Japanese forms), epoch seconds and milliseconds, UUIDs, long random hex or base64 ids,
// request/session/trace ids and counters such as "Request #1042".
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pl::lint {

struct DynamicSpan {
    std::size_t begin = 0;  // bytes in the scanned text
    std::size_t end = 0;
    std::string kind;  // "date", "time", "weekday", "epoch", "uuid", "hex-id", "random-id",
                       // "labeled-id", "counter"
    // Dynamic on its own evidence: an id, a timestamp with seconds, a date with a clock time or
    // a weekday, or anything after a cue such as "current time" or "現在". Other spans (a bare
    // date, "9:00") may be part of a static document; only a log can tell (they change or not).
    bool confident = false;
    // Confident from its shape alone (a bare hash, UUID or random id; a date a label calls an
    // edition: "last updated", "effective", "version"): a single request cannot tell a build
    // hash or a policy date from a per-request value, so it is reported as a hedged note and
    // --fix leaves it, until a log shows it change.
    bool hedged = false;
};

class DynamicValueDetector {
  public:
    DynamicValueDetector();
    ~DynamicValueDetector();
    DynamicValueDetector(const DynamicValueDetector&) = delete;
    DynamicValueDetector& operator=(const DynamicValueDetector&) = delete;

    // Clusters of date, time and id values, in text order. Adjacent values ("09:41:07, Monday 30
    // November 2026") form one span.
    std::vector<DynamicSpan> find(std::string_view text) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pl::lint
