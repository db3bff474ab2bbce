// args: add -name=joe -n 3 x y
package main

import (
	"flag"
	"fmt"
	"os"
)

// Subcommands, each with its own FlagSet (ExitOnError).
func main() {
	addCmd := flag.NewFlagSet("add", flag.ExitOnError)
	name := addCmd.String("name", "", "who")
	n := addCmd.Int("n", 1, "times")
	listCmd := flag.NewFlagSet("list", flag.ExitOnError)
	all := listCmd.Bool("all", false, "everything")

	if len(os.Args) < 2 {
		fmt.Println("expected 'add' or 'list'")
		os.Exit(1)
	}
	switch os.Args[1] {
	case "add":
		addCmd.Parse(os.Args[2:])
		fmt.Println("add:", *name, *n, addCmd.Args(), addCmd.NArg(), addCmd.NFlag())
	case "list":
		listCmd.Parse(os.Args[2:])
		fmt.Println("list:", *all, listCmd.Args())
	}
	// A second parse, of a bad flag: the set's own usage, exit 2.
	listCmd.Parse([]string{"-all=yes"})
	fmt.Println("not reached")
}
