package sub

import "example.com/m/a/internal/b"

// Y is allowed: a/sub is inside a/.
const Y = b.X + 1
