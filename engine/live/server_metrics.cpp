#include "live/server_metrics.h"

#include "core/json_util.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fcntl.h>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>

namespace pl::live {

namespace {

bool name_char(char c, bool first) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           (!first && c >= '0' && c <= '9');
}

std::optional<double> parse_value(std::string_view v) {
    if (v == "+Inf" || v == "Inf")
        return INFINITY;
    if (v == "-Inf")
        return -INFINITY;
    if (v == "NaN")
        return std::nullopt;
    double out = 0;
    const auto* end = v.data() + v.size();
    auto [p, ec] = std::from_chars(v.data(), end, out);
    if (ec != std::errc() || p != end)
        return std::nullopt;
    return out;
}

}  // namespace

Result<std::map<std::string, double>> parse_prometheus_text(std::string_view text) {
    std::map<std::string, double> out;
    std::size_t line_no = 0;
    while (!text.empty()) {
        ++line_no;
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
        if (line.empty() || line.front() == '#')
            continue;
        std::size_t i = 0;
        while (i < line.size() && name_char(line[i], i == 0))
            ++i;
        if (i == 0)
            return make_error("metrics line " + std::to_string(line_no) +
                              ": expected a metric name");
        const std::string name(line.substr(0, i));
        if (i < line.size() && line[i] == '{') {
            // Labels: skip to the closing brace, minding quoted values with escapes.
            bool quoted = false;
            ++i;
            for (; i < line.size(); ++i) {
                const char c = line[i];
                if (quoted && c == '\\') {
                    ++i;
                    continue;
                }
                if (c == '"')
                    quoted = !quoted;
                else if (c == '}' && !quoted)
                    break;
            }
            if (i >= line.size())
                return make_error("metrics line " + std::to_string(line_no) + ": the labels of '" +
                                  name + "' are not closed");
            ++i;
        }
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t')
            ++j;
        if (j == i)
            return make_error("metrics line " + std::to_string(line_no) + ": '" + name +
                              "' has no value");
        if (auto v = parse_value(line.substr(i, j - i)); v && std::isfinite(*v))
            out[name] += *v;
    }
    return out;
}

CacheMetrics cache_metrics_of(const std::map<std::string, double>& s) {
    CacheMetrics m;
    auto get = [&](std::initializer_list<const char*> names) -> std::optional<double> {
        for (const char* n : names)
            if (auto it = s.find(n); it != s.end())
                return it->second;
        return std::nullopt;
    };
    m.queries_tokens = get({"vllm:prefix_cache_queries_total", "vllm:prefix_cache_queries"});
    m.hit_tokens = get({"vllm:prefix_cache_hits_total", "vllm:prefix_cache_hits"});
    m.kv_usage = get({"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"});
    if (m.queries_tokens || m.hit_tokens || m.kv_usage) {
        m.engine = "vllm";
        // Hits above queries, or below zero, are no cache's counters (a broken exporter, label
        // sets that do not pair up): no rate, rather than one outside 0..1.
        if (m.queries_tokens && m.hit_tokens && *m.queries_tokens > 0 && *m.hit_tokens >= 0 &&
            *m.hit_tokens <= *m.queries_tokens)
            m.hit_rate = *m.hit_tokens / *m.queries_tokens;
        return m;
    }
    const std::optional<double> gauge = get({"sglang:cache_hit_rate"});
    m.kv_usage = get({"sglang:token_usage"});
    if (gauge || m.kv_usage)
        m.engine = "sglang";
    if (gauge && *gauge >= 0 && *gauge <= 1)
        m.hit_rate = gauge;
    return m;
}

std::optional<double> interval_hit_rate(const CacheMetrics& a, const CacheMetrics& b) {
    if (!a.queries_tokens || !b.queries_tokens || !a.hit_tokens || !b.hit_tokens)
        return b.engine == "sglang" ? b.hit_rate : std::nullopt;
    const double q = *b.queries_tokens - *a.queries_tokens;
    const double h = *b.hit_tokens - *a.hit_tokens;
    if (q <= 0 || h < 0 || h > q)  // nothing asked meanwhile, the server restarted, or broken
        return std::nullopt;
    return h / q;
}

