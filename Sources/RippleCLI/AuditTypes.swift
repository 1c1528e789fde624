import RippleAudit

// The audit's types, which live in `RippleAudit`, under the names the command line's own tests use
// without importing it.

/// `RippleAudit.AuditFixes`: the fixes proven for one variant.
typealias AuditFixes = RippleAudit.AuditFixes
/// `RippleAudit.AuditDrawing`: what the HTML report draws of a variant's actions.
typealias AuditDrawing = RippleAudit.AuditDrawing
/// `RippleAudit.FirstScreens`: the first screen of a variant, copied for each action.
typealias FirstScreens = RippleAudit.FirstScreens
/// `RippleAudit.ViewTypeSummary`: what an audit's actions did to one view type.
typealias ViewTypeSummary = RippleAudit.ViewTypeSummary
