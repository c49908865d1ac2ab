// The rule ids, each written once. They are part of the interface (scripts filter on them, SARIF
// names them): keep them stable. rule_catalog() (lint_rules.cpp) describes each, in SARIF order.
#pragma once

namespace pl::lint::rule {

inline constexpr const char kDynamicPrefix[] = "dynamic-prefix";
inline constexpr const char kDynamicTools[] = "dynamic-tools";
inline constexpr const char kTooManyBreakpoints[] = "too-many-breakpoints";
inline constexpr const char kBelowMinCacheable[] = "below-min-cacheable";
inline constexpr const char kUnstableSerialization[] = "unstable-serialization";
inline constexpr const char kBreakpointLookback[] = "breakpoint-lookback";
inline constexpr const char kPrefixChanged[] = "prefix-changed";
inline constexpr const char kTtlGap[] = "ttl-gap";
inline constexpr const char kInvalidInput[] = "invalid-input";
inline constexpr const char kTtlOrder[] = "ttl-order";
inline constexpr const char kProviderReadNothing[] = "provider-read-nothing";
inline constexpr const char kUnknownModel[] = "unknown-model";
inline constexpr const char kCachePointUnsupported[] = "cache-point-unsupported";
inline constexpr const char kCacheLimitExceeded[] = "cache-limit-exceeded";
inline constexpr const char kCachedContentConflict[] = "cached-content-conflict";
inline constexpr const char kCachedContentRepeated[] = "cached-content-repeated";

}  // namespace pl::lint::rule
