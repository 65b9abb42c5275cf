/// Names, brands and streets the generated feeds draw from, weighted roughly as in the real feeds.
enum Vocabulary {
    /// A list of values with weights, drawn by cumulative weight.
    struct Weighted: Sendable {
        let values: [String]
        private let cumulative: [Double]

        init(_ pairs: [(String, Double)]) {
            values = pairs.map(\.0)
            var total = 0.0
            cumulative = pairs.map { pair in
                total += pair.1
                return total
            }
        }

        func pick(_ rng: inout SplitMix64) -> String { values[rng.pick(cumulative: cumulative)] }
    }

    static let portugalBrands = Weighted([
        ("GALP", 24), ("REPSOL", 15), ("BP", 13), ("PRIO", 10), ("CEPSA", 7), ("INTERMARCHÉ", 7),
        ("ALVES BANDEIRA", 3), ("E.LECLERC", 2), ("AUCHAN", 2), ("OZ ENERGIA", 2), ("PINGO DOCE", 1),
        ("GENÉRICO", 8), ("Q8", 1), ("PETROIBÉRICA", 1), ("RODOPETRÓLEO", 1),
    ])
    static let portugalStreets = [
        "Avenida da República", "Rua de Santa Catarina", "Estrada Nacional 1", "EN 125", "Avenida 25 de Abril",
        "Rua do Comércio", "Estrada de Benfica", "Avenida Dr. Lourenço Peixinho", "Rua da Liberdade",
        "Variante de Gondomar", "IC 19", "A 1 - Área de Serviço", "Largo do Município", "Rua Nova",
    ]

    static let spainBrands = Weighted([
        ("REPSOL", 26), ("CEPSA", 12), ("GALP", 5), ("BP", 5), ("SHELL", 4), ("PETRONOR", 3), ("BALLENOIL", 3),
        ("PLENOIL", 3), ("CARREFOUR", 2), ("AVIA", 2), ("DISA", 2), ("PETROPRIX", 2), ("ALCAMPO", 1),
        ("HAM", 1), ("NIEVES", 0.5), ("MEROIL", 1), ("FAST FUEL", 1), ("GASEXPRESS", 1), ("VALCARCE", 1),
        ("SIN RÓTULO", 6), ("E.LECLERC", 0.5), ("BONAREA", 1), ("PETROCAT", 1), ("ESCLATOIL", 1),
    ])
    static let spainStreets = [
        "CALLE MAYOR", "AVENIDA DE LA CONSTITUCIÓN", "CARRETERA N-II KM. 592", "CTRA. NACIONAL 340 KM 1.046",
        "AUTOVIA A-4 KM 125", "CALLE HOSTAL DEL PI S/N", "AVENIDA ENERGIA", "POLIGONO INDUSTRIAL EL PLA",
        "CARRETERA C-17 KM 18,5", "CALLE REAL", "AVENIDA DE ANDALUCÍA", "PASEO DE LA CASTELLANA",
        "CALLE TREBALL", "RONDA SUR", "CAMINO VIEJO S/N",
    ]
    static let spainHours = Weighted([
        ("L-D: 24H", 38), ("L-D: 06:00-22:00", 12), ("L-D: 07:00-23:00", 6), ("L-S: 07:00-21:00", 4),
        ("L-V: 07:00-22:00; S: 08:00-22:00; D: 10:00-22:00", 3), ("L-D: 06:00-23:00", 5),
        ("L: 06:00-00:00; M-D: 24H", 1), ("L-V: 08:30-18:30", 1), ("L-D: 05:30-22:30", 2),
        ("L-S: 06:00-22:00; D: 07:00-15:00", 2), ("L-V: 06:00-22:00; S-D: 08:00-21:00", 2),
        ("L-S: 07:30-14:30 y 16:00-19:30", 1), ("L-V: 07:00-21:30; S: 08:00-15:30", 1),
        ("L-S: 08:00-21:00; D: 09:00-14:00", 1), ("L-D: 06:30-21:30", 2), ("L-V: 08:00-15:00", 0.5),
        ("L-D: 05:30-23:30", 1), ("L-D: 06:00-01:30", 0.5), ("L-V: 07:00-22:00; S: 09:00-15:00", 1),
    ])

