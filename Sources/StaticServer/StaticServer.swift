// The StaticServer module; see docs/architecture.md.
