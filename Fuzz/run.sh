#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a given number of seconds.
#
#     Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
#     Fuzz/run.sh frontmatter 600
#     Fuzz/run.sh http 600 -runs=1000000
#     Fuzz/run.sh mustache 0 .build/fuzz/mustache/artifacts/crash-1234   # replay one input
#
# TARGET is one of: frontmatter, mustache, markdown, search, http.
#
# Why swiftc and not `swift build`: a SwiftPM product built with
# `-sanitize=fuzzer` does not link libFuzzer's entry point, while swiftc does.
# So each project module the target needs is compiled on its own (whole
# module, instrumented for coverage and AddressSanitizer) into an object file
# and a .swiftmodule under .build/fuzz/TARGET/modules-OPT (recompiled only
# when one of the module's sources is newer than its object); the fuzz target
# (Fuzz/TARGET.swift, which defines LLVMFuzzerTestOneInput) imports those
# modules as usual and is linked with them. Module sources are used as they
# are: no file is copied or rewritten.
#
# The working corpus lives in .build/fuzz/TARGET/corpus (not committed) and is
# seeded from Fuzz/seeds/TARGET; crashes, leaks and timeouts are written to
# .build/fuzz/TARGET/artifacts/ and the whole log to .build/fuzz/TARGET/log.txt.
# A SECONDS of 0 with input files as extra arguments replays those inputs
# (give files, not a folder: libFuzzer fuzzes a folder and adds to it).
# Seeds are regenerated with `python3 Fuzz/make-seeds.py`; large nested inputs
# for replay with `python3 Fuzz/make-deep-inputs.py`.
#
# Environment:
#   FUZZ_OPTIMIZATION  swiftc optimisation flag for the project modules and the
#                      target (default -Onone, like `swift build -c debug`, so
#                      assertions and all runtime checks stay on).
set -euo pipefail

# Everything is inside main so that bash has read the whole script before it
# runs any of it: editing this file during a long run cannot change that run.
main() {
    usage() {
        echo "usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]" >&2
        echo "targets: frontmatter mustache markdown search http" >&2
        exit 2
    }

    [[ $# -ge 2 ]] || usage
    target=$1
    seconds=$2
    shift 2

    # The project modules each target needs, in dependency order.
    # Sources compiled into the target itself: Hugo's TOML front matter is
    # read by files of DespinaKit that need only Markup.
    extra_sources=()
    case "$target" in
        frontmatter) modules=(TextFolding Markup)
                     mapfile -t extra_sources < <(ls Sources/DespinaKit/Content/TOML*.swift | LC_ALL=C sort) ;;
        markdown)    modules=(TextFolding Markup Highlight) ;;
        mustache)    modules=(Mustache) ;;
        search)      modules=(TextFolding SearchIndex) ;;
        http)        modules=(StaticServer) ;;
        *) usage ;;
    esac

    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    cd "$root"

    work=.build/fuzz/$target
    optimization=${FUZZ_OPTIMIZATION:--Onone}
    module_dir=$work/modules$optimization
    mkdir -p "$module_dir" "$work/corpus" "$work/artifacts"

    sanitizers=-sanitize=fuzzer,address
    c_modules=(-I Sources/CCmark -I Sources/CYaml -I Sources/CStemmer)

    # The linker warns about every AddressSanitizer helper symbol it cannot
    # export; those lines are noise, anything else is shown.
    quiet_linker() { grep -v "Cannot export local symbol" || true; }

    objects=()
    for module in "${modules[@]}"; do
        mapfile -t sources < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
        objects+=("$module_dir/$module.o")
        # Reuse the object when no source of the module changed since it was built.
        if [[ -f "$module_dir/$module.o" && -z $(find "Sources/$module" -name '*.swift' -newer "$module_dir/$module.o") ]]; then
            continue
        fi
        echo "compiling $module (${#sources[@]} files)" >&2
        swiftc "$sanitizers" "$optimization" -gline-tables-only -parse-as-library -wmo \
            -module-name "$module" \
            -I "$module_dir" "${c_modules[@]}" \
            -emit-module -emit-module-path "$module_dir/$module.swiftmodule" \
            -c "${sources[@]}" -o "$module_dir/$module.o" 2>&1 | quiet_linker
    done

    fuzzer=$work/fuzz-$target
    echo "linking $fuzzer" >&2
    swiftc "$sanitizers" "$optimization" -g -parse-as-library \
        -I "$module_dir" "${c_modules[@]}" \
        "Fuzz/$target.swift" "${extra_sources[@]}" "${objects[@]}" \
        -lcmark -lyaml -lstemmer \
        -o "$fuzzer" 2>&1 | quiet_linker
    [[ -x "$fuzzer" ]] || { echo "build of $fuzzer failed" >&2; exit 1; }

    dictionary=()
    [[ -f "Fuzz/dictionaries/$target.dict" ]] && dictionary=(-dict="Fuzz/dictionaries/$target.dict")

    if [[ "$seconds" == 0 ]]; then
        # Replay mode: the extra arguments are inputs (and flags).
        exec env ASAN_OPTIONS=detect_leaks=1 "$fuzzer" "$@"
    fi

    echo "fuzzing $target for $seconds s; log in $work/log.txt" >&2
    ASAN_OPTIONS=detect_leaks=1 "$fuzzer" \
        -max_total_time="$seconds" \
        -print_final_stats=1 \
        -detect_leaks=1 \
        -timeout=30 \
        -artifact_prefix="$work/artifacts/" \
        "${dictionary[@]}" \
        "$@" \
        "$work/corpus" "Fuzz/seeds/$target" 2>&1 | tee "$work/log.txt"
    exit "${PIPESTATUS[0]}"
}

main "$@"
