import SwiftUI

/// A weather screen whose refresh assigns the forecast it already has.
struct Forecast {
    var high: Int
    var summary: String
}

@Observable final class WeatherModel {
    var city = "Lisbon"
    var forecast = Forecast(high: 21, summary: "Sunny")

    func refresh() {
        forecast = Forecast(high: 21, summary: "Sunny")
    }
}

struct WeatherView: View {
    @State private var weather = WeatherModel()

    var body: some View {
        VStack {
            Text(weather.city)
            ForecastCard(weather: weather)
            Button("Refresh") { weather.refresh() }
        }
    }
}

struct ForecastCard: View {
    let weather: WeatherModel

    var body: some View {
        Text("\(weather.forecast.high)° \(weather.forecast.summary)")
    }
}
