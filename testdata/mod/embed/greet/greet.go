// Package greet embeds its own templates folder: patterns are relative
// to the directory of the file that names them.
package greet

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed templates
var Templates embed.FS

func Render(name, who string) string {
	b, err := Templates.ReadFile("templates/" + name + ".tmpl")
	if err != nil {
		return err.Error()
	}
	return strings.Replace(string(b), "%s", who, 1)
}

func init() { fmt.Println("greet ready") }
