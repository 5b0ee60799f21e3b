import ChartJSDialect
import ChartSpec
import Testing

struct TranslationSkeletonTests {
    @Test func aBarChartBecomesANativeBarChart() throws {
        let config = try JSLiteralParser.parse(Array("{type:'bar',data:{labels:['a','b'],datasets:[{label:'n',data:[1,2]}]},options:{responsive:true}}".utf8))
        let t = try ChartJSDialect.translate(config, ChartJSRequest())
        #expect(t.spec.type == .bar)
        #expect(t.spec.series.count == 1)
        #expect(t.spec.scale == 2)
        #expect(t.ignored == ["options.responsive"])
    }
}
