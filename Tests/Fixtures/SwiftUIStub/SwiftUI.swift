// A stand-in for SwiftUI, declaring only what the rewrites of Ripple's proven fixes use, so that the
// suite can type-check them with `swiftc -typecheck -swift-version 6` on a machine without SwiftUI
// (`FixPatchTypecheckTests`, docs/Audit.md). It is compiled as the module `SwiftUI`; the bodies do
// nothing. What matters is the isolation and the types: `View` is a `@MainActor` protocol, as in
// SwiftUI, so a `static func ==` a view declares must be `nonisolated` to satisfy `Equatable`.
// `@Observable` is Swift's own macro (Observation works on Linux); `ObservableObject` and `@Published`
// stand in for Combine's, which Linux does not have.

@_exported import Foundation
@_exported import Observation

// MARK: - Views and builders

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// A view the stand-in builds from others; it shows nothing.
public struct Built<Content>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    nonisolated init() {}
}

@resultBuilder public enum ViewBuilder {
    public static func buildExpression<C: View>(_ content: C) -> C { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<C: View>(_ content: C) -> C { content }
    public static func buildBlock<each C: View>(_ content: repeat each C) -> Built<(repeat each C)> { Built() }
    public static func buildIf<C: View>(_ content: C?) -> C? { content }
    public static func buildOptional<C: View>(_ content: C?) -> Built<C?> { Built() }
    public static func buildEither<T: View, F: View>(first: T) -> Built<(T, F)> { Built() }
    public static func buildEither<T: View, F: View>(second: F) -> Built<(T, F)> { Built() }
    public static func buildLimitedAvailability<C: View>(_ content: C) -> Built<C> { Built() }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public nonisolated init() {}
}

public struct Text: View, Equatable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public nonisolated init(_ text: String) {}
    public nonisolated init<S: StringProtocol>(_ text: S) {}
    public nonisolated init(verbatim: String) {}
    public func bold(_ isActive: Bool = true) -> Text { self }
    public func italic() -> Text { self }
    public func strikethrough(_ active: Bool = true) -> Text { self }
    public func font(_ font: Font?) -> Text { self }
    public func foregroundStyle(_ style: Color) -> Text { self }
    public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

public struct Font: Sendable {
    public static let headline = Font(), subheadline = Font(), body = Font(), caption = Font(), title = Font(), largeTitle = Font(), footnote = Font()
}

public struct Color: View, Sendable {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public static let red = Color(), green = Color(), blue = Color(), gray = Color(), secondary = Color(), primary = Color(), accentColor = Color(), orange = Color(), yellow = Color()
}

public struct Image: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(systemName: String) {}
    public init(_ name: String) {}
}

public struct AsyncImage: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(url: URL?) {}
}

public struct Button<Label: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {}
}

public struct Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(_ title: String, systemImage: String) {}
}

public struct Toggle: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(_ title: String, isOn: Binding<Bool>) {}
}

public struct TextField: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(_ title: String, text: Binding<String>) {}
}

public struct Stepper: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init<V: Strideable>(_ title: String, value: Binding<V>) {}
    public init<V: Strideable>(_ title: String, value: Binding<V>, in bounds: ClosedRange<V>) {}
    public init<V: Strideable>(value: Binding<V>, @ViewBuilder label: () -> some View) {}
}

/// A container of views: `VStack`, `List`, `Form`, a `Section` and the like.
public struct Stack<Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) {}
    public init(alignment: HorizontalAlignment, spacing: Double? = nil, @ViewBuilder content: () -> Content) {}
    public init(spacing: Double?, @ViewBuilder content: () -> Content) {}
    public init(_ title: String, @ViewBuilder content: () -> Content) {}
    public init<H: View>(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> H) {}
}

public enum HorizontalAlignment: Sendable { case leading, center, trailing }

public typealias VStack = Stack
public typealias HStack = Stack
public typealias ZStack = Stack
public typealias LazyVStack = Stack
public typealias Form = Stack
public typealias Section = Stack
public typealias Group = Stack
public typealias ScrollView = Stack
public typealias NavigationStack = Stack

public struct List<Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                    @ViewBuilder rowContent: @escaping (Data.Element) -> Row) where Content == Built<Row> {}
    public init<Data: RandomAccessCollection, Row: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> Row)
        where Content == Built<Row>, Data.Element: Identifiable {}
}

public struct ForEach<Data, ID: Hashable, Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension ForEach where Data: RandomAccessCollection {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Data: RandomAccessCollection, Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {}
}

extension ForEach {
    /// `ForEach($items) { $item in … }`: a binding to each element.
    public init<C: RandomAccessCollection & MutableCollection>(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
        where Data == [Binding<C.Element>], C.Element: Identifiable, ID == C.Element.ID {}
}

public struct GeometryProxy {
    public var size: (width: Double, height: Double) { (0, 0) }
}

public struct GeometryReader<Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct Spacer: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    public init() {}
}

// MARK: - Modifiers

