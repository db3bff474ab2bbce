package x

import "example.com/m/a/internal/b"

// Z is not allowed: x is outside a/.
const Z = b.X
