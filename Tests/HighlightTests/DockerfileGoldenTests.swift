import Testing
import Highlight

/// Golden output for a realistic Dockerfile.
@Suite struct DockerfileGoldenTests {
    @Test func multiStageBuild() {
        let input = ##"""
        # syntax=docker/dockerfile:1
        ARG SWIFT_VERSION=6.0
        FROM swift:${SWIFT_VERSION}-jammy AS build
        WORKDIR /build
        COPY --from=deps /cache ./.build
        COPY . .
        RUN swift build -c release \
            # static so the image needs no runtime
            --static-swift-stdlib && \
            cp "$(swift build -c release --show-bin-path)/despina" /usr/bin/

        FROM ubuntu:22.04
        ENV LANG=C.UTF-8 PATH="/usr/bin:$PATH"
        EXPOSE 8080/tcp
        LABEL org.opencontainers.image.title='Despina'
        ONBUILD RUN echo "child build"
        HEALTHCHECK --interval=30s CMD curl -f http://localhost:8080/ || exit 1
        ENTRYPOINT ["despina", "serve", "--port", "8080"]
        cmd ["--help"]
        """##
        let expected = ##"""
        <span class="com"># syntax=docker/dockerfile:1</span>
        <span class="kw">ARG</span> <span class="var">SWIFT_VERSION</span><span class="op">=</span>6.0
        <span class="kw">FROM</span> swift:<span class="var">${SWIFT_VERSION}</span>-jammy <span class="kw">AS</span> build
        <span class="kw">WORKDIR</span> /build
        <span class="kw">COPY</span> --from=deps /cache ./.build
        <span class="kw">COPY</span> . .
        <span class="kw">RUN</span> <span class="fn">swift</span> build -c release <span class="esc">\</span>
            <span class="com"># static so the image needs no runtime</span>
            --static-swift-stdlib <span class="op">&amp;&amp;</span> <span class="esc">\</span>
            <span class="fn">cp</span> <span class="str">&quot;</span><span class="var">$(swift build -c release --show-bin-path)</span><span class="str">/despina&quot;</span> /usr/bin/

        <span class="kw">FROM</span> ubuntu:22.04
        <span class="kw">ENV</span> <span class="var">LANG</span><span class="op">=</span>C.UTF-8 <span class="var">PATH</span><span class="op">=</span><span class="str">&quot;/usr/bin:$PATH&quot;</span>
        <span class="kw">EXPOSE</span> <span class="num">8080</span>/tcp
        <span class="kw">LABEL</span> <span class="var">org.opencontainers.image.title</span><span class="op">=</span><span class="str">'Despina'</span>
        <span class="kw">ONBUILD</span> <span class="kw">RUN</span> <span class="fn">echo</span> <span class="str">&quot;child build&quot;</span>
        <span class="kw">HEALTHCHECK</span> --interval=30s CMD curl -f http://localhost:8080/ || exit <span class="num">1</span>
        <span class="kw">ENTRYPOINT</span> [<span class="str">&quot;despina&quot;</span>, <span class="str">&quot;serve&quot;</span>, <span class="str">&quot;--port&quot;</span>, <span class="str">&quot;8080&quot;</span>]
        <span class="kw">cmd</span> [<span class="str">&quot;--help&quot;</span>]
        """##
        #expect(Highlighter.highlight(input, language: .dockerfile) == expected)
    }

    /// The command goes on after a comment line: `&&` still starts the next command.
    @Test func commentInsideContinuedRun() {
        let input = ##"""
        FROM alpine
        run apk add --no-cache git \
            # the comment is left out of the command
            && git --version
        """##
        let expected = ##"""
        <span class="kw">FROM</span> alpine
        <span class="kw">run</span> <span class="fn">apk</span> add --no-cache git <span class="esc">\</span>
            <span class="com"># the comment is left out of the command</span>
            <span class="op">&amp;&amp;</span> <span class="fn">git</span> --version
        """##
        #expect(Highlighter.highlight(input, language: .dockerfile) == expected)
    }
}
