// A simulated value as the JSON trace carries it beside its Swift text (`TraceValue`).

extension Engine {
    /// A written value as JSON has it, for the trace (`TraceValue`); nested values below 20 levels are
    /// `null`. `mutating`, as the writes that call it are: a scalar is answered without a copy of the
    /// engine (see `Engine`, and `describeWritten`).
    mutating func traceWritten(_ value: Value) -> TraceValue {
        if let traced = Self.scalarTraceValue(value) { return traced }
        return traceValue(value, depth: 0)
    }

    /// `traceWritten` of a scalar, the usual written value; nil for any other value. Static, so that a
    /// write calls it without handing it the engine (see `Engine`).
    static func scalarTraceValue(_ value: Value) -> TraceValue? {
        switch value {
        case .int(let number): .number(Double(number))
        case .double(let number) where number.isFinite: .number(number)
        case .bool(let flag): .bool(flag)
        case .string(let text): .string(text)
        case .none: .null
        default: nil
        }
    }

    /// `traceWritten` of a value `depth` levels down, in full.
    func traceValue(_ value: Value, depth: Int) -> TraceValue {
        guard depth < 20 else { return .null }
        switch value {
        case .int(let number): return .number(Double(number))
        case .double(let number): return number.isFinite ? .number(number) : .string(describe(value))
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .none: return .null
        case .array(let elements): return .array(elements.prefix(1000).map { traceValue($0, depth: depth + 1) })
        case .dictionary(let keys, let values):
            var fields: [String: TraceValue] = [:]
            for (key, value) in zip(keys, values) {
                guard case .string(let name) = key else {
                    return .array(zip(keys, values).prefix(1000).map { .array([traceValue($0, depth: depth + 1), traceValue($1, depth: depth + 1)]) })
                }
                fields[name] = traceValue(value, depth: depth + 1)
            }
            return .object(fields)
        case .record(let type, let values):
            let names = dataInfos[type]?.declaration.stored.map(\.name) ?? values.indices.map { "\($0)" }
            var fields: [String: TraceValue] = [:]
            for (name, value) in zip(names, values) { fields[name] = traceValue(value, depth: depth + 1) }
            return .object(fields)
        case .enumCase(_, let name, let payload):
            return payload.isEmpty ? .string(name) : .object([name: .array(payload.map { traceValue($0, depth: depth + 1) })])
        case .object(let object):
            return .object(["object": .string(objectName(object))])
        case .closure, .binding, .keyPath, .opaque:
            return .null
        }
    }
}
