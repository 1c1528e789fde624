/// Rule 10.6 of `docs/Semantics.md`: the identity of views inside an `AnyView`.
///
/// An `AnyView` has the identity of the place it stands, and erases the type of the view it wraps: SwiftUI
/// compares that type when the `AnyView` is built again, keeps the wrapped view (its `@State` included)
/// while it is the same, and destroys and recreates it when it changes. So `AnyView(DogCard(…))` returned
/// from either branch of a helper is one view, and `AnyView(DogCard(…).padding())` from one branch and
/// `AnyView(DogCard(…))` from the other are two.
enum TypeErasure {
    /// The type an `AnyView` wraps, as its syntax shows it: a view the source declares (`isView`) with the
    /// modifiers written around it, innermost first (`DogCard.padding.opacity`). A modifier's arguments do
    /// not change its type. Nil when the syntax does not show the type (a container's content, a local, a
    /// conditional): its views keep the identities of where they are written.
    static func wrappedType(of expression: ExprSyntax, isView: (String) -> Bool) -> String? {
        switch expression.kind {
        case .call(let callee, _, let trailing):
            switch callee.kind {
            case .identifier(let name): return trailing.isEmpty && isView(name) ? name : nil
            case .member(let base, let modifier, _): return wrappedType(of: base, isView: isView).map { $0 + "." + modifier }
            default: return nil
            }
        case .member(let base, let modifier, _): return wrappedType(of: base, isView: isView).map { $0 + "." + modifier }
        case .paren(let inner): return wrappedType(of: inner, isView: isView)
        default: return nil
        }
    }

    /// Whether an expression is `AnyView(…)`.
    static func isErasure(_ expression: ExprSyntax) -> Bool {
        if case .call(let callee, let arguments, let trailing) = expression.kind, case .identifier("AnyView") = callee.kind,
           arguments.count == 1, trailing.isEmpty { return true }
        return false
    }

    /// The note where the wrapped type is not known from the syntax.
    static let unknownTypeNote = "the type this AnyView wraps is not plain from its syntax: the views in it keep the identities of where they are written"
}
