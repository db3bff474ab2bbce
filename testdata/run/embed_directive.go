// The //go:embed directive as Go by Example shows it: a file into a
// string and a []byte, files and a glob into an embed.FS.
package main

import (
	"embed"
	"fmt"
)

//go:embed embed_data/single_file.txt
var fileString string

//go:embed embed_data/single_file.txt
var fileByte []byte

//go:embed embed_data/single_file.txt
//go:embed embed_data/*.hash
var folder embed.FS

// Read at compile time: usable while package variables initialize.
var size = len(fileString)

// Specs of a group take their own directives; blank lines and comments
// may stand between a directive and its spec.
var (
	//go:embed embed_data/file1.hash

	// the first hash
	hash1 string
	plain = "not embedded"
	//go:embed "embed_data/file2.hash"
	hash2 []byte
)

func main() {
	fmt.Print(fileString)
	fmt.Print(string(fileByte))
	fmt.Println(size, len(fileByte), cap(fileByte) >= len(fileByte))
	fmt.Printf("%q %q %q\n", hash1, plain, hash2)

	content1, err := folder.ReadFile("embed_data/file1.hash")
	fmt.Printf("%q %v\n", content1, err)
	content2, _ := folder.ReadFile("embed_data/file2.hash")
	fmt.Print(string(content2))

	// Each []byte read is a fresh copy.
	fileByte[0] = 'J'
	again, _ := folder.ReadFile("embed_data/single_file.txt")
	again[1] = 'E'
	fmt.Print(string(fileByte), fileString, string(again))

	_, err = folder.ReadFile("embed_data/missing.txt")
	fmt.Println(err)
	entries, err := folder.ReadDir("embed_data")
	for _, e := range entries {
		fmt.Println(e.Name(), e.IsDir(), e.Type())
	}
	fmt.Println(len(entries), err)
	top, _ := folder.ReadDir(".")
	fmt.Println(top)

	var empty embed.FS
	_, err = empty.ReadFile("x")
	fmt.Println(err)
	list, err := empty.ReadDir(".")
	fmt.Println(len(list), err)
}
