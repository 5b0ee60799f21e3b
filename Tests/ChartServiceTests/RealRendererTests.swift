import ChartRender
import Foundation
import HTTPServer
import Testing
@testable import ChartService

/// End to end through the real pipeline (spec parser, layout, SVG writer).
struct RealRendererTests {
    let service = ChartService(renderer: ChartRenderer.shared)

    static let spec = #"{"type":"line","width":400,"height":200,"title":"Visits","#
        + #""series":[{"name":"a","values":[1,3,2,5]}]}"#
    /// The same chart: other key order, whitespace and a default spelled out.
    static let sameChart = #"""
    { "series": [ { "values": [1, 3, 2, 5], "name": "a" } ], "title": "Visits",
      "height": 200, "width": 400, "type": "line", "theme": "light" }
    """#

    @Test func rendersSVGForPostAndBothGetEncodings() throws {
        let post = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        #expect(post.status == 200)
        #expect(post.headers["Content-Type"] == "image/svg+xml")
        #expect(post.text.contains("<svg"))
        #expect(post.text.contains("Visits"))
        let viaC = service.respond(to: request("GET", "/v1/chart?c=" + Base64URL.encode(Array(Self.spec.utf8))))
        let viaSpec = service.respond(to: request("GET", "/v1/chart?spec=" + percentEncoded(Self.spec)))
        #expect(viaC.body == post.body)
        #expect(viaSpec.body == post.body)
    }

    /// Several charts inlined in one page must not share gradient or clip ids: each SVG's ids start with its ETag.
    @Test func svgIDsAreDerivedFromTheETag() throws {
        let response = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        let etag = try #require(response.headers["ETag"])
        let prefix = "c" + etag.dropFirst().prefix(10)
        #expect(response.text.contains(#"<title id="\#(prefix)-title">"#))
        let other = service.respond(to: request("POST", "/v1/chart", body: Self.spec.replacingOccurrences(
            of: "Visits", with: "Sales")))
        #expect(!other.text.contains(prefix))
    }

    @Test func acceptChoosesPNGWhenTheSpecDoesNotSay() {
        let response = service.respond(to: request("POST", "/v1/chart", headers: [("Accept", "image/png")],
                                                   body: Self.spec))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(response.headers["Vary"] == "Accept")
    }

    @Test func equivalentSpecsShareETagAndCacheEntry() throws {
        let first = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        let second = service.respond(to: request("POST", "/v1/chart", body: Self.sameChart))
        #expect(first.status == 200 && second.status == 200)
        #expect(first.headers["ETag"] == second.headers["ETag"])
        #expect(second.logFields.contains { $0 == ("cache", "hit") })
        let other = service.respond(to: request("POST", "/v1/chart", body: Self.spec.replacingVisits()))
        #expect(other.headers["ETag"] != first.headers["ETag"])
    }

    @Test func validationErrorsCarryTheValidatorsPaths() throws {
        let response = service.respond(to: request("POST", "/v1/chart",
                                                   body: #"{"width":"wide","series":[{"values":[1,"x"]}]}"#))
        #expect(response.status == 422)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text.contains(#""path":"width""#))
        #expect(response.text.contains(#""path":"series[0].values[1]""#))
    }

    @Test func malformedJSONIsABadRequestNotAnInvalidSpec() {
        let response = service.respond(to: request("POST", "/v1/chart", body: "{\"series\": [}"))
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text.hasPrefix(#"{"type":"/problems/malformed-json","title":"Malformed JSON","status":400"#))
        #expect(response.text.contains("line 1, column 13"))
    }
}

extension String {
    fileprivate func replacingVisits() -> String {
        guard let range = firstRange(of: "Visits") else { return self }
        var copy = self
        copy.replaceSubrange(range, with: "Orders")
        return copy
    }
}
