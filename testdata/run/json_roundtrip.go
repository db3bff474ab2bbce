package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"time"
)

type Color int

func (c Color) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("color-%d", int(c))), nil }

type Temp float64

func (t Temp) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`{"celsius": %.1f}`, float64(t))), nil }

type Base struct {
	ID   int    `json:"id"`
	Kind string `json:"kind,omitempty"`
}

type inner struct {
	Hidden  int
	Visible string
}

type Item struct {
	Base
	inner
	Name     string            `json:"name"`
	Price    float64           `json:"price,string"`
	Tags     []string          `json:"tags,omitempty"`
	Attrs    map[string]any    `json:"attrs"`
	Color    Color             `json:"color"`
	Temp     Temp              `json:"temp"`
	Ptr      *int              `json:"ptr"`
	Skip     string            `json:"-"`
	Dash     string            `json:"-,"`
	private  int
	Raw      json.RawMessage   `json:"raw,omitempty"`
	ByColor  map[Color]int     `json:"by_color,omitempty"`
	IntKeys  map[int]string    `json:"int_keys"`
	Bytes    []byte            `json:"bytes"`
	When     time.Time         `json:"when"`
	Nested   *Item             `json:"nested,omitempty"`
	Arr      [3]int            `json:"arr"`
	Iface    fmt.Stringer      `json:"iface"`
	Num      json.Number       `json:"num"`
	Zero     time.Time         `json:"zero,omitzero"`
	HTML     string            `json:"html"`
}

type Payload struct {
	Name   string
	Age    int `json:"age"`
	Emails []string
	Meta   map[string]int
	Next   *Payload
	Any    any
	F32    float32
	U8     uint8
	I8     int8
	Flag   bool `json:",string"`
}

type Dur struct{ D time.Duration }

func (d *Dur) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	x, err := time.ParseDuration(s)
	d.D = x
	return err
}

type Lvl int

func (l *Lvl) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*l = 1
	case "high":
		*l = 2
	default:
		return errors.New("bad level " + string(b))
	}
	return nil
}

func show(v any) {
	b, err := json.Marshal(v)
	fmt.Printf("%s %v\n", b, err)
}

