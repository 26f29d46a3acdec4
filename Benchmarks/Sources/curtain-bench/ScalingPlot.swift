// The plot of `scaling` (Windows.swift) for docs/benchmarks.md: curtaind's
// CPU per no-op `Sync` against the number of windows it holds, as a
// hand-written SVG (no plotting package). Both axes are logarithmic; the
// idle windows are a line over 1, 10, 100 and 1,000 windows and the 1,000
// animating ones a marker of their own. Beside them, in grey, the same
// benchmark's figures for main before the windows' deadlines were kept in a
// heap (2026-11-24, docs/benchmarks.md: every request advanced every
// realtime window), so that the plot shows what the flat line replaced.
// `make bench` passes `--plot docs/benchmarks-scaling.svg`.

import Foundation

/// One series of the plot: CPU µs per `Sync` at each idle window count and
/// with 1,000 animating windows.
struct ScalingSeries {
  let label: String
  let idle: [(windows: Int, micros: Double)]
  let animating: Double?
  let color: String
  let dashed: Bool
}

/// The figures of 2026-11-24 for main at 8a2bfef (the median of its three
/// runs in docs/benchmarks.md, "many windows and frame pacing").
let scalingBefore = ScalingSeries(
  label: "main before per-window deadlines (2026-11-24)",
  idle: [(1, 24.3), (10, 31.9), (100, 110.8), (1000, 1097)], animating: 4897,
  color: "#999999", dashed: true)

