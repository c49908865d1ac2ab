// One definition of every colour the app paints with. The legends, the painters and the charts
// read the same Palette, so a legend can never drift from what it explains.
#pragma once

#include <QColor>
#include <QString>
#include <vector>

namespace pl::ui {

enum class Theme { Light, Dark };

// Block states as the views draw them (a superset of the engine's hit/computed/partial).
enum class CellState { Pending, Hashed, Hit, Computed, Partial };

struct Palette {
    Theme theme = Theme::Light;
    QColor window, panel, text, mutedText, grid, accent;
    QColor pending, hashed, hit, computed, partial, invalidation;
    QColor someReuse;  // a request that reused part of what it could have: between hit and computed
    QColor poolFree, poolCachedFree, nextVictim, eviction, selection;
    QColor tools, system, message, framing, generation, dynamicText;
    // A lesson's frame around the part of the window it talks about: a band of a colour no view
    // uses for data, edged in a dark line so it reads on white and on black, and on a projector.
    QColor spotlight, spotlightEdge;
    std::vector<QColor> sessions;

    QColor cell(CellState state) const;
    QColor textOn(const QColor& fill) const;  // readable text over a fill
    QColor session(int index) const;          // cycles through `sessions`

    static const Palette& get(Theme theme);
};

QString cellStateName(CellState state);  // translated, for legends and tooltips

}  // namespace pl::ui
