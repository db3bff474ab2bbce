package printer

import (
	"sort"
	"strings"
	"text/tabwriter"
	"unicode"
)

// Build constraints: the //go:build and // +build lines of a file are
// gathered into one block before the package clause (after the leading
// comments): a //go:build line in canonical form, followed by the
// matching // +build lines when the file had any.

// gpCond is a build constraint expression.
type gpCond struct {
	op   byte // 't' tag, '!' not, '&' and, '|' or
	tag  string
	x, y *gpCond
}

func (c *gpCond) String() string {
	switch c.op {
	case '!':
		s := c.x.String()
		if c.x.op == '&' || c.x.op == '|' {
			s = "(" + s + ")"
		}
		return "!" + s
	case '&':
		return gpCondArg(c.x, '|') + " && " + gpCondArg(c.y, '|')
	case '|':
		return gpCondArg(c.x, '&') + " || " + gpCondArg(c.y, '&')
	}
	return c.tag
}

func gpCondArg(c *gpCond, paren byte) string {
	s := c.String()
	if c.op == paren {
		return "(" + s + ")"
	}
	return s
}

func gpTagChar(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.'
}

// gpCondParser parses //go:build expressions.
type gpCondParser struct {
	s     string
	i     int
	tok   string
	isTag bool
	bad   bool
	size  int
}

func (p *gpCondParser) lex() {
	p.isTag = false
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
	if p.i >= len(p.s) {
		p.tok = ""
		return
	}
	switch c := p.s[p.i]; c {
	case '(', ')', '!':
		p.tok = p.s[p.i : p.i+1]
		p.i++
		return
	case '&', '|':
		if p.i+1 >= len(p.s) || p.s[p.i+1] != c {
			p.bad = true
			p.tok = ""
			return
		}
		p.tok = p.s[p.i : p.i+2]
		p.i += 2
		return
	}
	end := len(p.s)
	for k, r := range p.s[p.i:] {
		if !gpTagChar(r) {
			end = p.i + k
			break
		}
	}
	if end == p.i {
		p.bad = true
		p.tok = ""
		return
	}
	p.tok = p.s[p.i:end]
	p.i = end
	p.isTag = true
}

func (p *gpCondParser) or() *gpCond {
	x := p.and()
	for !p.bad && p.tok == "||" {
		x = &gpCond{op: '|', x: x, y: p.and()}
	}
	return x
}

func (p *gpCondParser) and() *gpCond {
	x := p.not()
	for !p.bad && p.tok == "&&" {
		x = &gpCond{op: '&', x: x, y: p.not()}
	}
	return x
}

func (p *gpCondParser) not() *gpCond {
	p.size++
	if p.size > 1000 {
		p.bad = true
	}
	p.lex()
	if p.tok == "!" {
		p.lex()
		if p.tok == "!" {
			p.bad = true
		}
		return &gpCond{op: '!', x: p.atom()}
	}
	return p.atom()
}

func (p *gpCondParser) atom() *gpCond {
	if p.bad {
		return &gpCond{op: 't'}
	}
	if p.tok == "(" {
		x := p.or()
		if p.tok != ")" {
			p.bad = true
			return x
		}
		p.lex()
		return x
	}
	if !p.isTag {
		p.bad = true
		return &gpCond{op: 't'}
	}
	t := p.tok
	p.lex()
	return &gpCond{op: 't', tag: t}
}

// gpGoBuildExpr returns the expression of a //go:build line, if it is one.
func gpGoBuildExpr(line string) (string, bool) {
	if strings.Contains(line, "\n") || !strings.HasPrefix(line, "//go:build") {
		return "", false
	}
	line = strings.TrimSpace(line)[len("//go:build"):]
	trim := strings.TrimSpace(line)
	if len(line) == len(trim) && line != "" {
		return "", false
	}
	return trim, true
}

