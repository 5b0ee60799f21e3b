# syntax=docker/dockerfile:1
# chartd container image: build with the official Swift image, run on Debian slim with only the runtime
# libraries and fonts. `scripts/check-container-deps` checks (without Docker) that RUNTIME_PACKAGES below covers
# every shared library the release binary links and the default fonts. See docs/deploy.md.
#
#   docker build -t chartd .            (or podman build --format docker: OCI images drop the HEALTHCHECK)
#   docker run --rm -p 8080:8080 chartd
# scripts/check-container-image builds and probes it with podman on a machine without a registry.

ARG SWIFT_IMAGE=swift:6.3.1-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- build ------------------------------------------------------------------------------------------------------
FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libpng-dev zlib1g-dev libssl-dev pkg-config \
    libwebp-dev libjpeg62-turbo-dev libharfbuzz-dev libfribidi-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# SwiftPM refuses a manifest whose test targets have no folder, even when building only chartd.
COPY Tests ./Tests
# The commit and build date `chartd --version`, /v1/info and chartd_build_info report (CBuildInfo), e.g.
#   --build-arg GIT_COMMIT=$(git rev-parse --short=12 HEAD) --build-arg BUILD_DATE=$(date -u +%Y-%m-%dT%H:%M:%SZ)
ARG GIT_COMMIT=unknown
ARG BUILD_DATE=unknown
# --static-swift-stdlib links the Swift runtime and Foundation into the binary, so the runtime image needs no Swift.
RUN swift build -c release --static-swift-stdlib --product chartd \
    -Xcc -DCHART_GIT_COMMIT="\"$GIT_COMMIT\"" -Xcc -DCHART_BUILD_DATE="\"$BUILD_DATE\"" \
 && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/chartd" /out/chartd \
 && strip --strip-debug /out/chartd

# ---- fonts: only the Noto Sans faces ChartText loads -------------------------------------------------------------
# fonts-noto-core is 42.5 MB installed; the twelve faces of the default fallback chain (Arabic, Hebrew, Devanagari,
# Bengali, Tamil, Thai; Regular and Bold) are 1.7 MB. scripts/check-container-deps checks NOTO_FACES against
# ChartText's defaults.
FROM ${RUNTIME_IMAGE} AS fonts
ARG NOTO_FACES="NotoSansArabic-Regular.ttf NotoSansArabic-Bold.ttf NotoSansHebrew-Regular.ttf NotoSansHebrew-Bold.ttf \
    NotoSansDevanagari-Regular.ttf NotoSansDevanagari-Bold.ttf NotoSansBengali-Regular.ttf NotoSansBengali-Bold.ttf \
    NotoSansTamil-Regular.ttf NotoSansTamil-Bold.ttf NotoSansThai-Regular.ttf NotoSansThai-Bold.ttf"
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-noto-core \
 && mkdir -p /out/noto \
 && for face in $NOTO_FACES; do cp "/usr/share/fonts/truetype/noto/$face" /out/noto/; done \
 && cp /usr/share/doc/fonts-noto-core/copyright /out/noto-copyright

# ---- run --------------------------------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE}
# libpng16-16 and zlib1g: PNG encoding. libssl3: libcrypto (SHA-256 cache keys and ETags, HMAC-signed URLs).
# libwebp7: WebP encoding. libjpeg62-turbo: JPEG encoding. libharfbuzz0b: text shaping (HarfBuzz).
# libfribidi0: bidirectional text order (FriBidi).
# fonts-dejavu-core: Latin/Greek/Cyrillic text (DejaVu Sans, Bold), and most Arabic and Hebrew letters.
# fonts-wqy-microhei: CJK text. fonts-symbola: monochrome emoji (3.1 MB). The Noto Sans faces for the other
# scripts come from the fonts stage above. tzdata: the IANA time zones chartd reads from /usr/share/zoneinfo.
# Everything else the binary links (libc6, libstdc++6, libgcc-s1) is in the base image.
ARG RUNTIME_PACKAGES="libpng16-16 zlib1g libssl3 libwebp7 libjpeg62-turbo libharfbuzz0b libfribidi0 fonts-dejavu-core fonts-wqy-microhei fonts-symbola tzdata"
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${RUNTIME_PACKAGES} \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 chartd \
 && useradd --system --uid 10001 --gid chartd --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin chartd

COPY --from=build /out/chartd /usr/local/bin/chartd
COPY --from=fonts /out/noto/ /usr/share/fonts/truetype/noto/
COPY --from=fonts /out/noto-copyright /usr/share/doc/fonts-noto-core/copyright
COPY index.html openapi.yaml /usr/share/chartd/

# chartd reads its settings from the environment (see `chartd --help`); these are the container defaults.
# DRAIN_TIMEOUT stays below Docker's and podman's default stop timeout (10 s), so a request held to the end is
# closed by chartd's drain deadline (exit 3), not by SIGKILL (exit 137); raise both together (docs/deploy.md,
# "Stopping").
ENV HOST=0.0.0.0 \
    PORT=8080 \
    LOG_FORMAT=json \
    ASSETS_DIR=/usr/share/chartd \
    DRAIN_TIMEOUT=8
WORKDIR /usr/share/chartd
USER 10001:10001
EXPOSE 8080
# SIGTERM starts a graceful drain: /readyz turns 503, in-flight requests finish (≤ DRAIN_TIMEOUT s), exit 0
# (3 when the drain timeout cut requests off).
STOPSIGNAL SIGTERM
# No curl in the slim image: bash's /dev/tcp sends the request and the status line is checked.
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-8080} && printf 'GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && head -c 12 <&3 | grep -q ' 200'"]
ENTRYPOINT ["/usr/local/bin/chartd"]
