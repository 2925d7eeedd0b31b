//go:build !js

package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	secs := flag.Float64("t", 3, "minimum timed seconds")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmbench [-t seconds] FILE")
		os.Exit(2)
	}
	text, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmbench:", err)
		os.Exit(1)
	}
	rep, err := measure(string(text), *secs)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmbench:", err)
		os.Exit(1)
	}
	fmt.Println(rep.line())
}
