import Foundation
import FuelFormat
import FuelReport

/// Stations and a country line whose text tries to break out of the page: closing the data's `<script>`, opening
/// markup with handlers, loading an image from the network, ending a comment, splitting a script line.
enum HostileStations {
    static let name = #"</script><script>alert("name")</script><!--"#
    static let brand = "<img src=x onerror=alert('brand')>"
    static let address = #"<img src="http://127.0.0.1:9/leak.png"> & "quoted" 'too'"#
    static let city = "Line\u{2028}separator\u{2029}and <style>*{background:url(https://127.0.0.1:9/x)}</style>"
    static let id = #"ES-"><svg onload=alert('id')>"#
    static let reason = "<b onmouseover=alert('reason')>bad</b>"
    /// Not a key a build makes, but the header that carries the cells' keys must hold whatever it is given.
    static let cell = "</script><script>alert('cell')</script>\u{2028}"

    /// Two hostile stations far from the others (so a hover finds them alone), the first with a diesel price.
    static let stations: [Station] = [
        Station(
            id: id, country: "ES", name: name, brand: brand, address: address, postcode: "</title>", city: city,
            latitude: 30.5, longitude: -20.5,
            prices: [FuelPrice(fuel: .diesel, price: 1.234, updated: Date(timeIntervalSince1970: 1_764_000_000))]),
        Station(
            id: "ES-hostile-2", country: "ES", name: "<iframe src=https://127.0.0.1:9/>", brand: nil,
            address: "</textarea>", latitude: 31.5, longitude: -19.5, prices: []),
    ]

    /// `input` with the hostile stations added, a hostile rejection reason and a hostile title.
    static func added(to input: ReportInput) -> ReportInput {
        var input = input
        input.stations += stations
        input.title = "</title><script>alert('title')</script>"
        if !input.countries.isEmpty { input.countries[0].rejected[reason] = 3 }
        return input
    }
}
