//! minigo's goroutine runtime (the GMP scheduler lands with the runtime issue).
