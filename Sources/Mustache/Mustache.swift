// The Mustache module; see docs/architecture.md.
