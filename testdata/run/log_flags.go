package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
)

func helper(l *log.Logger) {
	l.Output(2, "from helper")
}

func main() {
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.Print("plain")
	log.Println("with", "spaces", 3)
	log.Printf("formatted %d\n", 42)
	log.SetPrefix("app: ")
	log.Print("prefixed")
	log.SetFlags(log.Lmsgprefix)
	log.Print("msgprefix")
	log.SetFlags(log.Lshortfile)
	log.Print("short file")
	l := log.New(os.Stdout, "[x] ", log.Lshortfile|log.Lmsgprefix)
	l.Println("logger")
	helper(l)
	fmt.Println(l.Prefix(), l.Flags(), log.Flags(), log.Prefix(), log.LstdFlags)
	var buf bytes.Buffer
	bl := log.New(&buf, "buf:", 0)
	bl.Print("into buffer")
	bl.Print("")
	fmt.Printf("%q\n", buf.String())
	defer func() {
		r := recover()
		fmt.Printf("recovered %q\n", r)
		log.SetFlags(0)
		log.SetPrefix("")
		log.SetOutput(os.Stderr)
		log.Fatalf("fatal: %v", "bye")
	}()
	log.Panicln("boom", 1)
}
