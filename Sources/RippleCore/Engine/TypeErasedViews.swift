// Views built inside `AnyView(…)` (Rule 10.6, `TypeErasure`).

extension Engine {
    /// Builds the view an `AnyView(…)` at `location` wraps. When its type is plain from the syntax, every
    /// view it builds is known by the place the `AnyView` stands, the wrapped type and its position among
    /// them, not by the line it is written on: a helper returning `AnyView(DogCard(…))` from two branches
    /// keeps one card. The place is the helper's use when the `AnyView` is what a helper declared
    /// `AnyView` returns (`erasureAnchor`), else the `AnyView` itself.
    @inline(never)
    mutating func buildErased(_ wrapped: ExprSyntax, in scope: Scope, context: BuildContext, into output: inout [ChildDescription],
                              at location: SourceLocation) throws(EvaluationError) {
        let anchor = erasureAnchor ?? location
        erasureAnchor = nil
        let type = TypeErasure.wrappedType(of: wrapped) { table.views[$0] != nil }
        var built: [ChildDescription] = []
        try buildView(wrapped, in: scope, context: context, into: &built)
        if let type {
            let site = siteNumber(anchor)
            for index in built.indices {
                built[index].key.site = site
                built[index].key.erasedType = index == 0 ? type : type + "#\(index)"
            }
        } else if !built.isEmpty {
            assume(TypeErasure.unknownTypeNote, at: location)
        }
        output.append(contentsOf: built)
    }

    /// `flag ? AnyView(A()) : AnyView(B())` is one `AnyView`, at the place of the conditional: the branch
    /// built is known by that place (`erasureAnchor`), as a helper's `return` is by the helper's use.
    @inline(never)
    mutating func anchorErasedBranches(_ yes: ExprSyntax, _ no: ExprSyntax, at location: SourceLocation) {
        guard TypeErasure.isErasure(yes), TypeErasure.isErasure(no) else { return }
        erasureAnchor = location
    }
}