/// The SVG of `series`, titled with `subtitle` (the date and machine).
func scalingPlot(_ series: [ScalingSeries], subtitle: String) -> String {
  let width = 680.0
  let height = 420.0
  let left = 70.0
  let right = 240.0
  let top = 56.0
  let bottom = 56.0
  let values = series.flatMap { $0.idle.map(\.micros) + ($0.animating.map { [$0] } ?? []) }
    .filter { $0 > 0 }
  // A decade below the lowest figure when it is close to a power of ten, so
  // that no point lies on the frame.
  let low = pow(10, (log10(values.min() ?? 1) - 0.15).rounded(.down))
  let high = pow(10, (log10(values.max() ?? 10)).rounded(.up))
  let plotWidth = width - left - right
  let plotHeight = height - top - bottom
  func x(_ windows: Int) -> Double { left + log10(Double(windows)) / 3 * plotWidth }
  func y(_ micros: Double) -> Double {
    top + plotHeight * (1 - (log10(max(micros, low)) - log10(low)) / (log10(high) - log10(low)))
  }
  func number(_ value: Double) -> String { String(format: "%.1f", value) }
  var svg: [String] = [
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
      + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
    "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
    "<text x=\"\(number(left))\" y=\"22\" font-size=\"15\" font-weight=\"bold\">"
      + "curtaind CPU per no-op Sync against the windows it holds</text>",
    "<text x=\"\(number(left))\" y=\"40\" fill=\"#555555\">\(escaped(subtitle))</text>",
  ]
  // The grid and the axes' labels: powers of ten.
  var decade = low
  while decade <= high * 1.0001 {
    let position = number(y(decade))
    svg.append(
      "<line x1=\"\(number(left))\" y1=\"\(position)\" x2=\"\(number(left + plotWidth))\" "
        + "y2=\"\(position)\" stroke=\"#e5e5e5\"/>")
    svg.append(
      "<text x=\"\(number(left - 8))\" y=\"\(position)\" text-anchor=\"end\" "
        + "dominant-baseline=\"middle\">\(label(decade))</text>")
    decade *= 10
  }
  for windows in [1, 10, 100, 1000] {
    let position = number(x(windows))
    svg.append(
      "<line x1=\"\(position)\" y1=\"\(number(top))\" x2=\"\(position)\" "
        + "y2=\"\(number(top + plotHeight))\" stroke=\"#e5e5e5\"/>")
    svg.append(
      "<text x=\"\(position)\" y=\"\(number(top + plotHeight + 18))\" text-anchor=\"middle\">"
        + "\(windows == 1000 ? "1,000" : "\(windows)")</text>")
  }
  svg.append(
    "<rect x=\"\(number(left))\" y=\"\(number(top))\" width=\"\(number(plotWidth))\" "
      + "height=\"\(number(plotHeight))\" fill=\"none\" stroke=\"#333333\"/>")
  svg.append(
    "<text x=\"\(number(left + plotWidth / 2))\" y=\"\(number(height - 14))\" "
      + "text-anchor=\"middle\">realtime windows held (log scale)</text>")
  svg.append(
    "<text transform=\"translate(18 \(number(top + plotHeight / 2))) rotate(-90)\" "
      + "text-anchor=\"middle\">daemon CPU µs per Sync (log scale)</text>")
  // The series, and their legend on the right.
  for (index, series) in series.enumerated() {
    let points = series.idle.map { "\(number(x($0.windows))),\(number(y($0.micros)))" }
    let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
    svg.append(
      "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" "
        + "stroke=\"\(series.color)\" stroke-width=\"2\"\(dash)/>")
    for point in series.idle {
      svg.append(
        "<circle cx=\"\(number(x(point.windows)))\" cy=\"\(number(y(point.micros)))\" r=\"4\" "
          + "fill=\"\(series.color)\"><title>\(point.windows) idle: "
          + "\(number(point.micros)) µs</title></circle>")
    }
    // This run's figures are written beside its points (at 1,000 windows to
    // the left), and the animating one in the legend.
    if !series.dashed {
      for point in series.idle {
        let last = point.windows == 1000
        svg.append(
          "<text x=\"\(number(x(point.windows) + (last ? -10 : 6)))\" "
            + "y=\"\(number(y(point.micros) - 8))\" text-anchor=\"\(last ? "end" : "start")\" "
            + "fill=\"\(series.color)\">\(number(point.micros))</text>")
      }
    }
    if let animating = series.animating {
      let cx = x(1000)
      let cy = y(animating)
      svg.append(
        "<path d=\"M \(number(cx - 6)) \(number(cy - 6)) L \(number(cx + 6)) \(number(cy + 6)) "
          + "M \(number(cx - 6)) \(number(cy + 6)) L \(number(cx + 6)) \(number(cy - 6))\" "
          + "stroke=\"\(series.color)\" stroke-width=\"2.5\"><title>1,000 animating: "
          + "\(number(animating)) µs</title></path>")
    }
    let legendY = top + 10 + Double(index) * 58
    let legendX = left + plotWidth + 16
    svg.append(
      "<line x1=\"\(number(legendX))\" y1=\"\(number(legendY))\" x2=\"\(number(legendX + 24))\" "
        + "y2=\"\(number(legendY))\" stroke=\"\(series.color)\" stroke-width=\"2\"\(dash)/>")
    for (line, text) in legendLines(series).enumerated() {
      svg.append(
        "<text x=\"\(number(legendX + 30))\" y=\"\(number(legendY + 4 + Double(line) * 15))\">"
          + "\(escaped(text))</text>")
    }
  }
  let noteY = top + 10 + Double(series.count) * 58
  let noteX = left + plotWidth + 16
  svg.append(
    "<path d=\"M \(number(noteX + 6)) \(number(noteY - 6)) L \(number(noteX + 18)) "
      + "\(number(noteY + 6)) M \(number(noteX + 6)) \(number(noteY + 6)) L \(number(noteX + 18)) "
      + "\(number(noteY - 6))\" stroke=\"#333333\" stroke-width=\"2.5\"/>")
  svg.append(
    "<text x=\"\(number(noteX + 30))\" y=\"\(number(noteY + 4))\">1,000 animating</text>")
  for (index, series) in series.enumerated() {
    guard let animating = series.animating else { continue }
    svg.append(
      "<text x=\"\(number(noteX + 30))\" y=\"\(number(noteY + 20 + Double(index) * 15))\" "
        + "fill=\"\(series.color)\">\(number(animating)) µs</text>")
  }
  svg.append("</svg>")
  return svg.joined(separator: "\n") + "\n"
}

/// The legend of a series: its label on up to two lines.
private func legendLines(_ series: ScalingSeries) -> [String] {
  let words = series.label.split(separator: " ")
  var lines: [String] = [""]
  for word in words {
    if lines[lines.count - 1].count + word.count > 26 { lines.append("") }
    lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
  }
  return lines
}

/// A power of ten as an axis label (µs).
private func label(_ value: Double) -> String {
  value >= 1000 ? "\(Int(value / 1000)),000" : value >= 1 ? "\(Int(value))" : "\(value)"
}

private func escaped(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;")
}
