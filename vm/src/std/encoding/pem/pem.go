// Package pem (encoding/pem) as minigo provides it, in Go: the PEM data
// encoding of RFC 1421 (blocks of base64 between BEGIN and END lines).
package pem

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"slices"
	"strings"
)

// A Block represents a PEM encoded structure.
type Block struct {
	Type    string            // The type, taken from the preamble (i.e. "RSA PRIVATE KEY").
	Headers map[string]string // Optional headers.
	Bytes   []byte            // The decoded bytes of the contents.
}

// pemLine splits off data's first line: the line without its line ending
// and trailing blanks, what follows, and how many bytes were taken.
func pemLine(data []byte) ([]byte, []byte, int) {
	end, next := len(data), len(data)
	if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
		end, next = nl, nl+1
		if nl > 0 && data[nl-1] == '\r' {
			end--
		}
	}
	return bytes.TrimRight(data[:end], " \t"), data[next:], next
}

func pemStripBlanks(data []byte) []byte {
	if !bytes.ContainsAny(data, " \t") {
		return data
	}
	out := make([]byte, 0, len(data))
	for _, c := range data {
		if c != ' ' && c != '\t' {
			out = append(out, c)
		}
	}
	return out
}

const (
	pemBegin = "-----BEGIN "
	pemEnd   = "\n-----END "
	pemDash  = "-----"
)

// Decode finds the next PEM block in data: the block and the rest of the
// input, or nil and the whole of data when there is none.
func Decode(data []byte) (p *Block, rest []byte) {
	cur := data
	skip := 0
	for {
		if skip < 0 || skip > len(cur) {
			return nil, data
		}
		cur = cur[skip:]
		// Every attempt is anchored at an END line.
		endAt := bytes.Index(cur, []byte(pemEnd))
		if endAt < 0 {
			return nil, data
		}
		skip = endAt + len(pemEnd)
		beginAt := bytes.LastIndex(cur[:endAt], []byte(pemBegin))
		if beginAt < 0 || (beginAt > 0 && cur[beginAt-1] != '\n') {
			continue
		}
		shift := beginAt + len(pemBegin)
		cur = cur[shift:]
		endAt -= shift
		skip -= shift

		typeLine, after, n := pemLine(cur)
		cur = after
		endAt -= n
		skip -= n
		if !bytes.HasSuffix(typeLine, []byte(pemDash)) {
			continue
		}
		typ := typeLine[:len(typeLine)-len(pemDash)]
		b := &Block{Type: string(typ), Headers: make(map[string]string)}

		for {
			if len(cur) == 0 {
				return nil, data
			}
			line, after, n := pemLine(cur)
			k, v, ok := bytes.Cut(line, []byte(":"))
			if !ok {
				break
			}
			b.Headers[string(bytes.TrimSpace(k))] = string(bytes.TrimSpace(v))
			cur = after
			endAt -= n
			skip -= n
		}
		if len(b.Headers) > 0 && endAt < 0 {
			continue
		}

		trailer := cur[skip:]
		want := len(typ) + len(pemDash)
		if len(trailer) < want {
			continue
		}
		tail := trailer[want:]
		trailer = trailer[:want]
		if !bytes.HasPrefix(trailer, typ) || !bytes.HasSuffix(trailer, []byte(pemDash)) {
			continue
		}
		if l, _, _ := pemLine(tail); len(l) != 0 {
			continue
		}

		b.Bytes = []byte{}
		if endAt > 0 {
			enc := pemStripBlanks(cur[:endAt])
			buf := make([]byte, base64.StdEncoding.DecodedLen(len(enc)))
			n, err := base64.StdEncoding.Decode(buf, enc)
			if err != nil {
				continue
			}
			b.Bytes = buf[:n]
		}
		_, rest, _ = pemLine(cur[endAt+1:])
		return b, rest
	}
}

// pemLines breaks the base64 text into lines of 64 bytes.
type pemLines struct {
	out  io.Writer
	line []byte
}

func (l *pemLines) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		room := 64 - len(l.line)
		if len(b) < room {
			l.line = append(l.line, b...)
			break
		}
		l.line = append(l.line, b[:room]...)
		b = b[room:]
		l.line = append(l.line, '\n')
		if _, err := l.out.Write(l.line); err != nil {
			return 0, err
		}
		l.line = l.line[:0]
	}
	return n, nil
}

func (l *pemLines) Close() error {
	if len(l.line) > 0 {
		l.line = append(l.line, '\n')
		_, err := l.out.Write(l.line)
		return err
	}
	return nil
}

// Encode writes the PEM encoding of b to out.
func Encode(out io.Writer, b *Block) error {
	for k := range b.Headers {
		if strings.Contains(k, ":") {
			return errors.New("pem: cannot encode a header key that contains a colon")
		}
	}
	if _, err := io.WriteString(out, pemBegin+b.Type+pemDash+"\n"); err != nil {
		return err
	}
	if len(b.Headers) > 0 {
		keys := make([]string, 0, len(b.Headers))
		var head string
		if v, ok := b.Headers["Proc-Type"]; ok {
			head = "Proc-Type: " + v + "\n"
		}
		for k := range b.Headers {
			if k != "Proc-Type" {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		if head != "" {
			if _, err := io.WriteString(out, head); err != nil {
				return err
			}
		}
		for _, k := range keys {
			if _, err := io.WriteString(out, k+": "+b.Headers[k]+"\n"); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(out, "\n"); err != nil {
			return err
		}
	}
	lines := &pemLines{out: out, line: make([]byte, 0, 65)}
	enc := base64.NewEncoder(base64.StdEncoding, lines)
	if _, err := enc.Write(b.Bytes); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	if err := lines.Close(); err != nil {
		return err
	}
	_, err := io.WriteString(out, pemEnd[1:]+b.Type+pemDash+"\n")
	return err
}

// EncodeToMemory returns the PEM encoding of b, or nil if b has a header
// Encode rejects.
func EncodeToMemory(b *Block) []byte {
	var buf bytes.Buffer
	if err := Encode(&buf, b); err != nil {
		return nil
	}
	return buf.Bytes()
}
