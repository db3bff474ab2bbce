package main

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"
	"strings"
)

// A raw DEFLATE stream with dynamic Huffman blocks (16941 bytes of text).
const dynB64 = "nZtJklQxDAX3nOIfwZJnbsPQjA3N1EynJ6Assc63rlDItp5lKb/q/u3Hu6s8vb69ubs+P7598f56/uXhx8fr1cPP693jh09fr4fvd1/+/Xz/7Pev6+XD66s8uf9rZczKblbOrNrNqjKrfbNqcIXjZtaZmfeb2WBm9Xib8EDO3hYzG+cgNzNbJ2oGJVKPGdSIn1UaVck8dlAn048dVEqYQaXUOE0olRH+oFb2UaZBsdQIH1TLPJnBoVrs7M+hXPpZp0O57HP1HMqlHXk6lMuO3Af10mJ/UC871gn10iN+UC/rmEG5jCPPCuXi57ZXKJd11lmhXHo8QlAufmRdoVzWSfEVymUcmVX6EkUcoFws/FG5nOtXqV6OXYN6aSfuDeqlnvg1qBcLf1AvsT2aXU6WaFAu64S9QbnMqK6gXGb4g3KZsb+t2fWirbObdi7dtTj0qsW9N0lmvWuq7kO7RX1qt7YvLUv0rWWlUbQsOEzLusO1LD+q9qqMpr1io2uv5hjaKz2mVhWMpVUhY0tFzyxajTVNq+mmazXkrFrNOptWI8+u1eRzaD3AnFrPMZfW48yt9VSraD3cMq1nXK71qKtKLfFqWge+utbxr6ERhjUloLGWxk/WFnFN0ejQNg1GbdfY164aattNAnu7SxRxDwlZ7inx0b00b1vam5UiHaUV00JnRdSKlaqJ00rTboOVrl0/K0PlpVp+sbJEYlq2iEwp2k1miuFu2IkvklG6m9iU4t3kphjwJvceWlVhJpYxRhlvz6VurVAzSnlbwn3TSlFzsfY1Cnp3LrVp1b1R1LvCbmjdi7nYLhmGvbnUrTWEhnlvaBwD38j/VeyxjSLfaOqNMl9Lj13DFkap70hDEcwY5b4147g19GSU/MYWKfkNtGZNZHlG2W/AQ6P0d6bHruFRw/w3Dae61KUezhbDQRlwCoBC4FBcF78ZGKXAeakoBs5rTEFwJg5KgjNVdfFDk1EWnOmYwuB8ACgNzieH4uB85Ib4ddIwEA4BYCIcpQNFwlmsYCYcduIHbaNQOAtASoWz5KRcOItcCoazrJ7iFIRRNJytA2XD2axQOJztEaXD2ZBNdXSG8uH/szpbbHMpIQ6HlBBnI7/UaSvMiEOqlBJHFCklThxDMXECoCWO5xklxQm5KCpOrEZZcYI8Cotji1ub5TQMi8OuaXOqlBanvyHub4rnudQAipJxyoxDpE6hcVwLp9A4LqJTaBxX34uWa5wyY8+VDi2dOmXGkcAdQ+OwE58op8x45ICnac+wY2gcYcQjwTEDaU0dYu3iFCuFxjnGSqFxzrFSaJyDrCaWxU6hcY6y4tngiCOFxjHMSplxNDfuYjvlmBnnUofWMjqGxqFxDI0j/7vYiDuFxtH6O4XGlh5dwxtOofFIQxHhOIXGAY2cQmNLj1PiYk6ZcYA4ryL6c8qMAzY6hcYzPboGVB1D4zRs6lK7ejhDDccUBUChcSiuiR8bnDLjvFSUGec1ptA4EweFxpmquviZyik0znRMoXE+ABQa55NDoXE+cl38wOkYGocAMDSO0gEPEUc4MDQOO/HDuFNmnAUgZcb//zw1xSKXQuMsq4c4UuF4mDj2SKFxNisUGmd7RKFxNmRTHMZxCo2z6cTQOARAoXE6XGIjP8UhLsfMOKRKoXFEkTLjxDGUGScAWuLwn1NonJALzxaHUik0tvS4JHLoS5sZdYyMw84kEuuUGKe/Ku5PGy92TIwjgFuVDGXGKVIKjfNabD6S/gc="

