import SwiftUI

// The cart is made here, but no scene puts it in the environment.
@main
struct ShopApp: App {
    @StateObject private var cart = Cart()

    var body: some Scene {
        WindowGroup {
            CartView()
        }
    }
}

final class Cart: ObservableObject {
    @Published var products: [String] = ["Tea"]
}

struct CartView: View {
    @EnvironmentObject var cart: Cart
    @State private var checkingOut = false

    var body: some View {
        Text("\(cart.products.count) in the cart")
        Button("Add coffee") {
            cart.products.append("Coffee")
        }
        Button("Check out") {
            checkingOut = true
        }
        .sheet(isPresented: $checkingOut) {
            CheckoutSheet()
        }
    }
}

struct CheckoutSheet: View {
    @EnvironmentObject var cart: Cart

    var body: some View {
        Button("Empty") {
            cart.products = []
        }
    }
}
