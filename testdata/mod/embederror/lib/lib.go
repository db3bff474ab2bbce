package lib

import _ "embed"

//go:embed data/missing.txt
var Data string
