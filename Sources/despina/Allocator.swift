// The tool allocates through jemalloc rather than glibc's malloc: linking
// the library makes its malloc and free those of the whole process (the
// Swift runtime's, cmark's, libyaml's). A build makes and frees millions
// of small strings and arrays on two threads, and jemalloc's per-thread
// caches and size classes do that work with less time in the allocator
// than glibc's arenas and bins, most of all on a large site whose heap is
// fragmented (measured in docs/benchmarks.md). Nothing here is called:
// importing the module is what links the library.
import CJemalloc
