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
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), ControlSite.modifiers.contains(member.declName.baseName.text) {
            record("." + member.declName.baseName.text, at: member.declName, call: node)
        }
        return .visitChildren
    }

    private func record(_ control: String, at name: some SyntaxProtocol, call: FunctionCallExprSyntax) {
        let end = positions.location(ofOffset: call.endPositionBeforeTrailingTrivia.utf8Offset)
        found.append(ControlSite(control: control, viewType: types.last, location: positions.location(of: name), endLine: end.line))
    }
}
