package main

import (
	"encoding/pem"
	"fmt"
	"os"
)

func main() {
	b := &pem.Block{Type: "TEST DATA", Bytes: []byte("hello world, this is a longer payload that spans more than one line of base64 output!!")}
	out := pem.EncodeToMemory(b)
	fmt.Print(string(out))
	b2 := &pem.Block{Type: "RSA PRIVATE KEY", Headers: map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,ABC", "Zeta": "z"}, Bytes: []byte{0, 1, 2, 3}}
	pem.Encode(os.Stdout, b2)
	fmt.Println(pem.EncodeToMemory(&pem.Block{Type: "X", Headers: map[string]string{"a:b": "c"}}) == nil)
	fmt.Println(pem.Encode(os.Stdout, &pem.Block{Type: "X", Headers: map[string]string{"a:b": "c"}}))
	pem.Encode(os.Stdout, &pem.Block{Type: "EMPTY"})

	input := append([]byte("junk before\n"), out...)
	input = append(input, pem.EncodeToMemory(b2)...)
	input = append(input, "trailing stuff\n"...)
	for {
		blk, rest := pem.Decode(input)
		if blk == nil {
			fmt.Printf("no more: %q\n", rest)
			break
		}
		fmt.Printf("%q %v %q\n", blk.Type, blk.Headers, blk.Bytes)
		input = rest
	}
	cases := []string{
		"-----BEGIN A-----\nAAEC\n-----END A-----\n",
		"-----BEGIN A-----\r\nAAEC\r\n-----END A-----\r\nrest",
		"-----BEGIN A-----\nAAEC\n-----END B-----\n",
		"-----BEGIN A-----\n!!!!\n-----END A-----\n",
		"-----BEGIN A-----\nAA EC\n\t-----END A-----\n",
		"-----BEGIN A-----\nK: V\n\nAAEC\n-----END A-----",
		"-----BEGIN A-----\n-----END A-----\n",
		"-----BEGIN A\nAAEC\n-----END A-----\n",
		"x-----BEGIN A-----\nAAEC\n-----END A-----\n",
		"-----BEGIN A-----\nAAEC\n-----END A----- trailing\n-----BEGIN B-----\nAAEC\n-----END B-----\n",
		"",
		"-----BEGIN A-----\nK: V",
	}
	for _, c := range cases {
		blk, rest := pem.Decode([]byte(c))
		if blk == nil {
			fmt.Printf("nil %q\n", rest)
		} else {
			fmt.Printf("%q %v %v %q\n", blk.Type, blk.Headers, blk.Bytes, rest)
		}
	}
}
