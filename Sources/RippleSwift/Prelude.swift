internal import RippleCore

/// Declarations every scenario can use without writing them: SwiftUI's common environment keys and their
/// types. Each front end hands them to the resolver with the tree it read (`ScenarioSyntax.prelude`).
enum Prelude {
    static let file = "<prelude>"

    static let source = """
    enum ColorScheme { case light, dark }
    enum DynamicTypeSize { case small, medium, large, xLarge, xxLarge, accessibility1 }
    enum UserInterfaceSizeClass { case compact, regular }
    extension EnvironmentValues {
        @Entry var colorScheme: ColorScheme = .light
        @Entry var dynamicTypeSize: DynamicTypeSize = .large
        @Entry var horizontalSizeClass: UserInterfaceSizeClass? = .compact
        @Entry var isEnabled: Bool = true
        @Entry var locale: String = "en_US"
        @Entry var timeZone: String = "UTC"
        @Entry var dismiss: () -> Void = {}
        @Entry var openURL: () -> Void = {}
    }
    """

    /// The declarations, lowered once.
    static let declarations: [DeclarationSyntax] = {
        let positions = SourcePositions(source: source, file: file)
        guard let tree = SwiftParse.tree(of: source, positions: positions).tree else { return [] }
        var lowering = SwiftLowering(positions: positions, closedWorld: true)
        lowering.lower(tree)
        return lowering.declarations
    }()
}