public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = Built<Self>
    @ViewBuilder @MainActor func body(content: Content) -> Body
}

extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> Built<(Self, M)> { Built() }
    public func bold(_ isActive: Bool = true) -> Built<Self> { Built() }
    public func strikethrough(_ active: Bool = true) -> Built<Self> { Built() }
    public func font(_ font: Font?) -> Built<Self> { Built() }
    public func foregroundStyle(_ style: Color) -> Built<Self> { Built() }
    public func padding(_ length: Double? = nil) -> Built<Self> { Built() }
    public func opacity(_ opacity: Double) -> Built<Self> { Built() }
    public func equatable() -> Built<Self> { Built() }
    public func navigationTitle(_ title: String) -> Built<Self> { Built() }
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> Built<Self> { Built() }
    public func onTapGesture(perform action: @escaping @MainActor () -> Void) -> Built<Self> { Built() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> Built<Self> { Built() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor (V, V) -> Void) -> Built<Self> { Built() }
    public func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> Built<Self> { Built() }
    public func sheet<C: View>(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> C) -> Built<Self> { Built() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> Built<Self> { Built() }
    public func environment<T: AnyObject & Observable>(_ object: T?) -> Built<Self> { Built() }
    public func environmentObject<T: ObservableObject>(_ object: T) -> Built<Self> { Built() }
    public func searchable(text: Binding<String>) -> Built<Self> { Built() }
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Built<Self> { Built() }
    public func scaleEffect(_ scale: Double) -> Built<Self> { Built() }
    public func toolbar<C>(@ToolbarBuilder content: () -> C) -> Built<Self> { Built() }
}

@resultBuilder public enum ToolbarBuilder {
    public static func buildExpression<C>(_ content: C) -> C { content }
    public static func buildBlock<each C>(_ content: repeat each C) -> (repeat each C) { (repeat each content) }
}

public enum ToolbarItemPlacement: Sendable { case primaryAction, status, automatic, cancellationAction, confirmationAction }

public struct ToolbarItem<Content: View> {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

// MARK: - Storage

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { self }
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public init(projectedValue: Binding<Value>) {}
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> Binding<T> { fatalError() }
}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: RandomAccessCollection, BidirectionalCollection, Collection, Sequence
where Value: MutableCollection & RandomAccessCollection {
    public typealias Index = Value.Index
    public var startIndex: Index { wrappedValue.startIndex }
    public var endIndex: Index { wrappedValue.endIndex }
    public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
    public func index(before i: Index) -> Index { wrappedValue.index(before: i) }
    public subscript(position: Index) -> Binding<Value.Element> { fatalError() }
}

@propertyWrapper public struct State<Value> {
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { fatalError() }
    public init(wrappedValue: Value) {}
    public init(initialValue: Value) {}
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

@propertyWrapper @dynamicMemberLookup public struct Bindable<Value: AnyObject & Observable> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ value: Value) { wrappedValue = value }
    public subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, T>) -> Binding<T> { fatalError() }
}

@propertyWrapper public struct AppStorage<Value> {
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { fatalError() }
    public init(wrappedValue: Value, _ key: String) {}
}

/// Combine's protocol, as far as the rewrites use it.
public protocol ObservableObject: AnyObject {}

@propertyWrapper public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

@propertyWrapper public struct StateObject<Object: ObservableObject> {
    public var wrappedValue: Object { fatalError() }
    public var projectedValue: ObservedObject<Object>.Wrapper { fatalError() }
    public init(wrappedValue: @autoclosure @escaping () -> Object) {}
}

@propertyWrapper public struct ObservedObject<Object: ObservableObject> {
    @dynamicMemberLookup public struct Wrapper {
        public subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<Object, T>) -> Binding<T> { fatalError() }
    }
    public var wrappedValue: Object
    public var projectedValue: Wrapper { fatalError() }
    public init(wrappedValue: Object) { self.wrappedValue = wrappedValue }
}

@propertyWrapper public struct EnvironmentObject<Object: ObservableObject> {
    public var wrappedValue: Object { fatalError() }
    public var projectedValue: ObservedObject<Object>.Wrapper { fatalError() }
    public init() {}
}

public enum ColorScheme: Sendable { case light, dark }

public struct DismissAction: Sendable {
    @MainActor public func callAsFunction() {}
}

public struct EnvironmentValues {
    public var colorScheme: ColorScheme { get { .light } set {} }
    public var dismiss: DismissAction { DismissAction() }
    public var isEnabled: Bool { get { true } set {} }
}

@propertyWrapper public struct Environment<Value> {
    public var wrappedValue: Value { fatalError() }
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
}

extension Environment {
    public init(_ type: Value.Type) where Value: AnyObject & Observable {}
    public init<T: AnyObject & Observable>(_ type: T.Type) where Value == T? {}
}

// MARK: - Apps

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    public static func main() {}
}

@MainActor @preconcurrency public protocol Scene {}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}
