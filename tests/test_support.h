// Shared helpers for the QtTest suites.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace pl::test {

// What the prefixlens binary (PREFIXLENS_BIN) did; exit_code -1: it did not exit normally.
struct CliResult {
    int exit_code = -1;
    QString out;
    QString err;
};

inline CliResult run_cli(const QStringList& args, const QString& cwd = {}) {
    QProcess p;
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"), args);
    p.waitForFinished(600000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

inline std::filesystem::path data_dir() {
    const char* env = std::getenv("PREFIXLENS_TEST_DATA");
    return env ? std::filesystem::path(env) : std::filesystem::path("tests/data");
}

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The records of a JSON Lines file: its lines, empty ones left out.
inline std::vector<std::string> read_lines(const std::filesystem::path& p) {
    std::vector<std::string> out;
    std::istringstream in(read_file(p));
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            out.push_back(line);
    return out;
}

inline void write_file(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// |a-b| <= atol + rtol*|b| for every element; on failure, names the first few mismatches.
inline bool all_close(std::span<const float> a, std::span<const float> b, double atol, double rtol,
                      std::string* report, double* max_abs = nullptr) {
    if (a.size() != b.size()) {
        if (report)
            *report =
                "sizes differ: " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
        return false;
    }
    int bad = 0;
    std::ostringstream os;
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double d = std::fabs(static_cast<double>(a[i]) - b[i]);
        worst = std::max(worst, d);
        if (!(d <= atol + rtol * std::fabs(static_cast<double>(b[i])))) {
            if (bad < 5)
                os << " [" << i << "] " << a[i] << " vs " << b[i];
            ++bad;
        }
    }
    if (max_abs)
        *max_abs = worst;
    if (bad && report)
        *report = std::to_string(bad) + " mismatches:" + os.str();
    return bad == 0;
}

}  // namespace pl::test

#define PL_COMPARE_CLOSE(a, b, atol, rtol)                                 \
    do {                                                                   \
        std::string pl_report_;                                            \
        if (!::pl::test::all_close((a), (b), (atol), (rtol), &pl_report_)) \
            QFAIL(pl_report_.c_str());                                     \
    } while (0)
