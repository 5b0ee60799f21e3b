extension AnimationOptions {
    /// An animation for `smil`, `apng` and `gif` output, in seconds; every argument has the JSON field's default.
    ///
    /// ```swift
    /// spec.animation = AnimationOptions(duration: 2, easing: .easeOut, stagger: 0.3)
    /// spec.animation = .disabled
    /// ```
    public init(duration: Double = 1.2, easing: Easing = .easeInOut, delay: Double = 0, stagger: Double = 0.15,
                repeatCount: Double = 1, fps: Int? = nil) {
        self.init()
        self.duration = duration
        self.easing = easing
        self.delay = delay
        self.stagger = stagger
        self.repeatCount = repeatCount
        self.fps = fps
    }
}
