internal import SwiftSyntax
internal import Foundation
package import RippleCore

/// What Swift source files declare, in Ripple's syntax tree: the Swift front end's result.
///
/// swift-syntax's types stop here: the files are parsed with Swift's own parser, operators folded with
/// the standard precedence table, and the tree lowered (`SwiftLowering`) to the declarations, statements
/// and expressions the resolver and the engine read. What Ripple does not model is kept out of the tree
/// with a note saying what was assumed; errors are for what cannot be read at all (Swift's own syntax
/// errors, at their position).
package struct SwiftModule: Sendable {
    /// Types, globals and environment keys of every file, in file order.
    package var declarations: [DeclarationSyntax] = []
    /// The views built by `#Preview` blocks, `PreviewProvider`s and `WindowGroup`s, in source order: where
    /// the root and its environment come from when none is named.
    var rootCandidates: [SwiftLowering.RootCandidate] = []
    /// What Ripple assumed about code it does not model.
    package var notes: [Diagnostic] = []
    /// Syntax errors: the files cannot be simulated.
    package var errors: [Diagnostic] = []
    /// Extensions, from any file, added to the types they extend when the scenario is made.
    var extensions: [SwiftExtension] = []
    /// The functions of the source's `extension View`s, which Ripple does not simulate, by name, with where
    /// each is declared (`ScenarioSyntax.unsimulatedModifiers`).
    var unsimulatedModifiers: [String: RippleCore.SourceLocation] = [:]
    /// The controls and handlers of every file, in file order (`ControlSite`).
    package var controlSites: [ControlSite] = []

    /// Which clause of each `#if` the files are read with.
    package var build = BuildSettings()

    package init(build: BuildSettings = BuildSettings()) {
        self.build = build
    }

    /// Most levels of syntax a Swift file may nest (a documented limit): the deepest of 1,242 files from
    /// eight open-source apps nests 95 levels.
    package static let maximumDepth = 500

    /// How many levels of syntax a file's tree nests (`ripple-bench --corpus` reports the deepest).
    package static func nestingDepth(of source: String) -> Int {
        SyntaxDepth.maximum(of: SwiftParse.syntax(of: source))
    }

    /// A `.swift` file's text from its bytes. Where they are not valid UTF-8 each invalid sequence is
    /// read as U+FFFD and the rest of the file as written, with a note at the first invalid byte (a
    /// scenario file there is an error, `Scenario.text(of:file:)`).
    package static func text(of bytes: [UInt8], file: String) -> (text: String, note: Diagnostic?) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
        return (String(decoding: bytes, as: UTF8.self),
                .note("file is not valid UTF-8; its invalid bytes are read as U+FFFD", at: Scenario.firstInvalidUTF8(in: bytes, file: file)))
    }

    /// Parses and lowers files on every core, then adds what they declare in the order given: the
    /// result is the same as adding them one by one.
    package mutating func add(files: [(path: String, source: String)]) {
        let parts = IndexedResults<SwiftModule>(count: files.count)
        let build = self.build
        ParallelWork.perform(iterations: files.count) { index in
            var part = SwiftModule(build: build)
            part.add(source: files[index].source, file: files[index].path)
            parts.store(part, at: index)
        }
        for part in parts.all {
            declarations += part.declarations
            extensions += part.extensions
            rootCandidates += part.rootCandidates
            controlSites += part.controlSites
            notes += part.notes
            errors += part.errors
        }
    }

    /// Parses each file with swift-syntax alone, on every core as `add(files:)` does, and returns the bytes
    /// the trees hold: the baseline `ripple-bench` compares Ripple's whole import with.
    package static func parseOnly(files: [String]) -> Int {
        let counts = ParallelWork.map(files.count) { index in
            SwiftParse.syntax(of: files[index]).totalLength.utf8Length
        }
        return counts.reduce(0, +)
    }

    /// Parses and lowers one file's text and adds what it declares.
    package mutating func add(source: String, file: String) {
        let positions = SourcePositions(source: source, file: file)
        let (tree, problems, _) = SwiftParse.tree(of: source, positions: positions)
        guard let tree else {
            errors += problems
            return
        }
        var lowering = SwiftLowering(positions: positions)
        lowering.build = build
        lowering.lower(tree)
        controlSites += ControlSites.find(in: tree, positions: positions, build: build)
        declarations += lowering.declarations
        extensions += lowering.extensions
        rootCandidates += lowering.rootCandidates
        notes += lowering.notes
        errors += lowering.errors
    }

    /// The scenario the files make on their own: no steps, titled after `title`, rooted at `root` when
    /// it is given, else at the view the app's first scene builds (its launch state), else at the first
    /// `#Preview`'s, else at a `PreviewProvider`'s, else where the resolver finds it; in the environment
    /// the app's scenes or the preview give it. Without `root`, every other preview is a state of its own
    /// (`ScenarioSyntax.previews`), unless it builds the root as the root is built.
    /// Extensions are added to their types and what the engine does not simulate is taken out, with notes.
    package mutating func scenario(title: String, file: String, root: String?) -> ScenarioSyntax {
        let replaced = keepOneTypePerName()
        mergeExtensions()
        declarations = Unmodelled.simplify(declarations, notes: &notes)
        var syntax = ScenarioSyntax(file: file, title: title, declarations: declarations)
        syntax.opaqueViews = Unmodelled.opaqueViews(in: declarations, notes: &notes)
        syntax.replacedTypes = replaced
        syntax.unsimulatedModifiers = unsimulatedModifiers
        syntax.readsOtherModules = true
        syntax.controlSites = controlSites
        syntax.prelude = Prelude.declarations
        // Every screen is shown inside the app: the environment its scenes give is the environment of each.
        syntax.appEnvironment = rootCandidates.first { $0.kind == .app }?.appEnvironment ?? RootEnvironmentSyntax()
        // The app's launch state is the root; a `PreviewProvider` only where no `#Preview` or app names one.
        let candidate = rootCandidates.first { $0.kind == .app } ?? rootCandidates.first { $0.kind == .preview } ?? rootCandidates.first
        if let root {
            syntax.root = root
            syntax.rootEnvironment = syntax.appEnvironment
        } else if let candidate {
            syntax.root = candidate.name
            syntax.rootLocation = candidate.location
            syntax.rootArguments = candidate.arguments
            syntax.rootEnvironment = candidate.environment
            syntax.previews = rootCandidates.filter { $0.kind != .app && !$0.builds(as: candidate) }.map { preview in
                PreviewSyntax(view: preview.name, title: preview.title, location: preview.location, arguments: preview.arguments,
                              environment: preview.environment)
            }
        }
        return syntax
    }

    /// A scenario file that reads this module (`source "…"`): the module's declarations with the file's
    /// own (a declaration of the same name in the file replaces the module's), and the file's title,
    /// semantics, variants, steps and expectations. The root is `root`, else the preview's or window's.
    package mutating func scenario(merging scenario: ScenarioSyntax, root: String?) -> ScenarioSyntax {
        let own = Set(scenario.declarations.map(\.name))
        declarations.removeAll { own.contains($0.name) }
        declarations += scenario.declarations
        var syntax = self.scenario(title: scenario.title ?? scenario.file, file: scenario.file, root: root)
        syntax.titleLocation = scenario.titleLocation
        syntax.semantics = scenario.semantics
        syntax.variants = scenario.variants
        syntax.steps = scenario.steps
        syntax.expectations = scenario.expectations
        syntax.auditBudgets = scenario.auditBudgets
        syntax.visibleRows = scenario.visibleRows
        syntax.sources = scenario.sources
        // The file's steps run on the screen it names: the previews are not states of it.
        syntax.previews = []
        return syntax
    }

    /// Keeps one type of each name the files declare (`DuplicateTypes`), with a note at each other. An
    /// extension written in the file of a type not kept extends that type in Swift (a `fileprivate` one, a
    /// Finder copy's), so it is dropped with it, unless the kept type is in the same file.
    /// Returns, by name, the files whose own type was not kept and whose uses are simulated with another
    /// file's.
    private mutating func keepOneTypePerName() -> [String: Set<String>] {
        var byName: [String: [Int]] = [:]
        for (index, declaration) in declarations.enumerated() {
            if case .type(let type) = declaration { byName[type.name, default: []].append(index) }
        }
        var dropped: Set<Int> = []
        // Name and file of each `fileprivate` type dropped in favour of one in another file, whose uses
        // there Swift resolves to it; and of each type dropped in favour of one in another file, whose
        // extensions there extend it.
        var droppedPlaces: Set<[String]> = []
        var droppedExtensions: Set<[String]> = []
        for (name, indices) in byName.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
            let candidates = indices.map { index -> DuplicateTypes.Candidate in
                guard case .type(let type) = declarations[index] else { preconditionFailure("indices of types only") }
                return DuplicateTypes.Candidate(location: type.location, isFilePrivate: type.isFilePrivate)
            }
            let keep = DuplicateTypes.kept(candidates)
            for (position, index) in indices.enumerated() where position != keep {
                notes.append(.note(DuplicateTypes.message(for: name, candidates[position], keeping: candidates[keep]), at: candidates[position].location))
                dropped.insert(index)
                let file = candidates[position].location.file
                // A Finder copy is not built by the app: its uses are the original's.
                if file != candidates[keep].location.file, candidates[position].isFilePrivate { droppedPlaces.insert([name, file]) }
                if file != candidates[keep].location.file { droppedExtensions.insert([name, file]) }
            }
        }
        guard !dropped.isEmpty else { return [:] }
        declarations = declarations.indices.filter { !dropped.contains($0) }.map { declarations[$0] }
        extensions.removeAll { droppedExtensions.contains([$0.name, $0.location.file]) }
        var replaced: [String: Set<String>] = [:]
        for place in droppedPlaces { replaced[place[0], default: []].insert(place[1]) }
        return replaced
    }

    /// Adds each extension's members and conformances to the type it extends; an extension of a type the
    /// source does not declare (a SwiftUI or Foundation type) is a note.
    private mutating func mergeExtensions() {
        for record in SwiftExtensions.merge(extensions, into: &declarations) {
            notes.append(.note("extension of '\(record.name)', which the source does not declare, is not simulated", at: record.location))
            // A modifier an `extension View` declares (`func analyticsView(_:) -> some View`) may add views
            // of its own, whose bodies run: a body that applies one is not simulated whole.
            guard record.name == "View" else { continue }
            for case .function(let function) in record.members where unsimulatedModifiers[function.name] == nil {
                unsimulatedModifiers[function.name] = function.location
            }
        }
        extensions = []
    }
}

/// Extensions joined to the types they extend.
enum SwiftExtensions {
    /// Adds each extension's members and conformances to the type of `declarations` it extends, and
    /// returns the extensions of types that are not there.
    static func merge(_ extensions: [SwiftExtension], into declarations: inout [DeclarationSyntax]) -> [SwiftExtension] {
        var unmatched: [SwiftExtension] = []
        for record in extensions {
            guard let index = declarations.firstIndex(where: { if case .type(let t) = $0 { t.name == record.name } else { false } }),
                  case .type(var type) = declarations[index] else {
                unmatched.append(record)
                continue
            }
            type.members += record.members
            type.conformances += record.conformances.filter { !type.conformances.contains($0) }
            declarations[index] = .type(type)
        }
        return unmatched
    }
}

/// `extension T: P { members }`, lowered, waiting for `T`.
struct SwiftExtension: Sendable {
    var name: String
    var conformances: [String]
    var members: [MemberSyntax]
    var location: RippleCore.SourceLocation
}
