/// What Ripple knows of a modifier by its name: the one table every part of the engine that treats
/// modifiers differently asks, so that they cannot disagree.
///
/// `applyModifier` switches over `Modifier.Kind`; a new kind is a compile error there until it is
/// handled.
enum Modifier {
    /// How a modifier changes what its base is built with.
    enum Kind: Equatable {
        /// `.environment(…)`, `.environmentObject(…)`, `.id(…)`, `.equatable()`, `.modifier(…)`,
        /// `.onChange(of:)`, `.onAppear { }`, `.onDisappear { }`, `.disabled(…)`: each changes the context the
        /// base is built in, what the body reads, or what runs after an update.
        case context(Context)
        /// Presents its closure's views only while its state says so (`.sheet(isPresented:)`,
        /// `.sheet(item:)`, `.navigationDestination(for:)`, …): Rule 15, `Presentation`.
        case presentation
        /// Its closures are view builders built with the body (`.overlay { … }`, `.toolbar { … }`).
        case builder
        /// Only styles: its arguments are read, its closures run later.
        case styling
        /// `.task { … }`, `.refreshable { … }`: its closure starts when the view appears (a `.task`, Rule
        /// 17) or when a step says so (`refresh X`); otherwise it is read as a styling modifier's.
        case action(ViewActionKind)
    }

    /// The context modifiers, each handled by name.
    enum Context: Equatable {
        case environment, environmentObject, id, equatable, viewModifier, onChange, onAppear, onDisappear, disabled
    }

    /// The kind of the modifier called `name`. A few names compared in turn cost less than hashing the
    /// name, which every modifier of every evaluated body would do.
    static func kind(of name: String) -> Kind {
        switch name {
        case "environment": .context(.environment)
        case "environmentObject": .context(.environmentObject)
        case "id": .context(.id)
        case "equatable": .context(.equatable)
        case "modifier": .context(.viewModifier)
        case "onChange": .context(.onChange)
        case "onAppear": .context(.onAppear)
        case "onDisappear": .context(.onDisappear)
        case "disabled": .context(.disabled)
        case "sheet", "popover", "fullScreenCover", "alert", "confirmationDialog", "inspector", "navigationDestination": .presentation
        case "overlay", "background", "toolbar", "safeAreaInset", "contextMenu", "swipeActions", "mask": .builder
        case "task": .action(.task)
        case "refreshable": .action(.refresh)
        default: .styling
        }
    }
}