// gpPlusBuildExpr returns the text of a // +build line, if it is one.
func gpPlusBuildExpr(line string) (string, bool) {
	if strings.Contains(line, "\n") || !strings.HasPrefix(line, "//") {
		return "", false
	}
	line = strings.TrimSpace(line[2:])
	if !strings.HasPrefix(line, "+build") {
		return "", false
	}
	line = line[len("+build"):]
	trim := strings.TrimSpace(line)
	if len(line) == len(trim) && line != "" {
		return "", false
	}
	return trim, true
}

func gpParseCond(line string) *gpCond {
	if text, ok := gpGoBuildExpr(line); ok {
		p := &gpCondParser{s: text}
		x := p.or()
		if p.bad || p.tok != "" {
			return nil
		}
		return x
	}
	text, ok := gpPlusBuildExpr(line)
	if !ok {
		return nil
	}
	var x *gpCond
	size := 0
	for _, clause := range strings.Fields(text) {
		var y *gpCond
		for _, lit := range strings.Split(clause, ",") {
			var z *gpCond
			if strings.HasPrefix(lit, "!!") || lit == "!" {
				z = &gpCond{op: 't', tag: "ignore"}
			} else {
				neg := strings.HasPrefix(lit, "!")
				if neg {
					lit = lit[1:]
				}
				valid := lit != ""
				for _, r := range lit {
					if !gpTagChar(r) {
						valid = false
					}
				}
				if !valid {
					lit = "ignore"
				}
				z = &gpCond{op: 't', tag: lit}
				if neg {
					z = &gpCond{op: '!', x: z}
				}
			}
			if y == nil {
				y = z
			} else {
				if size++; size > 100 {
					return nil
				}
				y = &gpCond{op: '&', x: y, y: z}
			}
		}
		if x == nil {
			x = y
		} else {
			if size++; size > 100 {
				return nil
			}
			x = &gpCond{op: '|', x: x, y: y}
		}
	}
	if x == nil {
		x = &gpCond{op: 't', tag: "ignore"}
	}
	return x
}

// gpPushNot moves negations down to the tags.
func gpPushNot(x *gpCond, neg bool) *gpCond {
	switch x.op {
	case '!':
		if x.x.op == 't' && !neg {
			return x
		}
		return gpPushNot(x.x, !neg)
	case 't':
		if neg {
			return &gpCond{op: '!', x: x}
		}
		return x
	case '&', '|':
		a, b := gpPushNot(x.x, neg), gpPushNot(x.y, neg)
		op := x.op
		if neg {
			if op == '&' {
				op = '|'
			} else {
				op = '&'
			}
		}
		if !neg && a == x.x && b == x.y {
			return x
		}
		return &gpCond{op: op, x: a, y: b}
	}
	return x
}

func gpSplit(list []*gpCond, x *gpCond, op byte) []*gpCond {
	if x.op == op {
		return gpSplit(gpSplit(list, x.x, op), x.y, op)
	}
	return append(list, x)
}

// gpPlusBuildLines writes x as // +build lines.
func gpPlusBuildLines(x *gpCond) []string {
	x = gpPushNot(x, false)
	var split [][][]*gpCond
	for _, or := range gpSplit(nil, x, '&') {
		var ands [][]*gpCond
		for _, and := range gpSplit(nil, or, '|') {
			var lits []*gpCond
			for _, lit := range gpSplit(nil, and, '&') {
				if lit.op != 't' && lit.op != '!' {
					return []string{"// +build error: expression too complex for // +build lines"}
				}
				lits = append(lits, lit)
			}
			ands = append(ands, lits)
		}
		split = append(split, ands)
	}
	most := 0
	for _, or := range split {
		if len(or) > most {
			most = len(or)
		}
	}
	if most == 1 {
		var lits []*gpCond
		for _, or := range split {
			lits = append(lits, or[0]...)
		}
		split = [][][]*gpCond{{lits}}
	}
	var lines []string
	for _, or := range split {
		line := "// +build"
		for _, and := range or {
			parts := make([]string, len(and))
			for i, lit := range and {
				parts[i] = lit.String()
			}
			line += " " + strings.Join(parts, ",")
		}
		lines = append(lines, line)
	}
	return lines
}

