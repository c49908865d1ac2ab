// A dock panel's content in a vertical scroll area: a narrow dock scrolls rather than squeezing
// its controls or cutting its text. Shared by the Usage, Policies and Memory panels.
#pragma once

class QScrollArea;
class QVBoxLayout;
class QWidget;

namespace pl::ui {

struct ScrollBody {
    QScrollArea* scroll = nullptr;  // frameless, no horizontal bar, fills `owner`
    QWidget* body = nullptr;        // the scrolled widget
    QVBoxLayout* layout = nullptr;  // the body's: margins 8/6, spacing 6
};

// Builds the scroll area inside `owner` (which gets a margin-free layout holding it).
ScrollBody makeScrollBody(QWidget* owner);

// The body as tall as its layout needs at the viewport's width (wrapped labels included), so
// the area scrolls instead of squeezing rows; nothing before the viewport has a width.
void fitBodyHeight(const ScrollBody& s);

}  // namespace pl::ui
