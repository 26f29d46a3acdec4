// A grid of characters on which `curtain watch` draws a window's views as
// boxes, and the scale that fits a window into such a grid.
//
// Boxes are drawn back to front. An opaque box clears what is behind its
// inside, as an opaque view hides the views behind it; a translucent box
// (opacity below one half) draws only its dashed border. A box at least
// three cells high and wide shows its label on its first inside row (or a
// lower inside row it is given), otherwise on its top border. Drawing can be clipped to a rectangle of
// cells (the window: what lies beyond its edges is off screen); a box that
// starts left of the clip shows its label from the clip's edge.

public import CurtainCore

/// A character grid; rows are `columns` wide.
public struct TextCanvas: Equatable, Sendable {
  /// The width in cells.
  public let columns: Int
  /// The height in cells.
  public let rows: Int
  private var cells: [[Character]]
  /// The cells drawing may change (inclusive); everything at first.
  public var clip: (left: Int, top: Int, right: Int, bottom: Int)

  /// An empty grid (spaces).
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(
      repeating: Array(repeating: " ", count: self.columns), count: self.rows)
    clip = (0, 0, self.columns - 1, self.rows - 1)
  }

  public static func == (lhs: TextCanvas, rhs: TextCanvas) -> Bool {
    lhs.cells == rhs.cells
  }

  /// The rows as text, each exactly `columns` characters.
  public var lines: [String] { cells.map { String($0) } }

  /// Writes `text` from `column` on `row`, clipped to the grid and to at
  /// most `limit` characters.
  public mutating func write(_ text: String, row: Int, column: Int, limit: Int = .max) {
    guard row >= 0, row < rows else { return }
    for (offset, character) in text.prefix(max(0, limit)).enumerated() {
      put(character, row: row, column: column + offset)
    }
  }

  /// Draws a box covering the cells from (`left`, `top`) to (`right`,
  /// `bottom`) inclusive, with `label` inside (or on its top border when
  /// it is too small to have an inside), on `labelRow` when that is an
  /// inside row. `opaque` boxes clear their inside; others have a dashed
  /// border.
  public mutating func drawBox(
    left: Int, top: Int, right: Int, bottom: Int, label: String, opaque: Bool,
    labelRow: Int? = nil
  ) {
    guard right >= left, bottom >= top else { return }
    let horizontal: Character = opaque ? "─" : "┄"
    let vertical: Character = opaque ? "│" : "┆"
    if bottom == top {
      for column in left...right { put(horizontal, row: top, column: column) }
      let start = max(left, clip.left)
      write(label, row: top, column: start, limit: right - start + 1)
      return
    }
    if right == left {
      for row in top...bottom { put(vertical, row: row, column: left) }
      return
    }
    for column in (left + 1)..<right {
      put(horizontal, row: top, column: column)
      put(horizontal, row: bottom, column: column)
    }
    for row in (top + 1)..<bottom {
      put(vertical, row: row, column: left)
      put(vertical, row: row, column: right)
      if opaque {
        for column in (left + 1)..<right { put(" ", row: row, column: column) }
      }
    }
    put("┌", row: top, column: left)
    put("┐", row: top, column: right)
    put("└", row: bottom, column: left)
    put("┘", row: bottom, column: right)
    // A label whose start is clipped away starts at the clip instead.
    let start = max(left + 1, clip.left)
    var row = bottom - top >= 2 ? top + 1 : top
    if let labelRow, labelRow > top, labelRow < bottom { row = labelRow }
    write(label, row: row, column: start, limit: right - start)
  }

  private mutating func put(_ character: Character, row: Int, column: Int) {
    guard row >= max(0, clip.top), row <= min(rows - 1, clip.bottom),
      column >= max(0, clip.left), column <= min(columns - 1, clip.right)
    else { return }
    cells[row][column] = character
  }
}

/// How points map to cells: the window scaled to fit the grid with its
/// shape kept (a cell is `cellAspect` times as tall as it is wide) and
/// centred horizontally.
public struct GridScale: Equatable, Sendable {
  /// Points per column.
  public let pointsPerColumn: Double
  /// Points per row.
  public let pointsPerRow: Double
  /// The column of the window's left edge.
  public let originColumn: Int

  /// The scale that fits a window of `size` points into `columns` ×
  /// `rows` cells.
  public init(fitting size: Size, columns: Int, rows: Int, cellAspect: Double = 2) {
    let width = max(size.width, 1)
    let height = max(size.height, 1)
    let perColumn = max(
      width / Double(max(columns, 1)), height / (Double(max(rows, 1)) * cellAspect))
    pointsPerColumn = perColumn
    pointsPerRow = perColumn * cellAspect
    let used = Int((width / perColumn).rounded())
    originColumn = max(0, (columns - used) / 2)
  }

  /// The cells a rectangle of window points covers, edges rounded to the
  /// nearest cell boundary; at least one cell each way.
  public func cells(of rect: Rect) -> (left: Int, top: Int, right: Int, bottom: Int) {
    let left = Self.cell(rect.minX / pointsPerColumn)
    let top = Self.cell(rect.minY / pointsPerRow)
    let right = max(left, Self.cell(rect.maxX / pointsPerColumn) - 1)
    let bottom = max(top, Self.cell(rect.maxY / pointsPerRow) - 1)
    return (left + originColumn, top, right + originColumn, bottom)
  }

  /// A cell index from a position in cells, clamped far outside any grid.
  private static func cell(_ position: Double) -> Int {
    guard position.isFinite else { return position > 0 ? 1 << 20 : -(1 << 20) }
    return Int(min(max(position.rounded(), -1e6), 1e6))
  }
}
