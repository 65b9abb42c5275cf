import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// Every JSON adapter × every kind of broken file: each must throw a ``FeedError`` naming the country, the file
/// and, where it applies, the record and the line.
@Suite struct JSONFeedBadInputTests {
    enum Kind: String, CaseIterable, Sendable {
        case empty, truncated, htmlErrorPage, latin1, utf16, missingField, nonNumeric
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var country: String
        var kind: Kind
        var testDescription: String { "\(country) \(kind.rawValue)" }
    }

    static let cases: [Case] = ["ES", "PT", "AT"].flatMap { country in
        Kind.allCases.map { Case(country: country, kind: $0) }
    }

    /// A small valid feed of two records, one per line, whose second record a case may spoil.
    enum Feed {
        enum Spoil { case none, missingField, nonNumeric }

        static func fileName(_ country: String) -> String {
            switch country {
            case "ES": "precios.json"
            case "PT": "page-0001.json"
            default: "by-region-PB-601-DIE.json"
            }
        }

        static func text(_ country: String, _ spoil: Spoil) -> String {
            switch country {
            case "ES":
                return "{\"Fecha\":\"27\\/09\\/2025 18:05:47\",\"ListaEESSPrecio\":[\n" + spain(1, .none) + ",\n"
                    + spain(2, spoil) + "\n],\"Nota\":\"\",\"ResultadoConsulta\":\"OK\"}"
            case "PT":
                return "{\"status\":true,\"mensagem\":\"sucesso\",\"resultado\":[\n" + portugal(501, .none) + ",\n"
                    + portugal(502, spoil) + "\n]}"
            default:
                return "[\n" + austria(1, .none) + ",\n" + austria(2, spoil) + "\n]"
            }
        }

        static func spain(_ id: Int, _ spoil: Spoil) -> String {
            let latitude = spoil == .missingField ? "" : #""Latitud":"41,507833","#
            let price = spoil == .nonNumeric ? "1,33x" : "1,339"
            return #"{"C.P.":"08630","Dirección":"CALLE HOSTAL DEL PI S\/N","Horario":"L-D: 24H",\#(latitude)"#
                + #""Localidad":"ABRERA","Longitud (WGS84)":"1,902972","Precio Gasoleo A":"\#(price)","#
                + #""Rótulo":"REPSOL","Tipo Venta":"P","IDEESS":"\#(id)"}"#
        }

        static func portugal(_ id: Int, _ spoil: Spoil) -> String {
            let idField = spoil == .missingField ? "" : #""Id":\#(id),"#
            let price = spoil == .nonNumeric ? "abc €" : "1,659 €"
            return #"{\#(idField)"Nome":"Posto","Marca":"GALP","Morada":"Rua A","Localidade":"Lisboa","#
                + #""CodPostal":"1000-001","Latitude":38.7,"Longitude":-9.1,"Combustivel":"Gasóleo simples","#
                + #""Preco":"\#(price)","DataAtualizacao":"2025-09-26 08:15"}"#
        }

        static func austria(_ id: Int, _ spoil: Spoil) -> String {
            let idField = spoil == .missingField ? "" : #""id":\#(id),"#
            let amount = spoil == .nonNumeric ? "\"abc\"" : "1.519"
            return #"{\#(idField)"name":"OMV","location":{"address":"Wiener Straße 1","postalCode":"8051","#
                + #""city":"Graz","latitude":47.09,"longitude":15.41},"#
                + #""prices":[{"fuelType":"DIE","amount":\#(amount),"label":"Diesel"}]}"#
        }
    }

    static func bytes(_ testCase: Case) -> [UInt8] {
        let valid = Feed.text(testCase.country, .none)
        switch testCase.kind {
        case .empty: return []
        case .truncated: return Array(Array(valid.utf8).prefix(valid.utf8.count * 2 / 3))
        case .htmlErrorPage:
            return Array("<!DOCTYPE html>\n<html><body><h1>503 Service Unavailable</h1></body></html>\n".utf8)
        case .latin1: return Array(valid.data(using: .windowsCP1252)!)  // Latin-1 plus €
        case .utf16: return Array(valid.data(using: .utf16LittleEndian)!)
        case .missingField: return Array(Feed.text(testCase.country, .missingField).utf8)
        case .nonNumeric: return Array(Feed.text(testCase.country, .nonNumeric).utf8)
        }
    }

    /// What the description must say beyond the country and the file.
    static func expectedFragments(_ testCase: Case) -> [String] {
        let id = ["ES": "IDEESS 2", "PT": "Id 502", "AT": "id 2"][testCase.country]!
        let missing = ["ES": "missing field Latitud", "PT": "missing field Id", "AT": "missing field id"][
            testCase.country]!
        switch testCase.kind {
        case .empty: return ["the file is empty"]
        case .truncated: return ["line ", "truncated"]
        case .htmlErrorPage: return ["line 1, column 1", "HTML"]
        case .latin1: return ["line 2, column", "invalid UTF-8"]
        case .utf16: return ["line 1, column 1", "UTF-16"]
        case .missingField: return ["record 2", "line 3, column 1", missing]
        case .nonNumeric: return ["record 2 (\(id)), line 3", "is not a"]
        }
    }

    @Test func theValidFeedsParse() throws {
        for country in ["ES", "PT", "AT"] {
            let input = try FeedFixture.input(
                country: country, texts: [Feed.fileName(country): Feed.text(country, .none)])
            let adapter = try #require(CountryRegistry.country(country))
            #expect(try adapter.parse(input).stations.count == 2, "\(country)")
        }
    }

    @Test(arguments: cases)
    func namesCountryFileAndPlace(_ testCase: Case) throws {
        let name = Feed.fileName(testCase.country)
        let input = try FeedFixture.input(country: testCase.country, files: [name: Self.bytes(testCase)])
        let adapter = try #require(CountryRegistry.country(testCase.country))
        let error = #expect(throws: FeedError.self) { try adapter.parse(input) }
        let description = error?.description ?? ""
        #expect(description.hasPrefix("\(testCase.country): "), "\(description)")
        #expect(description.contains("/\(testCase.country)/\(name)"), "\(description)")
        for fragment in Self.expectedFragments(testCase) {
            #expect(description.contains(fragment), "missing \"\(fragment)\" in: \(description)")
        }
    }
}