func main() {
	seven := 7
	it := Item{
		Base: Base{ID: 1}, inner: inner{1, "vis"}, Name: "widget", Price: 9.5, Attrs: map[string]any{"b": 2, "a": []int{1}},
		Color: 3, Temp: 21.5, Ptr: &seven, Skip: "x", Dash: "d", Raw: json.RawMessage(`{"x": [1, 2]}`),
		ByColor: map[Color]int{2: 1, 1: 2}, IntKeys: map[int]string{10: "ten", 9: "nine", -1: "neg"}, Bytes: []byte("hi there"),
		When: time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC), Arr: [3]int{1, 2, 3}, Num: "12.50", HTML: "<a href='x'>&</a>",
	}
	show(it)
	b, _ := json.MarshalIndent(map[string]any{"list": []any{1, "two", nil, true, map[string]int{}}, "empty": []int{}, "obj": struct{}{}}, ">", "  ")
	fmt.Println(string(b))
	for _, v := range []any{1.0, 1e21, 1e20, 1e-7, 0.000001, -0.0, 3.14159, float32(0.1), float32(1e-7), 100, "é\u2028\x01\t\"\\", []byte(nil), []int(nil), map[string]int(nil), (*int)(nil), nil, true, uint64(math.MaxUint64), int64(math.MinInt64)} {
		show(v)
	}
	show(math.NaN())
	show(math.Inf(-1))
	show(make(chan int))
	show(map[[2]int]int{{1, 2}: 3})
	show(func() {})
	show(complex(1, 2))
	show(json.Number("abc"))
	show(string([]byte{0xff, 'a'}))

	// Unmarshal
	var p Payload
	err := json.Unmarshal([]byte(`{"name":"Ann","AGE":30,"Emails":["a@x","b@x"],"Meta":{"k":1},"Next":{"Name":"Bob","Next":null},"Any":{"z":[1,2.5,"s",null,false]},"F32":1.5,"U8":255,"I8":-3,"Flag":"true","Unknown":1}`), &p)
	fmt.Printf("%+v %v %+v %v\n", p.Emails, err, *p.Next, p.Any)
	var anyv any
	err = json.Unmarshal([]byte(` [1, {"a": "b"}, "x\u00e9\ud83d\ude00", 1e3, -0.5] `), &anyv)
	fmt.Printf("%#v %v\n", anyv, err)
	var m map[string]int
	fmt.Println(json.Unmarshal([]byte(`{"a":1,"b":"x","c":3}`), &m), m)
	var p2 Payload
	fmt.Println(json.Unmarshal([]byte(`{"age":"old","U8":300,"I8":1.5,"Emails":"x","Next":{"age":true}}`), &p2))
	fmt.Println(json.Unmarshal([]byte(`{"Next":{"Next":{"age":"s"}}}`), &p2))
	var arr [2]int
	fmt.Println(json.Unmarshal([]byte(`[1,2,3]`), &arr), arr)
	arr = [2]int{5, 6}
	fmt.Println(json.Unmarshal([]byte(`[9]`), &arr), arr)
	var sl []int = []int{9, 9, 9}
	fmt.Println(json.Unmarshal([]byte(`[1]`), &sl), sl, len(sl))
	fmt.Println(json.Unmarshal([]byte(`[]`), &sl), sl == nil, len(sl))
	fmt.Println(json.Unmarshal([]byte(`null`), &sl), sl == nil)
	var d Dur
	fmt.Println(json.Unmarshal([]byte(`"1m30s"`), &d), d.D)
	var lv struct{ L Lvl }
	fmt.Println(json.Unmarshal([]byte(`{"L":"high"}`), &lv), lv.L)
	fmt.Println(json.Unmarshal([]byte(`{"L":"mid"}`), &lv), lv.L)
	var ks map[Lvl]int
	fmt.Println(json.Unmarshal([]byte(`{"low":1,"high":2}`), &ks), ks)
	var bs []byte
	fmt.Println(json.Unmarshal([]byte(`"aGkgdGhlcmU="`), &bs), string(bs))
	var ik map[int]string
	fmt.Println(json.Unmarshal([]byte(`{"1":"a","-2":"b"}`), &ik), ik)
	var n json.Number
	fmt.Println(json.Unmarshal([]byte(`123.456`), &n), n)
	var raw json.RawMessage
	fmt.Println(json.Unmarshal([]byte(` {"a" : 1} `), &raw), string(raw))
	var ip *int
	fmt.Println(json.Unmarshal([]byte(`5`), &ip), *ip)
	var tt time.Time
	fmt.Println(json.Unmarshal([]byte(`"2024-03-04T05:06:07Z"`), &tt), tt)

	// Errors
	for _, s := range []string{``, `{`, `{"a"`, `{"a" 1}`, `{"a":1 "b":2}`, `[1 2]`, `{,}`, `[,]`, `[1,]`, `01`, `-`, `-x`, `1.`, `1.x`, `1e`, `1ex`, `tru`, `trux`, `nul`, `"abc`, "\"a\x01\"", `"\x"`, `"\u12x4"`, `{"a":}`, `x`, `[1] x`, `'a'`, "\xff"} {
		var v any
		err := json.Unmarshal([]byte(s), &v)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			fmt.Printf("%q: %v (offset %d)\n", s, err, se.Offset)
		} else {
			fmt.Printf("%q: %v\n", s, err)
		}
	}
	fmt.Println(json.Unmarshal([]byte(`1`), nil))
	fmt.Println(json.Unmarshal([]byte(`1`), p))
	var np *Payload
	fmt.Println(json.Unmarshal([]byte(`1`), np))
	var ute *json.UnmarshalTypeError
	err = json.Unmarshal([]byte(`{"age": "x"}`), &p)
	fmt.Println(errors.As(err, &ute), ute.Field, ute.Value, ute.Type)
	fmt.Println(json.Valid([]byte(`{"a":[1,2]}`)), json.Valid([]byte(`{a:1}`)))

	// Streams
	dec := json.NewDecoder(strings.NewReader(`{"Name": "a"} {"Name": "b"}
	[1,2] 3 "x"`))
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			fmt.Println("end:", err)
			break
		}
		fmt.Println("decoded", v)
	}
	dec = json.NewDecoder(strings.NewReader(`{"a": [1, "b", {"c": null}], "d": true}`))
	for {
		tok, err := dec.Token()
		if err != nil {
			fmt.Println("tokens end:", err)
			break
		}
		fmt.Printf("%T %v more=%v\n", tok, tok, dec.More())
	}
	dec = json.NewDecoder(strings.NewReader(`[{"Name":"x"},{"Name":"y"}]`))
	dec.Token()
	for dec.More() {
		var pp Payload
		dec.Decode(&pp)
		fmt.Println("elem", pp.Name)
	}
	dec.Token()
	dec = json.NewDecoder(strings.NewReader(`{"Name":"x","Bogus":1}`))
	dec.DisallowUnknownFields()
	var pp Payload
	fmt.Println(dec.Decode(&pp))
	dec = json.NewDecoder(strings.NewReader(`{"n": 12345678901234567890}`))
	dec.UseNumber()
	var um map[string]any
	fmt.Println(dec.Decode(&um), um)
	fmt.Println(json.NewDecoder(strings.NewReader(`{"a":`)).Decode(&um))
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(map[string]any{"html": "<b>", "n": 1})
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	enc.Encode(map[string]any{"html": "<b>", "n": []int{1, 2}})
	var buf bytes.Buffer
	fmt.Println(json.Indent(&buf, []byte(`{"a":[1,2,{}],"b":[]}`), "", "  "), buf.String())
	buf.Reset()
	fmt.Println(json.Compact(&buf, []byte("{ \"a\" : [ 1 , 2 ] }\n")), buf.String())
	buf.Reset()
	json.HTMLEscape(&buf, []byte(`{"a":"<x>&"}`))
	fmt.Println(buf.String())
}
