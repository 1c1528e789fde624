/// Safe file names for scenario, variant and step names: nothing can escape the output folder.
public enum FileName {
    /// Lowercase ASCII letters and digits joined by single hyphens; at most 60 characters; never empty.
    public static func slug(_ name: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
            if slug.count >= 60 { break }
        }
        return slug.isEmpty ? "untitled" : slug
    }

    /// Slugs for several names, made distinct (`step`, `step-2`) where two names would collide.
    public static func distinctSlugs(_ names: [String]) -> [String] {
        var used: Set<String> = []
        return names.map { distinct(slug($0), from: &used) }
    }

    /// `base`, or `base-2`, `base-3`, … when it is in `used`; the answer is added to `used`.
    public static func distinct(_ base: String, from used: inout Set<String>) -> String {
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
