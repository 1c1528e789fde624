/// Prints a variant's instance tree the way `ripple parse` shows it.
public enum ModelDump {
    /// The snapshot as an indented tree: objects, then each instance with its properties and reads.
    public static func render(_ snapshot: ModelSnapshot, variant: String, semantics: Semantics) -> String {
        var text = "variant \"\(variant)\" (\(semantics.rawValue))\n"
        if !snapshot.objects.isEmpty {
            text += "  objects\n"
            for object in snapshot.objects {
                text += "    \(object.name): \(object.type) (\(object.kind))\n"
                for property in object.properties {
                    text += "      \(property.marker.isEmpty ? "" : property.marker + " ")\(property.name) = \(property.value)\n"
                }
                for computed in object.computed {
                    text += "      computed \(computed.name) reads \(computed.reads.isEmpty ? "nothing stored" : computed.reads.joined(separator: ", "))\n"
                }
            }
        }
        text += "  instances\n"
        for instance in snapshot.instances {
            let indent = String(repeating: "  ", count: instance.depth + 2)
            text += "\(indent)\(instance.name)\(instance.isModifier ? " (ViewModifier)" : "")\(instance.isHiddenRow ? " (row content; the view it builds stands for it)" : "")  [\(instance.path)]\n"
            for property in instance.properties {
                let source = property.source.map { " = \($0)" } ?? ""
                text += "\(indent)  \(property.role) \(property.name)\(source) → \(property.value)\n"
            }
            for key in instance.declaredKeys {
                text += "\(indent)  subscribes \(key.key) (\(key.mechanism))\n"
            }
            for read in instance.reads {
                if read.deferred {
                    text += "\(indent)  reads \(read.path) — deferred, no dependency\n"
                    continue
                }
                text += "\(indent)  reads \(read.path) = \(read.value ?? "?")  [\(read.root)]\n"
                if read.keys.isEmpty {
                    let why = read.root == "input" ? "input: compared when the parent re-evaluates" : "no dependency"
                    text += "\(indent)    \(why)\n"
                }
                for key in read.keys {
                    let via = key.via.isEmpty ? "" : ", via " + key.via.joined(separator: " → ")
                    text += "\(indent)    key \(key.key) (\(key.mechanism)\(via))\n"
                }
            }
        }
        return text
    }
}
