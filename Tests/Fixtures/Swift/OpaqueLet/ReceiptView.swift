import SwiftUI

/// A receipt split between guests. Its body starts with constants Ripple cannot compute: a formatter from
/// another module, and a share divided by `guests`, which no caller sets when the view is the root (its
/// stand-in is 0, and dividing by it is where Swift would stop). The button below them must still be
/// found and performed.
struct ReceiptView: View {
    let total: Int
    let guests: Int
    @State private var tipPercent = 15

    var body: some View {
        let formatter = CurrencyFormatter(locale: .current, style: .compact)
        let share = total / guests
        VStack(alignment: .leading) {
            Text(formatter.string(from: share))
            Text("Tip: \(tipPercent)%")
            Button("More tip") {
                tipPercent += 5
            }
        }
    }
}