    static let franceServices = Weighted([
        ("Station de gonflage", 60), ("Automate CB 24/24", 55), ("Boutique alimentaire", 35),
        ("Toilettes publiques", 30),
        ("Vente de gaz domestique (Butane, Propane)", 40), ("Lavage automatique", 30), ("Laverie", 6),
        ("Boutique non alimentaire", 20), ("Lavage manuel", 18), ("Carburant additivé", 25),
        ("DAB (Distributeur automatique de billets)", 10),
        ("Piste poids lourds", 12), ("Relais colis", 8), ("Restauration à emporter", 8), ("Bar", 5),
        ("Bornes électriques", 8), ("Wifi", 6), ("Vente d'additifs carburants", 10), ("Location de véhicule", 4),
        ("Services réparation / entretien", 6), ("GNV", 1), ("Douches", 2), ("Aire de camping-cars", 4),
        ("Vente de fioul domestique", 3), ("Vente de pétrole lampant", 2), ("Espace bébé", 1),
        ("Restauration sur place", 3),
    ])
    static let franceStreets = [
        "AVENUE DE LA REPUBLIQUE", "Route Nationale 7", "596 AVENUE DE TREVOUX", "Rue du Général de Gaulle",
        "ZAC des Portes", "CENTRE COMMERCIAL", "Boulevard Jean Jaurès", "RD 1085", "Aire de Service",
        "Avenue de Paris", "rue de la Gare", "ROUTE DE LYON", "Zone Industrielle", "Place de l'Église",
        "AV DU GENERAL LECLERC",
    ]

    static let italyBrands = Weighted([
        ("Agip Eni", 4448), ("Api-Ip", 4120), ("Pompe Bianche", 3615), ("Q8", 2909), ("Esso", 2348),
        ("Tamoil", 1585), ("Europam", 500), ("Retitalia", 450), ("Shell", 400), ("Energas", 300), ("Giap", 250),
        ("Costantin", 150), ("Sarni", 150), ("Beyfin", 150), ("Conad", 120), ("Vega", 120), ("Keropetrol", 80),
        ("San Marco Petroli", 80), ("Enercoop", 80), ("Repsol", 60),
    ])
    static let italyStreets = [
        "VIA ROMA", "SS.189 KM. 64+649 - C.DA SAN MICHELE  S.N.C  ", "VIA NAZIONALE", "VIA EMILIA",
        "CORSO ITALIA", "VIALE EUROPA", "S.P. 21 KM 3", "VIA AURELIA KM 41", "PIAZZALE DELLA STAZIONE",
        "VIA DEL LAVORO", "A1 AREA DI SERVIZIO", "VIA GIUSEPPE GARIBALDI", "LOCALITÀ PONTE", "VIA DELL’INDUSTRIA",
        "STRADA STATALE 16 – ADRIATICA",
    ]
    static let italyOperators = [
        "ENIMOOV S.P.A.", "EOS SERVICES S.R.L. A SOCIO UNICO", "ITALIANA PETROLI S.P.A.", "TAMOIL ITALIA S.P.A.",
        "ESSO ITALIANA S.R.L.", "KUWAIT PETROLEUM ITALIA SPA", "DI BENEDETTO CARBURANTI SRL", "ROSSI CARBURANTI SNC",
        "SERVICE STATION S.A.S.", "IP SERVICES S.R.L.", "FRATELLI BIANCHI S.N.C.", "GESTIONI STRADALI SRL",
    ]

    static let austriaBrands = Weighted([
        ("OMV", 16), ("BP", 13), ("ENI", 10), ("Shell", 10), ("JET", 7), ("Avanti", 7), ("Turmöl", 6),
        ("SOCAR", 5), ("Genol", 6), ("IQ", 3), ("A1 Tankstelle", 2), ("Stroh", 2), ("Landforst", 1),
        ("Diskont", 2), ("Lagerhaus", 4), ("Freie Tankstelle", 6),
    ])
    static let austriaStreets = [
        "Hauptstraße", "Wiener Straße", "Grazer Straße", "Salzburger Straße", "Linzer Straße", "Bundesstraße",
        "Kärntner Straße", "Nordbahnstraße", "Industriestraße", "Bahnhofstraße", "Gewerbepark", "Triester Straße",
    ]
}
