// Finished scenario runs kept on disk, in the user's cache folder, so that a second launch, a
// lesson step or going back shows a run at once and with the numbers it had the first time.
//
// A run is stored under a name derived from everything that changes it: the scenario's content
// (EngineHost::runKey) and the engine's identity (engineIdentity: this build, the model's files,
// the backend and its device, --verify and the timing source). Both are also written inside the
// file and compared on load, so a stale run is never shown. Files are CBOR behind a magic line;
// anything that does not decode, or decodes into a run the views could not index safely, is a
// miss and is removed. Writes go to a temporary file renamed into place.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "core/error.h"
#include "state/scenario_run.h"

namespace pl::ui {

// What makes two runs of one scenario differ, as one string (hex SHA-256): the build (its ELF
// build id, else the executable's size and time), the content of the model's files (its
// generation_config.json, the default penalties, included), the backend and device names,
// whether every request is verified, where the TTFTs come from, and the command line's penalties.
std::string engineIdentity(const std::filesystem::path& modelDir, const EngineInfo& engine,
                           bool verify, TimingSource timing, const SamplingOverrides& sampling);

// A finished run (whole, without error) as bytes, and back. decodeRun takes the scenario the run
// was keyed by (not stored: the key says it is the same) and checks every index the views use.
std::vector<uint8_t> encodeRun(const ScenarioRun& run, const std::string& identity,
                               const std::string& scenarioKey);
Result<std::shared_ptr<ScenarioRun>> decodeRun(std::span<const uint8_t> bytes,
                                               const Scenario& scenario,
                                               const std::string& identity,
                                               const std::string& scenarioKey);

class RunStore {
  public:
    RunStore(std::filesystem::path dir, std::string identity);

    // The stored run of `scenario` (whose EngineHost::runKey is `scenarioKey`), or null. The run
    // carries the engine info of the play that made it; the caller sets the generation.
    std::shared_ptr<ScenarioRun> load(const Scenario& scenario,
                                      const std::string& scenarioKey) const;
    // Stores a whole run; a partial or failed one, or a folder that cannot be written, is left
    // out without a word (it is a cache). Keeps at most kMaxFiles files, newest first.
    void save(const ScenarioRun& run, const std::string& scenarioKey) const;

    const std::filesystem::path& dir() const { return dir_; }
    // $XDG_CACHE_HOME/prefixlens/runs, or ~/.cache/prefixlens/runs; empty when neither exists.
    static std::filesystem::path defaultDir();

    static constexpr int kMaxFiles = 200;

  private:
    std::filesystem::path pathFor(const std::string& scenarioKey) const;
    void prune() const;

    std::filesystem::path dir_;
    std::string identity_;
};

}  // namespace pl::ui
