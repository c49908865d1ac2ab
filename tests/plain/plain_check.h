// A few lines of test harness for the suites that must run without Qt (tests/plain/README.md):
// each failed check prints its place and what differed, and the program's exit status counts
// them.
#pragma once

#include <cstdio>
#include <sstream>
#include <string>

namespace pl::plain {

inline int& failures() {
    static int n = 0;
    return n;
}

inline void fail(const char* file, int line, const std::string& what) {
    std::fprintf(stderr, "%s:%d: FAIL: %s\n", file, line, what.c_str());
    ++failures();
}

template <class A, class B>
void check_eq(const A& got, const B& want, const char* expr, const char* file, int line) {
    if (got == want)
        return;
    std::ostringstream s;
    s << expr << "\n    got:  " << got << "\n    want: " << want;
    fail(file, line, s.str());
}

// Prints the summary line and returns the exit status: 0 when every check held.
inline int finish(const char* suite) {
    if (failures() == 0) {
        std::printf("%s: all checks passed\n", suite);
        return 0;
    }
    std::printf("%s: %d check(s) failed\n", suite, failures());
    return 1;
}

}  // namespace pl::plain

#define PL_CHECK(cond)                                    \
    do {                                                  \
        if (!(cond))                                      \
            ::pl::plain::fail(__FILE__, __LINE__, #cond); \
    } while (0)
#define PL_CHECK_EQ(got, want) ::pl::plain::check_eq((got), (want), #got, __FILE__, __LINE__)
