/// Declarations every scenario can use without writing them: SwiftUI's common environment keys and their types.
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

    static let syntax: ScenarioSyntax = Parser.parse(source: source, file: file).0
}
