/// A short list whose first two elements are kept in the value itself, and any more in an array.
///
/// An instance keeps the keys it depends on and the places it reads, and a body almost always has one
/// or two of each. Kept as arrays, they were two more heap blocks per instance; at 100,000 rows a write
/// reaches a row not touched since the load, and each block was a cache miss when the re-evaluation
/// compared the new keys and places with the old. Inline, they share the instance's own cache lines,
/// which the evaluation reads anyway.
struct InlineList<Element: Equatable & Sendable>: RandomAccessCollection, Equatable, Sendable {
    private enum Storage: Equatable, Sendable {
        case empty
        case one(Element)
        case two(Element, Element)
        case many([Element])
    }

    private var storage = Storage.empty

    init() {}

    init(_ elements: [Element]) {
        switch elements.count {
        case 0: storage = .empty
        case 1: storage = .one(elements[0])
        case 2: storage = .two(elements[0], elements[1])
        default: storage = .many(elements)
        }
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .empty: 0
        case .one: 1
        case .two: 2
        case .many(let elements): elements.count
        }
    }

    subscript(position: Int) -> Element {
        switch storage {
        case .empty: preconditionFailure("index \(position) out of range of an empty list")
        case .one(let only): return only
        case .two(let first, let second):
            switch position {
            case 0: return first
            case 1: return second
            default: preconditionFailure("index \(position) out of range of a list of two")
            }
        case .many(let elements): return elements[position]
        }
    }

    /// Whether the list holds exactly these elements, in this order.
    func holds(_ elements: [Element]) -> Bool {
        switch storage {
        case .empty: elements.isEmpty
        case .one(let only): elements.count == 1 && elements[0] == only
        case .two(let first, let second): elements.count == 2 && elements[0] == first && elements[1] == second
        case .many(let own): own == elements
        }
    }
}
