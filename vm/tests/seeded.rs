//! `minigo run --seed=N` and `minigo explore` on the programs of
//! `testdata/lab/` (scheduler-lab programs whose output depends on the
//! interleaving, so they cannot be golden tests against real Go).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lab(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/lab")
        .join(name)
}

fn minigo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_minigo"))
        .args(args)
        .env_remove("GODEBUG")
        .output()
        .expect("run minigo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The same seed gives byte-identical output and an identical trace;
/// other seeds give other interleavings, select choices and map orders.
#[test]
fn a_seed_replays_exactly() {
    let prog = lab("seeded_mix.go");
    let prog = prog.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("minigo-seeded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut outs = Vec::new();
    let mut traces = Vec::new();
    for i in 0..3 {
        let t = dir.join(format!("t{i}.json"));
        let trace = format!("--trace={}", t.display());
        let o = minigo(&["run", "--seed=5", &trace, prog]);
        assert!(o.status.success(), "{o:?}");
        outs.push(stdout(&o));
        traces.push(std::fs::read(&t).unwrap());
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[0], outs[2]);
    assert!(
        traces[0] == traces[1] && traces[0] == traces[2],
        "traces differ"
    );
    // Virtual time: two hours pass at once, from synctest's epoch.
    assert!(
        outs[0].ends_with("slept: 2h0m0s 946684800\n"),
        "{}",
        outs[0]
    );
    let distinct: std::collections::HashSet<String> = (1..=10)
        .map(|s| stdout(&minigo(&["run", &format!("--seed={s}"), prog])))
        .collect();
    assert!(
        distinct.len() >= 5,
        "10 seeds gave {} outputs",
        distinct.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `explore` finds the rare interleaving of a check-then-act race (under
/// 1 in 20 runs), reports it with a replay command, and the replay
/// reproduces it.
#[test]
fn explore_finds_a_rare_race_and_its_seed_replays_it() {
    let prog = lab("check_then_act.go");
    let prog = prog.to_str().unwrap();
    let o = minigo(&["explore", "--runs=1000", prog]);
    let report = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{report}");
    assert!(report.starts_with(&format!(
        "explored 1000 runs of {prog} (seeds 1..1000): 2 distinct outcomes"
    )));
    // The common outcome first, then the bug with how often it struck.
    let groups: Vec<&str> = report.split("\n\n").skip(1).collect();
    assert_eq!(groups.len(), 2, "{report}");
    assert!(groups[0].contains("\"balance: 20\""), "{report}");
    assert!(groups[1].contains("\"balance: -60\""), "{report}");
    let count: u64 = groups[1].split('×').next().unwrap().trim().parse().unwrap();
    assert!(
        (1..50).contains(&count),
        "the race struck {count} times in 1000"
    );
    let replay = groups[1]
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay: minigo run --seed="))
        .expect("a replay line");
    let seed = replay.split(' ').next().unwrap();
    for _ in 0..2 {
        let o = minigo(&["run", &format!("--seed={seed}"), prog]);
        assert_eq!(stdout(&o), "balance: -60\n");
    }
}

/// Every run agreeing exits 0; a run that outlives `--timeout` is killed
/// and reported as such; a program that does not build is reported once.
#[test]
fn explore_agreement_timeouts_and_build_errors() {
    let o = minigo(&[
        "explore",
        "--runs=20",
        lab("seeded_mix.go").to_str().unwrap(),
    ]);
    // seeded_mix's output varies with the seed: it must not agree.
    assert_eq!(o.status.code(), Some(1));

    let dir = std::env::temp_dir().join(format!("minigo-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fixed = dir.join("fixed.go");
    std::fs::write(
        &fixed,
        "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tc := make(chan int)\n\tgo func() { c <- 42 }()\n\tfmt.Println(<-c)\n}\n",
    )
    .unwrap();
    let o = minigo(&["explore", "--runs=30", fixed.to_str().unwrap()]);
    let report = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{report}");
    assert!(report.contains("1 distinct outcome\n"), "{report}");
    assert!(report.contains("    30 × exit status 0"), "{report}");

    let o = minigo(&[
        "explore",
        "--runs=2",
        "--timeout=200ms",
        lab("spin_forever.go").to_str().unwrap(),
    ]);
    assert!(stdout(&o).contains("2 × timeout after 200ms"), "{o:?}");

    let bad = dir.join("bad.go");
    std::fs::write(&bad, "package main\n\nfunc main() { x := 1 }\n").unwrap();
    let o = minigo(&["explore", "--runs=5", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("declared and not used").count(), 1, "{err}");

    let o = minigo(&["explore", "--timeout=soon", fixed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A seeded run has one thread: pipes and child processes must wait on
/// the poller, not in a system call, or a child fed by a goroutine (and
/// `Wait` for it) hangs. Every seed gives real Go's output.
#[test]
fn seeded_runs_wait_for_pipes_and_children_on_the_poller() {
    let run = |name: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../testdata/run")
            .join(name)
    };
    for (name, runs) in [("os_pipe_poll.go", "--runs=8"), ("os_exec.go", "--runs=4")] {
        let o = minigo(&[
            "explore",
            runs,
            "--timeout=30s",
            run(name).to_str().unwrap(),
        ]);
        let report = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{name}: {report}");
        assert!(report.contains("1 distinct outcome\n"), "{report}");
        let plain = minigo(&["run", run(name).to_str().unwrap()]);
        let seeded = minigo(&["run", "--seed=7", run(name).to_str().unwrap()]);
        assert_eq!(stdout(&seeded), stdout(&plain), "{name}");
    }
}

/// `explore -race` groups the races of all runs by their two accesses,
/// prints each once with the seed that replays it (a `-race` replay),
/// and the replay reports it.
#[test]
fn explore_race_groups_the_races_of_all_runs() {
    let dir = std::env::temp_dir().join(format!("minigo-explore-race-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prog = dir.join("tworaces.go");
    // Two races: y (read by main's select default, written by the
    // goroutine) and x (written by the goroutine, read by main after a
    // sleep that orders nothing).
    std::fs::write(
        &prog,
        "package main\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nvar x, y int\n\n\
         func main() {\n\tdone := make(chan bool, 1)\n\tgo func() {\n\t\tx = 1\n\t\ty = 1\n\
         \t\tdone <- true\n\t}()\n\tselect {\n\tcase <-done:\n\tdefault:\n\t\t_ = y\n\t}\n\
         \ttime.Sleep(time.Millisecond)\n\tfmt.Println(x >= 0)\n}\n",
    )
    .unwrap();
    let prog = prog.to_str().unwrap();
    let o = minigo(&["explore", "--runs=12", "-race", prog]);
    let report = stdout(&o);
    assert!(report.contains("\n2 distinct data races\n"), "{report}");
    let x = format!("    12 × read {prog}:23 / write {prog}:13\n");
    let y = format!("    12 × read {prog}:20 / write {prog}:14\n");
    assert!(report.contains(&x) && report.contains(&y), "{report}");
    // Each race once, whole, after its replay line.
    assert_eq!(report.matches("WARNING: DATA RACE").count(), 2, "{report}");
    let replay = report
        .split(&y)
        .nth(1)
        .and_then(|r| r.lines().next())
        .and_then(|l| l.trim().strip_prefix("replay: minigo run -race --seed="))
        .expect("a -race replay line");
    let seed = replay.split(' ').next().unwrap();
    let o = minigo(&["run", "-race", &format!("--seed={seed}"), prog]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{prog}:20 +0x")), "{err}");
    assert_eq!(o.status.code(), Some(66));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A seeded run still reports a deadlock in Go's words.
#[test]
fn seeded_deadlock_is_go_fatal_error() {
    let dir = std::env::temp_dir().join(format!("minigo-seeded-dl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("dl.go");
    std::fs::write(
        &p,
        "package main\n\nfunc main() {\n\tc := make(chan int)\n\t<-c\n}\n",
    )
    .unwrap();
    let o = minigo(&["run", "--seed=3", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("fatal error: all goroutines are asleep - deadlock!"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rule switches, seen through `GODEBUG=schedstats=1`'s counters on
/// the seed article's ping-pong: on one P every wakeup is a runnext hit,
/// and `runnextoff=1` (or `wakeplocal=0`) takes the wakeups' away.
#[test]
fn rule_switches_show_in_schedstats() {
    let prog =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/run/seed_sender_receiver.go");
    let runnext_hits = |godebug: &str| -> u64 {
        let o = Command::new(env!("CARGO_BIN_EXE_minigo"))
            .args(["run", prog.to_str().unwrap()])
            .env("GOMAXPROCS", "1")
            .env("GODEBUG", format!("schedstats=1,{godebug}"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{o:?}");
        assert_eq!(stdout(&o).lines().count(), 11);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        let p0 = err
            .lines()
            .find(|l| l.starts_with("P0 "))
            .unwrap_or_else(|| panic!("no P0 row in\n{err}"));
        p0.split_whitespace().last().unwrap().parse().unwrap()
    };
    assert!(runnext_hits("") >= 10);
    assert_eq!(runnext_hits("runnextoff=1"), 0);
    // Only the spawn of the sender still uses runnext: woken Gs go global.
    assert_eq!(runnext_hits("wakeplocal=0"), 1);
}
