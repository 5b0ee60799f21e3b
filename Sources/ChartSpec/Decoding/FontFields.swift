/// How the `font` object is read and written.
enum FontFields {
    static let table = FieldTable<FontOptions>([
        .text("family", \.family),
    ])
}
