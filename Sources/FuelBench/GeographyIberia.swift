extension CountryGeography {
    /// Portugal: mainland, Madeira and the Azores; DGEG district ids and names.
    static let portugal = CountryGeography(
        country: "PT",
        cities: [
            City("Lisboa", 38.7223, -9.1393, weight: 28, region: "Lisboa", code: 11, postcode: "1000"),
            City("Sintra", 38.8029, -9.3817, weight: 6, region: "Lisboa", code: 11, postcode: "2710"),
            City("Porto", 41.1579, -8.6291, weight: 17, region: "Porto", code: 13, postcode: "4000"),
            City("Penafiel", 41.2083, -8.2833, weight: 3, region: "Porto", code: 13, postcode: "4560"),
            City("Braga", 41.5454, -8.4265, weight: 8, region: "Braga", code: 3, postcode: "4700"),
            City("Guimarães", 41.4425, -8.2918, weight: 4, region: "Braga", code: 3, postcode: "4800"),
            City("Coimbra", 40.2033, -8.4103, weight: 6, region: "Coimbra", code: 6, postcode: "3000"),
            City("Aveiro", 40.6405, -8.6538, weight: 7, region: "Aveiro", code: 1, postcode: "3800"),
            City("Faro", 37.0194, -7.9304, weight: 6, region: "Faro", code: 8, postcode: "8000"),
            City("Portimão", 37.1386, -8.5372, weight: 3, region: "Faro", code: 8, postcode: "8500"),
            City("Leiria", 39.7436, -8.8071, weight: 6, region: "Leiria", code: 10, postcode: "2400"),
            City("Setúbal", 38.5244, -8.8882, weight: 8, region: "Setúbal", code: 15, postcode: "2900"),
            City("Viseu", 40.6566, -7.9125, weight: 5, region: "Viseu", code: 18, postcode: "3500"),
            City("Évora", 38.5714, -7.9135, weight: 3, region: "Évora", code: 7, postcode: "7000"),
            City("Santarém", 39.2362, -8.6859, weight: 5, region: "Santarém", code: 14, postcode: "2000"),
            City(
                "Viana do Castelo", 41.6918, -8.8344, weight: 3, region: "Viana do Castelo", code: 16,
                postcode: "4900"),
            City("Vila Real", 41.3006, -7.7441, weight: 3, region: "Vila Real", code: 17, postcode: "5000"),
            City("Bragança", 41.8061, -6.7567, weight: 2, region: "Bragança", code: 4, postcode: "5300"),
            City("Guarda", 40.5373, -7.2676, weight: 2, region: "Guarda", code: 9, postcode: "6300"),
            City("Castelo Branco", 39.8222, -7.4909, weight: 2.5, region: "Castelo Branco", code: 5, postcode: "6000"),
            City("Beja", 38.0151, -7.8632, weight: 2, region: "Beja", code: 2, postcode: "7800"),
            City("Portalegre", 39.2967, -7.4286, weight: 1.5, region: "Portalegre", code: 12, postcode: "7300"),
            City("Funchal", 32.6669, -16.9241, weight: 2.5, spreadKm: 4, region: "Madeira", code: 19, postcode: "9000"),
            City(
                "Ponta Delgada", 37.7412, -25.6756, weight: 1.5, spreadKm: 4, region: "Açores", code: 20,
                postcode: "9500"),
        ],
        boxes: [
            LandBox(south: 36.96, west: -9.50, north: 42.15, east: -6.20),
            LandBox(south: 32.62, west: -17.28, north: 32.88, east: -16.66),
            LandBox(south: 36.92, west: -31.28, north: 39.74, east: -25.02),
        ])

    /// Spain: mainland, the Balearic and Canary Islands, Ceuta and Melilla; MITECO province spellings and ids.
    static let spain = CountryGeography(
        country: "ES",
        cities: [
            City("Madrid", 40.4168, -3.7038, weight: 24, region: "MADRID", code: 28, group: 13, postcode: "28"),
            City("Barcelona", 41.3874, 2.1686, weight: 22, region: "BARCELONA", code: 8, group: 9, postcode: "08"),
            City(
                "Valencia", 39.4699, -0.3763, weight: 14, region: "VALENCIA / VALÈNCIA", code: 46, group: 10,
                postcode: "46"),
            City("Sevilla", 37.3891, -5.9845, weight: 12, region: "SEVILLA", code: 41, group: 1, postcode: "41"),
            City("Zaragoza", 41.6488, -0.8891, weight: 9, region: "ZARAGOZA", code: 50, group: 2, postcode: "50"),
            City("Málaga", 36.7213, -4.4214, weight: 10, region: "MÁLAGA", code: 29, group: 1, postcode: "29"),
            City("Marbella", 36.5101, -4.8825, weight: 3, region: "MÁLAGA", code: 29, group: 1, postcode: "29"),
            City("Murcia", 37.9922, -1.1307, weight: 9, region: "MURCIA", code: 30, group: 14, postcode: "30"),
            City("Cartagena", 37.6257, -0.9966, weight: 3, region: "MURCIA", code: 30, group: 14, postcode: "30"),
            City("Palma", 39.5696, 2.6502, weight: 6, region: "BALEARS (ILLES)", code: 7, group: 4, postcode: "07"),
            City(
                "Eivissa", 38.9067, 1.4206, weight: 1.5, spreadKm: 5, region: "BALEARS (ILLES)", code: 7, group: 4,
                postcode: "07"),
            City(
                "Palmas de Gran Canaria (Las)", 28.1235, -15.4363, weight: 6, spreadKm: 9, region: "PALMAS (LAS)",
                code: 35, group: 5, postcode: "35"),
            City(
                "Arrecife", 28.9630, -13.5477, weight: 1.5, spreadKm: 5, region: "PALMAS (LAS)", code: 35, group: 5,
                postcode: "35"),
            City(
                "Santa Cruz de Tenerife", 28.4636, -16.2518, weight: 6, spreadKm: 9, region: "SANTA CRUZ DE TENERIFE",
                code: 38, group: 5, postcode: "38"),
            City("Bilbao", 43.2630, -2.9350, weight: 7, region: "BIZKAIA", code: 48, group: 16, postcode: "48"),
            City(
                "Donostia-San Sebastián", 43.3183, -1.9812, weight: 4, region: "GIPUZKOA", code: 20, group: 16,
                postcode: "20"),
            City(
                "Vitoria-Gasteiz", 42.8467, -2.6716, weight: 3, region: "ARABA/ÁLAVA", code: 1, group: 16,
                postcode: "01"),
            City(
                "Alicante/Alacant", 38.3452, -0.4810, weight: 9, region: "ALICANTE", code: 3, group: 10,
                postcode: "03"),
            City("Elche/Elx", 38.2699, -0.7126, weight: 3, region: "ALICANTE", code: 3, group: 10, postcode: "03"),
            City(
                "Castellón de la Plana/Castelló de la Plana", 39.9864, -0.0513, weight: 5,
                region: "CASTELLÓN / CASTELLÓ", code: 12, group: 10, postcode: "12"),
            City("Córdoba", 37.8882, -4.7794, weight: 7, region: "CÓRDOBA", code: 14, group: 1, postcode: "14"),
            City("Granada", 37.1773, -3.5986, weight: 8, region: "GRANADA", code: 18, group: 1, postcode: "18"),
            City("Almería", 36.8340, -2.4637, weight: 6, region: "ALMERÍA", code: 4, group: 1, postcode: "04"),
            City("Huelva", 37.2614, -6.9447, weight: 5, region: "HUELVA", code: 21, group: 1, postcode: "21"),
            City("Cádiz", 36.5271, -6.2886, weight: 4, region: "CÁDIZ", code: 11, group: 1, postcode: "11"),
            City(
                "Jerez de la Frontera", 36.6850, -6.1261, weight: 3, region: "CÁDIZ", code: 11, group: 1, postcode: "11"
            ),
            City("Algeciras", 36.1408, -5.4562, weight: 2, region: "CÁDIZ", code: 11, group: 1, postcode: "11"),
            City("Jaén", 37.7796, -3.7849, weight: 6, region: "JAÉN", code: 23, group: 1, postcode: "23"),
            City("Valladolid", 41.6523, -4.7245, weight: 5, region: "VALLADOLID", code: 47, group: 7, postcode: "47"),
            City("Vigo", 42.2406, -8.7207, weight: 5, region: "PONTEVEDRA", code: 36, group: 12, postcode: "36"),
            City("Pontevedra", 42.4310, -8.6444, weight: 2, region: "PONTEVEDRA", code: 36, group: 12, postcode: "36"),
            City("Oviedo", 43.3614, -5.8593, weight: 4, region: "ASTURIAS", code: 33, group: 3, postcode: "33"),
            City("Gijón", 43.5322, -5.6611, weight: 3, region: "ASTURIAS", code: 33, group: 3, postcode: "33"),
            City("Coruña (A)", 43.3623, -8.4115, weight: 5, region: "CORUÑA (A)", code: 15, group: 12, postcode: "15"),
            City(
                "Santiago de Compostela", 42.8782, -8.5448, weight: 3, region: "CORUÑA (A)", code: 15, group: 12,
                postcode: "15"),
            City("Pamplona/Iruña", 42.8125, -1.6458, weight: 5, region: "NAVARRA", code: 31, group: 15, postcode: "31"),
            City("Santander", 43.4623, -3.8099, weight: 4, region: "CANTABRIA", code: 39, group: 6, postcode: "39"),
            City("Toledo", 39.8628, -4.0273, weight: 5, region: "TOLEDO", code: 45, group: 8, postcode: "45"),
            City(
                "Talavera de la Reina", 39.9635, -4.8308, weight: 2, region: "TOLEDO", code: 45, group: 8,
                postcode: "45"),
            City("Badajoz", 38.8794, -6.9707, weight: 5, region: "BADAJOZ", code: 6, group: 11, postcode: "06"),
            City("Cáceres", 39.4753, -6.3724, weight: 4, region: "CÁCERES", code: 10, group: 11, postcode: "10"),
            City("Salamanca", 40.9701, -5.6635, weight: 3, region: "SALAMANCA", code: 37, group: 7, postcode: "37"),
            City("Burgos", 42.3439, -3.6969, weight: 4, region: "BURGOS", code: 9, group: 7, postcode: "09"),
            City("León", 42.5987, -5.5671, weight: 3, region: "LEÓN", code: 24, group: 7, postcode: "24"),
            City("Ponferrada", 42.5463, -6.5962, weight: 2, region: "LEÓN", code: 24, group: 7, postcode: "24"),
            City("Albacete", 38.9943, -1.8585, weight: 4, region: "ALBACETE", code: 2, group: 8, postcode: "02"),
            City("Logroño", 42.4627, -2.4450, weight: 3, region: "RIOJA (LA)", code: 26, group: 17, postcode: "26"),
            City("Lleida", 41.6176, 0.6200, weight: 5, region: "LLEIDA", code: 25, group: 9, postcode: "25"),
            City("Tarragona", 41.1189, 1.2445, weight: 6, region: "TARRAGONA", code: 43, group: 9, postcode: "43"),
            City("Girona", 41.9794, 2.8214, weight: 6, region: "GIRONA", code: 17, group: 9, postcode: "17"),
            City("Ourense", 42.3358, -7.8639, weight: 3, region: "OURENSE", code: 32, group: 12, postcode: "32"),
            City("Lugo", 43.0121, -7.5558, weight: 3, region: "LUGO", code: 27, group: 12, postcode: "27"),
            City("Ciudad Real", 38.9848, -3.9274, weight: 4, region: "CIUDAD REAL", code: 13, group: 8, postcode: "13"),
            City("Guadalajara", 40.6330, -3.1669, weight: 3, region: "GUADALAJARA", code: 19, group: 8, postcode: "19"),
            City("Huesca", 42.1401, -0.4089, weight: 3, region: "HUESCA", code: 22, group: 2, postcode: "22"),
            City("Teruel", 40.3456, -1.1065, weight: 2, region: "TERUEL", code: 44, group: 2, postcode: "44"),
            City("Cuenca", 40.0704, -2.1374, weight: 2.5, region: "CUENCA", code: 16, group: 8, postcode: "16"),
            City("Soria", 41.7666, -2.4790, weight: 1.5, region: "SORIA", code: 42, group: 7, postcode: "42"),
            City("Segovia", 40.9429, -4.1088, weight: 2, region: "SEGOVIA", code: 40, group: 7, postcode: "40"),
            City("Ávila", 40.6565, -4.6818, weight: 2, region: "ÁVILA", code: 5, group: 7, postcode: "05"),
            City("Zamora", 41.5033, -5.7446, weight: 2, region: "ZAMORA", code: 49, group: 7, postcode: "49"),
            City("Palencia", 42.0095, -4.5288, weight: 2, region: "PALENCIA", code: 34, group: 7, postcode: "34"),
            City(
                "Ceuta", 35.8894, -5.3213, weight: 0.4, spreadKm: 1.2, region: "CEUTA", code: 51, group: 18,
                postcode: "51"),
            City(
                "Melilla", 35.2923, -2.9381, weight: 0.4, spreadKm: 1.2, region: "MELILLA", code: 52, group: 19,
                postcode: "52"),
        ],
        boxes: [
            LandBox(south: 36.00, west: -9.30, north: 43.79, east: 3.32),
            LandBox(south: 38.64, west: 1.15, north: 40.09, east: 4.33),
            LandBox(south: 27.64, west: -18.16, north: 29.41, east: -13.42),
            LandBox(south: 35.87, west: -5.38, north: 35.92, east: -5.28),
            LandBox(south: 35.27, west: -2.97, north: 35.31, east: -2.92),
        ])
}
