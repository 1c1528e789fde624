import SwiftUI

/// A weather screen whose refresh assigns what a service Ripple does not read returns.
struct Forecast {
    var high: Int
    var summary: String
}

@Observable final class WeatherModel {
    var city = "Lisbon"
    var forecast: Forecast = WeatherService.latestForecast()

    func refresh() {
        forecast = WeatherService.latestForecast()
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
