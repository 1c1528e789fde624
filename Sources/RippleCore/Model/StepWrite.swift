/// One component of a written place below its root: `.items`, `[241]`, `.done`.
enum TargetComponent: Hashable, Sendable {
    case member(name: String, location: SourceLocation)
    /// `[i]` with an integer literal, known before the step runs; the argument's location is where an
    /// out-of-range index is reported.
    case literalIndex(Int, location: SourceLocation, argumentLocation: SourceLocation)
    /// Any other component (a computed index, `!`), run from its syntax when the step runs.
    case syntax(ExprSyntax)

    /// Where the component is written, for messages.
    var location: SourceLocation {
        switch self {
        case .member(_, let location), .literalIndex(_, let location, _): location
        case .syntax(let expression): expression.location
        }
    }

    /// The component of a chain, as written.
    init(_ expression: ExprSyntax) {
        switch expression.kind {
        case .member(_, let name, _):
            self = .member(name: name, location: expression.location)
        case .subscriptAccess(_, let arguments, _):
            if arguments.count == 1, arguments[0].label == nil, case .integer(let index) = arguments[0].value.kind {
                self = .literalIndex(index, location: expression.location, argumentLocation: arguments[0].location)
            } else {
                self = .syntax(expression)
            }
        default:
            self = .syntax(expression)
        }
    }
}

/// A step statement of the usual shape, `root.a[2].b = literal`, taken apart when the scenario is
/// resolved.
///
/// Replaying a step reads this small record instead of walking the statement's syntax tree: at 100,000
/// rows the load's engine has pushed that tree out of the cache by the time the steps run again, and
/// each of its nodes was a miss (five per write, in a cache-simulated run). The record holds only what
/// the syntax says; every name is still looked up when the step runs, against that variant's tree.
///
/// A class: every replay of a step takes the record out of the step's list, and a struct of four
/// locations, two strings, an array and a value was copied field by field each time.
final class StepWrite: Hashable, Sendable {
    /// The root name (`model`) and where it is written.
    let root: String
    let rootLocation: SourceLocation
    /// Members and literal indices below the root, in order; at least one.
    let components: [TargetComponent]
    /// Where the target and the value expressions start, and the statement itself.
    let targetLocation: SourceLocation
    let valueLocation: SourceLocation
    let location: SourceLocation
    /// A `Bool` or a string without interpolation: the value, whatever type the place has.
    let literal: Value

    /// The write a statement makes, when it has this shape; nil for any other statement, which runs from
    /// its syntax.
    init?(_ statement: StatementSyntax) {
        guard case .assignment(let target, "=", let value) = statement.kind else { return nil }
        switch value.kind {
        case .bool(let flag):
            literal = Value.bool(flag)
        case .string(let parts):
            var text = ""
            for part in parts {
                guard case .text(let piece) = part else { return nil }
                text += piece
            }
            literal = Value.string(text)
        default:
            return nil
        }
        var components: [TargetComponent] = []
        var root = target
        walk: while true {
            switch root.kind {
            case .member(let base, _, let optional), .subscriptAccess(let base, _, let optional):
                if optional { return nil }
                let component = TargetComponent(root)
                if case .syntax = component { return nil }
                components.append(component)
                root = base
            default:
                break walk
            }
        }
        guard case .identifier(let name) = root.kind, !components.isEmpty else { return nil }
        self.root = name
        rootLocation = root.location
        self.components = components.reversed()
        targetLocation = target.location
        valueLocation = value.location
        location = statement.location
    }

    static func == (a: StepWrite, b: StepWrite) -> Bool {
        a.root == b.root && a.rootLocation == b.rootLocation && a.components == b.components && a.targetLocation == b.targetLocation
            && a.valueLocation == b.valueLocation && a.location == b.location && a.literal == b.literal
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(components)
        hasher.combine(literal)
    }
}
