import SitegenTemplates

/// Fingerprints of what templates can read: of the values an output's template is given (its
/// own part: an object that stands for a fact counts by the fact's name), and of a fact (every
/// member of the object that stands for it). Nothing is listed by hand: what the template
/// model shows is what is fingerprinted.
enum FactFingerprint {
    /// How deep values are followed; a deeper value cannot be fingerprinted.
    static let depthLimit = 64

    /// The fingerprint of `value`, or `nil` when it holds an object whose members cannot be
    /// listed (its output is then rendered in every build).
    static func of(_ value: TemplateValue) -> UInt64? {
        var hasher = StableHasher()
        guard combine(value, into: &hasher, depth: 0) else { return nil }
        return hasher.finalize()
    }

    /// The fingerprint of every member of `object`, though it stands for a fact itself.
    static func ofMembers(_ object: any ListedTemplateObject) -> UInt64? {
        var hasher = StableHasher()
        guard combineMembers(of: object, into: &hasher, depth: 0) else { return nil }
        return hasher.finalize()
    }

    private static func combine(_ value: TemplateValue, into hasher: inout StableHasher, depth: Int) -> Bool {
        guard depth < depthLimit else { return false }
        switch value {
        case .null: hasher.combine(10)
        case .bool(let bool): hasher.combine(11); hasher.combine(bool)
        case .int(let int): hasher.combine(12); hasher.combine(int)
        case .double(let double): hasher.combine(13); hasher.combine(double)
        case .text(let text): hasher.combine(14); hasher.combine(text)
        case .list(let items):
            hasher.combine(15)
            hasher.combine(items.count)
            for item in items where !combine(item, into: &hasher, depth: depth + 1) { return false }
        case .object(let object):
            guard let listed = object as? any ListedTemplateObject else { return false }
            if let fact = listed.standsFor {
                hasher.combine(16)
                fact.combine(into: &hasher)
            } else {
                hasher.combine(17)
                return combineMembers(of: listed, into: &hasher, depth: depth + 1)
            }
        }
        return true
    }

    private static func combineMembers(of object: any ListedTemplateObject, into hasher: inout StableHasher, depth: Int) -> Bool {
        let names = object.memberNames
        hasher.combine(names.count)
        for name in names {
            hasher.combine(name)
            guard let value = object.member(name) else {
                hasher.combine(18)
                continue
            }
            guard combine(value, into: &hasher, depth: depth) else { return false }
        }
        return true
    }
}
