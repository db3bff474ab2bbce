package main

import _ "embed"

// Patterns are relative to the package directory, in every file.
//
//go:embed assets/version.txt
var banner []byte
