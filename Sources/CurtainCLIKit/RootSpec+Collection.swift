// The options of a root spec's `collection[…]` (RootSpec.swift), those of
// `new-controller collection` written inside the brackets:
//
//     items=N                  the item count
//     item-size=WxH            a flow layout's item size
//     spacing=P                a flow layout's minimum interitem spacing
//     line-spacing=P           a flow layout's minimum line spacing
//     section-inset=T:L:B:R    a flow layout's section inset
//     frames=X:Y:W:H;X:Y:W:H…  item frames instead of a flow layout
//     layout-to-layout         useLayoutToLayoutNavigationTransitions
//
// Numbers inside a value are separated by ":" (and frames by ";"), as ","
// separates the options. Each option may be given once; frames and the flow
// layout's options exclude each other. What the daemon checks (frames for
// every item, at most 1000 items) it checks: the parser only reads.

import CurtainWire

extension RootSpec {
  /// Why an option of `collection[…]` does not read.
  struct OptionError: Error {
    let reason: String
  }

  /// The options a collection spec may have, in canonical order.
  static let collectionOptions = [
    "items", "item-size", "spacing", "line-spacing", "section-inset", "frames", "layout-to-layout",
  ]

  /// Reads one `option` of `collection[…]` into `options`; `given` is the
  /// options read so far.
  static func addOption(
    _ option: String, to options: inout Curtain_V1_CollectionOptions, given: inout Set<String>
  ) throws {
    let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let key = String(parts[0]).filter { !$0.isWhitespace }
    let value: String? = parts.count == 2 ? String(parts[1]).filter { !$0.isWhitespace } : nil
    guard collectionOptions.contains(key) else {
      let found = option.isEmpty ? "nothing" : "'\(option)'"
      throw OptionError(
        reason: "expected a collection option (items=, item-size=, spacing=, line-spacing=, "
          + "section-inset=, frames= or layout-to-layout), found \(found)")
    }
    guard given.insert(key).inserted else {
      throw OptionError(reason: "collection option '\(key)' is given twice")
    }
    if key == "layout-to-layout" {
      guard value == nil else {
        throw OptionError(reason: "layout-to-layout takes no value")
      }
      options.layoutToLayout = true
      return
    }
    guard let value, !value.isEmpty else {
      throw OptionError(reason: "collection option '\(key)' needs a value: \(key)=…")
    }
    let flowKeys: Set<String> = ["item-size", "spacing", "line-spacing", "section-inset"]
    let mixed =
      key == "frames" ? !given.isDisjoint(with: flowKeys) : given.contains("frames")
    if mixed, key == "frames" || flowKeys.contains(key) {
      throw OptionError(
        reason: "frames= gives item frames; item-size=, spacing=, line-spacing= and "
          + "section-inset= describe a flow layout: use one or the other")
    }
    var flow = options.layout.flow
    switch key {
    case "items":
      guard let count = UInt32(value) else {
        throw OptionError(
          reason: "'\(value)' is not an item count: use a whole number as in items=12")
      }
      options.itemCount = count
      return
    case "item-size":
      guard let size = numbers(value, separator: "x", count: 2), size.allSatisfy({ $0 > 0 }) else {
        throw OptionError(
          reason: "'\(value)' is not an item size: use WIDTHxHEIGHT (> 0) as in item-size=100x100")
      }
      flow.itemSize.width = size[0]
      flow.itemSize.height = size[1]
    case "spacing", "line-spacing":
      guard let points = numbers(value, separator: ":", count: 1), points[0] >= 0 else {
        throw OptionError(reason: "'\(value)' is not a spacing: use points (≥ 0) as in \(key)=10")
      }
      if key == "spacing" {
        flow.interitemSpacing = points[0]
      } else {
        flow.lineSpacing = points[0]
      }
    case "section-inset":
      guard let insets = numbers(value, separator: ":", count: 4), insets.allSatisfy({ $0 >= 0 })
      else {
        throw OptionError(
          reason: "'\(value)' is not a section inset: use TOP:LEFT:BOTTOM:RIGHT (≥ 0) as in "
            + "section-inset=10:20:10:20")
      }
      flow.sectionInset.top = insets[0]
      flow.sectionInset.left = insets[1]
      flow.sectionInset.bottom = insets[2]
      flow.sectionInset.right = insets[3]
    default:  // frames
      var frames = Curtain_V1_CollectionLayout.ItemFrames()
      for text in value.split(separator: ";", omittingEmptySubsequences: false) {
        guard let rect = numbers(String(text), separator: ":", count: 4), rect[2] >= 0, rect[3] >= 0
        else {
          throw OptionError(
            reason: "'\(text)' is not an item frame: use X:Y:WIDTH:HEIGHT with a non-negative "
              + "size, frames separated by ';', as in frames=0:0:100:100;100:0:100:100")
        }
        var frame = Curtain_V1_Rect()
        (frame.x, frame.y, frame.width, frame.height) = (rect[0], rect[1], rect[2], rect[3])
        frames.frames.append(frame)
      }
      options.layout.frames = frames
      return
    }
    options.layout.flow = flow
  }

  /// `count` finite numbers separated by `separator`, or `nil`.
  private static func numbers(_ text: String, separator: Character, count: Int) -> [Double]? {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    let values = parts.compactMap { Double(String($0)) }
    guard parts.count == count, values.count == count, values.allSatisfy(\.isFinite) else {
      return nil
    }
    return values
  }

  /// The options of a collection spec as `collection[…]` writes them, in
  /// canonical order.
  static func optionTexts(_ options: Curtain_V1_CollectionOptions) -> [String] {
    func text(_ value: Double) -> String { OutputFormat.decimal(value) }
    var texts: [String] = []
    if options.hasItemCount { texts.append("items=\(options.itemCount)") }
    switch options.layout.kind {
    case .flow(let flow):
      if flow.hasItemSize {
        texts.append("item-size=\(text(flow.itemSize.width))x\(text(flow.itemSize.height))")
      }
      if flow.hasInteritemSpacing { texts.append("spacing=\(text(flow.interitemSpacing))") }
      if flow.hasLineSpacing { texts.append("line-spacing=\(text(flow.lineSpacing))") }
      if flow.hasSectionInset {
        let inset = flow.sectionInset
        let numbers = [inset.top, inset.left, inset.bottom, inset.right].map(text)
        texts.append("section-inset=\(numbers.joined(separator: ":"))")
      }
    case .frames(let frames):
      let rects = frames.frames.map { rect in
        [rect.x, rect.y, rect.width, rect.height].map(text).joined(separator: ":")
      }
      texts.append("frames=\(rects.joined(separator: ";"))")
    case nil:
      break
    }
    if options.layoutToLayout { texts.append("layout-to-layout") }
    return texts
  }
}
