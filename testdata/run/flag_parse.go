package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

type listValue []string

func (l *listValue) String() string { return strings.Join(*l, ",") }
func (l *listValue) Set(s string) error {
	*l = append(*l, s)
	return nil
}

type celsius struct{ deg float64 }

func (c *celsius) String() string { return fmt.Sprintf("%.1fC", c.deg) }
func (c *celsius) Set(s string) error {
	if !strings.HasSuffix(s, "C") {
		return errors.New("want a C suffix")
	}
	var f float64
	_, err := fmt.Sscanf(s[:len(s)-1], "%g", &f)
	c.deg = f
	return err
}

type level int

func (l *level) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*l = 1
	case "high":
		*l = 2
	default:
		return fmt.Errorf("bad level %q", b)
	}
	return nil
}

func (l level) MarshalText() ([]byte, error) {
	return []byte([]string{"none", "low", "high"}[l]), nil
}

type panicky struct{ p *int }

func (v panicky) String() string   { return fmt.Sprint(*v.p) }
func (v panicky) Set(string) error { return nil }

func newSet(name string) (*flag.FlagSet, *strings.Builder) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	var out strings.Builder
	fs.SetOutput(&out)
	return fs, &out
}

func main() {
	fs, out := newSet("prog")
	b := fs.Bool("v", false, "verbose")
	b2 := fs.Bool("debug", true, "debug mode")
	i := fs.Int("n", 7, "a `count` of things")
	i64 := fs.Int64("big", 0, "big number")
	u := fs.Uint("u", 3, "unsigned")
	u64 := fs.Uint64("u64", 0, "unsigned 64")
	s := fs.String("name", "joe", "the name\nspanning lines")
	s2 := fs.String("empty", "", "no default")
	f := fs.Float64("ratio", 1.5, "a ratio")
	d := fs.Duration("wait", 2*time.Second, "how long")
	var list listValue
	fs.Var(&list, "item", "an item (repeatable)")
	var c = celsius{20}
	fs.Var(&c, "temp", "temperature")
	var funcs []string
	fs.Func("f", "a func flag", func(v string) error {
		funcs = append(funcs, v)
		if v == "bad" {
			return errors.New("func said no")
		}
		return nil
	})
	fs.BoolFunc("bf", "a bool func flag", func(v string) error {
		funcs = append(funcs, "bf="+v)
		return nil
	})
	var lv level = 1
	fs.TextVar(&lv, "level", level(2), "the `level`")
	var iv int
	fs.IntVar(&iv, "iv", 0, "")
	fs.PrintDefaults()
	fmt.Print(out.String())
	out.Reset()
	fmt.Println("lv default:", lv)

	err := fs.Parse([]string{"-v", "--debug=false", "-n", "0x1F", "-big=-9000000000", "-u", "0755", "-u64=18446744073709551615",
		"-name", "ann", "-empty=", "-ratio=2.5e3", "-wait", "1m30s", "-item", "a", "-item=b", "-temp", "36.6C",
		"-f", "x", "-f=y", "-bf", "-level", "low", "-iv", "0b101", "--", "-notflag", "rest"})
	fmt.Println("err:", err)
	fmt.Println(*b, *b2, *i, *i64, *u, *u64, *s, *s2, *f, *d, list, c.deg, funcs, lv, iv)
	fmt.Println(fs.Args(), fs.NArg(), fs.NFlag(), fs.Arg(0), fs.Arg(1), fs.Arg(5) == "", fs.Parsed(), fs.Name())
	fs.Visit(func(fl *flag.Flag) { fmt.Printf("set %s=%s (def %q)\n", fl.Name, fl.Value, fl.DefValue) })
	fs.VisitAll(func(fl *flag.Flag) {
		g, ok := fl.Value.(flag.Getter)
		if ok && fl.Name == "level" {
			fmt.Printf("all %s %T\n", fl.Name, g.Get())
		} else if ok {
			fmt.Printf("all %s %v %T\n", fl.Name, g.Get(), g.Get())
		} else {
			fmt.Printf("all %s (no getter)\n", fl.Name)
		}
	})
	fmt.Println(fs.Lookup("n").Value, fs.Lookup("zz") == nil)
	e1 := fs.Set("n", "42")
	fmt.Println(e1, *i)
	fmt.Println(fs.Set("n", "x"), *i, fs.Set("nope", "1"))
	name, usage := flag.UnquoteUsage(fs.Lookup("n"))
	fmt.Printf("%q %q\n", name, usage)

	bad := [][]string{
		{"-zzz"}, {"-n"}, {"-n", "abc"}, {"-n", "99999999999999999999"}, {"-u", "-1"}, {"-v=maybe"},
		{"---x"}, {"-=x"}, {"-ratio", "x"}, {"-wait", "5"}, {"-temp", "5F"}, {"-f", "bad"}, {"-h"}, {"-help"}, {"--help"},
		{"-level", "mid"}, {"-big", "1e3"}, {"-u64=0x1_0000_0000_0000_0000"},
	}
	for k, args := range bad {
		fs2, out2 := newSet("sub")
		if k > 0 {
			fs2.Usage = func() { fmt.Fprintln(fs2.Output(), "(usage)") }
		}
		fs2.Int("n", 0, "number")
		fs2.Bool("v", false, "verbose")
		fs2.Uint("u", 0, "")
		fs2.Float64("ratio", 0, "")
		fs2.Duration("wait", 0, "")
		fs2.Int64("big", 0, "")
		fs2.Uint64("u64", 0, "")
		var c celsius
		fs2.Var(&c, "temp", "")
		fs2.Func("f", "", func(v string) error { return errors.New("func said no") })
		var lv level
		fs2.TextVar(&lv, "level", level(0), "")
		err := fs2.Parse(args)
		fmt.Printf("%q: err=%v help=%v\n%s", args, err, errors.Is(err, flag.ErrHelp), out2.String())
	}
	// Stops at first non-flag, "-" is an argument.
	fs3, _ := newSet("")
	fs3.Bool("x", false, "")
	fmt.Println(fs3.Parse([]string{"-x", "-", "-y"}), fs3.Args())
	fs3.Init("renamed", flag.PanicOnError)
	fmt.Println(fs3.Name(), fs3.ErrorHandling(), fs3.Parse([]string{"a"}), fs3.Args())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		fs3.Parse([]string{"-nope"})
	}()
	// Usage with no name, and a custom Usage.
	fs4, out4 := newSet("")
	fs4.Int("k", 1, "k")
	fs4.Parse([]string{"-q"})
	fmt.Print(out4.String())
	fs5, out5 := newSet("custom")
	fs5.Usage = func() { fmt.Fprintln(fs5.Output(), "custom usage!") }
	fs5.Parse([]string{"-q"})
	fmt.Print(out5.String())
	// Redefinition and bad names panic (the message is also printed).
	for _, nm := range []string{"k", "-k", "a=b"} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			fs4.Int(nm, 0, "")
		}()
	}
	fmt.Print(out4.String())
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		var x int
		fs4.TextVar(&lv, "lv2", &x2{}, "")
		_ = x
	}()
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		fs4.TextVar(lvv{}, "lv3", level(0), "")
	}()
	// A zero-value String that panics.
	fs6, out6 := newSet("p")
	n := 5
	fs6.Var(panicky{&n}, "pp", "panicky")
	fs6.PrintDefaults()
	fmt.Print(out6.String())
	// Global CommandLine.
	os.Args = []string{"prog", "-g", "3", "tail"}
	g := flag.Int("g", 1, "global")
	flag.Parse()
	fmt.Println(*g, flag.Args(), flag.NArg(), flag.NFlag(), flag.Arg(0), flag.Parsed(), flag.Lookup("g").DefValue)
	fmt.Println(flag.Set("g", "4"), *g, flag.CommandLine.Name() == os.Args[0])
	flag.VisitAll(func(f *flag.Flag) { fmt.Println("global", f.Name) })
	flag.Visit(func(f *flag.Flag) { fmt.Println("global set", f.Name) })
	fmt.Println(flag.ErrHelp, flag.ContinueOnError, flag.ExitOnError, flag.PanicOnError)
}

type x2 struct{}

func (x *x2) MarshalText() ([]byte, error) { return nil, nil }

type lvv struct{}

func (lvv) UnmarshalText([]byte) error { return nil }
