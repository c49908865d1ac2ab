#include "common/palette.h"

#include <QCoreApplication>

namespace pl::ui {

namespace {

Palette makeLight() {
    Palette p;
    p.theme = Theme::Light;
    p.window = QColor(0xf6, 0xf7, 0xf9);
    p.panel = QColor(0xff, 0xff, 0xff);
    p.text = QColor(0x1f, 0x23, 0x28);
    p.mutedText = QColor(0x5f, 0x67, 0x72);
    p.grid = QColor(0xd8, 0xdc, 0xe2);
    p.accent = QColor(0x2f, 0x6f, 0xde);
    p.pending = QColor(0xee, 0xf0, 0xf3);
    p.hashed = QColor(0xb4, 0xbb, 0xc5);
    p.hit = QColor(0x2e, 0xa0, 0x5a);
    p.computed = QColor(0xe8, 0x5d, 0x1f);
    p.partial = QColor(0xd9, 0x94, 0x3c);
    p.someReuse = QColor(0xa8, 0xa8, 0x1e);
    p.invalidation = QColor(0xc6, 0x28, 0x28);
    p.poolFree = QColor(0xe9, 0xec, 0xf0);
    p.poolCachedFree = QColor(0x9f, 0xd8, 0xb4);
    p.nextVictim = QColor(0xc6, 0x28, 0x28);
    p.eviction = QColor(0xff, 0x3b, 0x30);
    p.selection = QColor(0x2f, 0x6f, 0xde);
    p.tools = QColor(0xe6, 0xdc, 0xfa);
    p.system = QColor(0xd7, 0xe8, 0xfb);
    p.message = QColor(0xd6, 0xf2, 0xe6);
    p.framing = QColor(0xec, 0xee, 0xf1);
    p.generation = QColor(0xfb, 0xe9, 0xc8);
    p.dynamicText = QColor(0xd0, 0x1f, 0x4f);
    p.spotlight = QColor(0xff, 0xc1, 0x07);
    p.spotlightEdge = QColor(0x1f, 0x23, 0x28);
    p.sessions = {QColor(0x3b, 0x7d, 0xd8), QColor(0x8e, 0x5c, 0xd9), QColor(0x1d, 0xa3, 0xa3),
                  QColor(0xd9, 0x5c, 0xa8), QColor(0x6b, 0x8e, 0x23), QColor(0xb0, 0x7d, 0x2b),
                  QColor(0x4a, 0x5d, 0x9e), QColor(0x9c, 0x4a, 0x4a)};
    return p;
}

Palette makeDark() {
    Palette p;
    p.theme = Theme::Dark;
    p.window = QColor(0x1b, 0x1e, 0x23);
    p.panel = QColor(0x23, 0x27, 0x2e);
    p.text = QColor(0xe6, 0xe8, 0xeb);
    p.mutedText = QColor(0x9a, 0xa3, 0xae);
    p.grid = QColor(0x3a, 0x40, 0x4a);
    p.accent = QColor(0x5b, 0x9c, 0xff);
    p.pending = QColor(0x2c, 0x31, 0x39);
    p.hashed = QColor(0x5c, 0x65, 0x72);
    p.hit = QColor(0x3c, 0xc0, 0x6e);
    p.computed = QColor(0xf2, 0x6b, 0x2c);
    p.partial = QColor(0xe0, 0xa2, 0x4c);
    p.someReuse = QColor(0xc8, 0xc8, 0x3a);
    p.invalidation = QColor(0xff, 0x5a, 0x52);
    p.poolFree = QColor(0x2c, 0x31, 0x39);
    p.poolCachedFree = QColor(0x2f, 0x6b, 0x47);
    p.nextVictim = QColor(0xff, 0x5a, 0x52);
    p.eviction = QColor(0xff, 0x45, 0x3a);
    p.selection = QColor(0x5b, 0x9c, 0xff);
    p.tools = QColor(0x45, 0x3a, 0x66);
    p.system = QColor(0x27, 0x44, 0x66);
    p.message = QColor(0x22, 0x50, 0x40);
    p.framing = QColor(0x36, 0x3b, 0x44);
    p.generation = QColor(0x5c, 0x4a, 0x22);
    p.dynamicText = QColor(0xff, 0x6b, 0x8b);
    p.spotlight = QColor(0xff, 0xd6, 0x0a);
    p.spotlightEdge = QColor(0x00, 0x00, 0x00);
    p.sessions = {QColor(0x5b, 0x9c, 0xff), QColor(0xb0, 0x86, 0xff), QColor(0x3c, 0xc8, 0xc8),
                  QColor(0xff, 0x7e, 0xc8), QColor(0x9c, 0xc4, 0x4a), QColor(0xe0, 0xa8, 0x50),
                  QColor(0x7e, 0x90, 0xd8), QColor(0xd8, 0x78, 0x78)};
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
    static const Palette light = makeLight();
    static const Palette dark = makeDark();
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
