extension CountryGeography {
    /// Austria, one city per political district (E-Control `PB` codes); the group is the Bundesland code.
    static let austria = CountryGeography(
        country: "AT",
        cities: [
            City(
                "Eisenstadt(Stadt)", 47.8456, 16.5233, weight: 1, spreadKm: 6, region: "Eisenstadt(Stadt)", code: 101,
                group: 1, postcode: "7000"),
            City(
                "Eisenstadt-Umgebung", 47.8700, 16.6000, weight: 1, spreadKm: 6, region: "Eisenstadt-Umgebung",
                code: 103, group: 1, postcode: "7000"),
            City(
                "Güssing", 47.0590, 16.3240, weight: 1, spreadKm: 6, region: "Güssing", code: 104, group: 1,
                postcode: "7540"),
            City(
                "Jennersdorf", 46.9400, 16.1400, weight: 0.7, spreadKm: 6, region: "Jennersdorf", code: 105, group: 1,
                postcode: "8380"),
            City(
                "Mattersburg", 47.7370, 16.3960, weight: 1, spreadKm: 6, region: "Mattersburg", code: 106, group: 1,
                postcode: "7210"),
            City(
                "Neusiedl am See", 47.9480, 16.8420, weight: 2, spreadKm: 6, region: "Neusiedl am See", code: 107,
                group: 1, postcode: "7100"),
            City(
                "Oberpullendorf", 47.5030, 16.5030, weight: 1.2, spreadKm: 6, region: "Oberpullendorf", code: 108,
                group: 1, postcode: "7350"),
            City(
                "Oberwart", 47.2880, 16.2050, weight: 2, spreadKm: 6, region: "Oberwart", code: 109, group: 1,
                postcode: "7400"),
            City(
                "Klagenfurt(Stadt)", 46.6249, 14.3050, weight: 3, region: "Klagenfurt(Stadt)", code: 201, group: 2,
                postcode: "9020"),
            City(
                "Villach(Stadt)", 46.6103, 13.8558, weight: 2, spreadKm: 6, region: "Villach(Stadt)", code: 202,
                group: 2, postcode: "9500"),
            City(
                "Hermagor", 46.6270, 13.3670, weight: 0.8, spreadKm: 6, region: "Hermagor", code: 203, group: 2,
                postcode: "9620"),
            City(
                "Klagenfurt Land", 46.6500, 14.2000, weight: 2, spreadKm: 6, region: "Klagenfurt Land", code: 204,
                group: 2, postcode: "9061"),
            City(
                "Sankt Veit an der Glan", 46.7680, 14.3600, weight: 2, spreadKm: 6, region: "Sankt Veit an der Glan",
                code: 205, group: 2, postcode: "9300"),
            City(
                "Spittal an der Drau", 46.7960, 13.4950, weight: 2.5, spreadKm: 6, region: "Spittal an der Drau",
                code: 206, group: 2, postcode: "9800"),
            City(
                "Villach Land", 46.6400, 13.7500, weight: 1.8, spreadKm: 6, region: "Villach Land", code: 207, group: 2,
                postcode: "9500"),
            City(
                "Völkermarkt", 46.6620, 14.6340, weight: 1.5, spreadKm: 6, region: "Völkermarkt", code: 208, group: 2,
                postcode: "9100"),
            City(
                "Wolfsberg", 46.8410, 14.8440, weight: 1.8, spreadKm: 6, region: "Wolfsberg", code: 209, group: 2,
                postcode: "9400"),
            City(
                "Feldkirchen", 46.7240, 14.0940, weight: 1, spreadKm: 6, region: "Feldkirchen", code: 210, group: 2,
                postcode: "9560"),
            City(
                "Krems an der Donau(Stadt)", 48.4100, 15.6100, weight: 1, spreadKm: 6,
                region: "Krems an der Donau(Stadt)", code: 301, group: 3, postcode: "3500"),
            City(
                "Sankt Pölten(Stadt)", 48.2040, 15.6260, weight: 2, spreadKm: 6, region: "Sankt Pölten(Stadt)",
                code: 302, group: 3, postcode: "3100"),
            City(
                "Waidhofen an der Ybbs(Stadt)", 47.9600, 14.7740, weight: 0.5, spreadKm: 6,
                region: "Waidhofen an der Ybbs(Stadt)", code: 303, group: 3, postcode: "3340"),
            City(
                "Wiener Neustadt(Stadt)", 47.8150, 16.2430, weight: 1.5, spreadKm: 6, region: "Wiener Neustadt(Stadt)",
                code: 304, group: 3, postcode: "2700"),
            City("Amstetten", 48.1230, 14.8720, weight: 4, region: "Amstetten", code: 305, group: 3, postcode: "3300"),
            City("Baden", 48.0050, 16.2310, weight: 4, region: "Baden", code: 306, group: 3, postcode: "2500"),
            City(
                "Bruck an der Leitha", 48.0250, 16.7790, weight: 3, region: "Bruck an der Leitha", code: 307, group: 3,
                postcode: "2460"),
            City(
                "Gänserndorf", 48.3400, 16.7200, weight: 3.5, region: "Gänserndorf", code: 308, group: 3,
                postcode: "2230"),
            City(
                "Gmünd", 48.7700, 14.9800, weight: 1.3, spreadKm: 6, region: "Gmünd", code: 309, group: 3,
                postcode: "3950"),
            City(
                "Hollabrunn", 48.5630, 16.0790, weight: 2, spreadKm: 6, region: "Hollabrunn", code: 310, group: 3,
                postcode: "2020"),
            City(
                "Horn", 48.6640, 15.6560, weight: 1.2, spreadKm: 6, region: "Horn", code: 311, group: 3,
                postcode: "3580"),
            City(
                "Korneuburg", 48.3450, 16.3330, weight: 2.5, spreadKm: 6, region: "Korneuburg", code: 312, group: 3,
                postcode: "2100"),
            City(
                "Krems(Land)", 48.4500, 15.5500, weight: 1.8, spreadKm: 6, region: "Krems(Land)", code: 313, group: 3,
                postcode: "3500"),
            City(
                "Lilienfeld", 48.0130, 15.5970, weight: 1, spreadKm: 6, region: "Lilienfeld", code: 314, group: 3,
                postcode: "3180"),
            City(
                "Melk", 48.2270, 15.3440, weight: 2.5, spreadKm: 6, region: "Melk", code: 315, group: 3,
                postcode: "3390"),
            City(
                "Mistelbach", 48.5700, 16.5770, weight: 3, region: "Mistelbach", code: 316, group: 3, postcode: "2130"),
            City("Mödling", 48.0850, 16.2830, weight: 3.5, region: "Mödling", code: 317, group: 3, postcode: "2340"),
            City(
                "Neunkirchen", 47.7270, 16.0810, weight: 3, region: "Neunkirchen", code: 318, group: 3, postcode: "2620"
            ),
            City(
                "Sankt Pölten(Land)", 48.1500, 15.6000, weight: 3, region: "Sankt Pölten(Land)", code: 319, group: 3,
                postcode: "3100"),
            City(
                "Scheibbs", 48.0050, 15.1670, weight: 1.3, spreadKm: 6, region: "Scheibbs", code: 320, group: 3,
                postcode: "3270"),
            City(
                "Tulln", 48.3310, 16.0540, weight: 2.5, spreadKm: 6, region: "Tulln", code: 321, group: 3,
                postcode: "3430"),
            City(
                "Waidhofen an der Thaya", 48.8150, 15.2850, weight: 1, spreadKm: 6, region: "Waidhofen an der Thaya",
                code: 322, group: 3, postcode: "3830"),
            City(
                "Wiener Neustadt(Land)", 47.8000, 16.1500, weight: 2.5, spreadKm: 6, region: "Wiener Neustadt(Land)",
                code: 323, group: 3, postcode: "2700"),
            City(
                "Zwettl", 48.6060, 15.1690, weight: 1.5, spreadKm: 6, region: "Zwettl", code: 325, group: 3,
                postcode: "3910"),
            City(
                "Linz(Stadt)", 48.3069, 14.2858, weight: 4, region: "Linz(Stadt)", code: 401, group: 4, postcode: "4020"
            ),
            City(
                "Steyr(Stadt)", 48.0420, 14.4210, weight: 1.3, spreadKm: 6, region: "Steyr(Stadt)", code: 402, group: 4,
                postcode: "4400"),
            City(
                "Wels(Stadt)", 48.1570, 14.0270, weight: 2, spreadKm: 6, region: "Wels(Stadt)", code: 403, group: 4,
                postcode: "4600"),
            City(
                "Braunau am Inn", 48.2560, 13.0430, weight: 3, region: "Braunau am Inn", code: 404, group: 4,
                postcode: "5280"),
            City(
                "Eferding", 48.3090, 14.0220, weight: 1, spreadKm: 6, region: "Eferding", code: 405, group: 4,
                postcode: "4070"),
            City(
                "Freistadt", 48.5110, 14.5040, weight: 2, spreadKm: 6, region: "Freistadt", code: 406, group: 4,
                postcode: "4240"),
            City("Gmunden", 47.9180, 13.7990, weight: 3, region: "Gmunden", code: 407, group: 4, postcode: "4810"),
            City(
                "Grieskirchen", 48.2350, 13.8300, weight: 2, spreadKm: 6, region: "Grieskirchen", code: 408, group: 4,
                postcode: "4710"),
            City(
                "Kirchdorf an der Krems", 47.9050, 14.1230, weight: 1.8, spreadKm: 6, region: "Kirchdorf an der Krems",
                code: 409, group: 4, postcode: "4560"),
            City("Linz-Land", 48.2200, 14.2500, weight: 4, region: "Linz-Land", code: 410, group: 4, postcode: "4050"),
            City(
                "Perg", 48.2500, 14.6330, weight: 2, spreadKm: 6, region: "Perg", code: 411, group: 4,
                postcode: "4320"),
            City(
                "Ried im Innkreis", 48.2100, 13.4890, weight: 2, spreadKm: 6, region: "Ried im Innkreis", code: 412,
                group: 4, postcode: "4910"),
            City(
                "Rohrbach", 48.5720, 13.9910, weight: 1.5, spreadKm: 6, region: "Rohrbach", code: 413, group: 4,
                postcode: "4150"),
            City(
                "Schärding", 48.4570, 13.4310, weight: 1.6, spreadKm: 6, region: "Schärding", code: 414, group: 4,
                postcode: "4780"),
            City(
                "Steyr-Land", 47.9800, 14.4000, weight: 1.8, spreadKm: 6, region: "Steyr-Land", code: 415, group: 4,
                postcode: "4400"),
            City(
                "Urfahr-Umgebung", 48.3800, 14.2500, weight: 2, spreadKm: 6, region: "Urfahr-Umgebung", code: 416,
                group: 4, postcode: "4040"),
            City(
                "Vöcklabruck", 48.0080, 13.6560, weight: 4, region: "Vöcklabruck", code: 417, group: 4, postcode: "4840"
            ),
            City(
                "Wels-Land", 48.1500, 13.9500, weight: 2.2, spreadKm: 6, region: "Wels-Land", code: 418, group: 4,
                postcode: "4600"),
            City(
                "Salzburg(Stadt)", 47.8095, 13.0550, weight: 4, region: "Salzburg(Stadt)", code: 501, group: 5,
                postcode: "5020"),
            City(
                "Hallein", 47.6830, 13.0970, weight: 1.8, spreadKm: 6, region: "Hallein", code: 502, group: 5,
                postcode: "5400"),
            City(
                "Salzburg-Umgebung", 47.8500, 13.1000, weight: 4, region: "Salzburg-Umgebung", code: 503, group: 5,
                postcode: "5020"),
            City(
                "Sankt Johann im Pongau", 47.3500, 13.2000, weight: 2.5, spreadKm: 6, region: "Sankt Johann im Pongau",
                code: 504, group: 5, postcode: "5600"),
            City(
                "Tamsweg", 47.1280, 13.8100, weight: 0.8, spreadKm: 6, region: "Tamsweg", code: 505, group: 5,
                postcode: "5580"),
            City(
                "Zell am See", 47.3250, 12.7960, weight: 2.5, spreadKm: 6, region: "Zell am See", code: 506, group: 5,
                postcode: "5700"),
            City(
                "Graz(Stadt)", 47.0707, 15.4395, weight: 5, region: "Graz(Stadt)", code: 601, group: 6, postcode: "8010"
            ),
            City(
                "Deutschlandsberg", 46.8150, 15.2220, weight: 2, spreadKm: 6, region: "Deutschlandsberg", code: 603,
                group: 6, postcode: "8530"),
            City(
                "Graz-Umgebung", 47.1000, 15.4000, weight: 4, region: "Graz-Umgebung", code: 606, group: 6,
                postcode: "8020"),
            City(
                "Leibnitz", 46.7830, 15.5450, weight: 2.5, spreadKm: 6, region: "Leibnitz", code: 610, group: 6,
                postcode: "8430"),
            City(
                "Leoben", 47.3800, 15.0940, weight: 2, spreadKm: 6, region: "Leoben", code: 611, group: 6,
                postcode: "8700"),
            City(
                "Liezen", 47.5670, 14.2400, weight: 2.5, spreadKm: 6, region: "Liezen", code: 612, group: 6,
                postcode: "8940"),
            City(
                "Murau", 47.1110, 14.1710, weight: 0.9, spreadKm: 6, region: "Murau", code: 614, group: 6,
                postcode: "8850"),
            City(
                "Voitsberg", 47.0440, 15.1560, weight: 1.5, spreadKm: 6, region: "Voitsberg", code: 616, group: 6,
                postcode: "8570"),
            City(
                "Weiz", 47.2180, 15.6230, weight: 2.5, spreadKm: 6, region: "Weiz", code: 617, group: 6,
                postcode: "8160"),
            City(
                "Murtal", 47.1700, 14.6600, weight: 2, spreadKm: 6, region: "Murtal", code: 620, group: 6,
                postcode: "8720"),
            City(
                "Bruck-Mürzzuschlag", 47.4100, 15.2700, weight: 3, region: "Bruck-Mürzzuschlag", code: 621, group: 6,
                postcode: "8600"),
            City(
                "Hartberg-Fürstenfeld", 47.2810, 15.9710, weight: 2.5, spreadKm: 6, region: "Hartberg-Fürstenfeld",
                code: 622, group: 6, postcode: "8230"),
            City(
                "Südoststeiermark", 46.9500, 15.8900, weight: 2, spreadKm: 6, region: "Südoststeiermark", code: 623,
                group: 6, postcode: "8330"),
            City(
                "Innsbruck-Stadt", 47.2692, 11.4041, weight: 3, region: "Innsbruck-Stadt", code: 701, group: 7,
                postcode: "6020"),
            City(
                "Imst", 47.2450, 10.7400, weight: 1.8, spreadKm: 6, region: "Imst", code: 702, group: 7,
                postcode: "6460"),
            City(
                "Innsbruck-Land", 47.2500, 11.3000, weight: 4, region: "Innsbruck-Land", code: 703, group: 7,
                postcode: "6060"),
            City(
                "Kitzbühel", 47.4460, 12.3920, weight: 2, spreadKm: 6, region: "Kitzbühel", code: 704, group: 7,
                postcode: "6370"),
            City("Kufstein", 47.5830, 12.1700, weight: 3, region: "Kufstein", code: 705, group: 7, postcode: "6330"),
            City(
                "Landeck", 47.1390, 10.5660, weight: 1.5, spreadKm: 6, region: "Landeck", code: 706, group: 7,
                postcode: "6500"),
            City(
                "Lienz", 46.8290, 12.7690, weight: 1.5, spreadKm: 6, region: "Lienz", code: 707, group: 7,
                postcode: "9900"),
            City(
                "Reutte", 47.4870, 10.7190, weight: 1, spreadKm: 6, region: "Reutte", code: 708, group: 7,
                postcode: "6600"),
            City(
                "Schwaz", 47.3520, 11.7100, weight: 2.5, spreadKm: 6, region: "Schwaz", code: 709, group: 7,
                postcode: "6130"),
            City(
                "Bludenz", 47.1540, 9.8220, weight: 2, spreadKm: 6, region: "Bludenz", code: 801, group: 8,
                postcode: "6700"),
            City("Bregenz", 47.5030, 9.7470, weight: 3, region: "Bregenz", code: 802, group: 8, postcode: "6900"),
            City(
                "Dornbirn", 47.4130, 9.7420, weight: 2, spreadKm: 6, region: "Dornbirn", code: 803, group: 8,
                postcode: "6850"),
            City(
                "Feldkirch", 47.2380, 9.5990, weight: 2.5, spreadKm: 6, region: "Feldkirch", code: 804, group: 8,
                postcode: "6800"),
            City("Wien", 48.2082, 16.3738, weight: 12, region: "Wien", code: 900, group: 9, postcode: "1010"),
        ],
        boxes: [LandBox(south: 46.38, west: 9.54, north: 49.01, east: 17.15)],
        ruralShare: 0.15)

    /// Bundesland names by code.
    static let bundeslaender: [Int: String] = [
        1: "Burgenland",
        2: "Kärnten",
        3: "Niederösterreich",
        4: "Oberösterreich",
        5: "Salzburg",
        6: "Steiermark",
        7: "Tirol",
        8: "Vorarlberg",
        9: "Wien",
    ]
}
