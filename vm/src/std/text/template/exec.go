package template

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"text/template/parse"
)

const maxExecDepth = 100000

// state represents the state of an execution.
type state struct {
	tmpl  *Template
	wr    io.Writer
	node  parse.Node
	vars  []variable
	depth int
}

type variable struct {
	name  string
	value reflect.Value
}

func (s *state) push(name string, value reflect.Value) {
	s.vars = append(s.vars, variable{name, value})
}

func (s *state) mark() int { return len(s.vars) }

func (s *state) pop(mark int) { s.vars = s.vars[0:mark] }

func (s *state) setVar(name string, value reflect.Value) {
	for i := s.mark() - 1; i >= 0; i-- {
		if s.vars[i].name == name {
			s.vars[i].value = value
			return
		}
	}
	s.errorf("undefined variable: %s", name)
}

func (s *state) setTopVar(n int, value reflect.Value) {
	s.vars[len(s.vars)-n].value = value
}

func (s *state) varValue(name string) reflect.Value {
	for i := s.mark() - 1; i >= 0; i-- {
		if s.vars[i].name == name {
			return s.vars[i].value
		}
	}
	s.errorf("undefined variable: %s", name)
	return zero
}

var zero reflect.Value

type missingValType struct{}

var missingVal = reflect.ValueOf(missingValType{})

var missingValReflectType = reflect.TypeOf(missingValType{})

func isMissing(v reflect.Value) bool {
	return v.IsValid() && v.Type() == missingValReflectType
}

func (s *state) at(node parse.Node) { s.node = node }

func doublePercent(str string) string { return strings.ReplaceAll(str, "%", "%%") }

// ExecError is the custom error type returned when Execute has an error
// evaluating its template.
type ExecError struct {
	Name string
	Err  error
}

func (e ExecError) Error() string { return e.Err.Error() }

func (e ExecError) Unwrap() error { return e.Err }

func (s *state) errorf(format string, args ...any) {
	name := doublePercent(s.tmpl.Name())
	if s.node == nil {
		format = fmt.Sprintf("template: %s: %s", name, format)
	} else {
		location, context := s.tmpl.ErrorContext(s.node)
		format = fmt.Sprintf("template: %s: executing %q at <%s>: %s", location, name, doublePercent(context), format)
	}
	panic(ExecError{Name: s.tmpl.Name(), Err: fmt.Errorf(format, args...)})
}

type writeError struct{ Err error }

func (s *state) writeError(err error) { panic(writeError{Err: err}) }

func errRecover(errp *error) {
	e := recover()
	if e != nil {
		switch err := e.(type) {
		case runtime.Error:
			panic(e)
		case writeError:
			*errp = err.Err
		case ExecError:
			*errp = err
		default:
			panic(e)
		}
	}
}

// ExecuteTemplate applies the template associated with t that has the
// given name to the specified data object and writes the output to wr.
func (t *Template) ExecuteTemplate(wr io.Writer, name string, data any) error {
	tmpl := t.Lookup(name)
	if tmpl == nil {
		return fmt.Errorf("template: no template %q associated with template %q", name, t.name)
	}
	return tmpl.Execute(wr, data)
}

// Execute applies a parsed template to the specified data object, and
// writes the output to wr.
func (t *Template) Execute(wr io.Writer, data any) error {
	return t.execute(wr, data)
}

func (t *Template) execute(wr io.Writer, data any) (err error) {
	defer errRecover(&err)
	value, ok := data.(reflect.Value)
	if !ok {
		value = reflect.ValueOf(data)
	}
	st := &state{tmpl: t, wr: wr, vars: []variable{{"$", value}}}
	if t.Tree == nil || t.Root == nil {
		st.errorf("%q is an incomplete or empty template", t.Name())
	}
	st.walk(value, t.Root)
	return
}

var (
	walkBreak    = errors.New("break")
	walkContinue = errors.New("continue")
)

