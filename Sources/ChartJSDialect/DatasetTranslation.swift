import ChartSpec

/// `data` (`labels`, `datasets`) → native `labels` and `series`.
enum DatasetTranslation {
    static func translate(_ data: ConfigValue, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        guard var object = data.object(&native) else { return }
        if let labels = object.take("labels") {
            native.set(["labels"], labels.value, from: .path(labels.path))
        }
        if let datasets = object.take("datasets") {
            guard case .array(let elements) = datasets.value else {
                native.report(datasets.path, "expected an array, got \(datasets.value.kindDescription)")
                return
            }
            for (i, element) in elements.enumerated() {
                translateDataset(datasets.element(element, at: i), &context, &native)
            }
        } else {
            native.report(JSONPath.member(data.path, "datasets"), "required field is missing")
        }
        object.finish(&native)
    }

    private static func translateDataset(_ dataset: ConfigValue, _ context: inout TranslationContext,
                                         _ native: inout NativeSpecBuilder) {
        guard var object = dataset.object(&native) else { return }
        let index = native.addSeries(from: dataset.path)
        if let label = object.take("label") {
            native.setSeries(index, ["name"], label.value, from: .path(label.path))
        }
        if let data = object.take("data") {
            native.setSeries(index, ["values"], data.value, from: .path(data.path))
        }
        object.finish(&native)
    }
}