Result<HttpUrl> parse_http_url(const std::string& url) {
    auto bad = [&](const std::string& why) {
        return make_error("metrics URL '" + escape_for_message(url, 200) + "': " + why);
    };
    std::string_view u = url;
    if (!u.starts_with("http://"))
        return bad(u.starts_with("https://") ? "https is not supported; use the plain http port"
                                             : "expected http://HOST:PORT/PATH");
    u.remove_prefix(7);
    const auto slash = u.find('/');
    std::string_view authority = u.substr(0, slash);
    HttpUrl out;
    out.path = slash == std::string_view::npos ? "/metrics" : std::string(u.substr(slash));
    if (authority.empty())
        return bad("no host");
    const auto colon = authority.rfind(':');
    if (colon != std::string_view::npos && authority.find(']') == std::string_view::npos) {
        const std::string_view port = authority.substr(colon + 1);
        int p = 0;
        auto [ptr, ec] = std::from_chars(port.data(), port.data() + port.size(), p);
        if (ec != std::errc() || ptr != port.data() + port.size() || p < 1 || p > 65535)
            return bad("the port must be a number from 1 to 65535");
        out.port = p;
        authority = authority.substr(0, colon);
    }
    if (authority.empty())
        return bad("no host");
    for (char c : authority)
        if (static_cast<unsigned char>(c) <= ' ')
            return bad("the host contains a space");
    for (char c : out.path)
        if (static_cast<unsigned char>(c) <= ' ')
            return bad("the path contains a space");
    out.host = std::string(authority);
    return out;
}

Result<std::string> http_get(const std::string& url, int timeout_ms, std::size_t max_bytes) {
    auto parsed = parse_http_url(url);
    if (!parsed)
        return parsed.error();
    const HttpUrl& u = *parsed;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    auto left_ms = [&] {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        return static_cast<int>(left < 0 ? 0 : left);
    };
    auto fail = [&](const std::string& why) {
        return make_error("metrics URL '" + escape_for_message(url, 200) + "': " + why);
    };

    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* res = nullptr;
    const std::string port = std::to_string(u.port);
    if (int rc = getaddrinfo(u.host.c_str(), port.c_str(), &hints, &res); rc != 0)
        return fail(std::string("cannot resolve the host: ") + gai_strerror(rc));
    int fd = -1;
    std::string last_error = "no address";
    for (addrinfo* a = res; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0)
            continue;
        if (connect(fd, a->ai_addr, a->ai_addrlen) != 0 && errno != EINPROGRESS) {
            last_error = std::strerror(errno);
            close(fd);
            fd = -1;
            continue;
        }
        pollfd p{fd, POLLOUT, 0};
        int err = 0;
        socklen_t len = sizeof(err);
        if (poll(&p, 1, left_ms()) != 1 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 ||
            err != 0) {
            last_error = err ? std::strerror(err) : "no answer in time";
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    if (fd < 0)
        return fail("cannot connect: " + last_error);

    const std::string request = "GET " + u.path + " HTTP/1.0\r\nHost: " + u.host +
                                "\r\nAccept: text/plain\r\nConnection: close\r\n\r\n";
    std::size_t sent = 0;
    while (sent < request.size()) {
        pollfd p{fd, POLLOUT, 0};
        if (poll(&p, 1, left_ms()) != 1) {
            close(fd);
            return fail("no answer in time");
        }
        const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno != EAGAIN && errno != EINTR) {
            const std::string e = std::strerror(errno);
            close(fd);
            return fail("cannot send: " + e);
        }
        if (n > 0)
            sent += static_cast<std::size_t>(n);
    }
    std::string response;
    char buf[16384];
    for (;;) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, left_ms()) != 1) {
            close(fd);
            return fail("no complete answer within " + std::to_string(timeout_ms) + " ms");
        }
        const ssize_t n = recv(fd, buf, sizeof(buf), 0);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            const std::string e = std::strerror(errno);
            close(fd);
            return fail("cannot read: " + e);
        }
        response.append(buf, static_cast<std::size_t>(n));
        if (response.size() > max_bytes + 65536) {
            close(fd);
            return fail("the answer is larger than " + std::to_string(max_bytes) + " bytes");
        }
    }
    close(fd);
    const auto head_end = response.find("\r\n\r\n");
    if (head_end == std::string::npos || !response.starts_with("HTTP/"))
        return fail("the answer is not HTTP");
    const auto sp = response.find(' ');
    const std::string status = response.substr(sp + 1, 3);
    if (status != "200")
        return fail("the server answered " +
                    response.substr(sp + 1, response.find("\r\n") - sp - 1));
    return response.substr(head_end + 4);
}

}  // namespace pl::live
