package text

import "strings"

func Shout(s string) string { return strings.ToUpper(s) + "!" }