func (s *state) walk(dot reflect.Value, node parse.Node) {
	s.at(node)
	switch node := node.(type) {
	case *parse.ActionNode:
		val := s.evalPipeline(dot, node.Pipe)
		if len(node.Pipe.Decl) == 0 {
			s.printValue(node, val)
		}
	case *parse.BreakNode:
		panic(walkBreak)
	case *parse.CommentNode:
	case *parse.ContinueNode:
		panic(walkContinue)
	case *parse.IfNode:
		s.walkIfOrWith(parse.NodeIf, dot, node.Pipe, node.List, node.ElseList)
	case *parse.ListNode:
		for _, n := range node.Nodes {
			s.walk(dot, n)
		}
	case *parse.RangeNode:
		s.walkRange(dot, node)
	case *parse.TemplateNode:
		s.walkTemplate(dot, node)
	case *parse.TextNode:
		if _, err := s.wr.Write(node.Text); err != nil {
			s.writeError(err)
		}
	case *parse.WithNode:
		s.walkIfOrWith(parse.NodeWith, dot, node.Pipe, node.List, node.ElseList)
	default:
		s.errorf("unknown node: %s", node)
	}
}

func (s *state) walkIfOrWith(typ parse.NodeType, dot reflect.Value, pipe *parse.PipeNode, list, elseList *parse.ListNode) {
	defer s.pop(s.mark())
	val := s.evalPipeline(dot, pipe)
	t, ok := isTrue(indirectInterface(val))
	if !ok {
		s.errorf("if/with can't use %v", val)
	}
	if t {
		if typ == parse.NodeWith {
			s.walk(val, list)
		} else {
			s.walk(dot, list)
		}
	} else if elseList != nil {
		s.walk(dot, elseList)
	}
}

// IsTrue reports whether the value is 'true', in the sense of not the
// zero of its type, and whether the value has a meaningful truth value.
func IsTrue(val any) (truth, ok bool) {
	return isTrue(reflect.ValueOf(val))
}

func isTrue(val reflect.Value) (truth, ok bool) {
	if !val.IsValid() {
		return false, true
	}
	switch val.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		truth = val.Len() > 0
	case reflect.Bool:
		truth = val.Bool()
	case reflect.Complex64, reflect.Complex128:
		truth = val.Complex() != 0
	case reflect.Chan, reflect.Func, reflect.Pointer, reflect.Interface:
		truth = !val.IsNil()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		truth = val.Int() != 0
	case reflect.Float32, reflect.Float64:
		truth = val.Float() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		truth = val.Uint() != 0
	case reflect.Struct:
		truth = true
	default:
		return
	}
	return truth, true
}

func (s *state) walkRange(dot reflect.Value, r *parse.RangeNode) {
	s.at(r)
	defer func() {
		if r := recover(); r != nil && r != walkBreak {
			panic(r)
		}
	}()
	defer s.pop(s.mark())
	val, _ := indirect(s.evalPipeline(dot, r.Pipe))
	mark := s.mark()
	oneIteration := func(index, elem reflect.Value) {
		if len(r.Pipe.Decl) > 0 {
			if r.Pipe.IsAssign {
				if len(r.Pipe.Decl) > 1 {
					s.setVar(r.Pipe.Decl[0].Ident[0], index)
				} else {
					s.setVar(r.Pipe.Decl[0].Ident[0], elem)
				}
			} else {
				s.setTopVar(1, elem)
			}
		}
		if len(r.Pipe.Decl) > 1 {
			if r.Pipe.IsAssign {
				s.setVar(r.Pipe.Decl[1].Ident[0], elem)
			} else {
				s.setTopVar(2, index)
			}
		}
		defer s.pop(mark)
		defer func() {
			if r := recover(); r != nil && r != walkContinue {
				panic(r)
			}
		}()
		s.walk(elem, r.List)
	}
	switch val.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if len(r.Pipe.Decl) > 1 {
			s.errorf("can't use %v to iterate over more than one variable", val)
			break
		}
		n := valueInt(val)
		if n <= 0 {
			break
		}
		for i := int64(0); i < n; i++ {
			if val.Type() == reflect.TypeOf(0) {
				oneIteration(reflect.Value{}, reflect.ValueOf(int(i)))
				continue
			}
			e := reflect.New(val.Type()).Elem()
			if val.Kind() >= reflect.Uint && val.Kind() <= reflect.Uintptr {
				e.SetUint(uint64(i))
			} else {
				e.SetInt(i)
			}
			oneIteration(reflect.Value{}, e)
		}
		return
	case reflect.Array, reflect.Slice:
		if val.Len() == 0 {
			break
		}
		for i := 0; i < val.Len(); i++ {
			oneIteration(reflect.ValueOf(i), val.Index(i))
		}
		return
	case reflect.Map:
		if val.Len() == 0 {
			break
		}
		keys := sortKeys(val.MapKeys())
		for _, k := range keys {
			oneIteration(k, val.MapIndex(k))
		}
		return
	case reflect.Chan:
		if val.IsNil() {
			break
		}
		i := 0
		for ; ; i++ {
			elem, ok := chanRecv(val)
			if !ok {
				break
			}
			oneIteration(reflect.ValueOf(i), elem)
		}
		if i == 0 {
			break
		}
		return
	case reflect.Invalid:
		break
	default:
		s.errorf("range can't iterate over %v", val)
	}
	if r.ElseList != nil {
		s.walk(dot, r.ElseList)
	}
}

