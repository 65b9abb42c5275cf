import FuelFormat

extension SpainFeed {
    /// Spain: mainland, the Balearic and Canary Islands, Ceuta and Melilla; MITECO province spellings and ids.
    static let geography = CountryGeography(
        country: "ES",
        cities: City.table(
            """
            Madrid | 40.4168 | -3.7038 | 24 |  | MADRID | 28 | 13 | 28
            Barcelona | 41.3874 | 2.1686 | 22 |  | BARCELONA | 8 | 9 | 08
            Valencia | 39.4699 | -0.3763 | 14 |  | VALENCIA / VALÈNCIA | 46 | 10 | 46
            Sevilla | 37.3891 | -5.9845 | 12 |  | SEVILLA | 41 | 1 | 41
            Zaragoza | 41.6488 | -0.8891 | 9 |  | ZARAGOZA | 50 | 2 | 50
            Málaga | 36.7213 | -4.4214 | 10 |  | MÁLAGA | 29 | 1 | 29
            Marbella | 36.5101 | -4.8825 | 3 |  | MÁLAGA | 29 | 1 | 29
            Murcia | 37.9922 | -1.1307 | 9 |  | MURCIA | 30 | 14 | 30
            Cartagena | 37.6257 | -0.9966 | 3 |  | MURCIA | 30 | 14 | 30
            Palma | 39.5696 | 2.6502 | 6 |  | BALEARS (ILLES) | 7 | 4 | 07
            Eivissa | 38.9067 | 1.4206 | 1.5 | 5 | BALEARS (ILLES) | 7 | 4 | 07
            Palmas de Gran Canaria (Las) | 28.1235 | -15.4363 | 6 | 9 | PALMAS (LAS) | 35 | 5 | 35
            Arrecife | 28.9630 | -13.5477 | 1.5 | 5 | PALMAS (LAS) | 35 | 5 | 35
            Santa Cruz de Tenerife | 28.4636 | -16.2518 | 6 | 9 | SANTA CRUZ DE TENERIFE | 38 | 5 | 38
            Bilbao | 43.2630 | -2.9350 | 7 |  | BIZKAIA | 48 | 16 | 48
            Donostia-San Sebastián | 43.3183 | -1.9812 | 4 |  | GIPUZKOA | 20 | 16 | 20
            Vitoria-Gasteiz | 42.8467 | -2.6716 | 3 |  | ARABA/ÁLAVA | 1 | 16 | 01
            Alicante/Alacant | 38.3452 | -0.4810 | 9 |  | ALICANTE | 3 | 10 | 03
            Elche/Elx | 38.2699 | -0.7126 | 3 |  | ALICANTE | 3 | 10 | 03
            Castellón de la Plana/Castelló de la Plana | 39.9864 | -0.0513 | 5 |  | CASTELLÓN / CASTELLÓ | 12 | 10 | 12
            Córdoba | 37.8882 | -4.7794 | 7 |  | CÓRDOBA | 14 | 1 | 14
            Granada | 37.1773 | -3.5986 | 8 |  | GRANADA | 18 | 1 | 18
            Almería | 36.8340 | -2.4637 | 6 |  | ALMERÍA | 4 | 1 | 04
            Huelva | 37.2614 | -6.9447 | 5 |  | HUELVA | 21 | 1 | 21
            Cádiz | 36.5271 | -6.2886 | 4 |  | CÁDIZ | 11 | 1 | 11
            Jerez de la Frontera | 36.6850 | -6.1261 | 3 |  | CÁDIZ | 11 | 1 | 11
            Algeciras | 36.1408 | -5.4562 | 2 |  | CÁDIZ | 11 | 1 | 11
            Jaén | 37.7796 | -3.7849 | 6 |  | JAÉN | 23 | 1 | 23
            Valladolid | 41.6523 | -4.7245 | 5 |  | VALLADOLID | 47 | 7 | 47
            Vigo | 42.2406 | -8.7207 | 5 |  | PONTEVEDRA | 36 | 12 | 36
            Pontevedra | 42.4310 | -8.6444 | 2 |  | PONTEVEDRA | 36 | 12 | 36
            Oviedo | 43.3614 | -5.8593 | 4 |  | ASTURIAS | 33 | 3 | 33
            Gijón | 43.5322 | -5.6611 | 3 |  | ASTURIAS | 33 | 3 | 33
            Coruña (A) | 43.3623 | -8.4115 | 5 |  | CORUÑA (A) | 15 | 12 | 15
            Santiago de Compostela | 42.8782 | -8.5448 | 3 |  | CORUÑA (A) | 15 | 12 | 15
            Pamplona/Iruña | 42.8125 | -1.6458 | 5 |  | NAVARRA | 31 | 15 | 31
            Santander | 43.4623 | -3.8099 | 4 |  | CANTABRIA | 39 | 6 | 39
            Toledo | 39.8628 | -4.0273 | 5 |  | TOLEDO | 45 | 8 | 45
            Talavera de la Reina | 39.9635 | -4.8308 | 2 |  | TOLEDO | 45 | 8 | 45
            Badajoz | 38.8794 | -6.9707 | 5 |  | BADAJOZ | 6 | 11 | 06
            Cáceres | 39.4753 | -6.3724 | 4 |  | CÁCERES | 10 | 11 | 10
            Salamanca | 40.9701 | -5.6635 | 3 |  | SALAMANCA | 37 | 7 | 37
            Burgos | 42.3439 | -3.6969 | 4 |  | BURGOS | 9 | 7 | 09
            León | 42.5987 | -5.5671 | 3 |  | LEÓN | 24 | 7 | 24
            Ponferrada | 42.5463 | -6.5962 | 2 |  | LEÓN | 24 | 7 | 24
            Albacete | 38.9943 | -1.8585 | 4 |  | ALBACETE | 2 | 8 | 02
            Logroño | 42.4627 | -2.4450 | 3 |  | RIOJA (LA) | 26 | 17 | 26
            Lleida | 41.6176 | 0.6200 | 5 |  | LLEIDA | 25 | 9 | 25
            Tarragona | 41.1189 | 1.2445 | 6 |  | TARRAGONA | 43 | 9 | 43
            Girona | 41.9794 | 2.8214 | 6 |  | GIRONA | 17 | 9 | 17
            Ourense | 42.3358 | -7.8639 | 3 |  | OURENSE | 32 | 12 | 32
            Lugo | 43.0121 | -7.5558 | 3 |  | LUGO | 27 | 12 | 27
            Ciudad Real | 38.9848 | -3.9274 | 4 |  | CIUDAD REAL | 13 | 8 | 13
            Guadalajara | 40.6330 | -3.1669 | 3 |  | GUADALAJARA | 19 | 8 | 19
            Huesca | 42.1401 | -0.4089 | 3 |  | HUESCA | 22 | 2 | 22
            Teruel | 40.3456 | -1.1065 | 2 |  | TERUEL | 44 | 2 | 44
            Cuenca | 40.0704 | -2.1374 | 2.5 |  | CUENCA | 16 | 8 | 16
            Soria | 41.7666 | -2.4790 | 1.5 |  | SORIA | 42 | 7 | 42
            Segovia | 40.9429 | -4.1088 | 2 |  | SEGOVIA | 40 | 7 | 40
            Ávila | 40.6565 | -4.6818 | 2 |  | ÁVILA | 5 | 7 | 05
            Zamora | 41.5033 | -5.7446 | 2 |  | ZAMORA | 49 | 7 | 49
            Palencia | 42.0095 | -4.5288 | 2 |  | PALENCIA | 34 | 7 | 34
            Ceuta | 35.8894 | -5.3213 | 0.4 | 1.2 | CEUTA | 51 | 18 | 51
            Melilla | 35.2923 | -2.9381 | 0.4 | 1.2 | MELILLA | 52 | 19 | 52
            """),
        boxes: [
            GeoBox(south: 36.00, west: -9.30, north: 43.79, east: 3.32),
            GeoBox(south: 38.64, west: 1.15, north: 40.09, east: 4.33),
            GeoBox(south: 27.64, west: -18.16, north: 29.41, east: -13.42),
            GeoBox(south: 35.87, west: -5.38, north: 35.92, east: -5.28),
            GeoBox(south: 35.27, west: -2.97, north: 35.31, east: -2.92),
        ])
}
