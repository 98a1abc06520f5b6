import Foundation

extension Transform {
    /// The transform as its fields alone, for a key path that sets one of them
    /// (`transform.rotation.y`): a matrix that is its 2-D fields with a perspective (`m34 = −1/d`,
    /// as a card flip's `t.m34 = −1/500` on the identity or a 2-D transform gives) keeps that
    /// perspective; any other general matrix reads as its 2-D decomposition, as before.
    package var fields: Transform {
        guard let general else { return self }
        var plain = self
        plain.general = nil
        guard general.m34 != 0, general.m14 == 0, general.m24 == 0 else { return plain }
        var projected = plain
        projected.perspective = -1 / general.m34
        let tolerance = 1e-9 * max(1, general.elements.map(abs).max() ?? 1)
        let same = zip(projected.matrix3D.elements, general.elements).allSatisfy { abs($0 - $1) <= tolerance }
        return same ? projected : plain
    }
}