func gpIsNL(b byte) bool { return b == '\n' || b == '\f' }

func (p *gpPrinter) lineAt(start int) []byte {
	i := start
	for i < len(p.buf) && !gpIsNL(p.buf[i]) {
		i++
	}
	if i < len(p.buf) {
		i++
	}
	return p.buf[start:i]
}

func (p *gpPrinter) commentAt(start int) string {
	if start < len(p.buf) && p.buf[start] == tabwriter.Escape {
		start++
	}
	i := start
	for i < len(p.buf) && p.buf[i] != tabwriter.Escape && !gpIsNL(p.buf[i]) {
		i++
	}
	return string(p.buf[start:i])
}

func gpJoinLines(x, y []byte) []byte {
	if len(y) > 0 && gpIsNL(y[0]) && (len(x) == 0 || len(x) >= 2 && gpIsNL(x[len(x)-1]) && gpIsNL(x[len(x)-2])) {
		y = y[1:]
	}
	return append(x, y...)
}

func (p *gpPrinter) fixBuildLines() {
	if len(p.goBuild)+len(p.plusBuild) == 0 {
		return
	}
	// the block goes after the last blank line of the leading comments
	insert := 0
	for pos := 0; ; {
		blank := true
		for pos < len(p.buf) && (p.buf[pos] == ' ' || p.buf[pos] == '\t') {
			pos++
		}
		if pos+3 < len(p.buf) && p.buf[pos] == tabwriter.Escape && p.buf[pos+1] == '/' && p.buf[pos+2] == '/' {
			blank = false
			for pos < len(p.buf) && !gpIsNL(p.buf[pos]) {
				pos++
			}
		}
		if pos >= len(p.buf) || !gpIsNL(p.buf[pos]) {
			break
		}
		pos++
		if blank {
			insert = pos
		}
	}
	if len(p.goBuild) > 0 && p.goBuild[0] < insert {
		insert = p.goBuild[0]
	} else if len(p.plusBuild) > 0 && p.plusBuild[0] < insert {
		insert = p.plusBuild[0]
	}
	var x *gpCond
	switch len(p.goBuild) {
	case 0:
		for _, pos := range p.plusBuild {
			y := gpParseCond(p.commentAt(pos))
			if y == nil {
				x = nil
				break
			}
			if x == nil {
				x = y
			} else {
				x = &gpCond{op: '&', x: x, y: y}
			}
		}
	case 1:
		x = gpParseCond(p.commentAt(p.goBuild[0]))
	}
	var block []byte
	if x == nil {
		for _, pos := range p.goBuild {
			block = append(block, p.lineAt(pos)...)
		}
		for _, pos := range p.plusBuild {
			block = append(block, p.lineAt(pos)...)
		}
	} else {
		block = append(block, tabwriter.Escape)
		block = append(block, "//go:build "+x.String()...)
		block = append(block, tabwriter.Escape, '\n')
		if len(p.plusBuild) > 0 {
			for _, l := range gpPlusBuildLines(x) {
				block = append(block, tabwriter.Escape)
				block = append(block, l...)
				block = append(block, tabwriter.Escape, '\n')
			}
		}
	}
	block = append(block, '\n')
	drop := append(append([]int(nil), p.goBuild...), p.plusBuild...)
	sort.Ints(drop)
	var after []byte
	start := insert
	for _, end := range drop {
		if end < start {
			continue
		}
		after = gpJoinLines(after, p.buf[start:end])
		start = end + len(p.lineAt(end))
	}
	after = gpJoinLines(after, p.buf[start:])
	if n := len(after); n >= 2 && gpIsNL(after[n-1]) && gpIsNL(after[n-2]) {
		after = after[:n-1]
	}
	out := append([]byte(nil), p.buf[:insert]...)
	out = append(out, block...)
	p.buf = append(out, after...)
}
