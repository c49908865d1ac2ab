#include "common/palette.h"

#include <QCoreApplication>

namespace pl::ui {

namespace {

// Every colour role once, light and dark side by side, so that no role can be missing from a
// theme. Values are 0xRRGGBB.
struct Swatch {
    QColor Palette::*role;
    QRgb light;
    QRgb dark;
};
constexpr Swatch kSwatches[] = {
    {&Palette::window, 0xf6f7f9, 0x1b1e23},
    {&Palette::panel, 0xffffff, 0x23272e},
    {&Palette::text, 0x1f2328, 0xe6e8eb},
    {&Palette::mutedText, 0x5f6772, 0x9aa3ae},
    {&Palette::grid, 0xd8dce2, 0x3a404a},
    {&Palette::accent, 0x2f6fde, 0x5b9cff},
    {&Palette::pending, 0xeef0f3, 0x2c3139},
    {&Palette::hashed, 0xb4bbc5, 0x5c6572},
    {&Palette::hit, 0x2ea05a, 0x3cc06e},
    {&Palette::computed, 0xe85d1f, 0xf26b2c},
    {&Palette::partial, 0xd9943c, 0xe0a24c},
    {&Palette::someReuse, 0xa8a81e, 0xc8c83a},
    {&Palette::invalidation, 0xc62828, 0xff5a52},
    {&Palette::poolFree, 0xe9ecf0, 0x2c3139},
    {&Palette::poolCachedFree, 0x9fd8b4, 0x2f6b47},
    {&Palette::nextVictim, 0xc62828, 0xff5a52},
    {&Palette::eviction, 0xff3b30, 0xff453a},
    {&Palette::selection, 0x2f6fde, 0x5b9cff},
    {&Palette::tools, 0xe6dcfa, 0x453a66},
    {&Palette::system, 0xd7e8fb, 0x274466},
    {&Palette::message, 0xd6f2e6, 0x225040},
    {&Palette::framing, 0xeceef1, 0x363b44},
    {&Palette::generation, 0xfbe9c8, 0x5c4a22},
    {&Palette::dynamicText, 0xd01f4f, 0xff6b8b},
    {&Palette::spotlight, 0xffc107, 0xffd60a},
    {&Palette::spotlightEdge, 0x1f2328, 0x000000},
};
// The sessions' colours, in the order they are given out.
constexpr QRgb kLightSessions[] = {0x3b7dd8, 0x8e5cd9, 0x1da3a3, 0xd95ca8,
                                   0x6b8e23, 0xb07d2b, 0x4a5d9e, 0x9c4a4a};
constexpr QRgb kDarkSessions[] = {0x5b9cff, 0xb086ff, 0x3cc8c8, 0xff7ec8,
                                  0x9cc44a, 0xe0a850, 0x7e90d8, 0xd87878};

Palette makePalette(Theme theme) {
    const bool dark = theme == Theme::Dark;
    Palette p;
    p.theme = theme;
    for (const Swatch& s : kSwatches)
        p.*s.role = QColor(dark ? s.dark : s.light);
    for (QRgb c : dark ? kDarkSessions : kLightSessions)
        p.sessions.emplace_back(c);
    return p;
}

}  // namespace

QColor Palette::cell(CellState state) const {
    switch (state) {
        case CellState::Pending:
            return pending;
        case CellState::Hashed:
            return hashed;
        case CellState::Hit:
            return hit;
        case CellState::Computed:
            return computed;
        case CellState::Partial:
            return partial;
    }
    return pending;
}

QColor Palette::textOn(const QColor& fill) const {
    // Relative luminance decides: dark text on light fills, white on saturated ones.
    const double l = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return l > 0.55 ? QColor(0x1f, 0x23, 0x28) : QColor(0xff, 0xff, 0xff);
}

QColor Palette::session(int index) const {
    if (index < 0 || sessions.empty())
        return hashed;
    return sessions[static_cast<std::size_t>(index) % sessions.size()];
}

const Palette& Palette::get(Theme theme) {
    static const Palette light = makePalette(Theme::Light);
    static const Palette dark = makePalette(Theme::Dark);
    return theme == Theme::Dark ? dark : light;
}

QString cellStateName(CellState state) {
    switch (state) {
        case CellState::Pending:
            return QCoreApplication::translate("pl::ui", "not hashed yet");
        case CellState::Hashed:
            return QCoreApplication::translate("pl::ui", "hashed, looking up");
        case CellState::Hit:
            return QCoreApplication::translate("pl::ui", "cache hit (reused)");
        case CellState::Computed:
            return QCoreApplication::translate("pl::ui", "computed (prefilled)");
        case CellState::Partial:
            return QCoreApplication::translate("pl::ui", "partial (not cacheable)");
    }
    return {};
}

}  // namespace pl::ui
