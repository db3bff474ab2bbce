package main

import (
	"fmt"
	"go/token"
)

func main() {
	for tok := token.ILLEGAL; tok <= token.TILDE+1; tok++ {
		fmt.Printf("%d %s lit=%v op=%v kw=%v prec=%d\n", int(tok), tok, tok.IsLiteral(), tok.IsOperator(), tok.IsKeyword(), tok.Precedence())
	}
	fmt.Println(token.Token(-1), token.Token(1000))
	for _, s := range []string{"func", "x", "map", "Map", "_", "go", "goto", "", "iota", "nil", "true"} {
		fmt.Println(s, token.Lookup(s), token.IsKeyword(s), token.IsIdentifier(s), token.IsExported(s))
	}
	for _, s := range []string{"a1", "1a", "_x", "héllo", "Ünicode", "a-b", "x y", "αβγ", "٣x", "x٣"} {
		fmt.Println(s, token.IsIdentifier(s), token.IsExported(s))
	}
	fmt.Println(token.LowestPrec, token.UnaryPrec, token.HighestPrec, token.NoPos, token.NoPos.IsValid(), token.Pos(3).IsValid())
	fmt.Println(token.ADD, token.ARROW, token.DEFINE, token.ELLIPSIS, token.STRING, token.COMMENT, token.EOF)
}
