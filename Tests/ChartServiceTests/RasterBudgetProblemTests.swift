import ChartRender
import Foundation
import HTTPServer
import Testing
@testable import ChartService

/// Through the HTTP layer with the real renderer: a PNG over the raster budget is a 422 whose problem names `scale`
/// with the sizes and the limit, however PNG was chosen — the spec's own `format` (refused by the validator), or
/// `?format=png` / `Accept: image/png` (refused before rasterizing) — never a 500 or an empty path. A `?format=`
/// override to another format wins over the spec's own `"format": "png"`.
struct RasterBudgetProblemTests {
    let service = ChartService(renderer: ChartRenderer.shared)

    static let oversized = #""width":2000,"height":1500,"scale":3,"series":[{"values":[1,2]}]"#

    /// The `errors` of a problem+json response.
    func errors(_ response: HTTPResponse) throws -> [[String: String]] {
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return try #require(problem["errors"] as? [[String: String]])
    }

    static let requests: [(method: String, target: String, accept: String?, body: String)] = [
        ("POST", "/v1/chart", nil, #"{"format":"png","# + oversized + "}"),
        ("POST", "/v1/chart?format=png", nil, "{" + oversized + "}"),
        ("POST", "/v1/chart", "image/png", "{" + oversized + "}"),
        ("GET", "/v1/chart?format=png&spec=" + percentEncoded("{" + oversized + "}"), nil, ""),
        ("GET", "/v1/chart?c=" + Base64URL.encode(Array((#"{"format":"png","# + oversized + "}").utf8)), nil, ""),
    ]

    @Test(arguments: requests.indices)
    func oversizedPNGIsAProblemAtScale(_ n: Int) throws {
        let r = Self.requests[n]
        let response = service.respond(to: request(r.method, r.target, headers: r.accept.map { [("Accept", $0)] } ?? [],
                                                   body: r.body))
        #expect(response.status == 422)
        let errors = try errors(response)
        #expect(errors.map { $0["path"] } == ["scale"])
        let message = errors.first?["message"] ?? ""
        for part in ["2000×1500", "at scale 3", "6000×4500", "27,000,000 device pixels", "limit of 16,777,216",
                     "at most 2.36"] {
            #expect(message.contains(part), "\(part) missing from \(message)")
        }
    }

    /// Only PNG has a budget: the same canvas as SVG, or as PNG at the suggested scale, renders.
    @Test func theSameSpecRendersAsSVGOrAtTheSuggestedScale() {
        let svg = service.respond(to: request("POST", "/v1/chart?format=svg", body: "{" + Self.oversized + "}"))
        #expect(svg.status == 200)
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
        // ?format= beats the spec's own format, for the budget too.
        let overridden = service.respond(to: request("POST", "/v1/chart?format=svg",
                                                     body: #"{"format":"png","# + Self.oversized + "}"))
        #expect(overridden.status == 200)
        let small = #"{"width":300,"height":200,"scale":4,"format":"png","series":[{"values":[1,2]}]}"#
        #expect(service.respond(to: request("POST", "/v1/chart", body: small)).status == 200)
    }

    /// The rasterizer rounds each side up to whole device pixels; the budget counts the same. This canvas has
    /// w × h × s² ≤ 16,777,216 but a 4097 × 4096 image: it used to pass the check and fail in the rasterizer (500).
    @Test func sidesRoundedUpCountAsTheRasterizerCountsThem() throws {
        let body = #"{"width":4096,"height":4095,"scale":1.0001,"series":[{"values":[1]}]}"#
        let response = service.respond(to: request("POST", "/v1/chart?format=png", body: body))
        #expect(response.status == 422)
        let errors = try errors(response)
        #expect(errors.map { $0["path"] } == ["scale"])
        #expect(errors.first?["message"]?.contains("4097×4096 = 16,781,312 device pixels") == true)
    }
}
