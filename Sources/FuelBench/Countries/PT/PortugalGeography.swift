import FuelFormat

extension PortugalFeed {
    /// Portugal: mainland, Madeira and the Azores; DGEG district ids and names.
    static let geography = CountryGeography(
        country: "PT",
        cities: City.table(
            """
            Lisboa | 38.7223 | -9.1393 | 28 |  | Lisboa | 11 | 0 | 1000
            Sintra | 38.8029 | -9.3817 | 6 |  | Lisboa | 11 | 0 | 2710
            Porto | 41.1579 | -8.6291 | 17 |  | Porto | 13 | 0 | 4000
            Penafiel | 41.2083 | -8.2833 | 3 |  | Porto | 13 | 0 | 4560
            Braga | 41.5454 | -8.4265 | 8 |  | Braga | 3 | 0 | 4700
            Guimarães | 41.4425 | -8.2918 | 4 |  | Braga | 3 | 0 | 4800
            Coimbra | 40.2033 | -8.4103 | 6 |  | Coimbra | 6 | 0 | 3000
            Aveiro | 40.6405 | -8.6538 | 7 |  | Aveiro | 1 | 0 | 3800
            Faro | 37.0194 | -7.9304 | 6 |  | Faro | 8 | 0 | 8000
            Portimão | 37.1386 | -8.5372 | 3 |  | Faro | 8 | 0 | 8500
            Leiria | 39.7436 | -8.8071 | 6 |  | Leiria | 10 | 0 | 2400
            Setúbal | 38.5244 | -8.8882 | 8 |  | Setúbal | 15 | 0 | 2900
            Viseu | 40.6566 | -7.9125 | 5 |  | Viseu | 18 | 0 | 3500
            Évora | 38.5714 | -7.9135 | 3 |  | Évora | 7 | 0 | 7000
            Santarém | 39.2362 | -8.6859 | 5 |  | Santarém | 14 | 0 | 2000
            Viana do Castelo | 41.6918 | -8.8344 | 3 |  | Viana do Castelo | 16 | 0 | 4900
            Vila Real | 41.3006 | -7.7441 | 3 |  | Vila Real | 17 | 0 | 5000
            Bragança | 41.8061 | -6.7567 | 2 |  | Bragança | 4 | 0 | 5300
            Guarda | 40.5373 | -7.2676 | 2 |  | Guarda | 9 | 0 | 6300
            Castelo Branco | 39.8222 | -7.4909 | 2.5 |  | Castelo Branco | 5 | 0 | 6000
            Beja | 38.0151 | -7.8632 | 2 |  | Beja | 2 | 0 | 7800
            Portalegre | 39.2967 | -7.4286 | 1.5 |  | Portalegre | 12 | 0 | 7300
            Funchal | 32.6669 | -16.9241 | 2.5 | 4 | Madeira | 19 | 0 | 9000
            Ponta Delgada | 37.7412 | -25.6756 | 1.5 | 4 | Açores | 20 | 0 | 9500
            """),
        boxes: [
            GeoBox(south: 36.96, west: -9.50, north: 42.15, east: -6.20),
            GeoBox(south: 32.62, west: -17.28, north: 32.88, east: -16.66),
            GeoBox(south: 36.92, west: -31.28, north: 39.74, east: -25.02),
        ])
}
