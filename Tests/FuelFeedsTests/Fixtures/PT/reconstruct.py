# Writes the reconstructed PT test pages: python3 reconstruct.py Tests/FuelFeedsTests/Fixtures/PT (see SOURCES.md).
import json
S = [
  # Id, Nome, Marca, Morada, Localidade, Municipio, Distrito, CodPostal, lat, lon, [(fuel, price, time)]
  (1011, "Galp Lisboa República", "GALP", "Avenida da República, 45", "Lisboa", "Lisboa", "Lisboa", "1050-187", 38.739021, -9.145803,
   [("Gasóleo simples", "1,659", "2025-09-26 08:15"), ("Gasóleo especial", "1,759", "2025-09-26 08:15"),
    ("Gasolina simples 95", "1,789", "2025-09-26 08:15"), ("Gasolina especial 95", "1,869", "2025-09-26 08:15"),
    ("GPL Auto", "0,899", "2025-09-22 19:40")]),
  (1032, "Repsol Boavista", "REPSOL", "Avenida da Boavista, 1650", "Porto", "Porto", "Porto", "4100-115", 41.158814, -8.640027,
   [("Gasóleo simples", "1,639", "2025-09-27 07:02"), ("Gasóleo especial", "1,719", "2025-09-27 07:02"),
    ("Gasolina simples 95", "1,779", "2025-09-27 07:02"), ("Gasolina 98", "1,899", "2025-09-27 07:02")]),
  (2207, "Prio Braga Santa Cruz", "PRIO", "Rua Nova de Santa Cruz, 2", "Braga", "Braga", "Braga", "4710-409", 41.560633, -8.398041,
   [("Gasóleo simples", "1,589", "2025-09-25 10:30"), ("Gasolina simples 95", "1,729", "2025-09-25 10:30"),
    ("Biodiesel B15", "1,619", "2025-09-25 10:30")]),
  (3115, "BP Taveiro", "BP", "Estrada Nacional 341, Km 4", "Taveiro", "Coimbra", "Coimbra", "3045-504", 40.185712, -8.477003,
   [("Gasóleo simples", "1,649", "2025-09-26 12:00"), ("Gasóleo especial", "1,749", "2025-09-26 12:00"),
    ("Gasolina simples 95", "1,799", "2025-09-26 12:00"), ("Gasolina especial 98", "1,959", "2025-09-26 12:00")]),
  (4420, "Intermarché Faro", "INTERMARCHÉ", "Rua Infante Dom Henrique, 121", "Faro", "Faro", "Faro", "8000-363", 37.025047, -7.930021,
   [("Gasóleo simples", "1,579", "2025-09-24 09:45"), ("Gasolina simples 95", "1,709", "2025-09-24 09:45")]),
  (5102, "Cepsa Évora", "CEPSA", "Avenida Túlio Espanca, 30", "Évora", "Évora", "Évora", "7005-840", 38.565004, -7.905312,
   [("Gasóleo simples", "1,629", "2025-09-26 18:20"), ("Gasolina simples 95", "1,769", "2025-09-26 18:20"),
    ("GPL Auto", "0,889", "2025-09-26 18:20")]),
  (6003, "Alves Bandeira Ranhados", "ALVES BANDEIRA", "Estrada Nacional 2, Ranhados", "Viseu", "Viseu", "Viseu", "3500-719", 40.640118, -7.912037,
   [("Gasóleo simples", "1,599", "2025-09-27 06:30"), ("Gasóleo colorido", "1,199", "2025-09-27 06:30"),
    ("Gasolina simples 95", "1,739", "2025-09-27 06:30")]),
  (7117, "Galp Funchal Estrada Monumental", "GALP", "Estrada Monumental, 318", "Funchal", "Funchal", "Madeira", "9000-236", 32.637215, -16.939780,
   [("Gasóleo simples", "1,489", "2025-09-22 08:00"), ("Gasolina simples 95", "1,649", "2025-09-22 08:00")]),
  (7230, "Repsol Ponta Delgada", "REPSOL", "Avenida Infante Dom Henrique, 60", "Ponta Delgada", "Ponta Delgada", "Açores", "9500-150", 37.739508, -25.668027,
   [("Gasóleo simples", "1,359", "2025-09-01 00:00"), ("Gasolina simples 95", "1,599", "2025-09-01 00:00")]),
  (8001, "Dourogás Matosinhos", "DOUROGÁS", "Rua Roberto Ivens, 1200", "Matosinhos", "Matosinhos", "Porto", "4450-253", 41.186034, -8.690127,
   [("GNC (gás natural comprimido) - €/kg", "1,299", "2025-09-23 11:10"),
    ("GNC (gás natural comprimido) - €/m3", "0,995", "2025-09-23 11:10"),
    ("GNL (gás natural liquefeito) - €/kg", "1,199", "2025-09-23 11:10")]),
  (9050, "E.Leclerc Bragança", "E.LECLERC", "Avenida Sá Carneiro, 411", "Bragança", "Bragança", "Bragança", "5300-252", 41.806112, -6.756731,
   [("Gasóleo simples", "1,569", "2025-09-26 21:05"), ("Gasolina simples 95", "1,699", "2025-09-26 21:05")]),
  (9377, "Posto de Abastecimento de Ílhavo", None, "Rua João de Deus, 5", "Ílhavo", "Ílhavo", "Aveiro", "3830-181", 40.600510, -8.667009,
   [("Gasóleo simples", "1,609", "2025-09-25 16:45"), ("Gasolina mistura", "2,150", "2025-09-25 16:45")]),
]
rows = []
for (i, nome, marca, morada, loc, mun, dist, cp, lat, lon, fuels) in S:
    for (fuel, price, time) in fuels:
        rows.append({"Id": i, "Nome": nome, "Marca": marca, "Morada": morada, "Localidade": loc, "Municipio": mun,
                     "Distrito": dist, "CodPostal": cp, "Latitude": lat, "Longitude": lon, "Combustivel": fuel,
                     "Preco": price + " €", "DataAtualizacao": time})
size = 20
pages = [rows[i:i + size] for i in range(0, len(rows), size)] + [[]]
import sys
out = sys.argv[1]
for n, page in enumerate(pages, 1):
    doc = {"status": True, "mensagem": "sucesso", "resultado": page}
    open(f"{out}/page-{n:04d}.json", "w", encoding="utf-8").write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
print(len(rows), "rows,", len(pages), "pages")
