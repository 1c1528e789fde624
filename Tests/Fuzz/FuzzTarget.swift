// libFuzzer entry point: arbitrary bytes through every stage, from Swift's own parser (a scenario file or a Swift file) to
// graphviz's SVG.
// Built only by Scripts/fuzz.sh (RIPPLE_FUZZ=1 adds the target to Package.swift and smaller limits to
// RippleCore and RippleRender, so that libFuzzer's one-second hang bound flags only work no limit bounds).

import RippleCore
import RippleRender
import RippleSwift

/// Loads the bytes as a scenario (directives, swift-syntax, lowering, resolver, every variant through every step); a scenario
/// that loads is rendered as `ripple render` renders it: DOT, graphviz's layout and SVG, the check on that
/// SVG, every step's picture, the trace and the HTML report.
///
/// A scenario that loads must render: a DOT text graphviz cannot read, or an SVG that `SVGSafety`
/// refuses, means a name got past the DOT writer's quoting, and stops the run as a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func rippleFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do throws(DiagnosticError) {
        render(try Scenario(bytes: bytes, file: "fuzz.ripple"))
    } catch {
        // The printer sees hostile lines too: long ones, control characters, invalid positions.
        _ = DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error.diagnostics)
    }
    // The same bytes as a Swift file, through the Swift front end: swift-syntax's parse, the lowering,
    // the notes, the open-world resolution, every root's first evaluation, and the render.
    guard size <= Scenario.maximumFileSize else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    var module = SwiftModule()
    module.add(files: [(path: "Fuzz.swift", source: text)])
    guard module.errors.isEmpty else {
        _ = DiagnosticPrinter(source: text).render(module.errors)
        return 0
    }
    do throws(DiagnosticError) {
        render(try Scenario(syntax: module.scenario(title: "fuzz", file: "Fuzz.swift", root: nil), file: "Fuzz.swift"))
    } catch {
        _ = DiagnosticPrinter(source: text).render(error.diagnostics)
    }
    return 0
}

/// Renders a scenario that loaded as `ripple render` does, and checks every SVG.
private func render(_ scenario: Scenario) {
    _ = TerminalText.sanitized(TraceText.render(scenario.trace))
    do {
        let rendered = try ScenarioRenderer.render(scenario, folder: "fuzz")
        for file in rendered.files where file.path.hasSuffix(".svg") {
            do throws(SVGSafety.Violation) {
                try SVGSafety.check(file.contents)
            } catch {
                fatalError("fuzz: \(file.path): \(error)")
            }
        }
    } catch let error as DiagnosticError where error.description.contains("could not be drawn") {
        fatalError("fuzz: a scenario that loads did not render: \(error)")
    } catch {
        // Runtime limits met while simulating again with graphs are the engine's, already fuzzed above.
    }
}
