// Channels through reflection: MakeChan, Send, Recv, TrySend, TryRecv,
// Close and Select. The operations are the VM's own (chan.rs): a blocking
// one parks the goroutine as `ch <- v`, `<-ch` or `select` would.
package reflect

// MakeChan creates a new channel with the specified type and buffer size.
func MakeChan(typ Type, buffer int) Value {
	if typ.Kind() != Chan {
		panic("reflect.MakeChan of non-chan type")
	}
	if buffer < 0 {
		panic("reflect.MakeChan: negative buffer size")
	}
	if typ.ChanDir() != BothDir {
		panic("reflect.MakeChan: unidirectional channel type")
	}
	return Value{typ: typ.common() + 1, ptr: makeChan(typ.common(), buffer)}
}

// mustBeExported panics, naming method, when v is the zero Value or was
// obtained through an unexported field.
func (v Value) mustBeExported(method string) {
	if v.typ == 0 {
		panic(&ValueError{method, Invalid})
	}
	if v.flag&flagRO != 0 {
		panic("reflect: " + method + " using value obtained using unexported field")
	}
}

// Send sends x on the channel v.
func (v Value) Send(x Value) {
	v.mustBe(Chan, "reflect.Value.Send")
	v.mustBeExported("reflect.Value.Send")
	v.send(x, false, "reflect.Value.Send")
}

// TrySend attempts to send x on the channel v but will not block; it
// reports whether the value was sent.
func (v Value) TrySend(x Value) bool {
	v.mustBe(Chan, "reflect.Value.TrySend")
	v.mustBeExported("reflect.Value.TrySend")
	return v.send(x, true, "reflect.Value.TrySend")
}

func (v Value) send(x Value, nb bool, method string) bool {
	if ChanDir(typeChanDir(v.t()))&SendDir == 0 {
		panic("reflect: send on recv-only channel")
	}
	x.mustBeExported(method)
	et := typeElem(v.t())
	w := copyArg(et, x.assignTo(et, "reflect.Value.Send"))
	return chanSend(v.word(), w, nb)
}

// Recv receives and returns a value from the channel v; ok is false when
// the value is the zero value of a closed channel.
func (v Value) Recv() (x Value, ok bool) {
	v.mustBe(Chan, "reflect.Value.Recv")
	v.mustBeExported("reflect.Value.Recv")
	return v.recv(false)
}

// TryRecv attempts to receive a value from the channel v but will not
// block: when no value is ready it returns the zero Value.
func (v Value) TryRecv() (x Value, ok bool) {
	v.mustBe(Chan, "reflect.Value.TryRecv")
	v.mustBeExported("reflect.Value.TryRecv")
	return v.recv(true)
}

func (v Value) recv(nb bool) (Value, bool) {
	if ChanDir(typeChanDir(v.t()))&RecvDir == 0 {
		panic("reflect: recv on send-only channel")
	}
	w, selected, ok := chanRecv(v.word(), nb)
	if !selected {
		return Value{}, false
	}
	return Value{typ: typeElem(v.t()) + 1, ptr: w}, ok
}

// Close closes the channel v.
func (v Value) Close() {
	v.mustBe(Chan, "reflect.Value.Close")
	v.mustBeExported("reflect.Value.Close")
	if ChanDir(typeChanDir(v.t()))&SendDir == 0 {
		panic("reflect: close of receive-only channel")
	}
	chanClose(v.word())
}

// A SelectDir describes the communication direction of a select case.
type SelectDir int

const (
	_             SelectDir = iota
	SelectSend              // case Chan <- Send
	SelectRecv              // case <-Chan:
	SelectDefault           // default
)

// A SelectCase describes a single case in a select operation.
type SelectCase struct {
	Dir  SelectDir // direction of case
	Chan Value     // channel to use (for send or receive)
	Send Value     // value to send (for send)
}

// Select executes a select operation described by the list of cases: it
// blocks until at least one case can proceed, makes a uniform
// pseudo-random choice among those, and executes it. It returns the index
// of the chosen case and, for a receive, the value received and whether
// it came from a send (not a closed channel).
func Select(cases []SelectCase) (chosen int, recv Value, recvOK bool) {
	if len(cases) > 65536 {
		panic("reflect.Select: too many cases (max 65536)")
	}
	// The runtime sees every case but the default one, in order; an
	// ignored case (zero Chan) is a receive on a nil channel.
	sends := make([]int, 0, len(cases)) // 1: a send
	chans := make([]uintptr, 0, len(cases))
	vals := make([]uintptr, 0, len(cases))
	index := make([]int, 0, len(cases))
	elems := make([]int, 0, len(cases))
	def := -1
	for i, c := range cases {
		var ch, val uintptr
		send := 0
		et := 0
		switch c.Dir {
		default:
			panic("reflect.Select: invalid Dir")
		case SelectDefault:
			if def >= 0 {
				panic("reflect.Select: multiple default cases")
			}
			def = i
			if c.Chan.IsValid() {
				panic("reflect.Select: default case has Chan value")
			}
			if c.Send.IsValid() {
				panic("reflect.Select: default case has Send value")
			}
			continue
		case SelectSend:
			if !c.Chan.IsValid() {
				break
			}
			c.Chan.mustBe(Chan, "unknown method") // Go names no Value method here
			c.Chan.mustBeExported("unknown method")
			t := c.Chan.t()
			if ChanDir(typeChanDir(t))&SendDir == 0 {
				panic("reflect.Select: SendDir case using recv-only channel")
			}
			if !c.Send.IsValid() {
				panic("reflect.Select: SendDir case missing Send value")
			}
			c.Send.mustBeExported("unknown method")
			et = typeElem(t)
			ch, send = c.Chan.word(), 1
			val = copyArg(et, c.Send.assignTo(et, "reflect.Select"))
		case SelectRecv:
			if c.Send.IsValid() {
				panic("reflect.Select: RecvDir case has Send value")
			}
			if !c.Chan.IsValid() {
				break
			}
			c.Chan.mustBe(Chan, "unknown method") // Go names no Value method here
			c.Chan.mustBeExported("unknown method")
			t := c.Chan.t()
			if ChanDir(typeChanDir(t))&RecvDir == 0 {
				panic("reflect.Select: RecvDir case using send-only channel")
			}
			et = typeElem(t)
			ch = c.Chan.word()
		}
		sends = append(sends, send)
		chans = append(chans, ch)
		vals = append(vals, val)
		index = append(index, i)
		elems = append(elems, et)
	}
	j, w, ok := chanSelect(sends, chans, vals, def >= 0)
	if j < 0 {
		return def, Value{}, false
	}
	if sends[j] == 1 {
		return index[j], Value{}, false
	}
	return index[j], Value{typ: elems[j] + 1, ptr: w}, ok
}

func makeChan(t, size int) uintptr
func chanSend(ch, w uintptr, nb bool) (sent bool)
func chanRecv(ch uintptr, nb bool) (w uintptr, selected, ok bool)
func chanClose(ch uintptr)
func chanSelect(sends []int, chans, vals []uintptr, hasDefault bool) (chosen int, w uintptr, ok bool)
