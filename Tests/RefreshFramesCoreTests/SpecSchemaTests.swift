import Foundation
import Testing

@testable import RefreshFramesCore

/// Specs that between them use every key the decoder knows (with the samples): the schema walk
/// below needs each object of the schema to be met at least once.
let everyKeySpecs = [
    #"""
    {
      "$schema": "../schema/refresh-frames.schema.json",
      "description": "Every key of the control, a table with rows, updates of each kind.",
      "canvas": {"width": 375, "height": 60, "scale": 2, "background": {"white": 0.9, "alpha": 1}},
      "font": {"family": "WenQuanYi Micro Hei", "size": 17, "weight": "regular"},
      "views": [
        {"tag": 1, "name": "first", "kind": "label", "text": {"idle": "下", "refreshing": "数"}, "font": {"size": 20},
         "textColor": {"red": 1, "green": 0, "blue": 0, "alpha": 1}, "textAlignment": "left",
         "backgroundColor": "clear", "cornerRadius": 4, "clipsToBounds": true, "alpha": 1, "tintColor": "gray",
         "huggingPriority": 251, "compressionPriority": 750},
        {"tag": 2, "kind": "spinner"},
        {"tag": 3, "kind": "stack", "axis": "vertical", "spacing": 4, "alignment": "center",
         "distribution": "fillEqually", "isLayoutMarginsRelativeArrangement": true, "layoutMargins": [1, 2, 3, 4]},
        {"tag": 4, "text": "a", "superview": 3, "hidden": true, "spacingAfter": 2}
      ],
      "constraints": [
        {"item": 1, "attribute": "centerX", "relation": "==", "toItem": "superview", "toAttribute": "centerX",
         "multiplier": 1, "constant": 0, "priority": 1000, "id": "centre"},
        {"visual": "V:|-[first]", "options": "alignAllCenterX", "metrics": {"m": 1}},
        "H:[first]-[v2]", "V:[v2]-|", "2.centerX == superview.centerX"
      ],
      "outlets": {"contentView": "root", "centreX": {"constraint": "centre"}},
      "palette": ["red"],
      "program": {"check": "afterCycle", "cycle": [
        {"animate": {"views": "all", "duration": 0.1, "delay": 0, "curve": {"cubicBezier": [0.4, 0, 0.6, 1]},
         "set": {"transform": {"rotation": 45, "scale": 1.5, "translation": [1, 2]}, "alpha": 0.5,
                 "backgroundColor": "palette.next", "textColor": "black"}}},
        {"each": {"views": {"from": 1, "to": 2}, "wrapAt": 2, "steps": [
          {"animate": {"duration": 0.1, "curve": {"spring": {"damping": 0.5, "velocity": 0}}, "set": {"alpha": 1}}}]}}
      ], "reset": {"transform": "identity"}},
      "scenario": {"pull": [[0, 0], [1, 80]], "refreshAt": 0.5, "workDuration": 1, "controlHeight": 60,
                   "contentAlphaFollowsPull": 60, "collapseDuration": 0.3, "duration": 5},
      "golden": {"threshold": 0.2, "maxDiff": 0.5},
      "host": {
        "viewport": {"width": 375, "height": 667},
        "navigationBar": {"title": "News", "prefersLargeTitles": true}, "tabBar": true, "statusBar": 20,
        "contentInsetAdjustmentBehavior": "automatic",
        "table": {"backgroundColor": "white", "separatorColor": "lightGray", "separatorInset": 15, "rowHeight": 44,
                  "sectionHeaderHeight": 28,
                  "cell": {"style": "subtitle", "font": {"size": 17}, "detailFont": {"size": 12}, "textAlignment": "left",
                           "textColor": "black", "detailTextColor": "gray", "backgroundColor": "white"},
                  "rows": ["a", {"text": "b", "detail": "c"}]},
        "updates": [
          {"at": "refreshBegan", "insert": {"section": 0, "row": 0, "rows": ["x"], "animation": "fade", "duration": 0.3}},
          {"at": 1, "append": {"section": 0, "rows": ["y"], "animation": "none", "duration": 0}},
          {"at": "endRefreshing", "reload": {"sections": [{"header": "h", "rows": ["z"]}]}}
        ]
      }
    }
    """#,
    // Image views: every key of theirs, the asset catalogs, the steps that play their sequences.
    #"""
    {
      "canvas": {"width": 100, "height": 60},
      "assets": ["App/Assets.xcassets"],
      "views": [
        {"tag": 1, "kind": "image", "image": "arrow.png", "highlightedImage": "up", "highlighted": true,
         "contentMode": "center", "renderingMode": "alwaysTemplate", "animationImages": ["f0", "f1"],
         "animationDuration": 0.2, "animationRepeatCount": 1, "animating": "refreshing", "tintColor": "red"}
      ],
      "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
      "program": {"cycle": [
        {"startAnimating": {"views": [1]}},
        {"animate": {"views": [1], "duration": 0.1, "set": {"image": "down"}}},
        {"stopAnimating": {"views": "all"}}
      ]},
      "scenario": {"refreshAt": 0, "workDuration": 1}
    }
    """#,
    // Buttons: every key of theirs, each state's content, the program's control-state flags.
    #"""
    {
      "canvas": {"width": 100, "height": 60},
      "views": [
        {"tag": 1, "kind": "button", "font": {"size": 12},
         "states": {"normal": {"title": "Go", "titleColor": "red", "image": "a.png", "backgroundImage": "b.png"},
                    "highlighted": {"image": "c.png"}, "selected": {"title": "On"}, "disabled": {"titleColor": "gray"}},
         "highlighted": false, "selected": false, "enabled": true, "adjustsImageWhenHighlighted": false,
         "adjustsImageWhenDisabled": false, "contentHorizontalAlignment": "left", "contentEdgeInsets": [0, 4, 0, 4],
         "renderingMode": "alwaysTemplate"}
      ],
      "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
      "program": {"cycle": [
        {"animate": {"views": [1], "duration": 0.1, "set": {"selected": true, "enabled": false, "highlighted": true, "alpha": 0.5}}}
      ]},
      "scenario": {"refreshAt": 0, "workDuration": 1}
    }
    """#,
    #"""
    {
      "canvas": {"width": 375, "height": 60},
      "views": [{"tag": 1, "text": "我"}],
      "constraints": ["H:|-[v1]", "V:|-[v1]"],
      "scenario": {"pull": [[0, 0], [1, 80]], "refreshAtPull": 60, "workDuration": 1},
      "host": {
        "table": {"rowHeight": "automatic", "sections": [{"rows": ["a"]}]},
        "updates": [{"at": "endRefreshing", "reload": {"rows": ["b"]}}]
      }
    }
    """#,
    #"""
    {
      "description": "A layout read from a storyboard's scene (`xib` in its object form), a Swift program.",
      "canvas": {"width": 320, "height": 60},
      "xib": {"file": "Main.storyboard", "scene": "1"},
      "program": {"swift": "PullViewController.swift"},
      "scenario": {"pull": [[0, 0], [0.6, 75], [1.1, 0]], "refreshAtPull": 60}
    }
    """#,
    #"""
    {
      "description": "Every step kind of issue 27 and every key they take.",
      "canvas": {"width": 200, "height": 60},
      "views": [
        {"tag": 1, "text": "我"},
        {"tag": 2, "kind": "view", "backgroundColor": "red"},
        {"tag": 3, "kind": "view", "backgroundColor": "blue"}
      ],
      "constraints": [
        "1.left == superview.left + 10", "1.centerY == superview.centerY",
        {"item": 2, "attribute": "left", "toItem": "superview", "constant": 40, "id": "dotLeft"},
        "2.top == superview.top + 10", "2.width == 20", "2.height == 20",
        "3.left == 2.right + 5", "3.top == 2.top", "3.width == 20", "3.height == 20"
      ],
      "program": {"cycle": [
        {"animate": {"views": [2], "duration": 0.2, "repeat": 1.5, "autoreverse": true, "beginFromCurrentState": true,
         "wait": false,
         "set": {"transform": {"rotationX": 10, "rotationY": 20, "perspective": 500}, "hidden": false,
                 "center": [50, 20], "bounds": [20, 20], "anchorPoint": [0.5, 0.5], "cornerRadius": 3,
                 "borderWidth": 1, "borderColor": "black", "shadowOpacity": 0.5, "shadowOffset": [0, 2],
                 "shadowRadius": 2, "shadowColor": "gray"}}},
        {"animate": {"views": [3], "duration": 0.2, "set": {"frame": [70, 10, 20, 20]}}},
        {"animate": {"views": [2], "duration": 0, "wait": false, "set": {"shadowPath": {"rect": [0, 0, 20, 20]}}}},
        {"animate": {"views": [2], "duration": 0, "wait": false,
         "set": {"shadowPath": {"roundedRect": [0, 0, 20, 20], "cornerRadius": 4}}}},
        {"animate": {"views": [2], "duration": 0, "wait": false, "set": {"shadowPath": {"ellipse": [0, 0, 20, 20]}}}},
        {"keyframes": {"views": [2, 3], "duration": 0.4, "delay": 0, "curve": "linear", "repeat": false,
         "autoreverse": false, "beginFromCurrentState": false, "wait": true, "mode": "cubic",
         "frames": [{"start": 0, "duration": 0.5, "set": {"alpha": 0.5}}, {"start": 0.5, "duration": 0.5, "set": {"alpha": 1}}]}},
        {"transition": {"view": 1, "kind": "crossDissolve", "views": [1], "duration": 0.2, "delay": 0, "curve": "easeIn",
         "repeat": false, "autoreverse": false, "beginFromCurrentState": false, "wait": true, "set": {"textColor": "red"}}},
        {"caAnimation": {"views": [2], "keyPath": "transform.rotation.z", "key": "spin", "from": 0, "to": 6.2832,
         "duration": 0.5, "delay": 0, "curve": "linear", "repeat": true, "autoreverse": false, "additive": true,
         "cumulative": false, "fillMode": "removed", "removedOnCompletion": true, "wait": false}},
        {"caAnimation": {"views": [3], "keyPath": "opacity", "values": [1, 0.2, 1], "keyTimes": [0, 0.3, 1],
         "timingFunctions": ["easeIn", "easeOut"], "mode": "linear", "duration": 0.3, "wait": true}},
        {"caAnimation": {"views": [3], "keyPath": "position.y", "by": 5,
         "spring": {"mass": 1, "stiffness": 200, "damping": 20, "velocity": 0}, "duration": 0.3, "wait": true}},
        {"layout": {"constraints": {"dotLeft": 60}, "duration": 0.2, "delay": 0, "curve": "linear", "repeat": false,
         "autoreverse": false, "beginFromCurrentState": false, "wait": true}}
      ],
      "reset": {"alpha": 1},
      "onEnd": [{"removeAnimations": {"views": [2], "key": "spin"}}, {"removeAnimations": {"views": [3]}}]},
      "scenario": {"refreshAt": 0.2, "workDuration": 1}
    }
    """#,
]

/// The schema's nodes by JSON pointer, with `$ref`, `anyOf`, `oneOf`, `then` and `else` followed.
private struct SchemaWalker {
    let root: JSONNode

    func node(at pointer: String) -> JSONNode? {
        var node = root
        for part in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            switch node.value {
            case .object(let members):
                guard let m = members.first(where: { $0.key == part }) else { return nil }
                node = m.value
            case .array(let elements):
                guard let i = Int(part), elements.indices.contains(i) else { return nil }
                node = elements[i]
            default: return nil
            }
        }
        return node
    }

    func member(_ key: String, of pointer: String) -> JSONNode? {
        guard case .object(let members) = node(at: pointer)?.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    func properties(of pointer: String) -> Set<String>? {
        guard case .object(let members) = member("properties", of: pointer)?.value else { return nil }
        return Set(members.map(\.key))
    }

    /// The pointer and every node it stands for through `$ref`, `anyOf`, `oneOf`, `then` and `else`.
    func expanded(_ pointers: [String]) -> [String] {
        var result: [String] = []
        var queue = pointers
        while let p = queue.popLast() {
            guard !result.contains(p) else { continue }
            result.append(p)
            if case .string(let ref)? = member("$ref", of: p)?.value { queue.append(String(ref.dropFirst())) }
            for key in ["then", "else"] where member(key, of: p) != nil { queue.append("\(p)/\(key)") }
            for key in ["anyOf", "oneOf"] {
                if case .array(let branches)? = member(key, of: p)?.value {
                    queue += branches.indices.map { "\(p)/\(key)/\($0)" }
                }
            }
        }
        return result
    }

    /// The schema nodes with `properties` that an instance at `path` (`views[0].font`) can meet.
    func objects(at path: String) -> [String] {
        var pointers = [""]
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            pointers = expanded(pointers)
            if rest.hasPrefix("[") {
                rest = rest[rest.index(after: rest.firstIndex(of: "]")!)...]
                pointers = pointers.filter { member("items", of: $0) != nil }.map { $0 + "/items" }
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = String(rest[..<end])
                rest = rest[end...]
                // A named property, else a map's values (`outlets`: `additionalProperties`).
                pointers = pointers.compactMap { p in
                    if properties(of: p)?.contains(key) == true { return "\(p)/properties/\(key)" }
                    if case .object? = member("additionalProperties", of: p)?.value {
                        return "\(p)/additionalProperties"
                    }
                    return nil
                }
            }
        }
        return expanded(pointers).filter { properties(of: $0) != nil }
    }

    /// Every node of the schema that lists `properties`, but for an `if`'s condition (it tests an
    /// instance; the instance takes the shape of its `then` or `else`).
    func allObjects(under pointer: String = "") -> [String] {
        guard let node = node(at: pointer) else { return [] }
        var result = properties(of: pointer) != nil ? [pointer] : []
        switch node.value {
        case .object(let members):
            for m in members where m.key != "if" && (m.key != "properties" || properties(of: pointer) != nil) {
                if m.key == "properties", case .object(let props) = m.value.value {
                    for p in props { result += allObjects(under: "\(pointer)/properties/\(p.key)") }
                } else if m.key != "properties" {
                    result += allObjects(under: "\(pointer)/\(m.key)")
                }
            }
        case .array(let elements):
            for i in elements.indices { result += allObjects(under: "\(pointer)/\(i)") }
        default: break
        }
        return result
    }
}

@Suite struct SpecSchemaTests {
    @Test func theRepositoryKeepsTheSchemaTheToolPrints() throws {
        let file = try String(
            contentsOf: repositoryRoot.appendingPathComponent("schema/refresh-frames.schema.json"), encoding: .utf8)
        #expect(
            file == SpecSchema.text,
            "schema/refresh-frames.schema.json differs from SpecSchema.text; regenerate it: swift run refresh-frames schema > schema/refresh-frames.schema.json"
        )
        let root = try JSONParser.parse(Array(SpecSchema.text.utf8))
        let walker = SchemaWalker(root: root)
        if case .string(let dialect)? = walker.member("$schema", of: "")?.value {
            #expect(dialect == "https://json-schema.org/draft/2020-12/schema")
        } else {
            Issue.record("the schema names no $schema dialect")
        }
    }

    /// The keys the decoder knows at each object of the samples and `everyKeySpecs` (as its
    /// unknown-key message lists them when the test adds a key it cannot know there) and the
    /// schema's `properties` are the same, object by object.
    @Test func theSchemaKnowsExactlyTheKeysTheDecoderReads() throws {
        let walker = SchemaWalker(root: try JSONParser.parse(Array(SpecSchema.text.utf8)))
        var specs = try ["rotate-scale", "color-dots", "marquee", "classic-spinner"].map(sampleBytes)
        // Their Swift twins: `"program": {"swift": …, "class": …}`.
        specs += try ["swift/rotate-scale", "swift/classic-spinner"].map(sampleBytes)
        specs += everyKeySpecs.map { Array($0.utf8) }
        var known: [String: Set<String>] = [:]
        for bytes in specs {
            for (path, keys) in try knownKeys(JSONParser.parse(bytes)) { known[path, default: []].formUnion(keys) }
        }
        #expect(known.count > 70, "only \(known.count) objects read")
        var read: [String: Set<String>] = [:]
        for (path, keys) in known.sorted(by: { $0.key < $1.key }) {
            let objects = walker.objects(at: path)
            guard !objects.isEmpty else {
                Issue.record("the schema has no object at '\(path)', where the decoder reads \(keys.sorted())")
                continue
            }
            let allowed = objects.reduce(into: Set<String>()) { $0.formUnion(walker.properties(of: $1)!) }
            #expect(keys.subtracting(allowed).isEmpty, "at '\(path)' the decoder reads keys the schema lacks")
            for object in objects {
                read[object, default: []].formUnion(keys.intersection(walker.properties(of: object)!))
            }
        }
        for object in walker.allObjects() {
            guard let keys = read[object] else {
                Issue.record("no spec of the test meets the schema's object at '\(object)'")
                continue
            }
            let unread = walker.properties(of: object)!.subtracting(keys)
            #expect(
                unread.isEmpty, "the schema allows \(unread.sorted()) at '\(object)', which the decoder never reads")
        }
    }
}

/// A key no object of a spec has, nor one within the decoder's "did you mean" distance of a key.
private let foreignKey = String(repeating: "q", count: 40)

/// The keys the decoder knows at every object of `root` (`views[0].font` → its keys), from the
/// message it gives when `foreignKey` is added to that object alone. Maps of names (`metrics`, a
/// layout step's `constraints` by id, `outlets` by property name) are skipped.
private func knownKeys(_ root: JSONNode) throws -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for path in objectPaths(root, path: "")
    where !path.hasSuffix(".metrics") && !path.hasSuffix(".layout.constraints") && path != "outlets" {
        let bytes = Array(serialized(root, adding: foreignKey, at: path, current: "").utf8)
        do {
            _ = try Spec.decode(bytes)
            Issue.record("the decoder accepts the unknown key '\(foreignKey)' at '\(path)'")
        } catch {
            let prefix = "unknown key '\(foreignKey)'; expected one of "
            let keyPath = path.isEmpty ? foreignKey : path + "." + foreignKey
            guard error.path == keyPath, error.message.hasPrefix(prefix) else {
                Issue.record("at '\(path)' the decoder says \(error.path): \(error.message)")
                continue
            }
            result[path] = Set(error.message.dropFirst(prefix.count).split(separator: ", ").map(String.init))
        }
    }
    return result
}

/// The path (`views[0].font`) of every object in `node`.
private func objectPaths(_ node: JSONNode, path: String) -> [String] {
    switch node.value {
    case .object(let members):
        return [path] + members.flatMap { objectPaths($0.value, path: path.isEmpty ? $0.key : "\(path).\($0.key)") }
    case .array(let elements):
        return elements.enumerated().flatMap { objectPaths($1, path: "\(path)[\($0)]") }
    default: return []
    }
}

/// `node` as JSON text, with the member `key: 0` added to the object at `target`.
private func serialized(_ node: JSONNode, adding key: String, at target: String, current: String) -> String {
    switch node.value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let v): return "\(v)"
    case .string(let s): return jsonQuoted(s)
    case .array(let elements):
        let items = elements.enumerated().map { serialized($1, adding: key, at: target, current: "\(current)[\($0)]") }
        return "[" + items.joined(separator: ", ") + "]"
    case .object(let members):
        var items = members.map { m in
            let path = current.isEmpty ? m.key : "\(current).\(m.key)"
            return jsonQuoted(m.key) + ": " + serialized(m.value, adding: key, at: target, current: path)
        }
        if current == target { items.append(jsonQuoted(key) + ": 0") }
        return "{" + items.joined(separator: ", ") + "}"
    }
}
