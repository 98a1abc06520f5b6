/// A Visual Format Language entry of `constraints`, before expansion.
struct VisualFormatEntry {
    var format: String
    /// The string itself, for locating problems in it.
    var reader: ValueReader
    var alignments: [LayoutAttribute] = []
    var metrics: [String: Double] = [:]
    /// The entry (`constraints[3]`): the generated constraints carry it.
    var path: String
    var optionsReader: ValueReader?
}

extension SpecDecoder {
    /// Each view's name for visual formats (its `name`, or `v` + its tag), refusing duplicates.
    func viewNames(_ views: [ViewSpec], readers: [ValueReader]) throws(SpecDiagnostic) -> [String: Int] {
        var names: [String: Int] = [:]
        for (view, r) in zip(views, readers) {
            let name = view.formatName
            if let other = names[name] {
                let path = view.name == nil ? r.path + ".tag" : r.path + ".name"
                let location = try r.object().optional(view.name == nil ? "tag" : "name")?.node.location
                throw SpecDiagnostic(
                    path: path, location: location ?? r.node.location,
                    message: "the visual-format name '\(name)' is also view \(other)'s; give one of them another 'name'"
                )
            }
            names[name] = view.tag
        }
        return names
    }

    /// The entry as a visual format if it is one: a string starting `H:`, `V:`, `|` or `[`, or an
    /// object with `visual`.
    func visualFormat(_ r: ValueReader) throws(SpecDiagnostic) -> VisualFormatEntry? {
        if r.isString {
            let s = try r.string()
            guard let first = s.first(where: { $0 != " " }), "HV|[".contains(first) else { return nil }
            return VisualFormatEntry(format: s, reader: r, path: r.path)
        }
        guard case .object = r.node.value, try r.object().has("visual") else { return nil }
        let o = try r.object()
        let fr = try o.required("visual")
        var entry = VisualFormatEntry(format: try fr.string(), reader: fr, path: r.path)
        if let opts = o.optional("options") {
            entry.optionsReader = opts
            let list = opts.isString ? [opts] : try opts.array()
            for option in list { entry.alignments.append(try alignment(option)) }
        }
        if let mr = o.optional("metrics") {
            let mo = try mr.object()
            for m in mo.members {
                let value = try mo.optional(m.key)!.number(in: -1e5...1e5)
                guard m.key.isASCIIIdentifier else {
                    throw SpecDiagnostic(
                        path: mr.path + "." + m.key, location: m.keyLocation,
                        message:
                            "'\(m.key)' is not a metric name; expected a letter or '_', then letters, digits or '_'")
                }
                entry.metrics[m.key] = value
            }
        }
        try o.finish()
        return entry
    }

    private func alignment(_ r: ValueReader) throws(SpecDiagnostic) -> LayoutAttribute {
        let name = try r.string()
        if let attribute = VisualFormat.alignmentOptions[name] { return attribute }
        if ["alignAllFirstBaseline", "alignAllLastBaseline", "alignAllBaseline"].contains(name) {
            throw r.fail("'\(name)': baselines are not in the layout model; align on top, bottom or centerY")
        }
        let names = VisualFormat.alignmentOptions.keys.sorted()
        var message = "'\(name)' is not one of \(names.joined(separator: ", "))"
        if let m = closestMatch(to: name, in: names) { message += "; did you mean '\(m)'?" }
        throw r.fail(message)
    }

    func decodeVisualFormat(_ entry: VisualFormatEntry, names: [String: Int], superviews: [Int: Int])
        throws(SpecDiagnostic)
        -> [ConstraintSpec]
    {
        do {
            return try VisualFormat.expand(
                entry.format, alignments: entry.alignments, metrics: entry.metrics, views: names,
                superviews: superviews, path: entry.path)
        } catch {
            guard let offset = error.offset else {
                throw (entry.optionsReader ?? entry.reader).fail(error.message)
            }
            throw entry.reader.fail("column \(offset + 1) of '\(entry.format)': \(error.message)")
        }
    }
}