// Go's output for a short text at level 9 (one fixed-Huffman block).
var fixed = []byte{0x4a, 0x4c, 0x2a, 0x4a, 0x4c, 0x4e, 0x4c, 0x1, 0x51, 0xa, 0x38, 0xd8, 0x3a, 0xa, 0x29, 0x95, 0x79, 0x89, 0xb9, 0x99, 0xc9, 0xa, 0x19, 0xa5, 0x69, 0x69, 0xb9, 0x89, 0x79, 0xa, 0x5, 0x39, 0xa9, 0x89, 0xc5, 0xa9, 0x56, 0xa, 0x6, 0x86, 0x46, 0xc6, 0x26, 0xa6, 0x66, 0xe6, 0x16, 0x96, 0xa, 0x25, 0x19, 0xa9, 0xa, 0x85, 0xa5, 0x99, 0xc9, 0xd9, 0xa, 0x49, 0x45, 0xf9, 0xe5, 0x79, 0xa, 0x69, 0xf9, 0x15, 0x80, 0x1, 0x0}

type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

type oneByte struct{ r *bytes.Reader }

func (o *oneByte) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}
func (o *oneByte) ReadByte() (byte, error) { return o.r.ReadByte() }

func main() {
	var text strings.Builder
	for i := 0; i < 600; i++ {
		fmt.Fprintf(&text, "line %d: the quick brown fox %d\n", i, i*i%97)
	}
	data := []byte(text.String())
	for _, lvl := range []int{-2, -1, 0, 1, 5, 9} {
		var buf bytes.Buffer
		w, err := flate.NewWriter(&buf, lvl)
		if err != nil {
			panic(err)
		}
		w.Write(data[:1000])
		w.Flush()
		w.Write(data[1000:])
		fmt.Println(w.Close(), w.Close())
		_, err = w.Write([]byte("x"))
		fmt.Println(err, w.Flush())
		comp := buf.Bytes()
		for _, mk := range []func() io.Reader{
			func() io.Reader { return bytes.NewReader(comp) },
			func() io.Reader { return bufio.NewReader(bytes.NewReader(comp)) },
			func() io.Reader { return onlyReader{bytes.NewReader(comp)} },
			func() io.Reader { return &oneByte{bytes.NewReader(comp)} },
			func() io.Reader { return io.MultiReader(bytes.NewReader(comp[:3]), bytes.NewReader(comp[3:])) },
		} {
			r := flate.NewReader(mk())
			out, err := io.ReadAll(r)
			fmt.Println(lvl, bytes.Equal(out, data), err, r.Close())
		}
	}
	_, err := flate.NewWriter(nil, 10)
	fmt.Println(err)
	_, err = flate.NewWriter(nil, -3)
	fmt.Println(err)

	dyn, _ := base64.StdEncoding.DecodeString(dynB64)
	out, err := io.ReadAll(flate.NewReader(bytes.NewReader(dyn)))
	fmt.Println(len(out), err, string(out[:40]))
	out, err = io.ReadAll(flate.NewReader(bytes.NewReader(fixed)))
	fmt.Printf("%q %v\n", out, err)

	// Truncated streams.
	for _, n := range []int{0, 1, 2, 10, 100, 700, len(dyn) - 1} {
		out, err := io.ReadAll(flate.NewReader(bytes.NewReader(dyn[:n])))
		fmt.Println(n, err, len(out) < 16941)
	}
	for _, n := range []int{1, 5, len(fixed) - 1} {
		_, err := io.ReadAll(flate.NewReader(bytes.NewReader(fixed[:n])))
		fmt.Println(n, err)
	}
	// Corrupt streams.
	for _, c := range [][]byte{{0xff}, {0x07}, {0x01, 0x05, 0x00, 0xfa, 0xff}, {0x04, 0xff, 0xff, 0xff, 0xff, 0xff}, {0x05, 0xe0, 0xff, 0xff}, []byte("hello world this is not deflate")} {
		out, err := io.ReadAll(flate.NewReader(bytes.NewReader(c)))
		fmt.Printf("%q %v\n", out, err)
	}
	for _, at := range []int{0, 3, 20} {
		bad := append([]byte(nil), dyn...)
		for i := at; i < at+4; i++ {
			bad[i] ^= 0xa5
		}
		out, err := io.ReadAll(flate.NewReader(bytes.NewReader(bad)))
		fmt.Println(at, len(out) <= 16941, err)
	}
	// The reader stops at the end of the stream.
	br := bytes.NewReader(append(append([]byte(nil), fixed...), "TAIL"...))
	r := flate.NewReader(br)
	io.Copy(io.Discard, r)
	rest, _ := io.ReadAll(br)
	fmt.Printf("%q\n", rest)
	bb := bufio.NewReader(strings.NewReader(string(fixed) + "MORE"))
	io.Copy(io.Discard, flate.NewReader(bb))
	rest, _ = io.ReadAll(bb)
	fmt.Printf("%q\n", rest)

	// Dictionaries.
	dict := []byte("the quick brown fox jumps over the lazy dog")
	var buf bytes.Buffer
	w, _ := flate.NewWriterDict(&buf, 9, dict)
	w.Write([]byte("the quick brown fox is quick"))
	w.Close()
	out, err = io.ReadAll(flate.NewReaderDict(bytes.NewReader(buf.Bytes()), dict))
	fmt.Printf("%q %v\n", out, err)

	// Go's output with a dictionary refers back into it.
	goDict := []byte{0x22, 0xc1, 0x20, 0x6b, 0x14, 0x9e, 0x42, 0x71, 0x4e, 0x6a, 0x6a, 0x41, 0x31, 0x60, 0x00}
	dict2 := []byte("the quick brown fox jumps over the lazy dog and the quick brown fox again")
	out, err = io.ReadAll(flate.NewReaderDict(bytes.NewReader(goDict), dict2))
	fmt.Printf("%q %v\n", out, err)
	out, err = io.ReadAll(flate.NewReader(bytes.NewReader(goDict)))
	fmt.Printf("%q %v\n", out, err)

	// Reset.
	r2 := flate.NewReader(bytes.NewReader(fixed))
	io.Copy(io.Discard, r2)
	fmt.Println(r2.(flate.Resetter).Reset(bytes.NewReader(dyn), nil))
	out, err = io.ReadAll(r2)
	fmt.Println(len(out), err)
	buf.Reset()
	w.Reset(&buf)
	w.Write([]byte("after reset"))
	w.Close()
	out, err = io.ReadAll(flate.NewReaderDict(&buf, dict)) // Reset keeps the dictionary
	fmt.Printf("%q %v\n", out, err)

	fmt.Println(flate.CorruptInputError(12), flate.InternalError("x"), (&flate.ReadError{3, io.EOF}).Error(), (&flate.WriteError{4, io.ErrShortWrite}).Error())
	buf.Reset()
	w, _ = flate.NewWriter(&buf, flate.BestSpeed)
	w.Close()
	out, err = io.ReadAll(flate.NewReader(&buf))
	fmt.Printf("%q %v\n", out, err)
	// Flush makes everything so far readable.
	pr, pw := io.Pipe()
	go func() {
		fw, _ := flate.NewWriter(pw, flate.DefaultCompression)
		fw.Write([]byte("first part;"))
		fw.Flush()
		fw.Write([]byte("second part"))
		fw.Close()
		pw.Close()
	}()
	fr := flate.NewReader(pr)
	p := make([]byte, 100)
	n, err := io.ReadAtLeast(fr, p, 11)
	fmt.Printf("%q %v\n", p[:n], err)
	rest, err = io.ReadAll(fr)
	fmt.Printf("%q %v\n", rest, err)
}
