#pragma once
#include <QMainWindow>
namespace pl {
class PlaceholderWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit PlaceholderWindow(QWidget* parent = nullptr);
};
}  // namespace pl
