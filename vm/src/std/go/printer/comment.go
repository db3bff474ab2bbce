package printer

import (
	"go/ast"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Doc comments (a comment group at the start of a line right before a
// declaration) are rewritten in the canonical doc comment layout:
// paragraphs as written, code blocks indented by one tab, lists as
// "  - item" / " 1. item", old-style headings as "# Heading", blank lines
// between blocks, and directives (//go:..., //line ...) moved to the end.

type gpDocBlock struct {
	kind  int // 'p'aragraph, 'c'ode, 'h'eading, 'l'ist
	lines []string
	// lists
	items       [][]string // per item: paragraphs, separated by ""
	nums        []string
	blankBefore bool
	loose       bool
}

func gpIsDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	// lower-case letters and digits, a colon, then a letter
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		b := c[i]
		if !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

func gpDocBlankLine(s string) bool { return s == "" || s == "\n" }

func gpLeadSpace(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[:i]
}

func gpPlainPrefix(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[:i]
}

// gpDocUnindent trims blank lines at both ends and the indentation all
// lines share.
func gpDocUnindent(lines []string) []string {
	for len(lines) > 0 && gpDocBlankLine(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && gpDocBlankLine(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil
	}
	prefix := gpLeadSpace(lines[0])
	for _, l := range lines[1:] {
		if !gpDocBlankLine(l) {
			prefix = gpPlainPrefix(prefix, gpLeadSpace(l))
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		l = strings.TrimPrefix(l, prefix)
		if strings.TrimSpace(l) == "" {
			l = ""
		}
		out[i] = l
	}
	for len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

func gpIndented(l string) bool { return l != "" && (l[0] == ' ' || l[0] == '\t') }

func gpListMarker(line string) (num, rest string, ok bool) {
	line = strings.TrimSpace(line)
	if line == "" {
		return "", "", false
	}
	r, n := utf8.DecodeRuneInString(line)
	if r == '•' || r == '*' || r == '+' || r == '-' {
		rest = line[n:]
	} else if '0' <= line[0] && line[0] <= '9' {
		k := 1
		for k < len(line) && '0' <= line[k] && line[k] <= '9' {
			k++
		}
		if k >= len(line) || (line[k] != '.' && line[k] != ')') {
			return "", "", false
		}
		num, rest = line[:k], line[k+1:]
	} else {
		return "", "", false
	}
	if !gpIndented(rest) || strings.TrimSpace(rest) == "" {
		return "", "", false
	}
	return num, rest, true
}

func gpIsListLine(l string) bool {
	_, _, ok := gpListMarker(l)
	return ok
}

func gpIsHeading(l string) bool {
	return len(l) >= 2 && l[0] == '#' && (l[1] == ' ' || l[1] == '\t') && strings.TrimSpace(l) != "#"
}

func gpIsOldHeading(line string, all []string, at int) bool {
	if at <= 0 || all[at-1] != "" || at+2 >= len(all) || all[at+1] != "" || gpLeadSpace(all[at+2]) != "" {
		return false
	}
	line = strings.TrimSpace(line)
	r, _ := utf8.DecodeRuneInString(line)
	if !unicode.IsLetter(r) || !unicode.IsUpper(r) {
		return false
	}
	r, _ = utf8.DecodeLastRuneInString(line)
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return false
	}
	if strings.ContainsAny(line, ";:!?+*/=[]{}_^°&§~%#@<\">\\") {
		return false
	}
	for rest := line; ; {
		i := strings.Index(rest, "'")
		if i < 0 {
			break
		}
		rest = rest[i+1:]
		if rest != "s" && !strings.HasPrefix(rest, "s ") {
			return false
		}
	}
	for rest := line; ; {
		i := strings.Index(rest, ".")
		if i < 0 {
			break
		}
		rest = rest[i+1:]
		if rest == "" || strings.HasPrefix(rest, " ") {
			return false
		}
	}
	return true
}

// gpLinkDef splits a link definition line "[text]: URL".
func gpLinkDef(line string) (text, url string, ok bool) {
	if line == "" || line[0] != '[' {
		return "", "", false
	}
	i := strings.Index(line, "]:")
	if i < 0 || i+3 >= len(line) || (line[i+2] != ' ' && line[i+2] != '\t') {
		return "", "", false
	}
	text = line[1:i]
	url = strings.TrimSpace(line[i+3:])
	j := strings.Index(url, "://")
	if j <= 0 {
		return "", "", false
	}
	for k := 0; k < j; k++ {
		c := url[k]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || k > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return "", "", false
		}
	}
	return text, url, true
}

func gpDocBlocks(lines []string, defs *[][2]string) []*gpDocBlock {
	var blocks []*gpDocBlock
	i := 0
	force := 0
	prevEnd := 0
	for guard := 0; guard <= 2*len(lines)+2; guard++ {
		for i < len(lines) && lines[i] == "" {
			i++
		}
		if i >= len(lines) {
			break
		}
		start, end := i, i
		var b *gpDocBlock
		if i < force || gpIndented(lines[i]) {
			unindentedList := gpIsListLine(lines[i]) && i < force
			i++
			for i < len(lines) && (lines[i] == "" || i < force || gpIndented(lines[i]) || (unindentedList && gpIsListLine(lines[i]))) {
				if lines[i] == "" {
					unindentedList = false
				}
				i++
			}
			end = i
			for end > start && lines[end-1] == "" {
				end--
			}
			if end < len(lines) && strings.HasPrefix(lines[end], "}") {
				end++
			}
			if gpIsListLine(lines[start]) {
				b = gpDocList(lines[start:end], prevEnd < start)
			} else {
				b = &gpDocBlock{kind: 'c', lines: gpDocUnindent(lines[start:end])}
			}
		} else {
			i++
			for i < len(lines) && lines[i] != "" && !gpIndented(lines[i]) {
				i++
			}
			end = i
			if i < len(lines) && lines[i] != "" && !gpIsListLine(lines[i]) {
				if gpIsListLine(lines[i-1]) {
					force = end
					end--
					for end > start && gpIsListLine(lines[end-1]) {
						end--
					}
				} else if strings.HasSuffix(lines[i-1], "{") || strings.HasSuffix(lines[i-1], "\\") {
					force = end
					end--
				}
				if start == end && force > start {
					i = start
					continue
				}
			}
			if end-start == 1 && gpIsHeading(lines[start]) {
				b = &gpDocBlock{kind: 'h', lines: []string{strings.TrimSpace(lines[start][1:])}}
			} else if end-start == 1 && gpIsOldHeading(lines[start], lines, start) {
				b = &gpDocBlock{kind: 'h', lines: []string{strings.TrimSpace(lines[start])}}
			} else {
				b = &gpDocBlock{kind: 'p', lines: lines[start:end]}
				var found [][2]string
				for _, l := range b.lines {
					t, u, ok := gpLinkDef(l)
					if !ok {
						found = nil
						break
					}
					found = append(found, [2]string{t, u})
				}
				if found != nil {
					*defs = append(*defs, found...)
					b = nil
				}
			}
		}
		if b != nil {
			blocks = append(blocks, b)
		}
		prevEnd = end
		i = end
	}
	return blocks
}

func gpDocList(lines []string, blankBefore bool) *gpDocBlock {
	num0, _, _ := gpListMarker(lines[0])
	b := &gpDocBlock{kind: 'l', blankBefore: blankBefore}
	var text []string
	cur := -1
	flush := func() {
		if cur >= 0 && len(text) > 0 {
			if len(b.items[cur]) > 0 {
				b.items[cur] = append(b.items[cur], "")
			}
			b.items[cur] = append(b.items[cur], strings.Join(text, "\n"))
		}
		text = nil
	}
	for _, l := range lines {
		if n, after, ok := gpListMarker(l); ok && (n != "") == (num0 != "") {
			flush()
			b.items = append(b.items, nil)
			b.nums = append(b.nums, n)
			cur++
			l = after
		}
		l = strings.TrimSpace(l)
		if l == "" {
			b.loose = true
			flush()
			continue
		}
		text = append(text, l)
	}
	flush()
	for _, it := range b.items {
		if len(it) != 1 {
			b.loose = true
		}
	}
	return b
}

// gpDocText renders a doc comment's text in the canonical layout.
func gpDocText(text string) string {
	lines := gpDocUnindent(strings.Split(text, "\n"))
	var out strings.Builder
	var defs [][2]string
	blocks := gpDocBlocks(lines, &defs)
	var body []string
	for _, b := range blocks {
		if b.kind == 'p' {
			body = append(body, b.lines...)
		}
		if b.kind == 'l' {
			for _, it := range b.items {
				body = append(body, it...)
			}
		}
	}
	// a reference may be split over lines
	all := strings.NewReplacer("\n", " ", "\t", " ").Replace(strings.Join(body, "\n"))
	for i, b := range blocks {
		if i > 0 && (b.kind != 'l' || b.blankBefore || b.loose) {
			out.WriteString("\n")
		}
		switch b.kind {
		case 'p':
			out.WriteString(strings.Join(b.lines, "\n"))
			out.WriteString("\n")
		case 'h':
			out.WriteString("# " + b.lines[0] + "\n")
		case 'c':
			for _, l := range b.lines {
				if l != "" {
					out.WriteString("\t" + l)
				}
				out.WriteString("\n")
			}
		case 'l':
			for k, it := range b.items {
				if k > 0 && b.loose {
					out.WriteString("\n")
				}
				out.WriteString(" ")
				if b.nums[k] == "" {
					out.WriteString(" - ")
				} else {
					out.WriteString(b.nums[k] + ". ")
				}
				for j, para := range it {
					if para == "" {
						continue
					}
					if j > 0 {
						out.WriteString("\n    ")
					}
					out.WriteString(strings.ReplaceAll(para, "\n", "\n    "))
					out.WriteString("\n")
				}
			}
		}
	}
	// link definitions go last, the ones the text uses first
	for pass := 0; pass < 2; pass++ {
		first := true
		for _, d := range defs {
			used := strings.Contains(all, "["+d[0]+"]")
			if used == (pass == 0) {
				if first {
					out.WriteString("\n")
					first = false
				}
				out.WriteString("[" + d[0] + "]: " + d[1] + "\n")
			}
		}
	}
	return out.String()
}

func gpAllStars(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			j := i + 1
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < len(text) && text[j] != '*' {
				return false
			}
		}
	}
	return true
}

// gpFormatDoc rewrites a doc comment group.
func gpFormatDoc(list []*ast.Comment) []*ast.Comment {
	var kind, text string
	var directives []*ast.Comment
	if len(list) == 1 && strings.HasPrefix(list[0].Text, "/*") {
		kind = "/*"
		text = list[0].Text
		if !strings.Contains(text, "\n") || gpAllStars(text) {
			return list
		}
		text = text[2 : len(text)-2]
	} else if strings.HasPrefix(list[0].Text, "//") {
		kind = "//"
		var sb strings.Builder
		for _, c := range list {
			after, ok := strings.CutPrefix(c.Text, "//")
			if !ok {
				return list
			}
			if gpIsDirective(after) {
				directives = append(directives, c)
				continue
			}
			sb.WriteString(strings.TrimPrefix(after, " "))
			sb.WriteString("\n")
		}
		text = sb.String()
	} else {
		return list
	}
	if text == "" {
		return list
	}
	text = gpDocText(text)
	slash := list[0].Slash
	if kind == "/*" {
		return []*ast.Comment{{Slash: slash, Text: "/*\n" + text + "*/"}}
	}
	var out []*ast.Comment
	for text != "" {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		switch {
		case line == "":
			line = "//"
		case strings.HasPrefix(line, "\t"):
			line = "//" + line
		default:
			line = "// " + line
		}
		out = append(out, &ast.Comment{Slash: slash, Text: line})
	}
	if len(directives) > 0 {
		out = append(out, &ast.Comment{Slash: slash, Text: "//"})
		for _, c := range directives {
			out = append(out, &ast.Comment{Slash: slash, Text: c.Text})
		}
	}
	return out
}
