internal import SwiftSyntax
internal import RippleCore

/// Finds the controls and handlers of one parsed file (`ControlSite`) in the code its build configuration
/// compiles: the inactive clauses of every `#if` are skipped, postfix ones in a modifier chain included.
///
/// It reads swift-syntax's tree, not Ripple's lowered one, so a control in a body Ripple does not simulate
/// is still found: that is what lets the coverage summary count what the audit did not reach.
final class ControlSites: SyntaxVisitor {
    private let positions: SourcePositions
    private let build: BuildSettings
    /// The names of the types around the node being visited, innermost last.
    private var types: [String] = []
    private(set) var found: [ControlSite] = []

    private init(positions: SourcePositions, build: BuildSettings) {
        self.positions = positions
        self.build = build
        super.init(viewMode: .sourceAccurate)
    }

    /// The controls of `tree`, in source order.
    static func find(in tree: SourceFileSyntax, positions: SourcePositions, build: BuildSettings) -> [ControlSite] {
        let visitor = ControlSites(positions: positions, build: build)
        visitor.walk(tree)
        return visitor.found
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let clause = build.activeClause(of: node), let elements = clause.elements else { return .skipChildren }
        switch elements {
        case .statements(let items): walk(items)
        case .switchCases(let cases): walk(cases)
        case .decls(let members): walk(members)
        case .postfixExpression(let expression): walk(expression)
        case .attributes(let attributes): walk(attributes)
        @unknown default: walk(elements)
        }
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.extendedType.trimmedDescription) }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        types.append(name)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self), ControlSite.views.contains(name.baseName.text) {
            record(name.baseName.text, at: name, call: node)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), ControlSite.modifiers.contains(member.declName.baseName.text),
                  Self.isModifierCall(member.declName.baseName.text, node) {
            record("." + member.declName.baseName.text, at: member.declName, call: node)
        }
        return .visitChildren
    }

    /// Whether a call named as a handler modifier is that modifier: `.onChange(of: x) { … }` is, while an
    /// app's own `Binding.onChange(_:)` (`$flag.onChange(save)`), which takes no `of:`, is not a control.
    private static func isModifierCall(_ name: String, _ call: FunctionCallExprSyntax) -> Bool {
        name != "onChange" || call.arguments.first?.label?.text == "of"
    }

    private func record(_ control: String, at name: some SyntaxProtocol, call: FunctionCallExprSyntax) {
        let end = positions.location(ofOffset: call.endPositionBeforeTrailingTrivia.utf8Offset)
        found.append(ControlSite(control: control, viewType: types.last, location: positions.location(of: name), endLine: end.line,
                                 placement: Self.placement(of: call)))
    }

    /// The modifiers and views whose closures hold content shown only in some state, or by a gesture;
    /// `ForEach` and a `List` of data hold rows.
    private static let contentHolders: Set<String> = Unmodelled.contentModifiers.union(["searchSuggestions", "Menu"])

    /// What around a control can keep it off a screen, looking no further than the member that holds it:
    /// the outermost of what shows it only in some state (a presentation's content, a row of a list, an
    /// `if` or `switch` clause), which a person meets first; else the innermost other content (a menu, a
    /// toolbar, swipe actions), else the view helper it is in.
    static func placement(of call: FunctionCallExprSyntax) -> ControlSite.Placement? {
        var around: [ControlSite.Placement] = []
        var child = Syntax(call)
        walk: while let parent = child.parent {
            if let closure = child.as(ClosureExprSyntax.self), let holder = holder(of: closure) { around.append(.content(of: holder)) }
            if let ifExpression = parent.as(IfExprSyntax.self), child.is(CodeBlockSyntax.self) || child.is(IfExprSyntax.self) {
                let conditions = ifExpression.conditions.trimmedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
                let clause = "if " + (conditions.count > 40 ? conditions.prefix(39) + "…" : conditions)
                around.append(.branch(child.id == Syntax(ifExpression.body).id ? clause : "else of " + clause))
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), child.is(CodeBlockItemListSyntax.self) {
                around.append(.branch(switchCase.label.trimmedDescription.trimmingSuffix(":")))
            }
            if let variable = parent.as(VariableDeclSyntax.self) {
                let name = variable.bindings.first?.pattern.trimmedDescription ?? ""
                if name != "body" { around.append(.helper(name)) }
                break walk
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                around.append(.helper(function.name.text + "(…)"))
                break walk
            }
            if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { break walk }
            child = parent
        }
        return around.last(where: \.showsOnlyInSomeState) ?? around.first
    }

    /// The modifier or view a closure is the content of (`.alert`, `Menu`), nil for any other closure.
    private static func holder(of closure: ClosureExprSyntax) -> String? {
        var node = Syntax(closure)
        // A trailing closure's parent is the call; a labelled one's is its argument, in the argument list;
        // a further trailing closure's is its element, in that list.
        for _ in 0..<3 {
            guard let parent = node.parent else { return nil }
            if let call = parent.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), contentHolders.contains(member.declName.baseName.text) {
                    return "." + member.declName.baseName.text
                }
                guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
                // `ForEach(items) { … }` and `List(items) { … }` build their closure once a row: `List { … }` once.
                if contentHolders.contains(name) || name == "ForEach" || (name == "List" && !call.arguments.isEmpty) { return name }
                return nil
            }
            node = parent
        }
        return nil
    }
}

extension ControlSite.Placement {
    /// Whether what it names is shown only in some state: a presentation's content, a row, a clause.
    fileprivate var showsOnlyInSomeState: Bool {
        switch self {
        case .content(let holder): ["ForEach", "List"].contains(holder) || ControlSite.presentations.contains(holder)
        case .branch: true
        case .helper: false
        }
    }
}

extension String {
    /// The text without `suffix` at its end, if it ends with it.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
