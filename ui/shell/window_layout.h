// Where the window opens and how its docks are shared out, as pure functions of the screen and
// the font, so that a first launch, `shot --size WxH` and View > Reset layout give the same
// layout, and tests can check it on any screen without one.
#pragma once

#include <QRect>
#include <QSize>
#include <QString>

class QDockWidget;

namespace pl::ui {

// The window's first geometry on a screen whose available area (logical pixels: a HiDPI screen
// at scale 2 counts half its device pixels) is `area`: all of it. The app is a dashboard of
// docks, and a presenter's 1280x720 projector has no pixel to spare; on a large monitor the
// chain and the prompt want the room.
QRect firstLaunchGeometry(const QRect& area);

// A restored geometry moved and shrunk, as little as needed, to lie inside `area`: a layout
// saved on a 1920x1080 monitor never opens off a 1280x720 projector.
QRect clampToArea(const QRect& geometry, const QRect& area);

// Below this height the right-hand column (Prompt, Lint, Output) is tabbed rather than stacked:
// three docks stacked in under 560 px leave each a few lines.
constexpr int kCompactBelowHeight = 800;

// The default docks' sizes for a window of `window` (logical pixels), text whose average
// character is `em` pixels wide, and dock separators `separator` pixels wide.
struct DockLayout {
    bool compact = false;                  // the right-hand column tabbed
    int right = 0;                         // the right-hand column's width
    int prompt = 0, lint = 0, output = 0;  // their heights when stacked
    int usage = 0, charts = 0, pool = 0;   // the bottom row's widths
    int bottom = 0;                        // the bottom row's height
};
// `needs`: the widths the bottom row's usage, charts and pool slots need to show their content
// whole (0: none known); a slot below its need takes the room from the others' slack.
struct BottomNeeds {
    int usage = 0, charts = 0, pool = 0;
};
DockLayout defaultDockLayout(const QSize& window, int em, int separator, BottomNeeds needs = {});

// Shares raised to their needs where the total allows, the difference taken from the shares
// with room above their own need, in proportion to that room. The total is kept.
void fitSharesToNeeds(int* shares, const int* needs, int count);

// The narrowest a dock may be and still be read (its text wraps into lines of words, its tabs
// show their titles), in average characters; 0 for a dock without one. By object name.
int readableWidthEm(const QString& dockName);

// The width a dock's content needs to be shown whole (its scroll areas' controls included).
int dockContentWidthNeeded(const QDockWidget* dock);

}  // namespace pl::ui
