@testable import ChartJSDialect
import ChartSpec
import Testing

/// `options` and plugin options → native JSON facts, for the v2 and v3 spellings of each option, and the refusals
/// at their Chart.js paths. Tested on the native JSON before decoding (some native fields are added by other parts
/// of issue 14), through `ChartJSDialect.nativeSpec`.
struct OptionsTranslationTests {
    /// A config fragment (a JavaScript object literal) and the native facts it must give: path → value, nil =
    /// absent.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var version: ChartJSVersion = .v2
        let config: String
        let facts: [(String, JSONValue?)]
        var testDescription: String { name }
    }

    static let bar = "type:'bar',data:{labels:['a','b','c'],datasets:[{label:'n',data:[4,6,5]}]}"
    static let line = "type:'line',data:{labels:['a','b','c'],datasets:[{label:'n',data:[4,6,5]}]}"
    static let hbar = "type:'horizontalBar',data:{labels:['a','b'],datasets:[{data:[3,9]}]}"
    static let scatter = "type:'scatter',data:{datasets:[{data:[{x:1,y:2},{x:3,y:4}]}]}"

    static let scaleCases: [Case] = [
        Case(name: "v3 min/max", version: .v3, config: "{\(line),options:{scales:{y:{min:10,max:50}}}}",
             facts: [("y.min", 10), ("y.max", 50), ("y.zero", false)]),
        Case(name: "v2 ticks.min/max", config: "{\(line),options:{scales:{yAxes:[{ticks:{min:10,max:'50'}}]}}}",
             facts: [("y.min", 10), ("y.max", 50), ("y.zero", false)]),
        Case(name: "v3 suggested", version: .v3,
             config: "{\(line),options:{scales:{y:{suggestedMin:30,suggestedMax:50}}}}",
             facts: [("y.softMin", 30), ("y.softMax", 50), ("y.min", nil)]),
        Case(name: "v2 suggested",
             config: "{\(line),options:{scales:{yAxes:[{ticks:{suggestedMin:-10,suggestedMax:200}}]}}}",
             facts: [("y.softMin", -10), ("y.softMax", 200)]),
        Case(name: "v3 beginAtZero", version: .v3, config: "{\(line),options:{scales:{y:{beginAtZero:true}}}}",
             facts: [("y.zero", true)]),
        Case(name: "v2 beginAtZero", config: "{\(line),options:{scales:{yAxes:[{ticks:{beginAtZero:true}}]}}}",
             facts: [("y.zero", true)]),
        Case(name: "v3 stepSize", version: .v3, config: "{\(line),options:{scales:{y:{ticks:{stepSize:20}}}}}",
             facts: [("y.tickStep", 20)]),
        Case(name: "v2 stepSize", config: "{\(line),options:{scales:{yAxes:[{ticks:{stepSize:25}}]}}}",
             facts: [("y.tickStep", 25)]),
        Case(name: "v3 title", version: .v3,
             config: "{\(line),options:{scales:{x:{title:{display:true,text:['Round','one']}},y:{title:{text:'hidden'}}}}}",
             facts: [("x.title", "Round one"), ("y.title", nil)]),
        Case(name: "v2 scaleLabel",
             config: "{\(line),options:{scales:{yAxes:[{scaleLabel:{display:true,labelString:'Points'}}]}}}",
             facts: [("y.title", "Points")]),
        Case(name: "v3 grid off", version: .v3, config: "{\(line),options:{scales:{x:{grid:{display:false}}}}}",
             facts: [("x.grid", false)]),
        Case(name: "v2 gridLines off", config: "{\(line),options:{scales:{yAxes:[{gridLines:{display:false}}]}}}",
             facts: [("y.grid", false), ("x.grid", true)]),
        Case(name: "v3 grid beside the axis only", version: .v3,
             config: "{\(line),options:{scales:{y:{grid:{drawOnChartArea:false}}}}}", facts: [("y.grid", false)]),
        Case(name: "v2 dashed grid", config: "{\(line),options:{scales:{yAxes:[{gridLines:{borderDash:[4,2]}}]}}}",
             facts: [("y.grid.dash", [4, 2])]),
        Case(name: "v3 display false", version: .v3, config: "{\(line),options:{scales:{y:{display:false}}}}",
             facts: [("y.show", false), ("y.grid", false), ("x.show", nil)]),
        Case(name: "v2 display false", config: "{\(line),options:{scales:{xAxes:[{display:false}]}}}",
             facts: [("x.show", false), ("x.grid", false)]),
        Case(name: "v3 logarithmic: no zero", version: .v3,
             config: "{\(bar),options:{scales:{y:{type:'logarithmic',beginAtZero:true}}}}",
             facts: [("y.type", "log"), ("y.zero", nil)]),
        Case(name: "v2 logarithmic", config: "{\(bar),options:{scales:{yAxes:[{type:'logarithmic'}]}}}",
             facts: [("y.type", "log"), ("y.zero", nil)]),
        Case(name: "v3 time", version: .v3, config: "{\(line),options:{scales:{x:{type:'time',time:{unit:'day'}}}}}",
             facts: [("x.type", "time")]),
        Case(name: "v2 time series", config: "{\(line),options:{scales:{xAxes:[{type:'timeseries'}]}}}",
             facts: [("x.type", "time")]),
        Case(name: "v3 stacked bars", version: .v3, config: "{\(bar),options:{scales:{x:{stacked:true},y:{stacked:true}}}}",
             facts: [("bars.mode", "stacked")]),
        Case(name: "v2 stacked bars", config: "{\(bar),options:{scales:{xAxes:[{stacked:true}],yAxes:[{stacked:true}]}}}",
             facts: [("bars.mode", "stacked")]),
        Case(name: "v2 second y axis", config: """
            {\(line),options:{scales:{yAxes:[{id:'l',position:'left'},{id:'r',position:'right',ticks:{max:1}}]}}}
            """, facts: [("y2.max", 1), ("y2.zero", false), ("y.max", nil)]),
        Case(name: "v3 second y axis", version: .v3, config: """
            {\(bar),options:{scales:{y:{position:'left'},y1:{position:'right',title:{display:true,text:'%'}}}}}
            """, facts: [("y2.title", "%"), ("y2.zero", true), ("y.zero", true)]),
        Case(name: "v3 scale by its axis key", version: .v3,
             config: "{\(line),options:{scales:{y:{},temperature:{axis:'y',max:5},top:{position:'top',min:1}}}}",
             facts: [("y2.max", 5), ("x.min", nil), ("x.grid", true)]),
        Case(name: "v2 horizontalBar: xAxes is the value axis", config: """
            {\(hbar),options:{scales:{xAxes:[{ticks:{min:0,max:10}}],
                                      yAxes:[{scaleLabel:{display:true,labelString:'Who'}}]}}}
            """, facts: [("y.min", 0), ("y.max", 10), ("x.title", "Who"), ("y.zero", false)]),
        Case(name: "v3 indexAxis y: x is the value axis", version: .v3, config: """
            {\(bar),options:{indexAxis:'y',scales:{x:{beginAtZero:false,suggestedMax:9}}}}
            """, facts: [("bars.orientation", "horizontal"), ("y.zero", false), ("y.softMax", 9)]),
        Case(name: "an object named yAxes is a v3 scale", version: .v3,
             config: "{\(line),options:{scales:{yAxes:{max:3}}}}", facts: [("y.max", 3)]),
        Case(name: "a category axis's min is a label: not a native bound", version: .v3,
             config: "{\(line),options:{scales:{x:{min:'b'}}}}", facts: [("x.min", nil)]),
    ]

    /// Chart.js's own defaults, said explicitly because the native ones differ.
    static let defaultCases: [Case] = [
        Case(name: "v2 bar without scales: QuickChart's beginAtZero", config: "{\(bar)}",
             facts: [("y.zero", true), ("x.grid", true), ("legend", true)]),
        Case(name: "v2 bar with scales: Chart.js 2 bars float", config: "{\(bar),options:{scales:{xAxes:[{}]}}}",
             facts: [("y.zero", false)]),
        Case(name: "v2 line without scales: QuickChart's beginAtZero", config: "{\(line)}", facts: [("y.zero", true)]),
        Case(name: "v2 horizontalBar without scales: the default lands on categories", config: "{\(hbar)}",
             facts: [("y.zero", false)]),
        Case(name: "v2 scatter without scales", config: "{\(scatter)}", facts: [("y.zero", true), ("x.zero", false)]),
        Case(name: "v3 bar", version: .v3, config: "{\(bar)}", facts: [("y.zero", true)]),
        Case(name: "v3 horizontal bar", version: .v3, config: "{\(hbar)}", facts: [("y.zero", true)]),
        Case(name: "v4 line", version: .v4, config: "{\(line)}", facts: [("y.zero", false)]),
        Case(name: "v3 scatter", version: .v3, config: "{\(scatter)}", facts: [("y.zero", false), ("x.zero", false)]),
        Case(name: "sparkline: no legend", config: "{type:'sparkline',data:{datasets:[{data:[1,3,2]}]}}",
             facts: [("legend", false), ("y.zero", false), ("x.grid", nil)]),
        Case(name: "pie: no axes", config: "{type:'pie',data:{labels:['a','b'],datasets:[{data:[1,2]}]}}",
             facts: [("y", nil), ("x", nil), ("pie.otherBelow", 0), ("pie.innerRadius", nil)]),
        Case(name: "doughnut: Chart.js's 50 % hole", config: "{type:'doughnut',data:{datasets:[{data:[1,2]}]}}",
             facts: [("pie.innerRadius", 0.5)]),
    ]

    static let frameCases: [Case] = [
        Case(name: "v2 legend hidden", config: "{\(bar),options:{legend:{display:false}}}",
             facts: [("legend", false)]),
        Case(name: "v2 legend right", config: "{\(line),options:{legend:{display:true,position:'right',align:'start'}}}",
             facts: [("legend.show", true), ("legend.position", "right")]),
        Case(name: "v3 legend left", version: .v3, config: "{\(line),options:{plugins:{legend:{position:'left'}}}}",
             facts: [("legend.show", true), ("legend.position", "left")]),
        Case(name: "v3 legend chartArea: ignored", version: .v3,
             config: "{\(line),options:{plugins:{legend:{position:'chartArea'}}}}", facts: [("legend", true)]),
        Case(name: "v2 title", config: "{\(bar),options:{title:{display:true,text:'Sales',fontColor:'red',fontSize:20}}}",
             facts: [("title", "Sales"), ("titleStyle.color", "red"), ("titleStyle.size", 20)]),
        Case(name: "v3 title lines", version: .v3, config: """
            {\(bar),options:{plugins:{title:{display:true,text:['Revenue','FY 2023'],color:'#f00',
                                             font:{size:20,weight:'bold'}}}}}
            """, facts: [("title", "Revenue\nFY 2023"), ("titleStyle.color", "#f00"), ("titleStyle.size", 20)]),
        Case(name: "title not displayed", version: .v3, config: "{\(bar),options:{plugins:{title:{text:'x',color:'red'}}}}",
             facts: [("title", nil), ("titleStyle", nil)]),
        Case(name: "v3 subtitle", version: .v3,
             config: "{\(bar),options:{plugins:{subtitle:{display:true,text:['in','k$']}}}}",
             facts: [("subtitle", "in k$")]),
    ]

    static let roundCases: [Case] = [
        Case(name: "v2 half doughnut in radians", config: """
            {type:'doughnut',data:{datasets:[{data:[1,2]}]},
             options:{cutoutPercentage:80,rotation:-1.5707963267948966,circumference:3.141592653589793}}
            """, facts: [("pie.innerRadius", 0.8), ("pie.rotation", 0), ("pie.circumference", 180)]),
        Case(name: "v2 gauge from 9 o'clock", config: """
            {type:'doughnut',data:{datasets:[{data:[1,2]}]},
             options:{rotation:-3.141592653589793,circumference:3.141592653589793}}
            """, facts: [("pie.rotation", -90), ("pie.circumference", 180)]),
        Case(name: "v2 many turns are one", config: """
            {type:'pie',data:{datasets:[{data:[1,2]}]},options:{rotation:12.566370614359172}}
            """, facts: [("pie.rotation", 90)]),
        Case(name: "v3 half gauge in degrees", version: .v3, config: """
            {type:'doughnut',data:{datasets:[{data:[1,2]}]},options:{rotation:-90,circumference:180,cutout:'75%'}}
            """, facts: [("pie.innerRadius", 0.75), ("pie.rotation", -90), ("pie.circumference", 180)]),
        Case(name: "v3 cutout in pixels", version: .v3,
             config: "{type:'pie',data:{datasets:[{data:[1,2]}]},options:{cutout:75}}", facts: [("pie.innerRadius", 0.5)]),
    ]

    static let pluginCases: [Case] = [
        Case(name: "pie: QuickChart's datalabels show values", config: "{type:'pie',data:{datasets:[{data:[3,24]}]}}",
             facts: [("pie.sliceValues", true), ("pie.percentages", nil)]),
        Case(name: "pie: datalabels off", version: .v3,
             config: "{type:'pie',data:{datasets:[{data:[3,24]}]},options:{plugins:{datalabels:{display:false}}}}",
             facts: [("pie.percentages", false), ("pie.sliceValues", nil)]),
        Case(name: "bar: no datalabels by default", config: "{\(bar)}", facts: [("bars.valueLabels", nil)]),
        Case(name: "bar: datalabels given", config: "{\(bar),options:{plugins:{datalabels:{anchor:'end',align:'top'}}}}",
             facts: [("bars.valueLabels", true)]),
        Case(name: "bar: datalabels plugin off", version: .v3,
             config: "{\(bar),options:{plugins:{datalabels:false}}}", facts: [("bars.valueLabels", nil)]),
        Case(name: "v0.5 line and box", config: """
            {type:'bar',data:{labels:['Mon','Tue','Wed'],datasets:[{data:[18,26,21]}]},options:{annotation:{annotations:[
              {type:'line',mode:'horizontal',scaleID:'y-axis-0',value:25,borderColor:'red',borderWidth:2,borderDash:[4,4],
               label:{enabled:true,content:'SLA'}},
              {type:'box',xScaleID:'x-axis-0',xMin:'Tue',xMax:'Wed',backgroundColor:'rgba(0,0,255,0.1)'}]}}}
            """, facts: [("annotations[0].type", "hline"), ("annotations[0].y", 25), ("annotations[0].color", "red"),
                         ("annotations[0].dash", [4, 4]), ("annotations[0].label", "SLA"),
                         ("annotations[1].type", "box"), ("annotations[1].xMin", 1), ("annotations[1].xMax", 2),
                         ("annotations[1].yMin", nil), ("annotations[1].color", "rgba(0,0,255,0.1)")]),
        Case(name: "v0.5 vertical line by mode", config: """
            {\(line),options:{annotation:{annotations:[{type:'line',mode:'vertical',value:'b',label:{content:'off'}}]}}}
            """, facts: [("annotations[0].type", "vline"), ("annotations[0].x", 1), ("annotations[0].label", nil)]),
        Case(name: "v1 named line by bounds and box", version: .v3, config: """
            {\(line),options:{plugins:{annotation:{annotations:{
              line1:{type:'line',yMin:60,yMax:60,borderColor:'rgb(255, 99, 132)',borderDash:[6,6],
                     label:{enabled:true,content:'Target'}},
              box1:{type:'box',xMin:1,xMax:2,yMin:40,yMax:70,backgroundColor:'rgba(255,205,86,0.25)',borderColor:'#ffcd56',
                    label:{display:true,content:['a','b']}}}}}}}
            """, facts: [("annotations[0].type", "hline"), ("annotations[0].y", 60), ("annotations[0].label", "Target"),
                         ("annotations[0].dash", [6, 6]), ("annotations[1].type", "box"), ("annotations[1].xMin", 1),
                         ("annotations[1].yMax", 70), ("annotations[1].borderColor", "#ffcd56"),
                         ("annotations[1].color", "rgba(255,205,86,0.25)"), ("annotations[1].label", "a b")]),
        Case(name: "v1 vertical line at a label", version: .v3, config: """
            {\(bar),options:{plugins:{annotation:{annotations:{launch:{type:'line',scaleID:'x',value:'c'}}}}}}
            """, facts: [("annotations[0].type", "vline"), ("annotations[0].x", 2)]),
        Case(name: "v1 line on the right axis", version: .v3, config: """
            {\(line),options:{scales:{y:{},y1:{position:'right'}},
             plugins:{annotation:{annotations:[{type:'line',scaleID:'y1',value:'0.5'}]}}}}
            """, facts: [("annotations[0].type", "hline"), ("annotations[0].y", 0.5), ("annotations[0].axis", "y2")]),
        Case(name: "box on the right axis", version: .v3, config: """
            {\(line),options:{scales:{y:{},right:{position:'right'}},
             plugins:{annotation:{annotations:[{type:'box',yScaleID:'right',yMin:1}]}}}}
            """, facts: [("annotations[0].yMin", 1), ("annotations[0].axis", "y2")]),
        Case(name: "horizontal bars: a line on Chart.js x is a value line", version: .v3, config: """
            {\(hbar),options:{plugins:{annotation:{annotations:[{type:'line',scaleID:'x',value:5},
             {type:'box',xMin:2,xMax:4,yMin:'a',yMax:'b'}]}}}}
            """, facts: [("annotations[0].type", "hline"), ("annotations[0].y", 5), ("annotations[1].yMin", 2),
                         ("annotations[1].yMax", 4), ("annotations[1].xMin", 0), ("annotations[1].xMax", 1)]),
        Case(name: "time axis: a timestamp stays text", version: .v3, config: """
            {\(line),options:{scales:{x:{type:'time'}},plugins:{annotation:{annotations:[
             {type:'line',scaleID:'x',value:'2024-03-01'}]}}}}
            """, facts: [("annotations[0].x", "2024-03-01")]),
        Case(name: "sloped and point annotations have no native form", version: .v3, config: """
            {\(line),options:{plugins:{annotation:{annotations:[{type:'line',yMin:1,yMax:5},{type:'point',xValue:1}]}}}}
            """, facts: [("annotations", nil)]),
    ]

    @Test(arguments: scaleCases + defaultCases + frameCases + roundCases + pluginCases)
    func translatesTo(_ c: Case) throws {
        let json = try native(c.config, c.version).json
        for (path, expected) in c.facts {
            #expect(json[path: path] == expected, "\(c.name): \(path)")
        }
    }

    /// Wrong values: refused at the Chart.js path the author wrote.
    static let v3 = ChartJSRequest(version: .v3)
    static let refusals: [Refusal] = [
        Refusal(request: v3, "{\(bar),options:{plugins:{legend:{position:'middle'}}}}",
                "options.plugins.legend.position", "\"top\", \"bottom\", \"left\", \"right\", \"chartArea\""),
        Refusal(request: v3, "{\(bar),options:{legend:{position:'middle'}}}",
                "options.legend.position", "\"middle\""),
        Refusal(request: v3, "{\(bar),options:{legend:{display:'yes'}}}",
                "options.legend.display", "true or false"),
        Refusal(request: v3, "{\(bar),options:{scales:{y:{type:'radialLinear'}}}}",
                "options.scales.y.type", "\"logarithmic\""),
        Refusal(request: v3, "{\(bar),options:{scales:{yAxes:[{ticks:{min:'low'}}]}}}",
                "options.scales.yAxes[0].ticks.min", "a number"),
        Refusal(request: v3, "{\(bar),options:{scales:{yAxes:[{ticks:{callback:'function (v) { return v }'}}]}}}",
                "options.scales.yAxes[0].ticks.callback", "functions"),
        Refusal(request: v3, "{\(bar),options:{scales:{y:{position:'middle'}}}}",
                "options.scales.y.position", "\"center\""),
        Refusal(request: v3, "{\(bar),options:{scales:[]}}",
                "options.scales", "an object"),
        Refusal(request: v3, "{\(bar),options:{title:{display:true,text:{}}}}",
                "options.title.text", "a string"),
        Refusal(request: v3, "{\(bar),options:{title:{display:true,text:['a',{}]}}}",
                "options.title.text[1]", "a string"),
        Refusal(request: v3, "{type:'pie',data:{datasets:[{data:[1]}]},options:{cutout:'half'}}",
                "options.cutout", "a number"),
        Refusal(request: v3, "{\(bar),options:{annotation:{annotations:[{type:'line',mode:'diagonal',value:1}]}}}",
                "options.annotation.annotations[0].mode", "\"horizontal\""),
        Refusal(request: v3, "{\(bar),options:{annotation:{annotations:[{type:'arrow'}]}}}",
                "options.annotation.annotations[0].type", "\"box\""),
        Refusal(request: v3, "{\(bar),options:{annotation:{annotations:[{value:1}]}}}",
                "options.annotation.annotations[0].type", "required"),
        Refusal(request: v3, "{\(bar),options:{plugins:{annotation:{annotations:[{type:'line',scaleID:'x',value:'Sun'}]}}}}",
                "options.plugins.annotation.annotations[0].value", "data.labels"),
        Refusal(request: v3, "{\(bar),options:{plugins:{annotation:{annotations:[{type:'line',scaleID:'z',value:1}]}}}}",
                "options.plugins.annotation.annotations[0].scaleID", "no scale"),
        Refusal(request: v3, "{\(bar),options:{plugins:{annotation:{annotations:7}}}}",
                "options.plugins.annotation.annotations", "an array or an object"),
        Refusal(request: v3, "{\(bar),options:{plugins:{datalabels:{display:3}}}}",
                "options.plugins.datalabels.display", "true or false"),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        let value = try config(refusal.config)
        let result = Result { () throws(SpecError) in try ChartJSDialect.nativeSpec(value, refusal.request) }
        guard case .failure(let error) = result else {
            Issue.record("\(refusal.config) was accepted")
            return
        }
        let issue = error.issues.first { $0.path == refusal.path }
        #expect(issue != nil, "\(error.issues.map(\.path)) has no \(refusal.path)")
        #expect(issue?.message.contains(refusal.fragment) == true, "\(issue?.message ?? "")")
    }

    /// Keys with no effect on a static image, and unknown ones: accepted and listed in document order.
    @Test func ignoredOptionsAreListedInDocumentOrder() throws {
        let config = """
            {\(Self.bar),options:{responsive:true,legend:{labels:{boxWidth:10},display:true},
             scales:{yAxes:[{ticks:{fontSize:9,beginAtZero:true},offset:true},{position:'left',id:'b',display:false}],
                     xAxes:[{},{id:'second'}]},
             title:{display:true,text:'t',padding:4},tooltips:{enabled:false},layout:{padding:8},
             plugins:{datalabels:{color:'#000'},legend:{position:'chartArea'},annotation:{drawTime:'afterDraw'}}}}
            """
        let ignored = try native(config, .v2).ignored
        #expect(ignored == [
            "options.responsive", "options.legend.labels", "options.scales.yAxes[0].ticks.fontSize",
            "options.scales.yAxes[0].offset", "options.scales.xAxes[1]", "options.title.padding",
            "options.tooltips", "options.layout", "options.plugins.datalabels.color",
            "options.plugins.legend.position", "options.plugins.annotation.drawTime",
        ])
    }

    /// Scales with no native place: a radar's radial scale, a second x scale, an axis placed inside the plot.
    @Test func scalesWithoutANativePlaceAreListed() throws {
        let radar = "{type:'radar',data:{labels:['a','b','c'],datasets:[{data:[1,2,3]}]},options:{scales:{r:{min:0}}}}"
        #expect(try native(radar, .v3).ignored == ["options.scales.r"])
        let center = "{\(Self.line),options:{scales:{x:{},x2:{axis:'x'},y:{position:'center'}}}}"
        #expect(try native(center, .v3).ignored == ["options.scales.x2", "options.scales.y.position"])
    }

    /// What the native decoder reports lands on the Chart.js option it came from.
    @Test func nativeProblemsMapToChartJSPaths() throws {
        let config = """
            {type:'doughnut',data:{labels:['a'],datasets:[{data:[1]}]},options:{cutoutPercentage:95,
             scales:{yAxes:[{},{id:'r',ticks:{stepSize:0}}]},
             annotation:{annotations:[{type:'box',xMin:0},{type:'line',scaleID:'y-axis-0',value:3,borderColor:'nope'}]}}}
            """
        let builder = try native(config, .v2)
        #expect(builder.chartJSPath(ofNative: "pie.innerRadius") == "options.cutoutPercentage")
        #expect(builder.chartJSPath(ofNative: "annotations[1].color")
            == "options.annotation.annotations[1].borderColor")
        #expect(builder.chartJSPath(ofNative: "annotations[0].xMin") == "options.annotation.annotations[0].xMin")
        #expect(builder.chartJSPath(ofNative: "annotations[1]") == "options.annotation.annotations[1]")
    }

    @Test func rightAxisIDsAreTheScalesOnY2() throws {
        for (version, options) in [
            (ChartJSVersion.v2, "{scales:{yAxes:[{id:'left-y-axis'},{id:'right-y-axis',position:'right'}]}}"),
            (.v3, "{scales:{y:{position:'left'},y1:{position:'right'}}}"),
        ] {
            var context = TranslationContext(request: ChartJSRequest(version: version))
            context.chartType = .line
            var builder = NativeSpecBuilder()
            guard case .object(let members) = try config(options) else { return }
            var object = ConfigObject(members: members, path: "options", position: [])
            OptionsTranslation.translate(&object, &context, &builder)
            let right = version == .v2 ? "right-y-axis" : "y1"
            #expect(context.rightAxisIDs == [right])
            #expect(context.scales.isRightAxis(right))
            #expect(!context.scales.isRightAxis(version == .v2 ? "left-y-axis" : "y"))
        }
    }

    /// At most `maxAnnotations` annotations are read: more are refused at the list before any is read (20,000 cost
    /// one count); up to the limit, lines name a category among 200,000 labels (looked up in a map built once).
    @Test(arguments: [100, 20_000])
    func annotationsStayBounded(count: Int) throws {
        let labels = JSONValue.array((0..<200_000).map { .string("c\($0)") })
        let line = JSONValue.object([JSONMember(key: "type", value: "line"), JSONMember(key: "scaleID", value: "x"),
                                     JSONMember(key: "value", value: "c199999")])
        let options = JSONValue.object([JSONMember(key: "annotation", value: .object([
            JSONMember(key: "annotations", value: .array(Array(repeating: line, count: count))),
        ]))])
        let dataset = JSONValue.object([JSONMember(key: "data", value: [])])
        let value = JSONValue.object([
            JSONMember(key: "type", value: "bar"),
            JSONMember(key: "data", value: .object([JSONMember(key: "labels", value: labels),
                                                   JSONMember(key: "datasets", value: [dataset])])),
            JSONMember(key: "options", value: options),
        ])
        let result = Result { () throws(SpecError) in try ChartJSDialect.nativeSpec(value, ChartJSRequest()).json }
        switch result {
        case .success(let json):
            #expect(count <= ChartSpec.Limits.maxAnnotations)
            #expect(json[path: "annotations[99].x"] == 199_999)
        case .failure(let error):
            #expect(count > ChartSpec.Limits.maxAnnotations)
            #expect(error.issues.map(\.path) == ["options.annotation.annotations"])
            #expect(error.issues.first?.message.contains("at most 100") == true)
        }
    }

    // MARK: helpers

    private func native(_ literal: String, _ version: ChartJSVersion) throws -> NativeSpecBuilder {
        try ChartJSDialect.nativeSpec(try config(literal), ChartJSRequest(version: version))
    }
}

// Literal facts in the tables (`("y.min", 10)`).
extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral
{
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
