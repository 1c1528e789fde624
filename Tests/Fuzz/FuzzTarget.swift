// libFuzzer entry point: arbitrary bytes through every stage, from the lexer to graphviz's SVG.
// Built only by Scripts/fuzz.sh (RIPPLE_FUZZ=1 adds the target to Package.swift and smaller limits to
// RippleCore and RippleRender, so that libFuzzer's one-second hang bound flags only work no limit bounds).

import RippleCore
import RippleRender

/// Loads the bytes as a scenario (lexer, parser, resolver, every variant through every step); a scenario
/// that loads is rendered as `ripple render` renders it: DOT, graphviz's layout and SVG, the check on that
/// SVG, every step's picture, the trace and the HTML report.
///
/// A scenario that loads must render: a DOT text graphviz cannot read, or an SVG that `SVGSafety`
/// refuses, means a name got past the DOT writer's quoting, and stops the run as a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func rippleFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let scenario: Scenario
    do throws(DiagnosticError) {
        scenario = try Scenario(bytes: bytes, file: "fuzz.ripple")
    } catch {
        // The printer sees hostile lines too: long ones, control characters, invalid positions.
        _ = DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error.diagnostics)
        return 0
    }
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
    return 0
}
