package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
)

func main() {
	var b bytes.Buffer
	b.WriteString("hello ")
	b.Write([]byte("world"))
	b.WriteByte('!')
	b.WriteRune('é')
	fmt.Fprintf(&b, " %d", 42)
	fmt.Println(b.String(), b.Len())
	p := make([]byte, 5)
	n, err := b.Read(p)
	fmt.Println(n, err, string(p), b.String())
	c, _ := b.ReadByte()
	fmt.Println(string(c), b.UnreadByte(), b.UnreadByte())
	line, err := b.ReadString('!')
	fmt.Printf("%q %v\n", line, err)
	r, size, _ := b.ReadRune()
	fmt.Println(string(r), size, b.UnreadRune(), b.UnreadRune())
	rest, err := b.ReadBytes('x')
	fmt.Printf("%q %v %d\n", rest, err, b.Len())
	n, err = b.Read(p)
	fmt.Println(n, err)
	var nilb *bytes.Buffer
	fmt.Println(nilb.String())
	b2 := bytes.NewBufferString("abc\ndef\n")
	b2.WriteTo(os.Stdout)
	b3 := bytes.NewBuffer(nil)
	io.Copy(b3, strings.NewReader("copied"))
	fmt.Println(b3.String(), string(b3.Next(3)), b3.String())
	b3.Truncate(1)
	fmt.Println(b3.String())
	b3.Grow(100)
	fmt.Println(b3.Len(), b3.Cap() >= 101)

	s := []byte("  a,b,,c  ")
	fmt.Printf("%q\n", bytes.Split(s, []byte(",")))
	fmt.Printf("%q\n", bytes.SplitN(s, []byte(","), 2))
	fmt.Printf("%q\n", bytes.SplitAfter(s, []byte(",")))
	fmt.Printf("%q\n", bytes.Fields([]byte(" x  y z ")))
	fmt.Printf("%q\n", bytes.Split([]byte("héllo"), nil))
	fmt.Printf("%q %q %q\n", bytes.TrimSpace(s), bytes.Trim(s, " a"), bytes.TrimLeft(s, " "))
	fmt.Printf("%q %q\n", bytes.TrimFunc([]byte("123abc456"), unicode.IsDigit), bytes.TrimSpace([]byte("   ")))
	fmt.Println(bytes.Contains(s, []byte("b,")), bytes.Index(s, []byte("c")), bytes.LastIndex(s, []byte(",")), bytes.IndexByte(s, 'b'), bytes.Count(s, []byte(",")), bytes.Count(s, nil))
	fmt.Println(bytes.Equal([]byte("a"), []byte("a")), bytes.Equal(nil, []byte{}), bytes.Compare([]byte("a"), []byte("b")), bytes.HasPrefix(s, []byte("  a")), bytes.HasSuffix(s, []byte("c ")))
	fmt.Printf("%s %s %s\n", bytes.ToUpper([]byte("abc")), bytes.Repeat([]byte("ab"), 3), bytes.Join([][]byte{[]byte("x"), []byte("y")}, []byte("--")))
	fmt.Printf("%s %s\n", bytes.ReplaceAll([]byte("aaa"), []byte("a"), []byte("b")), bytes.Replace([]byte("aaa"), []byte("a"), []byte("b"), 2))
	before, after, found := bytes.Cut([]byte("k=v"), []byte("="))
	fmt.Printf("%s %s %v\n", before, after, found)
	fmt.Printf("%q\n", bytes.Map(func(r rune) rune {
		if r == 'a' {
			return -1
		}
		return unicode.ToUpper(r)
	}, []byte("banana")))
	parts := bytes.Split([]byte("a,b"), []byte(","))
	parts[0] = append(parts[0], 'X')
	fmt.Printf("%q\n", parts)
	for l := range bytes.Lines([]byte("one\ntwo\nthree")) {
		fmt.Printf("%q ", l)
	}
	fmt.Println()
	rd := bytes.NewReader([]byte("0123456789"))
	rd.Seek(3, io.SeekStart)
	buf := make([]byte, 4)
	rd.Read(buf)
	fmt.Println(string(buf), rd.Len(), rd.Size())
	n, err = rd.ReadAt(buf, 8)
	fmt.Println(n, err, string(buf[:n]))
	_, err = rd.Seek(-1, io.SeekStart)
	fmt.Println(err)
	sr := strings.NewReader("héllo")
	r, size, _ = sr.ReadRune()
	r2, size2, _ := sr.ReadRune()
	fmt.Println(string(r), size, string(r2), size2, sr.Len(), sr.UnreadRune(), sr.UnreadRune(), sr.Len())
	var sb strings.Builder
	sr.Reset("reset")
	sr.WriteTo(&sb)
	fmt.Println(sb.String(), strings.ToValidUTF8("a\xff\xfeb", "?"))
}
