/// Rule 4.6 of `docs/Semantics.md`: where the initial value of a view's own storage is evaluated.
///
/// `@State var model = Model()` is `State(wrappedValue: Model())`: an ordinary argument, evaluated each time
/// the view's struct is made, which is inside the parent's body. So what it reads (a model initializer that
/// reads an observable property, its own or another object's) is read while the parent's body runs, and
/// charged to the parent; the value is kept only the first time, when the identity appears, and dropped
/// after. `@StateObject var store = Store()` takes an autoclosure that SwiftUI runs once, when the identity
/// first appears and outside any body: its reads are charged to no one.
enum InitialValue {
    /// Whether a default value is evaluated in the parent's body each time the view is made: for storage
    /// whose wrapper takes the value itself, not an autoclosure, and for an expression that can read
    /// something (a literal cannot, and is not evaluated again).
    static func evaluatedInParentBody(takesAutoclosure: Bool, isLiteral: Bool) -> Bool {
        !takesAutoclosure && !isLiteral
    }

    /// Whether an expression is a literal, which reads nothing: a number, a string without
    /// interpolation, a boolean, `nil`, or an array or dictionary of them.
    static func isLiteral(_ expression: ExprSyntax) -> Bool {
        switch expression.kind {
        case .integer, .double, .bool, .nilLiteral: true
        case .string(let parts): parts.allSatisfy { if case .text = $0 { true } else { false } }
        case .array(let elements): elements.allSatisfy(isLiteral)
        case .dictionary(let keys, let values): keys.allSatisfy(isLiteral) && values.allSatisfy(isLiteral)
        case .unary("-", let inner): isLiteral(inner)
        case .implicitMember: true
        default: false
        }
    }
}
