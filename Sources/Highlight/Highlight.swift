// The Highlight module; see docs/architecture.md.
