// "Did you mean …?" for a mistyped command: the known name at the smallest
// edit distance (insertions, deletions, substitutions and swaps of two
// neighbouring letters each count one), when that distance is small for
// the name's length; a name that starts a single known command suggests it.

/// Suggestions of known names for mistyped ones.
public enum CommandSuggestion {
  /// The known name nearest to `name`, or nil when none is close.
  public static func nearest(to name: String, among names: [String]) -> String? {
    let typed = Array(name.lowercased())
    let starting = names.filter { $0.hasPrefix(name.lowercased()) }
    if !typed.isEmpty, starting.count == 1 { return starting[0] }
    let limit = max(1, min(3, typed.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in names {
      let distance = editDistance(typed, Array(candidate))
      if distance <= limit, distance < best?.distance ?? .max {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The optimal string alignment distance between two words.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