// chanRecv receives from the common channel types (minigo's reflect has
// no Recv).
func chanRecv(v reflect.Value) (reflect.Value, bool) {
	switch c := v.Interface().(type) {
	case chan int:
		x, ok := <-c
		return reflect.ValueOf(x), ok
	case chan string:
		x, ok := <-c
		return reflect.ValueOf(x), ok
	case chan any:
		x, ok := <-c
		return reflect.ValueOf(x), ok
	case <-chan int:
		x, ok := <-c
		return reflect.ValueOf(x), ok
	case <-chan string:
		x, ok := <-c
		return reflect.ValueOf(x), ok
	case chan float64:
		x, ok := <-c
		return reflect.ValueOf(x), ok
	}
	panic("text/template: minigo cannot range over a channel of type " + v.Type().String())
}

// sortKeys sorts map keys as fmt and text/template do.
func sortKeys(keys []reflect.Value) []reflect.Value {
	sort.SliceStable(keys, func(i, j int) bool { return compareKeys(keys[i], keys[j]) < 0 })
	return keys
}

func compareKeys(a, b reflect.Value) int {
	if a.Kind() != b.Kind() {
		return -1
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp3(a.Int() < b.Int(), a.Int() > b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp3(a.Uint() < b.Uint(), a.Uint() > b.Uint())
	case reflect.String:
		return cmp3(a.String() < b.String(), a.String() > b.String())
	case reflect.Float32, reflect.Float64:
		return cmp3(a.Float() < b.Float(), a.Float() > b.Float())
	case reflect.Bool:
		return cmp3(!a.Bool() && b.Bool(), a.Bool() && !b.Bool())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if c := compareKeys(a.Field(i), b.Field(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if c := compareKeys(a.Index(i), b.Index(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return cmp3(a.IsNil() && !b.IsNil(), !a.IsNil() && b.IsNil())
		}
		ea, eb := a.Elem(), b.Elem()
		if ea.Type() != eb.Type() {
			return cmp3(ea.Type().String() < eb.Type().String(), ea.Type().String() > eb.Type().String())
		}
		return compareKeys(ea, eb)
	case reflect.Pointer:
		return cmp3(a.Pointer() < b.Pointer(), a.Pointer() > b.Pointer())
	}
	return 0
}

func cmp3(less, more bool) int {
	if less {
		return -1
	}
	if more {
		return 1
	}
	return 0
}

func (s *state) walkTemplate(dot reflect.Value, t *parse.TemplateNode) {
	s.at(t)
	tmpl := s.tmpl.Lookup(t.Name)
	if tmpl == nil {
		s.errorf("template %q not defined", t.Name)
	}
	if s.depth == maxExecDepth {
		s.errorf("exceeded maximum template depth (%v)", maxExecDepth)
	}
	dot = s.evalPipeline(dot, t.Pipe)
	ns := *s
	ns.depth++
	ns.tmpl = tmpl
	ns.vars = []variable{{"$", dot}}
	ns.walk(dot, tmpl.Root)
}

func (s *state) evalPipeline(dot reflect.Value, pipe *parse.PipeNode) (value reflect.Value) {
	if pipe == nil {
		return
	}
	s.at(pipe)
	value = missingVal
	for _, cmd := range pipe.Cmds {
		value = s.evalCommand(dot, cmd, value)
		if value.Kind() == reflect.Interface && value.Type().NumMethod() == 0 {
			value = value.Elem()
		}
	}
	for _, v := range pipe.Decl {
		if pipe.IsAssign {
			s.setVar(v.Ident[0], value)
		} else {
			s.push(v.Ident[0], value)
		}
	}
	return value
}

func (s *state) notAFunction(args []parse.Node, final reflect.Value) {
	if len(args) > 1 || !isMissing(final) {
		s.errorf("can't give argument to non-function %s", args[0])
	}
}

func (s *state) evalCommand(dot reflect.Value, cmd *parse.CommandNode, final reflect.Value) reflect.Value {
	first := cmd.Args[0]
	switch n := first.(type) {
	case *parse.FieldNode:
		return s.evalFieldNode(dot, n, cmd.Args, final)
	case *parse.ChainNode:
		return s.evalChainNode(dot, n, cmd.Args, final)
	case *parse.IdentifierNode:
		return s.evalFunction(dot, n, cmd, cmd.Args, final)
	case *parse.PipeNode:
		s.notAFunction(cmd.Args, final)
		return s.evalPipeline(dot, n)
	case *parse.VariableNode:
		return s.evalVariableNode(dot, n, cmd.Args, final)
	}
	s.at(first)
	s.notAFunction(cmd.Args, final)
	switch w := first.(type) {
	case *parse.BoolNode:
		return reflect.ValueOf(w.True)
	case *parse.DotNode:
		return dot
	case *parse.NilNode:
		s.errorf("nil is not a command")
	case *parse.NumberNode:
		return s.idealConstant(w)
	case *parse.StringNode:
		return reflect.ValueOf(w.Text)
	}
	s.errorf("can't evaluate command %q", first)
	panic("not reached")
}

func (s *state) idealConstant(c *parse.NumberNode) reflect.Value {
	s.at(c)
	switch {
	case c.IsComplex:
		return reflect.ValueOf(c.Complex128)
	case c.IsFloat && !isHexInt(c.Text) && !isRuneInt(c.Text) && strings.ContainsAny(c.Text, ".eEpP"):
		return reflect.ValueOf(c.Float64)
	case c.IsInt:
		n := int(c.Int64)
		if int64(n) != c.Int64 {
			s.errorf("%s overflows int", c.Text)
		}
		return reflect.ValueOf(n)
	case c.IsUint:
		s.errorf("%s overflows int", c.Text)
	}
	return zero
}

func isRuneInt(s string) bool { return len(s) > 0 && s[0] == '\'' }

func isHexInt(s string) bool {
	return len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && !strings.ContainsAny(s, "pP")
}

func (s *state) evalFieldNode(dot reflect.Value, field *parse.FieldNode, args []parse.Node, final reflect.Value) reflect.Value {
	s.at(field)
	return s.evalFieldChain(dot, dot, field, field.Ident, args, final)
}

func (s *state) evalChainNode(dot reflect.Value, chain *parse.ChainNode, args []parse.Node, final reflect.Value) reflect.Value {
	s.at(chain)
	if len(chain.Field) == 0 {
		s.errorf("internal error: no fields in evalChainNode")
	}
	if chain.Node.Type() == parse.NodeNil {
		s.errorf("indirection through explicit nil in %s", chain)
	}
	pipe := s.evalArg(dot, nil, chain.Node)
	return s.evalFieldChain(dot, pipe, chain, chain.Field, args, final)
}

func (s *state) evalVariableNode(dot reflect.Value, v *parse.VariableNode, args []parse.Node, final reflect.Value) reflect.Value {
	s.at(v)
	value := s.varValue(v.Ident[0])
	if len(v.Ident) == 1 {
		s.notAFunction(args, final)
		return value
	}
	return s.evalFieldChain(dot, value, v, v.Ident[1:], args, final)
}

func (s *state) evalFieldChain(dot, receiver reflect.Value, node parse.Node, ident []string, args []parse.Node, final reflect.Value) reflect.Value {
	n := len(ident)
	for i := 0; i < n-1; i++ {
		receiver = s.evalField(dot, ident[i], node, nil, missingVal, receiver)
	}
	return s.evalField(dot, ident[n-1], node, args, final, receiver)
}

func (s *state) evalFunction(dot reflect.Value, node *parse.IdentifierNode, cmd parse.Node, args []parse.Node, final reflect.Value) reflect.Value {
	s.at(node)
	name := node.Ident
	fn, isBuiltin, ok := findFunction(name, s.tmpl)
	if !ok {
		s.errorf("%q is not a defined function", name)
	}
	return s.evalCall(dot, fn, isBuiltin, cmd, name, args, final)
}

func (s *state) evalField(dot reflect.Value, fieldName string, node parse.Node, args []parse.Node, final, receiver reflect.Value) reflect.Value {
	if !receiver.IsValid() {
		if s.tmpl.option.missingKey == mapError {
			s.errorf("nil data; no entry for key %q", fieldName)
		}
		return zero
	}
	typ := receiver.Type()
	receiver, isNil := indirect(receiver)
	if receiver.Kind() == reflect.Interface && isNil {
		s.errorf("nil pointer evaluating %s.%s", typ, fieldName)
		return zero
	}
	ptr := receiver
	if ptr.Kind() != reflect.Interface && ptr.Kind() != reflect.Pointer && ptr.CanAddr() {
		if _, ok := ptrTo(ptr.Type()); ok {
			ptr = ptr.Addr()
		}
	}
	if method := ptr.MethodByName(fieldName); method.IsValid() {
		return s.evalCall(dot, method, false, node, fieldName, args, final)
	}
	hasArgs := len(args) > 1 || !isMissing(final)
	switch receiver.Kind() {
	case reflect.Struct:
		tField, ok := fieldByName(receiver.Type(), fieldName)
		if ok {
			if !tField.IsExported() {
				s.errorf("%s is an unexported field of struct type %s", fieldName, typ)
			}
			field := receiver.FieldByIndex(tField.Index)
			if hasArgs {
				s.errorf("%s has arguments but cannot be invoked as function", fieldName)
			}
			return field
		}
	case reflect.Map:
		nameVal := reflect.ValueOf(fieldName)
		if nameVal.Type().AssignableTo(receiver.Type().Key()) {
			if hasArgs {
				s.errorf("%s is not a method but has arguments", fieldName)
			}
			result := receiver.MapIndex(nameVal)
			if !result.IsValid() {
				switch s.tmpl.option.missingKey {
				case mapInvalid:
				case mapZeroValue:
					result = reflect.Zero(receiver.Type().Elem())
				case mapError:
					s.errorf("map has no entry for key %q", fieldName)
				}
			}
			return result
		}
	case reflect.Pointer:
		etyp := receiver.Type().Elem()
		if etyp.Kind() == reflect.Struct {
			if _, ok := etyp.FieldByName(fieldName); !ok {
				break
			}
		}
		if isNil {
			s.errorf("nil pointer evaluating %s.%s", typ, fieldName)
		}
	}
	s.errorf("can't evaluate field %s in type %s", fieldName, typ)
	panic("not reached")
}

var (
	errorType        = reflect.TypeOf((*error)(nil)).Elem()
	fmtStringerType  = reflect.TypeOf((*fmt.Stringer)(nil)).Elem()
	reflectValueType = reflect.TypeOf(reflect.Value{})
)

func (s *state) evalCall(dot, fun reflect.Value, isBuiltin bool, node parse.Node, name string, args []parse.Node, final reflect.Value) reflect.Value {
	if args != nil {
		args = args[1:]
	}
	typ := fun.Type()
	numIn := len(args)
	if !isMissing(final) {
		numIn++
	}
	numFixed := len(args)
	if typ.IsVariadic() {
		numFixed = typ.NumIn() - 1
		if numIn < numFixed {
			s.errorf("wrong number of args for %s: want at least %d got %d", name, typ.NumIn()-1, len(args))
		}
	} else if numIn != typ.NumIn() {
		s.errorf("wrong number of args for %s: want %d got %d", name, typ.NumIn(), numIn)
	}
	if err := goodFunc(name, typ); err != nil {
		s.errorf("%v", err)
	}
	unwrap := func(v reflect.Value) reflect.Value {
		if v.IsValid() && v.Type() == reflectValueType {
			v = v.Interface().(reflect.Value)
		}
		return v
	}
	if isBuiltin && (name == "and" || name == "or") {
		argType := typ.In(0)
		var v reflect.Value
		for _, arg := range args {
			v = s.evalArg(dot, argType, arg).Interface().(reflect.Value)
			if truth(v) == (name == "or") {
				return v
			}
		}
		if !isMissing(final) {
			v = unwrap(s.validateType(final, argType))
		}
		return v
	}
	argv := make([]reflect.Value, numIn)
	i := 0
	for ; i < numFixed && i < len(args); i++ {
		argv[i] = s.evalArg(dot, typ.In(i), args[i])
	}
	if typ.IsVariadic() {
		argType := typ.In(typ.NumIn() - 1).Elem()
		for ; i < len(args); i++ {
			argv[i] = s.evalArg(dot, argType, args[i])
		}
	}
	if !isMissing(final) {
		t := typ.In(typ.NumIn() - 1)
		if typ.IsVariadic() {
			if numIn-1 < numFixed {
				t = typ.In(numIn - 1)
			} else {
				t = t.Elem()
			}
		}
		argv[i] = s.validateType(final, t)
	}
	if isBuiltin && name == "call" {
		var callee string
		if len(args) == 0 {
			callee = final.String()
		} else {
			callee = args[0].String()
		}
		fnv := argv[0].Interface().(reflect.Value)
		rest := make([]reflect.Value, len(argv)-1)
		for j, a := range argv[1:] {
			rest[j] = a.Interface().(reflect.Value)
		}
		v, err := call(callee, fnv, rest...)
		if err != nil {
			s.at(node)
			s.errorf("error calling %s: %w", name, err)
		}
		return v
	}
	if isBuiltin {
		if v, err, ok := s.callBuiltin(name, argv); ok {
			if err != nil {
				s.at(node)
				s.errorf("error calling %s: %w", name, err)
			}
			return v
		}
	}
	v, err := safeCall(fun, argv)
	if err != nil {
		s.at(node)
		s.errorf("error calling %s: %w", name, err)
	}
	return unwrap(v)
}

// callBuiltin runs the builtins that take reflect.Values directly (as a
// reflective call would, without its cost).
func (s *state) callBuiltin(name string, argv []reflect.Value) (v reflect.Value, err error, ok bool) {
	vals := func(from int) []reflect.Value {
		out := make([]reflect.Value, len(argv)-from)
		for i, a := range argv[from:] {
			out[i] = a.Interface().(reflect.Value)
		}
		return out
	}
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(error); isErr {
				err = e
			} else {
				err = fmt.Errorf("%v", r)
			}
			ok = true
		}
	}()
	boolRes := func(b bool, err error) (reflect.Value, error, bool) {
		return reflect.ValueOf(b), err, true
	}
	switch name {
	case "not":
		return reflect.ValueOf(not(vals(0)[0])), nil, true
	case "len":
		n, err := length(vals(0)[0])
		return reflect.ValueOf(n), err, true
	case "index":
		a := vals(0)
		v, err := index(a[0], a[1:]...)
		return v, err, true
	case "slice":
		a := vals(0)
		v, err := slice(a[0], a[1:]...)
		return v, err, true
	case "eq":
		a := vals(0)
		return boolRes(eq(a[0], a[1:]...))
	case "ne":
		a := vals(0)
		return boolRes(ne(a[0], a[1]))
	case "lt":
		a := vals(0)
		return boolRes(lt(a[0], a[1]))
	case "le":
		a := vals(0)
		return boolRes(le(a[0], a[1]))
	case "gt":
		a := vals(0)
		return boolRes(gt(a[0], a[1]))
	case "ge":
		a := vals(0)
		return boolRes(ge(a[0], a[1]))
	case "print", "println", "html", "js", "urlquery":
		xs := make([]any, len(argv))
		for i, a := range argv {
			xs[i] = a.Interface()
		}
		var r string
		switch name {
		case "print":
			r = fmt.Sprint(xs...)
		case "println":
			r = fmt.Sprintln(xs...)
		case "html":
			r = HTMLEscaper(xs...)
		case "js":
			r = JSEscaper(xs...)
		default:
			r = URLQueryEscaper(xs...)
		}
		return reflect.ValueOf(r), nil, true
	case "printf":
		xs := make([]any, len(argv)-1)
		for i, a := range argv[1:] {
			xs[i] = a.Interface()
		}
		return reflect.ValueOf(fmt.Sprintf(argv[0].String(), xs...)), nil, true
	}
	return reflect.Value{}, nil, false
}

func canBeNil(typ reflect.Type) bool {
	switch typ.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return true
	case reflect.Struct:
		return typ == reflectValueType
	}
	return false
}

func (s *state) validateType(value reflect.Value, typ reflect.Type) reflect.Value {
	if !value.IsValid() {
		if typ == nil {
			return reflect.ValueOf(nil)
		}
		if canBeNil(typ) {
			return reflect.Zero(typ)
		}
		s.errorf("invalid value; expected %s", typ)
	}
	if typ == reflectValueType && value.Type() != typ {
		return reflect.ValueOf(value)
	}
	if typ != nil && !value.Type().AssignableTo(typ) {
		if value.Kind() == reflect.Interface && !value.IsNil() {
			value = value.Elem()
			if value.Type().AssignableTo(typ) {
				return value
			}
		}
		switch {
		case value.Kind() == reflect.Pointer && value.Type().Elem().AssignableTo(typ):
			value = value.Elem()
			if !value.IsValid() {
				s.errorf("dereference of nil pointer of type %s", typ)
			}
		case value.CanAddr() && ptrAssignable(value.Type(), typ):
			value = value.Addr()
		default:
			s.errorf("wrong type for value; expected %s; got %s", typ, value.Type())
		}
	}
	return value
}

func (s *state) evalArg(dot reflect.Value, typ reflect.Type, n parse.Node) reflect.Value {
	s.at(n)
	switch arg := n.(type) {
	case *parse.DotNode:
		return s.validateType(dot, typ)
	case *parse.NilNode:
		if canBeNil(typ) {
			return reflect.Zero(typ)
		}
		s.errorf("cannot assign nil to %s", typ)
	case *parse.FieldNode:
		return s.validateType(s.evalFieldNode(dot, arg, []parse.Node{n}, missingVal), typ)
	case *parse.VariableNode:
		return s.validateType(s.evalVariableNode(dot, arg, nil, missingVal), typ)
	case *parse.PipeNode:
		return s.validateType(s.evalPipeline(dot, arg), typ)
	case *parse.IdentifierNode:
		return s.validateType(s.evalFunction(dot, arg, arg, nil, missingVal), typ)
	case *parse.ChainNode:
		return s.validateType(s.evalChainNode(dot, arg, nil, missingVal), typ)
	}
	switch typ.Kind() {
	case reflect.Bool:
		if b, ok := n.(*parse.BoolNode); ok {
			if v := reflect.ValueOf(b.True); v.Type() == typ {
				return v
			}
			v := reflect.New(typ).Elem()
			v.SetBool(b.True)
			return v
		}
		s.errorf("expected bool; found %s", n)
	case reflect.Complex64, reflect.Complex128:
		if c, ok := n.(*parse.NumberNode); ok && c.IsComplex {
			v := reflect.New(typ).Elem()
			v.SetComplex(c.Complex128)
			return v
		}
		s.errorf("expected complex; found %s", n)
	case reflect.Float32, reflect.Float64:
		if c, ok := n.(*parse.NumberNode); ok && c.IsFloat {
			if v := reflect.ValueOf(c.Float64); v.Type() == typ {
				return v
			}
			v := reflect.New(typ).Elem()
			v.SetFloat(c.Float64)
			return v
		}
		s.errorf("expected float; found %s", n)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if c, ok := n.(*parse.NumberNode); ok && c.IsInt {
			if v := reflect.ValueOf(int(c.Int64)); v.Type() == typ {
				return v
			}
			v := reflect.New(typ).Elem()
			v.SetInt(c.Int64)
			return v
		}
		s.errorf("expected integer; found %s", n)
	case reflect.Interface:
		if typ.NumMethod() == 0 {
			return s.evalEmptyInterface(dot, n)
		}
	case reflect.Struct:
		if typ == reflectValueType {
			return reflect.ValueOf(s.evalEmptyInterface(dot, n))
		}
	case reflect.String:
		if c, ok := n.(*parse.StringNode); ok {
			if v := reflect.ValueOf(c.Text); v.Type() == typ {
				return v
			}
			v := reflect.New(typ).Elem()
			v.SetString(c.Text)
			return v
		}
		s.errorf("expected string; found %s", n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if c, ok := n.(*parse.NumberNode); ok && c.IsUint {
			v := reflect.New(typ).Elem()
			v.SetUint(c.Uint64)
			return v
		}
		s.errorf("expected unsigned integer; found %s", n)
	}
	s.errorf("can't handle %s for arg of type %s", n, typ)
	panic("not reached")
}

func (s *state) evalEmptyInterface(dot reflect.Value, n parse.Node) reflect.Value {
	s.at(n)
	switch n := n.(type) {
	case *parse.BoolNode:
		return reflect.ValueOf(n.True)
	case *parse.DotNode:
		return dot
	case *parse.FieldNode:
		return s.evalFieldNode(dot, n, nil, missingVal)
	case *parse.IdentifierNode:
		return s.evalFunction(dot, n, n, nil, missingVal)
	case *parse.NilNode:
		s.errorf("evalEmptyInterface: nil (can't happen)")
	case *parse.NumberNode:
		return s.idealConstant(n)
	case *parse.StringNode:
		return reflect.ValueOf(n.Text)
	case *parse.VariableNode:
		return s.evalVariableNode(dot, n, nil, missingVal)
	case *parse.PipeNode:
		return s.evalPipeline(dot, n)
	}
	s.errorf("can't handle assignment of %s to empty interface argument", n)
	panic("not reached")
}

func indirect(v reflect.Value) (rv reflect.Value, isNil bool) {
	for ; v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface; v = v.Elem() {
		if v.IsNil() {
			return v, true
		}
	}
	return v, false
}

func indirectInterface(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Interface {
		return v
	}
	if v.IsNil() {
		return reflect.Value{}
	}
	return v.Elem()
}

func (s *state) printValue(n parse.Node, v reflect.Value) {
	s.at(n)
	iface, ok := printableValue(v)
	if !ok {
		s.errorf("can't print %s of type %s", n, v.Type())
	}
	if str, isStr := iface.(string); isStr {
		if _, err := io.WriteString(s.wr, str); err != nil {
			s.writeError(err)
		}
		return
	}
	if _, err := fmt.Fprint(s.wr, iface); err != nil {
		s.writeError(err)
	}
}

func printableValue(v reflect.Value) (any, bool) {
	if v.Kind() == reflect.Pointer {
		v, _ = indirect(v)
	}
	if !v.IsValid() {
		return "<no value>", true
	}
	if !v.Type().Implements(errorType) && !v.Type().Implements(fmtStringerType) {
		if pt, ok := ptrTo(v.Type()); ok && v.CanAddr() && (pt.Implements(errorType) || pt.Implements(fmtStringerType)) {
			v = v.Addr()
		} else {
			switch v.Kind() {
			case reflect.Chan, reflect.Func:
				return nil, false
			}
		}
	}
	return v.Interface(), true
}

// ptrTo is reflect.PointerTo(t), or false where minigo has no such type
// (then no value of it exists either).
func ptrTo(t reflect.Type) (pt reflect.Type, ok bool) {
	defer func() {
		if recover() != nil {
			pt, ok = nil, false
		}
	}()
	return reflect.PointerTo(t), true
}

func ptrAssignable(t, typ reflect.Type) bool {
	pt, ok := ptrTo(t)
	return ok && pt.AssignableTo(typ)
}

// basicPointers makes the program know the pointer types of the basic
// types, so that reflect.New can make a settable argument of any of them
// (minigo's reflect makes only pointer types the program mentions).
var basicPointers = []any{
	new(bool), new(string), new(int), new(int8), new(int16), new(int32), new(int64),
	new(uint), new(uint8), new(uint16), new(uint32), new(uint64), new(uintptr),
	new(float32), new(float64), new(complex64), new(complex128),
}

type fieldKey struct {
	t    reflect.Type
	name string
}

type fieldInfo struct {
	f  reflect.StructField
	ok bool
}

// fieldCache remembers Type.FieldByName (a walk through embedded structs
// that the executor would otherwise repeat for every row).
var fieldCache struct {
	sync.RWMutex
	m map[fieldKey]fieldInfo
}

func fieldByName(t reflect.Type, name string) (reflect.StructField, bool) {
	k := fieldKey{t, name}
	fieldCache.RLock()
	fi, hit := fieldCache.m[k]
	fieldCache.RUnlock()
	if hit {
		return fi.f, fi.ok
	}
	f, ok := t.FieldByName(name)
	fieldCache.Lock()
	if fieldCache.m == nil {
		fieldCache.m = make(map[fieldKey]fieldInfo)
	}
	fieldCache.m[k] = fieldInfo{f, ok}
	fieldCache.Unlock()
	return f, ok
}
