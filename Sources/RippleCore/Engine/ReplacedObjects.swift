// Readers left tracking objects an assignment replaced without telling them (Rule 2.7, `ReplacedInstance`).

extension Engine {
    /// After an assignment of `object`'s property `slot` that told nobody, makes each view that read a
    /// property of an object the assignment replaced a reader of the same property of the object stored in
    /// its place: the view still shows the old object's value, and a later write to the new object leaves
    /// it stale, said with `note`, the assignment's decision. The view's dependencies do not change: it is
    /// told of neither object until its body runs again, which reads the new one.
    @inline(never)
    mutating func keepReadersOfReplaced(_ object: ObjectID, _ slot: Int, old: Value, new: Value, note: String) {
        let typed = { (engine: Engine, value: Value) in
            ReplacedInstance.objects(in: value).map { ($0, type: engine.objects[$0.raw].type) }
        }
        let pairs = ReplacedInstance.replacements(notified: false, old: typed(self, old), new: typed(self, new))
        guard !pairs.isEmpty else { return }
        let readerIDs = Array(readers(of: .property(object, slot)).sortedMembers())
        guard !readerIDs.isEmpty else { return }
        let reason = ReplacedInstance.reason(property: subject(of: object, slot), note: note)
        for id in readerIDs {
            let places = instances[id].places
            for pair in pairs {
                for case .property(pair.old, let field) in places {
                    let moved = Place.property(pair.new, field)
                    guard !instances[id].places.contains(moved) else { continue }
                    addReader(id, of: moved)
                    instances[id].places.append(moved)
                    untrackedReasons[id, default: [:]][moved] = reason
                }
            }
        }
    }
}
