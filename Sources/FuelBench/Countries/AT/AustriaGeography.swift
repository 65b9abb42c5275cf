import FuelFormat

extension AustriaFeed {
    /// Austria, one city per political district (E-Control `PB` codes); the group is the Bundesland code.
    static let geography = CountryGeography(
        country: "AT",
        cities: City.table(
            """
            Eisenstadt(Stadt) | 47.8456 | 16.5233 | 1 | 6 | Eisenstadt(Stadt) | 101 | 1 | 7000
            Eisenstadt-Umgebung | 47.8700 | 16.6000 | 1 | 6 | Eisenstadt-Umgebung | 103 | 1 | 7000
            Güssing | 47.0590 | 16.3240 | 1 | 6 | Güssing | 104 | 1 | 7540
            Jennersdorf | 46.9400 | 16.1400 | 0.7 | 6 | Jennersdorf | 105 | 1 | 8380
            Mattersburg | 47.7370 | 16.3960 | 1 | 6 | Mattersburg | 106 | 1 | 7210
            Neusiedl am See | 47.9480 | 16.8420 | 2 | 6 | Neusiedl am See | 107 | 1 | 7100
            Oberpullendorf | 47.5030 | 16.5030 | 1.2 | 6 | Oberpullendorf | 108 | 1 | 7350
            Oberwart | 47.2880 | 16.2050 | 2 | 6 | Oberwart | 109 | 1 | 7400
            Klagenfurt(Stadt) | 46.6249 | 14.3050 | 3 |  | Klagenfurt(Stadt) | 201 | 2 | 9020
            Villach(Stadt) | 46.6103 | 13.8558 | 2 | 6 | Villach(Stadt) | 202 | 2 | 9500
            Hermagor | 46.6270 | 13.3670 | 0.8 | 6 | Hermagor | 203 | 2 | 9620
            Klagenfurt Land | 46.6500 | 14.2000 | 2 | 6 | Klagenfurt Land | 204 | 2 | 9061
            Sankt Veit an der Glan | 46.7680 | 14.3600 | 2 | 6 | Sankt Veit an der Glan | 205 | 2 | 9300
            Spittal an der Drau | 46.7960 | 13.4950 | 2.5 | 6 | Spittal an der Drau | 206 | 2 | 9800
            Villach Land | 46.6400 | 13.7500 | 1.8 | 6 | Villach Land | 207 | 2 | 9500
            Völkermarkt | 46.6620 | 14.6340 | 1.5 | 6 | Völkermarkt | 208 | 2 | 9100
            Wolfsberg | 46.8410 | 14.8440 | 1.8 | 6 | Wolfsberg | 209 | 2 | 9400
            Feldkirchen | 46.7240 | 14.0940 | 1 | 6 | Feldkirchen | 210 | 2 | 9560
            Krems an der Donau(Stadt) | 48.4100 | 15.6100 | 1 | 6 | Krems an der Donau(Stadt) | 301 | 3 | 3500
            Sankt Pölten(Stadt) | 48.2040 | 15.6260 | 2 | 6 | Sankt Pölten(Stadt) | 302 | 3 | 3100
            Waidhofen an der Ybbs(Stadt) | 47.9600 | 14.7740 | 0.5 | 6 | Waidhofen an der Ybbs(Stadt) | 303 | 3 | 3340
            Wiener Neustadt(Stadt) | 47.8150 | 16.2430 | 1.5 | 6 | Wiener Neustadt(Stadt) | 304 | 3 | 2700
            Amstetten | 48.1230 | 14.8720 | 4 |  | Amstetten | 305 | 3 | 3300
            Baden | 48.0050 | 16.2310 | 4 |  | Baden | 306 | 3 | 2500
            Bruck an der Leitha | 48.0250 | 16.7790 | 3 |  | Bruck an der Leitha | 307 | 3 | 2460
            Gänserndorf | 48.3400 | 16.7200 | 3.5 |  | Gänserndorf | 308 | 3 | 2230
            Gmünd | 48.7700 | 14.9800 | 1.3 | 6 | Gmünd | 309 | 3 | 3950
            Hollabrunn | 48.5630 | 16.0790 | 2 | 6 | Hollabrunn | 310 | 3 | 2020
            Horn | 48.6640 | 15.6560 | 1.2 | 6 | Horn | 311 | 3 | 3580
            Korneuburg | 48.3450 | 16.3330 | 2.5 | 6 | Korneuburg | 312 | 3 | 2100
            Krems(Land) | 48.4500 | 15.5500 | 1.8 | 6 | Krems(Land) | 313 | 3 | 3500
            Lilienfeld | 48.0130 | 15.5970 | 1 | 6 | Lilienfeld | 314 | 3 | 3180
            Melk | 48.2270 | 15.3440 | 2.5 | 6 | Melk | 315 | 3 | 3390
            Mistelbach | 48.5700 | 16.5770 | 3 |  | Mistelbach | 316 | 3 | 2130
            Mödling | 48.0850 | 16.2830 | 3.5 |  | Mödling | 317 | 3 | 2340
            Neunkirchen | 47.7270 | 16.0810 | 3 |  | Neunkirchen | 318 | 3 | 2620
            Sankt Pölten(Land) | 48.1500 | 15.6000 | 3 |  | Sankt Pölten(Land) | 319 | 3 | 3100
            Scheibbs | 48.0050 | 15.1670 | 1.3 | 6 | Scheibbs | 320 | 3 | 3270
            Tulln | 48.3310 | 16.0540 | 2.5 | 6 | Tulln | 321 | 3 | 3430
            Waidhofen an der Thaya | 48.8150 | 15.2850 | 1 | 6 | Waidhofen an der Thaya | 322 | 3 | 3830
            Wiener Neustadt(Land) | 47.8000 | 16.1500 | 2.5 | 6 | Wiener Neustadt(Land) | 323 | 3 | 2700
            Zwettl | 48.6060 | 15.1690 | 1.5 | 6 | Zwettl | 325 | 3 | 3910
            Linz(Stadt) | 48.3069 | 14.2858 | 4 |  | Linz(Stadt) | 401 | 4 | 4020
            Steyr(Stadt) | 48.0420 | 14.4210 | 1.3 | 6 | Steyr(Stadt) | 402 | 4 | 4400
            Wels(Stadt) | 48.1570 | 14.0270 | 2 | 6 | Wels(Stadt) | 403 | 4 | 4600
            Braunau am Inn | 48.2560 | 13.0430 | 3 |  | Braunau am Inn | 404 | 4 | 5280
            Eferding | 48.3090 | 14.0220 | 1 | 6 | Eferding | 405 | 4 | 4070
            Freistadt | 48.5110 | 14.5040 | 2 | 6 | Freistadt | 406 | 4 | 4240
            Gmunden | 47.9180 | 13.7990 | 3 |  | Gmunden | 407 | 4 | 4810
            Grieskirchen | 48.2350 | 13.8300 | 2 | 6 | Grieskirchen | 408 | 4 | 4710
            Kirchdorf an der Krems | 47.9050 | 14.1230 | 1.8 | 6 | Kirchdorf an der Krems | 409 | 4 | 4560
            Linz-Land | 48.2200 | 14.2500 | 4 |  | Linz-Land | 410 | 4 | 4050
            Perg | 48.2500 | 14.6330 | 2 | 6 | Perg | 411 | 4 | 4320
            Ried im Innkreis | 48.2100 | 13.4890 | 2 | 6 | Ried im Innkreis | 412 | 4 | 4910
            Rohrbach | 48.5720 | 13.9910 | 1.5 | 6 | Rohrbach | 413 | 4 | 4150
            Schärding | 48.4570 | 13.4310 | 1.6 | 6 | Schärding | 414 | 4 | 4780
            Steyr-Land | 47.9800 | 14.4000 | 1.8 | 6 | Steyr-Land | 415 | 4 | 4400
            Urfahr-Umgebung | 48.3800 | 14.2500 | 2 | 6 | Urfahr-Umgebung | 416 | 4 | 4040
            Vöcklabruck | 48.0080 | 13.6560 | 4 |  | Vöcklabruck | 417 | 4 | 4840
            Wels-Land | 48.1500 | 13.9500 | 2.2 | 6 | Wels-Land | 418 | 4 | 4600
            Salzburg(Stadt) | 47.8095 | 13.0550 | 4 |  | Salzburg(Stadt) | 501 | 5 | 5020
            Hallein | 47.6830 | 13.0970 | 1.8 | 6 | Hallein | 502 | 5 | 5400
            Salzburg-Umgebung | 47.8500 | 13.1000 | 4 |  | Salzburg-Umgebung | 503 | 5 | 5020
            Sankt Johann im Pongau | 47.3500 | 13.2000 | 2.5 | 6 | Sankt Johann im Pongau | 504 | 5 | 5600
            Tamsweg | 47.1280 | 13.8100 | 0.8 | 6 | Tamsweg | 505 | 5 | 5580
            Zell am See | 47.3250 | 12.7960 | 2.5 | 6 | Zell am See | 506 | 5 | 5700
            Graz(Stadt) | 47.0707 | 15.4395 | 5 |  | Graz(Stadt) | 601 | 6 | 8010
            Deutschlandsberg | 46.8150 | 15.2220 | 2 | 6 | Deutschlandsberg | 603 | 6 | 8530
            Graz-Umgebung | 47.1000 | 15.4000 | 4 |  | Graz-Umgebung | 606 | 6 | 8020
            Leibnitz | 46.7830 | 15.5450 | 2.5 | 6 | Leibnitz | 610 | 6 | 8430
            Leoben | 47.3800 | 15.0940 | 2 | 6 | Leoben | 611 | 6 | 8700
            Liezen | 47.5670 | 14.2400 | 2.5 | 6 | Liezen | 612 | 6 | 8940
            Murau | 47.1110 | 14.1710 | 0.9 | 6 | Murau | 614 | 6 | 8850
            Voitsberg | 47.0440 | 15.1560 | 1.5 | 6 | Voitsberg | 616 | 6 | 8570
            Weiz | 47.2180 | 15.6230 | 2.5 | 6 | Weiz | 617 | 6 | 8160
            Murtal | 47.1700 | 14.6600 | 2 | 6 | Murtal | 620 | 6 | 8720
            Bruck-Mürzzuschlag | 47.4100 | 15.2700 | 3 |  | Bruck-Mürzzuschlag | 621 | 6 | 8600
            Hartberg-Fürstenfeld | 47.2810 | 15.9710 | 2.5 | 6 | Hartberg-Fürstenfeld | 622 | 6 | 8230
            Südoststeiermark | 46.9500 | 15.8900 | 2 | 6 | Südoststeiermark | 623 | 6 | 8330
            Innsbruck-Stadt | 47.2692 | 11.4041 | 3 |  | Innsbruck-Stadt | 701 | 7 | 6020
            Imst | 47.2450 | 10.7400 | 1.8 | 6 | Imst | 702 | 7 | 6460
            Innsbruck-Land | 47.2500 | 11.3000 | 4 |  | Innsbruck-Land | 703 | 7 | 6060
            Kitzbühel | 47.4460 | 12.3920 | 2 | 6 | Kitzbühel | 704 | 7 | 6370
            Kufstein | 47.5830 | 12.1700 | 3 |  | Kufstein | 705 | 7 | 6330
            Landeck | 47.1390 | 10.5660 | 1.5 | 6 | Landeck | 706 | 7 | 6500
            Lienz | 46.8290 | 12.7690 | 1.5 | 6 | Lienz | 707 | 7 | 9900
            Reutte | 47.4870 | 10.7190 | 1 | 6 | Reutte | 708 | 7 | 6600
            Schwaz | 47.3520 | 11.7100 | 2.5 | 6 | Schwaz | 709 | 7 | 6130
            Bludenz | 47.1540 | 9.8220 | 2 | 6 | Bludenz | 801 | 8 | 6700
            Bregenz | 47.5030 | 9.7470 | 3 |  | Bregenz | 802 | 8 | 6900
            Dornbirn | 47.4130 | 9.7420 | 2 | 6 | Dornbirn | 803 | 8 | 6850
            Feldkirch | 47.2380 | 9.5990 | 2.5 | 6 | Feldkirch | 804 | 8 | 6800
            Wien | 48.2082 | 16.3738 | 12 |  | Wien | 900 | 9 | 1010
            """),
        boxes: [GeoBox(south: 46.38, west: 9.54, north: 49.01, east: 17.15)],
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
