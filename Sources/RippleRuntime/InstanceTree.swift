/// The nodes of a tree by integer id, each with its place in the tree (`TreeLinks`): parent, children,
/// depth, position among its siblings, and whether it is alive.
///
/// A node's links change only through the tree's operations, which keep parent and children in step:
/// `append(_:parent:)` makes a node below its parent, `setChildren(_:of:)` gives a parent its children in
/// order, and `remove(_:)` ends a node's subtree. Ids are never reused: a removed node stays, not alive.
public struct InstanceTree<Node: TreeNode> {
    @usableFromInline
    var nodes: [Node] = []

    /// An empty tree.
    @inlinable
    public init() {}

    /// Adds a node below `parent` (or as a root), one level deeper than it, and returns its id, the
    /// next number. The parent lists the node once `setChildren(_:of:)` gives it its new children.
    @inlinable @discardableResult
    public mutating func append(_ node: Node, parent: Int?) -> Int {
        var node = node
        node.links = TreeLinks(parent: parent, depth: parent.map { nodes[$0].links.depth + 1 } ?? 0)
        nodes.append(node)
        return nodes.count - 1
    }

    /// Whether `id` names a node that has not been removed.
    @inlinable
    public func isAlive(_ id: Int) -> Bool { id < nodes.count && nodes[id].links.alive }

    /// Makes `children`, in order, the children of `parent`: each is moved below it if it was elsewhere,
    /// and given its position. Children it had and no longer lists are the caller's to remove.
    @inlinable
    public mutating func setChildren(_ children: [Int], of parent: Int) {
        for (index, child) in children.enumerated() {
            nodes[child].links.childIndexStorage = index
            if nodes[child].links.parentStorage != parent {
                nodes[child].links.parentStorage = parent
                nodes[child].links.depthStorage = nodes[parent].links.depth + 1
            }
        }
        nodes[parent].links.childrenStorage = children
    }

    /// Ends a node and its subtree: each stops being alive and lists no children. Its parent still lists
    /// it until its next `setChildren(_:of:)`. A subtree whose nodes were removed first, children before
    /// their parent, is removed again in one step for each of them.
    @inlinable
    public mutating func remove(_ id: Int) {
        for child in nodes[id].links.children { remove(child) }
        nodes[id].links.aliveStorage = false
        nodes[id].links.childrenStorage = []
    }

    /// Whether `id` is `root` or below it.
    @inlinable
    public func isDescendant(_ id: Int, of root: Int) -> Bool {
        var current: Int? = id
        while let node = current {
            if node == root { return true }
            current = nodes[node].links.parent
        }
        return false
    }

    /// Whether parents and children agree for every alive node: its parent is alive, lists it at its
    /// position, and is one level up; its children are alive and name it as their parent.
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        for id in nodes.indices where nodes[id].links.alive {
            let links = nodes[id].links
            if let parent = links.parent {
                if !isAlive(parent) { problems.append("node \(id): parent is removed") }
                else if !nodes[parent].links.children.contains(id) { problems.append("node \(id): missing from its parent's children") }
                else if !nodes[parent].links.children.indices.contains(links.childIndex)
                            || nodes[parent].links.children[links.childIndex] != id { problems.append("node \(id): wrong position among its siblings") }
                if links.depth != nodes[parent].links.depth + 1 { problems.append("node \(id): wrong depth") }
            }
            for child in links.children where !isAlive(child) || nodes[child].links.parent != id {
                problems.append("node \(id): child \(child) is removed or has another parent")
            }
        }
        return problems
    }
}

extension InstanceTree: RandomAccessCollection, MutableCollection {
    /// The first node's id, 0.
    @inlinable
    public var startIndex: Int { 0 }
    /// The id the next node gets.
    @inlinable
    public var endIndex: Int { nodes.count }

    /// The node with the id; everything but its links can be changed in place.
    @inlinable
    public subscript(id: Int) -> Node {
        get { nodes[id] }
        _modify { yield &nodes[id] }
    }
}

extension InstanceTree: Sendable where Node: Sendable {}

/// A node of an `InstanceTree`: what it keeps of its place in the tree.
public protocol TreeNode {
    /// The node's place in the tree, set by the tree.
    var links: TreeLinks { get set }
}

/// A node's place in its tree, changed only by the tree's operations (`InstanceTree`).
public struct TreeLinks: Sendable, Equatable {
    // Stored internally and read through public properties: only the tree, in this module, sets them.
    @usableFromInline var parentStorage: Int?
    @usableFromInline var childrenStorage: [Int] = []
    @usableFromInline var depthStorage: Int
    @usableFromInline var childIndexStorage = 0
    @usableFromInline var aliveStorage = true

    /// The parent; nil for a root.
    @inlinable public var parent: Int? { parentStorage }
    /// The children, in order.
    @inlinable public var children: [Int] { childrenStorage }
    /// How many levels below a root.
    @inlinable public var depth: Int { depthStorage }
    /// The position among the parent's children.
    @inlinable public var childIndex: Int { childIndexStorage }
    /// False once the node has been removed.
    @inlinable public var alive: Bool { aliveStorage }

    /// A root's place, where a node starts before the tree places it.
    public static let unplaced = TreeLinks(parent: nil, depth: 0)

    @inlinable
    init(parent: Int?, depth: Int) {
        parentStorage = parent
        depthStorage = depth
    }
}
