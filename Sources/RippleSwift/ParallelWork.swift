package import RippleCore

/// `RippleCore`'s `ParallelWork`, under the name the front end's users import it by.
package typealias ParallelWork = RippleCore.ParallelWork
