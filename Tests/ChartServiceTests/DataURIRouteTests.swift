import ChartRender
import ChartSpec
import Foundation
import HTTPServer
import Testing
@testable import ChartService

/// `encoding=base64` on `/v1/chart` and `format=base64` on `/chart`: the image as a data URI, with its own ETag and
/// cache entry; and the `Content-Disposition` of the image's own bytes.
struct DataURIRouteTests {
    let renderer = FakeRenderer()
    let service: ChartService

    init() {
        service = ChartService(renderer: renderer)
    }

    static let spec = #"{"series":[{"values":[1,2,3]}]}"#
    static var get: String { "/v1/chart?c=" + Base64URL.encode(Array(spec.utf8)) }

    /// The bytes a data URI of `mediaType` carries, or nil when it is not one.
    func payload(_ response: HTTPResponse, _ mediaType: String) -> [UInt8]? {
        let prefix = "data:\(mediaType);base64,"
        guard response.text.hasPrefix(prefix) else { return nil }
        return Data(base64Encoded: String(response.text.dropFirst(prefix.count))).map { Array($0) }
    }

    @Test func getAnswersTheDataURIOfTheImageWithItsOwnETag() throws {
        let binary = service.respond(to: request("GET", Self.get))
        let uri = service.respond(to: request("GET", Self.get + "&encoding=base64"))
        #expect(uri.status == 200)
        #expect(uri.headers["Content-Type"] == "text/plain; charset=us-ascii")
        #expect(payload(uri, "image/svg+xml") == binary.body)
        #expect(uri.headers["Content-Disposition"] == nil)
        #expect(uri.headers["Content-Security-Policy"] == nil)
        #expect(uri.headers["Cache-Control"] == binary.headers["Cache-Control"])
        #expect(uri.headers["Vary"] == "Accept")  // Accept still chose the format inside
        let etag = try #require(uri.headers["ETag"])
        #expect(etag != binary.headers["ETag"])
        #expect(renderer.callCount == 2)  // cached separately from the binary
        // Each answers If-None-Match with its own tag only.
        let revalidated = service.respond(to: request("GET", Self.get + "&encoding=base64",
                                                      headers: [("If-None-Match", etag)]))
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        #expect(service.respond(to: request("GET", Self.get, headers: [("If-None-Match", etag)])).status == 200)
    }

    @Test func postTakesEncodingAndFormatFromTheQuery() {
        let uri = service.respond(to: request("POST", "/v1/chart?encoding=base64&format=PNG", body: Self.spec))
        #expect(uri.status == 200)
        #expect(payload(uri, "image/png") == Array(("png:" + Self.spec).utf8))
        #expect(uri.headers["Vary"] == nil)
        let binary = service.respond(to: request("POST", "/v1/chart?encoding=binary&format=png", body: Self.spec))
        #expect(binary.text == "png:" + Self.spec)
    }

    @Test func aRepeatedDataURIComesFromTheMemoAndCache() throws {
        let target = Self.get + "&encoding=base64&format=jpg"
        let first = service.respond(to: request("GET", target))
        #expect(payload(first, "image/jpeg") == Array(("jpeg:" + Self.spec).utf8))
        let quick = try #require(service.respondWithoutBlocking(to: request("GET", target)))
        #expect(quick.body == first.body)
        #expect(quick.headers["Content-Type"] == "text/plain; charset=us-ascii")
        #expect(quick.headers["ETag"] == first.headers["ETag"])
        #expect(renderer.callCount == 1 && renderer.parseCount == 1)
    }

    @Test func anUnknownEncodingIsRefused() {
        let response = service.respond(to: request("GET", Self.get + "&encoding=hex"))
        #expect(response.status == 400)
        #expect(response.text.contains(#""errors":[{"path":"encoding""#))
        #expect(renderer.callCount == 0)
    }

    /// The output budget counts the data URI, which is a third larger than the image.
    @Test func theOutputLimitAppliesToTheEncodedSize() {
        let image = "svg:" + Self.spec
        var configuration = ChartServiceConfiguration()
        configuration.budget.maxOutputBytes = image.utf8.count + 4
        let service = ChartService(configuration: configuration, renderer: renderer)
        #expect(service.respond(to: request("GET", Self.get)).status == 200)
        let uri = service.respond(to: request("GET", Self.get + "&encoding=base64"))
        #expect(uri.status == 422)
        #expect(uri.text.contains("as a data URI"))
    }

    /// Every format's bytes are shown in place and saved as `chart.<extension>`, from a render or from the cache;
    /// the access log and the metrics' `format` label carry the canonical name however the request spelled it.
    @Test func imagesAreInlineWithAFileNameAndLogTheirFormat() {
        for format in OutputFormat.allCases where format != .json {  // the fake renders no layout JSON
            let target = Self.get + "&format=" + (format == .jpeg ? "JPG" : format.rawValue.uppercased())
            for response in [service.respond(to: request("GET", target)), service.respond(to: request("GET", target))] {
                #expect(response.status == 200)
                #expect(response.headers["Content-Disposition"] == "inline; filename=\"chart.\(format.fileExtension)\"")
                #expect(response.logFields.contains { $0 == ("format", format.rawValue) })
                service.didRespond(HTTPLogEntry(method: "GET", path: "/v1/chart", status: 200, bytes: 1,
                                                durationNanoseconds: 1, requestID: "r", fields: response.logFields))
            }
        }
        #expect(renderer.callCount == OutputFormat.allCases.count - 1)
        let metrics = service.respond(to: request("GET", "/metrics")).text
        for format in OutputFormat.allCases where format != .json {
            #expect(metrics.contains(#"route="/v1/chart",status="200",format="\#(format.rawValue)"} 2"#))
        }
    }

    @Test func quickChartFormatBase64IsADataURIOfThePNG() throws {
        let config = "{type: 'bar', data: {labels: ['a'], datasets: [{data: [1]}]}}"
        let binary = service.respond(to: request("GET", "/chart?c=" + percentEncoded(config)))
        let uri = service.respond(to: request("GET", "/chart?c=" + percentEncoded(config) + "&format=base64"))
        #expect(uri.status == 200)
        #expect(uri.headers["Content-Type"] == "text/plain; charset=us-ascii")
        #expect(payload(uri, "image/png") == binary.body)
        #expect(uri.headers["ETag"] != binary.headers["ETag"])
        // `encoding` keeps QuickChart's meaning: how the chart parameter is encoded.
        let encoded = Data(config.utf8).base64EncodedString()
        let both = service.respond(to: request("GET", "/chart?c=" + percentEncoded(encoded)
            + "&encoding=base64&format=base64"))
        #expect(both.body == uri.body)
        let post = service.respond(to: request("POST", "/chart", body: #"{"chart": "\#(config)", "format": "base64"}"#))
        #expect(post.body == uri.body)
    }
}
