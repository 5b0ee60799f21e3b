import Testing
@testable import ChartSpec

/// One rejected spec: exactly one issue, at `path`, whose message contains `fragment`.
struct Rejection: Sendable, CustomTestStringConvertible {
    var json: String
    var path: String
    var fragment: String
    var testDescription: String { "\(path): \(fragment)" }

    init(_ json: String, _ path: String, _ fragment: String) {
        self.json = json
        self.path = path
        self.fragment = fragment
    }
}

struct SpecRejectionTests {
    static let rejections: [Rejection] = [
        Rejection(minimalSpec(#""width": 9000"#), "width", "must be between 16 and 4096, got 9000"),
        Rejection(minimalSpec(#""width": 15"#), "width", "must be between 16 and 4096, got 15"),
        Rejection(minimalSpec(#""width": 100.5"#), "width", "expected an integer, got 100.5"),
        Rejection(minimalSpec(#""height": "360""#), "height", "expected an integer, got a string"),
        Rejection(minimalSpec(#""scale": 5"#), "scale", "must be between 1 and 4, got 5"),
        Rejection(minimalSpec(#""type": "bars""#), "type", #"expected one of "line", "area", "bar""#),
        Rejection(minimalSpec(#""format": "bmp""#), "format", #"expected one of "svg", "png", "smil", "json", "pdf""#),
        Rejection(minimalSpec(#""subtitle": 42"#), "subtitle", "expected a string, got a number"),
        Rejection(minimalSpec(#""title": "a\tb""#), "title", "must not contain control characters (found U+0009"),
        Rejection(minimalSpec(#""title": "1\n2\n3\n4\n5\n6\n7\n8\n9""#), "title", "must have at most 8 lines"),
        Rejection(minimalSpec(#""subtitle": "a\nb""#), "subtitle",
                  "must not contain control characters (found U+000A"),
        Rejection(minimalSpec(#""direction": "rtl-auto""#), "direction", #"expected one of "ltr", "rtl""#),
        Rejection(minimalSpec(#""direction": true"#), "direction", #"expected one of "ltr", "rtl", got a boolean"#),
        Rejection(minimalSpec(#""mirrorAxes": "yes""#), "mirrorAxes", "expected true or false, got a string"),
        Rejection(minimalSpec(#""titleStyle": {"size": 5}"#), "titleStyle.size", "must be between 6 and 72, got 5"),
        Rejection(minimalSpec(#""titleStyle": {"size": 73}"#), "titleStyle.size", "must be between 6 and 72, got 73"),
        Rejection(minimalSpec(#""titleStyle": {"color": "nope"}"#), "titleStyle.color", "expected a CSS color"),
        Rejection(minimalSpec(#""titleStyle": {"font": "x"}"#), "titleStyle.font", "unknown field"),
        Rejection(minimalSpec(#""titleStyle": "red""#), "titleStyle", "expected an object, got a string"),
        Rejection(minimalSpec(#""font": {"family": 3}"#), "font.family", "expected a string, got a number"),
        Rejection(minimalSpec(#""font": {"size": 12}"#), "font.size", "unknown field"),
        Rejection(minimalSpec(#""font": "DejaVu Sans""#), "font", "expected an object, got a string"),
        Rejection(minimalSpec(#""labels": ["a", 3]"#), "labels[1]", "expected a string, got a number"),
        Rejection(minimalSpec(#""labels": "a""#), "labels", "expected an array, got a string"),
        Rejection(#"{"series": []}"#, "series", "must have between 1 and 64 series, got 0"),
        Rejection(#"{"title": "x"}"#, "series", "required field is missing"),
        Rejection(#"{"series": {"values": [1]}}"#, "series", "expected an array, got an object"),
        Rejection(#"{"series": [[1, 2]]}"#, "series[0]", "expected an object, got an array"),
        Rejection(#"{"series": [{"values": [1, "2"]}]}"#,
                  "series[0].values[1]", "expected a number or null, got a string"),
        Rejection(#"{"series": [{"values": [1], "points": [[0, 1]]}]}"#,
                  "series[0]", #"either "values" or "points", not both"#),
        Rejection(#"{"series": [{"name": "a"}]}"#, "series[0].values", "required field is missing"),
        Rejection(#"{"series": [{"points": [[1, 2], [0, 3]]}]}"#,
                  "series[0].points[1][0]", "x must not decrease, got 0 after 1"),
        Rejection(#"{"series": [{"points": [[1, 2, 3, 4]]}]}"#,
                  "series[0].points[0]", "expected an [x, y] pair or [x, y, size], got an array of 4 elements"),
        Rejection(#"{"series": [{"points": [[null, 2]]}]}"#, "series[0].points[0][0]",
                  "expected a number or an ISO-8601 timestamp, got null"),
        Rejection(#"{"series": [{"points": [[1, "a"]]}]}"#,
                  "series[0].points[0][1]", "expected a number or null, got a string"),
        Rejection(seriesSpec(#""colour": "red""#), "series[0].colour", #"unknown field (did you mean "color"?)"#),
        Rejection(seriesSpec(#""color": "red;background:url(x)""#), "series[0].color", "expected a CSS color"),
        Rejection(seriesSpec(#""color": 255"#), "series[0].color", "expected a CSS color"),
        Rejection(seriesSpec(#""curve": "spline""#), "series[0].curve", #"expected one of "linear", "quadratic""#),
        Rejection(seriesSpec(#""lineWidth": 0.1"#), "series[0].lineWidth", "must be between 0.25 and 32, got 0.1"),
        Rejection(seriesSpec(#""dots": "yes""#), "series[0].dots",
                  #"expected true, false or an object {"style", "radius", "shape"}, got a string"#),
        Rejection(seriesSpec(#""dots": {"style": "solid"}"#), "series[0].dots.style",
                  #"expected one of "hollow", "filled", got "solid""#),
        Rejection(seriesSpec(#""dots": {"radius": 0.5}"#), "series[0].dots.radius", "must be between 1 and 24, got 0.5"),
        Rejection(seriesSpec(#""dots": {"radius": 25}"#), "series[0].dots.radius", "must be between 1 and 24, got 25"),
        Rejection(seriesSpec(#""dots": {"radius": "4"}"#), "series[0].dots.radius", "expected a number, got a string"),
        Rejection(seriesSpec(#""dots": {"size": 4}"#), "series[0].dots.size", "unknown field"),
        Rejection(seriesSpec(#""fillOpacity": 1.5"#), "series[0].fillOpacity", "must be between 0 and 1, got 1.5"),
        Rejection(seriesSpec(#""fillOpacity": -0.1"#), "series[0].fillOpacity", "must be between 0 and 1, got -0.1"),
        Rejection(seriesSpec(#""fillOpacity": "0.7""#), "series[0].fillOpacity", "expected a number, got a string"),
        Rejection(seriesSpec(#""fill": "pattern""#), "series[0].fill", #"expected one of "none", "solid", "gradient""#),
        Rejection(seriesSpec(#""strokeGradient": ["red"]"#),
                  "series[0].strokeGradient", "between 2 and 16 colors, got 1"),
        Rejection(seriesSpec(#""strokeGradient": ["red", "nope"]"#),
                  "series[0].strokeGradient[1]", "expected a CSS color"),
        Rejection(seriesSpec(#""dash": [0, 0]"#), "series[0].dash", "must not all be zero"),
        Rejection(seriesSpec(#""dash": [1, 2, 3, 4, 5, 6, 7, 8, 9]"#),
                  "series[0].dash", "must have at most 8 dash lengths, got 9"),
        Rejection(seriesSpec(#""dash": [-1]"#), "series[0].dash[0]", "must be between 0 and 4096, got -1"),
        Rejection(seriesSpec(#""name": "\u0085""#), "series[0].name", "control characters (found U+0085"),
        Rejection(minimalSpec(#""x": {"min": 5, "max": 1}"#), "x.max", "must be greater than min (5), got 1"),
        Rejection(minimalSpec(#""x": {"min": 2, "max": 2}"#), "x.max", "must be greater than min (2), got 2"),
        Rejection(minimalSpec(#""y": {"tickCount": 1}"#), "y.tickCount", "must be between 2 and 20, got 1"),
        Rejection(minimalSpec(#""y": {"tickCount": 4.5}"#), "y.tickCount", "expected an integer, got 4.5"),
        Rejection(minimalSpec(#""y": {"tickStep": 0}"#), "y.tickStep", "must be between 1e-300 and 1e+300, got 0"),
        Rejection(minimalSpec(#""y": {"tickStep": -5}"#), "y.tickStep", "must be between 1e-300 and 1e+300, got -5"),
        Rejection(minimalSpec(#""x": {"tickStep": "2"}"#), "x.tickStep", "expected a number, got a string"),
        Rejection(minimalSpec(#""y": {"softMin": "0"}"#), "y.softMin", "expected a number, got a string"),
        Rejection(minimalSpec(#""y": {"softMax": [1]}"#), "y.softMax", "expected a number, got an array"),
        Rejection(minimalSpec(#""y": {"zero": 1}"#), "y.zero", "expected true or false, got a number"),
        Rejection(minimalSpec(#""x": {"show": "no"}"#), "x.show", "expected true or false, got a string"),
        Rejection(minimalSpec(#""y": {"format": ".11f"}"#), "y.format",
                  #"expected "auto", "si", "short", "," (grouped), ",.Nf", ".Nf""#),
        Rejection(minimalSpec(#""y": {"format": "%"}"#), "y.format", #"got "%""#),
        Rejection(minimalSpec(#""y": {"format": ".01f"}"#), "y.format", #"got ".01f""#),
        Rejection(minimalSpec(#""y": {"format": ",.2%"}"#), "y.format", #"got ",.2%""#),
        Rejection(minimalSpec(#""y": {"format": ",.11f"}"#), "y.format", #"with N 0…10, got ",.11f""#),
        Rejection(minimalSpec(#""y": {"format": ",,"}"#), "y.format", #""short", "," (grouped)"#),
        Rejection(minimalSpec(#""y": {"format": "SI"}"#), "y.format", #"got "SI""#),
        Rejection(minimalSpec(#""x": {"grid": 1}"#), "x.grid", #"expected true, false or an object {"dash"}, got a number"#),
        Rejection(minimalSpec(#""x": {"grid": {"dash": [0, 0]}}"#), "x.grid.dash", "must not all be zero"),
        Rejection(minimalSpec(#""y": {"grid": {"dash": [-1, 2]}}"#), "y.grid.dash[0]", "must be between 0 and 4096"),
        Rejection(minimalSpec(#""y": {"grid": {"dash": [1, 2, 3, 4, 5, 6, 7, 8, 9]}}"#), "y.grid.dash",
                  "must have at most 8 dash lengths, got 9"),
        Rejection(minimalSpec(#""y": {"grid": {"dsah": [4]}}"#), "y.grid.dsah", #"did you mean "dash"?"#),
        Rejection(minimalSpec(#""x": {"tickcount": 3}"#), "x.tickcount", #"did you mean "tickCount"?"#),
        Rejection(minimalSpec(#""annotations": [{"type": "circle"}]"#),
                  "annotations[0].type", #"expected one of "hline", "vline", "bubble", "box", got "circle""#),
        // A second y axis and boxes (issue 14).
        Rejection(seriesSpec(#""axis": "right""#), "series[0].axis", #"expected one of "y", "y2", got "right""#),
        Rejection(#"{"type": "pie", "series": [{"values": [1, 2], "axis": "y2"}]}"#, "series[0].axis",
                  "a second y axis is drawn by line, area and vertical bar charts, not by a pie chart"),
        Rejection(#"{"type": "scatter", "series": [{"points": [[1, 2]]}, {"points": [[1, 3]], "axis": "y2"}]}"#,
                  "series[1].axis", "not by a scatter chart"),
        Rejection(#"{"type": "bar", "bars": {"orientation": "horizontal"}, "#
                  + #""series": [{"values": [1]}, {"values": [2], "axis": "y2"}]}"#,
                  "series[1].axis", "not by a horizontal bar chart"),
        Rejection(#"{"type": "bar", "bars": {"mode": "stacked"}, "#
                  + #""series": [{"values": [1]}, {"values": [2], "axis": "y2"}]}"#,
                  "series[1].axis", #"only a series drawn as a line ("type": "line") can be on y2"#),
        Rejection(minimalSpec(#""y2": {"type": "time"}"#), "y2.type", "a time scale is only supported on x"),
        Rejection(minimalSpec(#""y2": {"min": 5, "max": 1}"#), "y2.max", "must be greater than min (5), got 1"),
        Rejection(minimalSpec(#""y2": {"tickCount": 50}"#), "y2.tickCount", "must be between 2 and 20, got 50"),
        Rejection(minimalSpec(#""y2": {"gird": true}"#), "y2.gird", #"did you mean "grid"?"#),
        Rejection(#"{"series": [{"values": [1, 0]}, {"values": [2, 0], "axis": "y2"}], "y2": {"type": "log"}}"#,
                  "series[1].values[1]", "log scale needs positive values, got 0"),
        Rejection(minimalSpec(#""annotations": [{"type": "hline", "y": 1, "axis": "y2"}]"#),
                  "annotations[0].axis", "no series is on y2"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "yMin": 1, "axis": "y2"}]"#),
                  "annotations[0].axis", "no series is on y2"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "xMin": 3, "xMax": 1}]"#),
                  "annotations[0].xMax", "must not be below xMin (3), got 1"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "yMin": 0.5, "yMax": -2}]"#),
                  "annotations[0].yMax", "must not be below yMin (0.5), got -2"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "xMin": "2026-03-01"}]"#),
                  "annotations[0].xMin", "a timestamp as x needs a time axis"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "xMax": true}]"#),
                  "annotations[0].xMax", "expected a number, got a boolean"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "yMax": "3"}]"#),
                  "annotations[0].yMax", "expected a number, got a string"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "color": "grey50"}]"#),
                  "annotations[0].color", "grey50"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "label": 4}]"#),
                  "annotations[0].label", "expected a string, got a number"),
        Rejection(minimalSpec(#""annotations": [{"type": "box", "y": 4}]"#),
                  "annotations[0].y", "unknown field; known fields are type, xMin, xMax, yMin, yMax, color"),
        Rejection(minimalSpec(#""annotations": [{"y": 3}]"#), "annotations[0].type", "required field is missing"),
        Rejection(minimalSpec(#""annotations": [{"type": "hline"}]"#), "annotations[0].y", "required field is missing"),
        Rejection(minimalSpec(#""annotations": [{"type": "hline", "y": 1, "x": 2}]"#),
                  "annotations[0].x", "unknown field"),
        Rejection(minimalSpec(#""annotations": [{"type": "bubble", "series": 3, "index": 0}]"#),
                  "annotations[0].series", "there is no series 3 (the spec has 1)"),
        Rejection(minimalSpec(#""annotations": [{"type": "bubble", "series": 0, "index": 5}]"#),
                  "annotations[0].index", "between -3 and 2, got 5"),
        Rejection(minimalSpec(#""annotations": [{"type": "bubble", "series": 0, "index": -4}]"#),
                  "annotations[0].index", "got -4"),
        Rejection(minimalSpec(#""annotations": [{"type": "vline", "x": 1, "label": 7}]"#),
                  "annotations[0].label", "expected a string"),
        Rejection(minimalSpec(#""theme": "blue""#), "theme", #"expected one of "light", "dark", got "blue""#),
        Rejection(minimalSpec(##""background": "#12345""##), "background", "5 hex digits"),
        Rejection(minimalSpec(#""palette": []"#), "palette", "must have between 1 and 64 colors, got 0"),
        Rejection(minimalSpec(#""legend": "no""#), "legend",
                  #"expected true, false or an object {"show", "position"}, got a string"#),
        Rejection(minimalSpec(#""legend": {"position": "center"}"#), "legend.position",
                  #"expected one of "top", "bottom", "left", "right", got "center""#),
        Rejection(minimalSpec(#""legend": {"show": "yes"}"#), "legend.show", "expected true or false, got a string"),
        Rejection(minimalSpec(#""legend": {"pos": "left"}"#), "legend.pos", "known fields are show, position"),
        Rejection(minimalSpec(#""axes": "no""#), "axes", "expected true or false, got a string"),
        Rejection(minimalSpec(#""animation": {"duration": 0}"#),
                  "animation.duration", "must be between 0.05 and 30, got 0"),
        Rejection(minimalSpec(#""animation": {"delay": 61}"#), "animation.delay", "must be between 0 and 60, got 61"),
        Rejection(minimalSpec(#""animation": {"stagger": -1}"#),
                  "animation.stagger", "must be between 0 and 10, got -1"),
        Rejection(minimalSpec(#""animation": {"repeat": 0}"#), "animation.repeat", "must be between 1 and 1000, got 0"),
        Rejection(minimalSpec(#""animation": {"repeat": 1.5}"#), "animation.repeat", "expected an integer, got 1.5"),
        Rejection(minimalSpec(#""animation": {"repeat": "forever"}"#),
                  "animation.repeat", #"or "indefinite", got a string"#),
        Rejection(minimalSpec(#""animation": {"fps": 0}"#), "animation.fps", "must be between 1 and 60, got 0"),
        Rejection(minimalSpec(#""animation": {"fps": 61}"#), "animation.fps", "must be between 1 and 60, got 61"),
        Rejection(minimalSpec(#""animation": {"fps": 29.97}"#), "animation.fps", "expected an integer, got 29.97"),
        Rejection(minimalSpec(#""animation": {"easing": "bounce"}"#),
                  "animation.easing", #""easeInOut", "spring", got "bounce""#),
        Rejection(minimalSpec(#""animation": "yes""#), "animation", "expected false, true or an object, got a string"),
        Rejection(minimalSpec(#""text": "svg""#), "text", #"expected one of "native", "paths""#),
        Rejection(minimalSpec(#""locale": "xx-YY""#), "locale", #"no locale data for "xx-YY" or its language"#),
        Rejection(minimalSpec(#""locale": "deu-DE-1996""#), "locale", #"expected a BCP 47 locale tag"#),
        Rejection(minimalSpec(#""locale": "dee""#), "locale", #"(close: "de", "de-DE", "en""#),
        Rejection(minimalSpec(#""locale": 49"#), "locale", "expected a BCP 47 locale tag such as \"de-DE\", got a number"),
        Rejection(minimalSpec(#""pie": {"rotation": 400}"#), "pie.rotation", "must be between -360 and 360, got 400"),
        Rejection(minimalSpec(#""pie": {"rotation": "90"}"#), "pie.rotation", "expected a number, got a string"),
        Rejection(minimalSpec(#""pie": {"circumference": 0}"#),
                  "pie.circumference", "must be between 1 and 360, got 0"),
        Rejection(minimalSpec(#""pie": {"circumference": 720}"#),
                  "pie.circumference", "must be between 1 and 360, got 720"),
        Rejection(minimalSpec(#""pie": {"sliceValues": 1}"#),
                  "pie.sliceValues", "expected true or false, got a number"),
        Rejection(#"{"type": "radar", "labels": ["a", "b"], "series": [{"values": [1, 2]}]}"#,
                  "labels", "a radar chart needs at least 3 spokes (labels or values per series), got 2"),
        Rejection(#"{"type": "radar", "series": [{"values": [1, 2]}]}"#,
                  "series", "a radar chart needs at least 3 spokes"),
        Rejection(#"{"type": "radar", "series": [{"values": [1, 2, 3]}, {"values": ["# + repeatElement("1", count: 361)
                      .joined(separator: ",") + "]}]}",
                  "series[1].values", "a radar chart has at most 360 spokes, got 361"),
        Rejection(#"{"type": "radar", "labels": ["a", "b", "c"], "series": [{"points": [[0, 1], [1, 2], [2, 3]]}]}"#,
                  "series[0].points", #"a radar chart takes "values" (one per spoke"#),
        Rejection(#"{"type": "radar", "y": {"type": "log"}, "series": [{"values": [1, 2, 3]}]}"#,
                  "y.type", "a radar chart's scale starts at its center"),
        Rejection(minimalSpec(#""compression": "max""#),
                  "compression", #"expected one of "fast", "balanced", "small""#),
        Rejection(minimalSpec(#""quality": 0"#), "quality", "must be between 1 and 100, got 0"),
        Rejection(minimalSpec(#""quality": 101"#), "quality", "must be between 1 and 100, got 101"),
        Rejection(minimalSpec(#""quality": 50.5"#), "quality", "expected an integer, got 50.5"),
        Rejection(minimalSpec(#""quality": "high""#), "quality", "expected an integer, got a string"),
        Rejection(minimalSpec(#""format": "webp", "width": 4096, "height": 16, "scale": 4"#), "scale",
                  "a WebP image is at most 16,383 pixels on a side; a 4096×16 chart at scale 4 is 16,384 pixels "
                      + "wide: use a scale of at most 3.99"),
        Rejection(minimalSpec(#""format": "webp", "width": 16, "height": 4096, "scale": 4"#), "scale",
                  "is 16,384 pixels high: use a scale of at most 3.99"),
        Rejection(minimalSpec(#""format": "webp", "width": 1000, "height": 1000, "scale": 3"#), "scale",
                  "a WebP is at most 4,194,304 device pixels (its encoder takes 60–200× the PNG's time a pixel); a "
                      + "1000×1000 chart at scale 3 is 9,000,000: use a scale of at most 2.04, a smaller width or "
                      + "height, or PNG"),
        Rejection(minimalSpec(#""format": "webp", "width": 4096, "height": 2048"#), "width",
                  "chart at scale 1 is 8,388,608: use a smaller width or height, or PNG"),
        // Series and mark styling (issue 14).
        Rejection(seriesSpec(#""colors": ["red", null, "blue", "red"]"#), "series[0].colors",
                  "at most one color per point: the series has 3 points, got 4 colors"),
        Rejection(#"{"series": [{"values": [], "colors": [null]}]}"#, "series[0].colors",
                  "the series has 0 points, got 1 colors"),
        Rejection(seriesSpec(#""colors": ["red", "nope"]"#), "series[0].colors[1]", "expected a CSS color"),
        Rejection(seriesSpec(#""colors": [1]"#), "series[0].colors[0]", "expected a CSS color"),
        Rejection(seriesSpec(#""colors": "red""#), "series[0].colors", "expected an array, got a string"),
        Rejection(seriesSpec(#""borderColor": "url(#x)""#), "series[0].borderColor", "expected a CSS color"),
        Rejection(seriesSpec(#""borderWidth": 17"#), "series[0].borderWidth", "must be between 0 and 16, got 17"),
        Rejection(seriesSpec(#""borderWidth": -1"#), "series[0].borderWidth", "must be between 0 and 16, got -1"),
        Rejection(seriesSpec(#""fillColor": "red; x""#), "series[0].fillColor", "expected a CSS color"),
        Rejection(seriesSpec(#""fillTo": "start""#), "series[0].fillTo",
                  #"expected one of "zero", "bottom", "top", got "start""#),
        Rejection(seriesSpec(#""line": 0"#), "series[0].line", "expected true or false, got a number"),
        Rejection(seriesSpec(#""spanGaps": "yes""#), "series[0].spanGaps", "expected true or false, got a string"),
        Rejection(seriesSpec(#""dots": {"shape": "star"}"#), "series[0].dots.shape",
                  #"expected one of "circle", "square", "triangle", "diamond", "cross", got "star""#),
        Rejection(seriesSpec(#""sizeMode": "area""#), "series[0].sizeMode",
                  #"expected one of "scaled", "radius", got "area""#),
        Rejection(#"{"type": "scatter", "series": [{"points": [[0, 1, 200], [1, 2, 201]], "sizeMode": "radius"}]}"#,
                  "series[0].points[1][2]",
                  #"with "sizeMode": "radius" the third element is a radius in CSS px between 0 and 200, got 201"#),
        Rejection(minimalSpec(#""bars": {"barFraction": 0.01}"#), "bars.barFraction",
                  "must be between 0.05 and 1, got 0.01"),
        Rejection(minimalSpec(#""bars": {"categoryFraction": 1.5}"#), "bars.categoryFraction",
                  "must be between 0.05 and 1, got 1.5"),
        Rejection(#"[{"series": []}]"#, "", "expected a JSON object at the top level, got an array"),
        Rejection(minimalSpec(#""widht": 100"#), "widht", #"did you mean "width"?"#),
        Rejection(minimalSpec(#""Title": "x""#), "Title", #"did you mean "title"?"#),
        Rejection(minimalSpec(#""foo": 1"#), "foo", "unknown field; known fields are type, width, height"),
        Rejection(minimalSpec(#""odd key": 1"#), #"["odd key"]"#, "unknown field"),
        Rejection(minimalSpec(#""width": 1e400"#), "width", "out of range (it overflows a 64-bit float)"),
        Rejection(#"{"series": [{"values": [1, -1e309]}]}"#, "series[0].values[1]", "out of range"),
        Rejection(#"{"series": [{"values": [1], "values": [2]}]}"#, "series[0]", #"duplicate key "values""#),
        Rejection(#"{"series": [{"values": [1, 2,]}]}"#,
                  "series[0].values[2]", "line 1, column 30 (byte 29): unexpected character ']'"),
    ]

    @Test(arguments: rejections)
    func rejectsWithPathAndMessage(_ r: Rejection) {
        let issues = specIssues(r.json)
        #expect(issues.count == 1, "\(issues)")
        #expect(issues.first?.path == r.path, "\(issues)")
        #expect(issues.first?.message.contains(r.fragment) == true, "\(issues)")
    }

    @Test func everyProblemIsReportedTogetherInInputOrder() {
        let issues = specIssues(#"""
        {"width": 9000, "series": [{"values": [1, "x", 3], "colour": "red"}, {"values": [true]}],
         "theme": "blue", "y": {"min": 3, "max": 1}}
        """#)
        #expect(issues.map(\.path)
            == ["width", "series[0].values[1]", "series[0].colour", "series[1].values[0]", "theme", "y.max"])
        #expect(SpecError(issues: issues).description.split(separator: "\n").count == 6)
    }

    @Test func theIssueListIsCapped() {
        let values = Array(repeating: "\"x\"", count: 1000).joined(separator: ",")
        let issues = specIssues(#"{"series": [{"values": [\#(values)]}]}"#)
        #expect(issues.count == ChartSpec.Limits.maxReportedIssues + 1)
        #expect(issues.last?.message == "… and 900 more problems not listed")
    }

    @Test(arguments: [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0x9F])
    func controlCharactersAreRejectedEverywhere(code: Int) throws {
        let escaped = "\\u" + String(repeating: "0", count: 4 - String(code, radix: 16).count) + String(code, radix: 16)
        let issues = specIssues(#"""
        {"title": "a\#(escaped)", "labels": ["\#(escaped)"], "series": [{"name": "\#(escaped)", "values": [1]}],
         "annotations": [{"type": "hline", "y": 1, "label": "\#(escaped)"}], "x": {"title": "\#(escaped)"}}
        """#)
        // A newline is the one control character a title may hold (between its lines).
        #expect(issues.map(\.path) == (code == 0x0A ? [] : ["title"])
            + ["labels[0]", "series[0].name", "annotations[0].label", "x.title"])
        #expect(issues.allSatisfy { $0.message.contains("control characters") })
    }

    @Test func textLongerThan200ScalarsIsRejectedNamingTheLimit() throws {
        let ok = String(repeating: "é", count: 200)
        #expect(try parseSpec(minimalSpec(#""title": "\#(ok)""#)).title == ok)
        let long = String(repeating: "字", count: 201)
        let issues = specIssues(minimalSpec(#""subtitle": "\#(long)""#))
        #expect(issues
            == [SpecIssue(path: "subtitle", message: "must be at most 200 characters (Unicode scalars), got 201")])
    }

    @Test func seriesCountAndPointLimitsAreEnforced() {
        let series = Array(repeating: #"{"values": [1]}"#, count: 65).joined(separator: ",")
        #expect(specIssues(#"{"series": [\#(series)]}"#)
            == [SpecIssue(path: "series", message: "must have between 1 and 64 series, got 65")])
        let values = Array(repeating: "0", count: ChartSpec.Limits.maxPointsPerSeries + 1).joined(separator: ",")
        let issues = specIssues(#"{"series": [{"values": [\#(values)]}]}"#)
        #expect(issues
            == [SpecIssue(path: "series[0].values", message: "must have at most 1000000 values, got 1000001")])
    }

    @Test func totalPointLimitIsEnforced() {
        let values = Array(repeating: "0", count: 700_000).joined(separator: ",")
        let series = Array(repeating: #"{"values": [\#(values)]}"#, count: 3).joined(separator: ",")
        #expect(specIssues(#"{"series": [\#(series)]}"#)
            == [SpecIssue(path: "series", message: "the series have 2100000 points in total; the limit is 2000000")])
    }

    @Test func depthBombInASpecIsRejected() {
        let bomb = String(repeating: "[", count: 10_000)
        let issues = specIssues(#"{"series": \#(bomb)"#)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("nesting deeper than 64 levels") == true)
    }

    @Test func suggestionsAreCaseInsensitiveAndBounded() {
        #expect(FieldSuggestion.closest(to: "linewidth", among: SeriesFields.table.names) == "lineWidth")
        #expect(FieldSuggestion.closest(to: "strokeGradeint", among: SeriesFields.table.names) == "strokeGradient")
        #expect(FieldSuggestion.closest(to: "durration", among: AnimationFields.table.names) == "duration")
        #expect(FieldSuggestion.closest(to: "z", among: ["x", "y"]) == nil)
        #expect(FieldSuggestion.closest(to: "banana", among: SeriesFields.table.names) == nil)
        #expect(FieldSuggestion.closest(to: String(repeating: "a", count: 10_000), among: ["a"]) == nil)
    }
}
