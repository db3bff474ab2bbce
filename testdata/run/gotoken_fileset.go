package main

import (
	"encoding/json"
	"fmt"
	"go/token"
)

func main() {
	src := []byte("package main\n\nfunc main() {\n\tprintln(\"hi\")\n}\n")
	fset := token.NewFileSet()
	fmt.Println(fset.Base())
	f := fset.AddFile("main.go", -1, len(src))
	fmt.Println(f, f.Name(), f.Base(), f.Size(), f.End(), f.LineCount(), fset.Base())
	f.SetLinesForContent(src)
	fmt.Println(f.Lines(), f.LineCount())
	for _, off := range []int{0, 5, 13, 14, 28, 40, len(src), len(src) + 10, -3} {
		p := f.Pos(off)
		fmt.Println(off, p, f.Offset(p), f.Line(p), f.Position(p), fset.Position(p), fset.File(p) == f)
	}
	fmt.Println(f.LineStart(3), f.Position(f.LineStart(4)))
	g := fset.AddFile("other.go", -1, 10)
	g.AddLine(4)
	g.AddLine(2)
	g.AddLine(8)
	g.AddLine(10)
	fmt.Println(g, g.Lines(), fset.Position(g.Pos(5)), fset.File(g.Pos(5)).Name())
	fmt.Println(fset.Position(token.NoPos), fset.Position(token.Pos(1000)), fset.File(1000) == nil, fset.File(token.NoPos) == nil)
	fmt.Println(g.SetLines([]int{0, 3, 3}), g.SetLines([]int{0, 11}), g.SetLines([]int{0, 3, 6}), g.Lines())
	g.MergeLine(1)
	fmt.Println(g.Lines())
	g.AddLineInfo(4, "gen.y", 100)
	g.AddLineColumnInfo(7, "", 50, 0)
	for off := 0; off <= 10; off++ {
		p := g.Pos(off)
		fmt.Print(g.Position(p), " | ", g.PositionFor(p, false), "; ")
	}
	fmt.Println()
	fset.Iterate(func(f *token.File) bool { fmt.Println("file", f.Name()); return true })
	h := fset.AddFile("skip.go", fset.Base()+100, 0)
	fmt.Println(h, fset.Base(), fset.Position(h.Pos(0)))
	fset.RemoveFile(g)
	fset.Iterate(func(f *token.File) bool { fmt.Println("file", f.Name()); return false })
	fmt.Println(fset.File(g.Pos(3)) == nil)

	var p token.Position
	fmt.Println(p, p.IsValid(), token.Position{Filename: "x.go"}, token.Position{Line: 3}, token.Position{Filename: "a", Line: 1, Column: 2})

	out := []byte{}
	fset.Write(func(v any) error {
		b, err := json.Marshal(v)
		out = b
		return err
	})
	fmt.Println(string(out))
	fs2 := token.NewFileSet()
	err := fs2.Read(func(v any) error { return json.Unmarshal(out, v) })
	fmt.Println(err, fs2.Base(), fs2.Position(f.Pos(20)))

	fs3 := token.NewFileSet()
	fs3.AddExistingFiles(f)
	fmt.Println(fs3.Base(), fs3.Position(f.Pos(20)))
	tests := []func(){
		func() { f.LineStart(0) },
		func() { f.LineStart(99) },
		func() { f.MergeLine(0) },
		func() { f.MergeLine(99) },
		func() { fset.AddFile("bad", 1, 5) },
		func() { fset.AddFile("bad", -1, -5) },
		func() { fs3.AddExistingFiles(g, h, fset.AddFile("z", 0, 3)) },
	}
	for _, t := range tests {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			t()
		}()
	}
}
