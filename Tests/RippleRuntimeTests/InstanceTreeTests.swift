import Testing
import RippleRuntime

/// The instance tree: identity, parent, children and lifetimes, kept consistent by its operations.
@Suite struct InstanceTreeTests {
    struct Node: TreeNode {
        var links = TreeLinks.unplaced
        var name: String
    }

    /// root → a, b; a → c
    func sample() -> InstanceTree<Node> {
        var tree = InstanceTree<Node>()
        let root = tree.append(Node(name: "root"), parent: nil)
        let a = tree.append(Node(name: "a"), parent: root)
        let b = tree.append(Node(name: "b"), parent: root)
        let c = tree.append(Node(name: "c"), parent: a)
        tree.setChildren([a, b], of: root)
        tree.setChildren([c], of: a)
        return tree
    }

    @Test func appendingPlacesANodeBelowItsParent() {
        let tree = sample()
        #expect(tree.map(\.name) == ["root", "a", "b", "c"])
        #expect(tree[3].links.parent == 1 && tree[3].links.depth == 2)
        #expect(tree[0].links.children == [1, 2] && tree[2].links.childIndex == 1)
        #expect(tree.isDescendant(3, of: 0) && !tree.isDescendant(3, of: 2))
        #expect(tree.checkInvariants().isEmpty)
    }

    @Test func removingEndsTheSubtreeAndSettingChildrenDropsIt() {
        var tree = sample()
        tree.remove(1)
        #expect(!tree.isAlive(1) && !tree.isAlive(3) && tree.isAlive(2))
        #expect(tree[1].links.children.isEmpty)
        // The parent still lists the removed node until it is given its new children.
        #expect(!tree.checkInvariants().isEmpty)
        tree.setChildren([2], of: 0)
        #expect(tree[2].links.childIndex == 0)
        #expect(tree.checkInvariants().isEmpty)
        #expect(!tree.isAlive(99))
    }

    @Test func settingChildrenMovesANodeToItsNewParent() {
        var tree = sample()
        tree.setChildren([], of: 1)
        tree.setChildren([3], of: 2)
        #expect(tree[3].links.parent == 2 && tree[3].links.depth == 2)
        #expect(tree.checkInvariants().isEmpty)
        tree.setChildren([3], of: 0)
        tree.setChildren([], of: 2)
        #expect(tree[3].links.depth == 1)
        #expect(!tree.checkInvariants().isEmpty, "root lists only the moved node; a and b still name it their parent")
    }

    @Test func nodesCanBeChangedInPlaceExceptTheirLinks() {
        var tree = sample()
        tree[2].name = "b2"
        #expect(tree[2].name == "b2" && tree.checkInvariants().isEmpty)
    }
}
