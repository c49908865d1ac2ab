// Errors come back as values: the engine never aborts or exits on bad input.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace pl {

struct Error {
    std::string message;  // one line: "<file or place>: <what went wrong>"
};

template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : v_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
    Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    const Error& error() const { return std::get<1>(v_); }

  private:
    std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
  public:
    Result() = default;
    Result(Error error) : error_(std::move(error)), ok_(false) {}  // NOLINT
    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const Error& error() const { return error_; }

  private:
    Error error_;
    bool ok_ = true;
};

inline Error make_error(std::string message) {
    return Error{std::move(message)};
}

}  // namespace pl

// Propagates an error from an expression returning Result<...>.
#define PL_TRY(expr)                                    \
    do {                                                \
        auto pl_try_result_ = (expr);                   \
        if (!pl_try_result_.ok()) {                     \
            return ::pl::Error{pl_try_result_.error()}; \
        }                                               \
    } while (0)
