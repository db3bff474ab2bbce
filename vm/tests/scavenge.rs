//! `debug.FreeOSMemory` end to end (`gc/src/scavenge.rs`): the pages of
//! heap blocks whose objects all died go back to the OS. The program reads
//! its own resident set from /proc before and after the call.

use std::process::Command;

const PROG: &str = r#"package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

func rssKB() int {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			n, _ := strconv.Atoi(strings.Fields(l)[1])
			return n
		}
	}
	return -1
}

var keep [][]byte

func main() {
	for i := 0; i < 64*1024; i++ {
		keep = append(keep, make([]byte, 1000))
	}
	keep = nil
	runtime.GC()
	before := rssKB()
	debug.FreeOSMemory()
	after := rssKB()
	fmt.Println(before, after)
}
"#;

#[test]
fn free_os_memory_returns_dead_heap_blocks() {
    let dir = std::env::temp_dir().join(format!("minigo-scavenge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("prog.go"), PROG).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_minigo"))
        .args(["run", "prog.go"])
        .current_dir(&dir)
        .output()
        .expect("run minigo");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let kb: Vec<i64> = text
        .split_whitespace()
        .map(|w| w.parse().expect("a number of KB"))
        .collect();
    let [before, after] = kb[..] else {
        panic!("unexpected output {text:?}")
    };
    // 64 MB of 1000-byte objects died: at least half of it must go.
    assert!(
        before - after > 32 * 1024,
        "resident {before} KB before FreeOSMemory, {after} KB after"
    );
}
