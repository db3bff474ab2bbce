// Package os/signal as minigo provides it. Notify turns a signal's
// default action off and has minigo's signal thread queue it; one
// goroutine, started by the first Notify, receives the queue (blocked in
// a system call, holding no P) and sends each signal to the channels
// that asked for it without blocking, as Go's does. Every signal Go lets
// a program catch can be notified, except SIGTTIN and SIGTTOU (left to
// the kernel) and SIGPROF (kept for profiling, as in Go).
package signal

import (
	"context"
	"os"
	"sync"
	"syscall"
)

// Natives (vm/src/interp/signals.rs).
func signalEnable(sig int) bool
func signalDisable(sig int)
func signalIgnore(sig int, on bool)
func signalIgnored(sig int) bool
func signalRecv() int

const numSig = 65

type handler struct {
	mask [numSig]bool
}

var handlers struct {
	sync.Mutex
	m   map[chan<- os.Signal]*handler
	ref [numSig]int64
}

var watchOnce sync.Once

func signum(sig os.Signal) int {
	switch sig := sig.(type) {
	case syscall.Signal:
		i := int(sig)
		if i < 0 || i >= numSig {
			return -1
		}
		return i
	default:
		return -1
	}
}

func watchSignalLoop() {
	for {
		process(syscall.Signal(signalRecv()))
	}
}

func process(sig os.Signal) {
	n := signum(sig)
	if n < 0 {
		return
	}
	handlers.Lock()
	defer handlers.Unlock()
	for c, h := range handlers.m {
		if h.mask[n] {
			select {
			case c <- sig:
			default:
			}
		}
	}
}

// Notify causes package signal to relay incoming signals to c; with no
// signals given, all of them. Delivery does not block: c should be
// buffered.
func Notify(c chan<- os.Signal, sig ...os.Signal) {
	if c == nil {
		panic("os/signal: Notify using nil channel")
	}
	handlers.Lock()
	defer handlers.Unlock()
	h := handlers.m[c]
	if h == nil {
		if handlers.m == nil {
			handlers.m = make(map[chan<- os.Signal]*handler)
		}
		h = new(handler)
		handlers.m[c] = h
	}
	add := func(n int) {
		if n < 0 || h.mask[n] {
			return
		}
		h.mask[n] = true
		if handlers.ref[n] == 0 {
			signalIgnore(n, false)
			signalEnable(n)
			watchOnce.Do(func() { go watchSignalLoop() })
		}
		handlers.ref[n]++
	}
	if len(sig) == 0 {
		for n := 0; n < numSig; n++ {
			add(n)
		}
	} else {
		for _, s := range sig {
			add(signum(s))
		}
	}
}

// Stop causes package signal to stop relaying incoming signals to c.
func Stop(c chan<- os.Signal) {
	handlers.Lock()
	defer handlers.Unlock()
	h := handlers.m[c]
	if h == nil {
		return
	}
	delete(handlers.m, c)
	for n := 0; n < numSig; n++ {
		if h.mask[n] {
			handlers.ref[n]--
			if handlers.ref[n] == 0 {
				signalDisable(n)
			}
		}
	}
}

func cancel(sigs []os.Signal, ignore bool) {
	handlers.Lock()
	defer handlers.Unlock()
	remove := func(n int) {
		if n < 0 {
			return
		}
		for _, h := range handlers.m {
			if h.mask[n] {
				h.mask[n] = false
				handlers.ref[n]--
			}
		}
		handlers.ref[n] = 0
		signalDisable(n)
		if ignore {
			// Reset leaves an earlier Ignore in place, as Go's does.
			signalIgnore(n, true)
		}
	}
	if len(sigs) == 0 {
		for n := 0; n < numSig; n++ {
			remove(n)
		}
	} else {
		for _, s := range sigs {
			remove(signum(s))
		}
	}
}

// Ignore causes the given signals (all, if none) to be ignored.
func Ignore(sig ...os.Signal) { cancel(sig, true) }

// Ignored reports whether sig is currently ignored.
func Ignored(sig os.Signal) bool {
	n := signum(sig)
	return n >= 0 && signalIgnored(n)
}

// Reset undoes the effect of prior Notify calls for the given signals
// (all, if none): they get their default actions back.
func Reset(sig ...os.Signal) { cancel(sig, false) }

// NotifyContext returns a copy of parent that is cancelled when one of
// signals arrives (its cause: "interrupt signal received"), when stop
// is called, or when parent is done.
func NotifyContext(parent context.Context, signals ...os.Signal) (ctx context.Context, stop context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	c := &signalCtx{Context: ctx, cancel: cancel, signals: signals}
	c.ch = make(chan os.Signal, 1)
	Notify(c.ch, c.signals...)
	if ctx.Err() == nil {
		go func() {
			select {
			case s := <-c.ch:
				c.cancel(signalError(s.String() + " signal received"))
			case <-c.Done():
			}
		}()
	}
	return c, c.stop
}

type signalCtx struct {
	context.Context
	cancel  context.CancelCauseFunc
	signals []os.Signal
	ch      chan os.Signal
}

func (c *signalCtx) stop() {
	c.cancel(nil)
	Stop(c.ch)
}

func (c *signalCtx) String() string {
	name := c.Context.(interface{ String() string }).String()
	name = name[:len(name)-len(".WithCancel")]
	s := "signal.NotifyContext(" + name
	if len(c.signals) != 0 {
		s += ", ["
		for i, sig := range c.signals {
			if i > 0 {
				s += " "
			}
			s += sig.String()
		}
		s += "]"
	}
	return s + ")"
}

type signalError string

func (s signalError) Error() string { return string(s) }

func (s signalError) Is(target error) bool { return target == context.Canceled }
