// Generated workloads: the same writes as scenario text (for Ripple) and as operations (for the runtime peer).

/// SplitMix64: a small, fixed-seed generator, so every run writes the same rows in the same steps.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (multiply-shift; the tiny bias does not matter here).
    mutating func below(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}

/// The three shapes of app the benchmark simulates.
enum WorkloadKind: String, CaseIterable, Sendable {
    /// `@Observable` items; each row holds its item and reads `item.title`, `item.done`.
    case narrow
    /// A struct array in an `@Observable` model; each row holds the model plus an index.
    case broad
    /// An `ObservableObject` with `@Published` entries, a `@State` flag and an environment key.
    case mixed
}

/// One write of a step, in terms both sides understand.
enum Write: Sendable {
    /// narrow/broad: `model.items[row].title = "value"`.
    case title(row: Int, value: String)
    /// narrow/broad: `model.items[row].done = value`.
    case done(row: Int, value: Bool)
    /// mixed: `store.entries[row].title = "value"` (a `@Published` write).
    case entryTitle(row: Int, value: String)
    /// mixed: `store.count = value` (a `@Published` write).
    case count(Int)
    /// mixed: `Root.flag = value` (a `@State` write, addressed by instance).
    case flag(Bool)
    /// mixed: `environment \.colorScheme = .dark` / `.light`.
    case colorScheme(dark: Bool)

    var text: String {
        switch self {
        case .title(let row, let value): "model.items[\(row)].title = \"\(value)\""
        case .done(let row, let value): "model.items[\(row)].done = \(value)"
        case .entryTitle(let row, let value): "store.entries[\(row)].title = \"\(value)\""
        case .count(let value): "store.count = \(value)"
        case .flag(let value): "Root.flag = \(value)"
        case .colorScheme(let dark): "environment \\.colorScheme = \(dark ? ".dark" : ".light")"
        }
    }
}

/// A generated scenario: its rows, its steps of writes, and the scenario text.
struct Workload: Sendable {
    static let writesPerRun = 10_000
    static let seed: UInt64 = 0x5EED_2025

    var kind: WorkloadKind
    var rows: Int
    var steps: [[Write]]

    var writeCount: Int { steps.reduce(0) { $0 + $1.count } }

    /// `totalWrites` writes in steps of 1 to 10, chosen by a fixed-seed generator.
    init(kind: WorkloadKind, rows: Int, totalWrites: Int = Workload.writesPerRun, seed: UInt64 = Workload.seed) {
        self.kind = kind
        self.rows = rows
        var random = SplitMix64(seed: seed ^ UInt64(rows) ^ UInt64(kind.rawValue.utf8.count) << 40)
        var done: [Int: Bool] = [:]
        var flag = false
        var dark = false
        var serial = 0
        var remaining = totalWrites
        var steps: [[Write]] = []
        while remaining > 0 {
            let count = min(remaining, 1 + random.below(10))
            remaining -= count
            var step: [Write] = []
            step.reserveCapacity(count)
            for _ in 0..<count {
                serial += 1
                let row = random.below(rows)
                let pick = random.below(100)
                switch kind {
                case .narrow, .broad:
                    // Three titles to one done; every write changes its field, so every write notifies.
                    if pick < 75 {
                        step.append(.title(row: row, value: "t\(serial)"))
                    } else {
                        let value = !(done[row] ?? false)
                        done[row] = value
                        step.append(.done(row: row, value: value))
                    }
                case .mixed:
                    if pick < 60 {
                        step.append(.entryTitle(row: row, value: "t\(serial)"))
                    } else if pick < 70 {
                        step.append(.count(serial))
                    } else if pick < 85 {
                        flag.toggle()
                        step.append(.flag(flag))
                    } else {
                        dark.toggle()
                        step.append(.colorScheme(dark: dark))
                    }
                }
            }
            steps.append(step)
        }
        self.steps = steps
    }

    /// The whole scenario file.
    var text: String {
        var text = header
        text.reserveCapacity(header.utf8.count + writeCount * 40)
        for (index, step) in steps.enumerated() {
            text += "step \"s\(index + 1)\" {\n"
            for write in step { text += "    " + write.text + "\n" }
            text += "}\n"
        }
        return text
    }

    /// Declarations: one model, Root → list → rows.
    var header: String {
        switch kind {
        case .narrow:
            return """
            // Generated by ripple-bench: \(rows) rows, each holding its own @Observable item.
            scenario "bench narrow \(rows) rows"
            semantics swift6.2

            @Observable final class Item: Identifiable {
                let id: Int
                var title: String
                var done: Bool
            }

            @Observable final class Model {
                var items: [Item] = (0..<\(rows)).map { Item(id: $0, title: "row \\($0)", done: false) }
                var header: String = "Items"
            }

            struct Root: View {
                @State private var model = Model()
                var body: some View {
                    VStack {
                        Text(model.header)
                        ItemList(model: model)
                    }
                }
            }

            struct ItemList: View {
                let model: Model
                var body: some View {
                    List {
                        ForEach(model.items) { item in
                            Row(item: item)
                        }
                    }
                }
            }

            struct Row: View {
                let item: Item
                var body: some View {
                    Text(item.title)
                        .strikethrough(item.done)
                }
            }


            """
        case .broad:
            return """
            // Generated by ripple-bench: \(rows) rows, each holding the model plus an index into a struct array.
            scenario "bench broad \(rows) rows"
            semantics swift6.2

            struct ItemData: Equatable {
                var title: String
                var done: Bool
            }

            @Observable final class Model {
                var items: [ItemData] = (0..<\(rows)).map { ItemData(title: "row \\($0)", done: false) }
                var header: String = "Items"
            }

            struct Root: View {
                @State private var model = Model()
                var body: some View {
                    VStack {
                        Text(model.header)
                        ItemList(model: model)
                    }
                }
            }

            struct ItemList: View {
                let model: Model
                var body: some View {
                    List {
                        ForEach(model.items.indices, id: \\.self) { index in
                            Row(model: model, index: index)
                        }
                    }
                }
            }

            struct Row: View {
                let model: Model
                let index: Int
                var body: some View {
                    Text(model.items[index].title)
                        .strikethrough(model.items[index].done)
                }
            }


            """
        case .mixed:
            return """
            // Generated by ripple-bench: \(rows) rows under an ObservableObject, a @State flag and an environment key.
            scenario "bench mixed \(rows) rows"
            semantics swift6.2

            struct Entry: Identifiable, Equatable {
                var id: Int
                var title: String
            }

            final class Store: ObservableObject {
                @Published var entries: [Entry] = (0..<\(rows)).map { Entry(id: $0, title: "row \\($0)") }
                @Published var count: Int = 0
            }

            struct Root: View {
                @StateObject private var store = Store()
                @State private var flag: Bool = false
                var body: some View {
                    VStack {
                        Toolbar(flag: flag, count: store.count)
                        ItemList(store: store)
                    }
                }
            }

            struct Toolbar: View {
                @Environment(\\.colorScheme) private var scheme
                let flag: Bool
                let count: Int
                var body: some View {
                    Text(scheme == .dark ? "dark" : "light")
                    Text(flag ? "on: \\(count)" : "off: \\(count)")
                }
            }

            struct ItemList: View {
                @ObservedObject var store: Store
                var body: some View {
                    List {
                        ForEach(store.entries) { entry in
                            Row(title: entry.title)
                        }
                    }
                }
            }

            struct Row: View {
                let title: String
                var body: some View {
                    Text(title)
                }
            }


            """
        }
    }
}
