package parser

import (
	"go/ast"
	"go/token"
)

func parserResolveFile(file *ast.File, handle *token.File, declErr func(token.Pos, string)) {
	file.Scope = ast.NewScope(nil)
}
