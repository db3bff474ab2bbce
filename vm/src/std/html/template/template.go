// Package template (html/template) implements data-driven templates for
// generating HTML output safe against code injection: text/template with
// contextual autoescaping of every action.
package template

import (
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sync"
	"text/template"
	"text/template/parse"
)

// FuncMap is the type of the map defining the mapping from names to
// functions.
type FuncMap = template.FuncMap

// Template is a specialized Template from "text/template" that produces a
// safe HTML document fragment. (An alias: minigo's method keys name types
// by package name, so a second `template.Template` with methods of the
// same names would clash with text/template's.)
type Template = htmlTemplate

type htmlTemplate struct {
	text *template.Template
	// Tree is the parse tree of the underlying text template.
	Tree *parse.Tree
	ns   *nameSpace
}

// nameSpace is shared by the templates of one set.
type nameSpace struct {
	mu      sync.Mutex
	set     map[string]*Template
	escaped map[string]bool
	// errs: the escaping error of each template that failed; it
	// cannot be executed.
	errs map[string]error
}

func wrap(t *template.Template, ns *nameSpace) *Template {
	if t == nil {
		return nil
	}
	ns.mu.Lock()
	defer ns.mu.Unlock()
	if x := ns.set[t.Name()]; x != nil && x.text == t {
		x.Tree = t.Tree
		return x
	}
	x := &Template{text: t, Tree: t.Tree, ns: ns}
	ns.set[t.Name()] = x
	return x
}

func newNS() *nameSpace {
	return &nameSpace{set: map[string]*Template{}, escaped: map[string]bool{}, errs: map[string]error{}}
}

// New allocates a new HTML template with the given name.
func New(name string) *Template {
	ns := newNS()
	t := wrap(template.New(name), ns)
	t.text.Funcs(escaperFuncs)
	return t
}

// Must is a helper that wraps a call to a function returning
// (*Template, error) and panics if the error is non-nil.
func Must(t *Template, err error) *Template {
	if err != nil {
		panic(err)
	}
	return t
}

// Name returns the name of the template.
func (t *Template) Name() string { return t.text.Name() }

// New allocates a new HTML template associated with the given one and
// with the same delimiters.
func (t *Template) New(name string) *Template {
	return wrap(t.text.New(name), t.ns)
}

// Parse parses text as a template body for t.
func (t *Template) Parse(text string) (*Template, error) {
	if _, err := t.text.Parse(text); err != nil {
		return nil, err
	}
	t.sync()
	return t, nil
}

// sync wraps every template of the text set.
func (t *Template) sync() {
	for _, x := range t.text.Templates() {
		wrap(x, t.ns)
	}
	t.Tree = t.text.Tree
}

// AddParseTree creates a new template with the name and parse tree and
// associates it with t.
func (t *Template) AddParseTree(name string, tree *parse.Tree) (*Template, error) {
	nt, err := t.text.AddParseTree(name, tree)
	if err != nil {
		return nil, err
	}
	return wrap(nt, t.ns), nil
}

// Clone returns a duplicate of the template, including all associated
// templates.
func (t *Template) Clone() (*Template, error) {
	t.ns.mu.Lock()
	executed := len(t.ns.escaped) > 0
	t.ns.mu.Unlock()
	if executed {
		return nil, fmt.Errorf("html/template: cannot Clone %q after it has executed", t.Name())
	}
	c, err := t.text.Clone()
	if err != nil {
		return nil, err
	}
	for _, x := range c.Templates() {
		if x.Tree != nil {
			x.Tree = x.Tree.Copy()
		}
	}
	ns := newNS()
	nt := wrap(c, ns)
	nt.sync()
	return nt, nil
}

// Delims sets the action delimiters to the specified strings.
func (t *Template) Delims(left, right string) *Template {
	t.text.Delims(left, right)
	return t
}

// Funcs adds the elements of the argument map to the template's function
// map.
func (t *Template) Funcs(funcMap FuncMap) *Template {
	t.text.Funcs(funcMap)
	return t
}

// Option sets options for the template.
func (t *Template) Option(opt ...string) *Template {
	t.text.Option(opt...)
	return t
}

// Lookup returns the template with the given name that is associated
// with t, or nil if there is no such template.
func (t *Template) Lookup(name string) *Template {
	x := t.text.Lookup(name)
	if x == nil {
		return nil
	}
	return wrap(x, t.ns)
}

// Templates returns a slice of the templates associated with t.
func (t *Template) Templates() []*Template {
	var out []*Template
	for _, x := range t.text.Templates() {
		out = append(out, wrap(x, t.ns))
	}
	return out
}

// DefinedTemplates returns a string listing the defined templates.
func (t *Template) DefinedTemplates() string { return t.text.DefinedTemplates() }

// Execute applies a parsed template to the specified data object, writing
// the output to wr.
func (t *Template) Execute(wr io.Writer, data any) error {
	if err := t.escape(); err != nil {
		return err
	}
	return t.text.Execute(wr, data)
}

// ExecuteTemplate applies the template associated with t that has the
// given name to the specified data object and writes the output to wr.
func (t *Template) ExecuteTemplate(wr io.Writer, name string, data any) error {
	x := t.Lookup(name)
	if x == nil {
		return fmt.Errorf("html/template: %q is undefined", name)
	}
	return x.Execute(wr, data)
}

func (t *Template) escape() error {
	t.ns.mu.Lock()
	defer t.ns.mu.Unlock()
	if err := t.ns.errs[t.Name()]; err != nil {
		return err
	}
	if t.ns.escaped[t.Name()] {
		return nil
	}
	if t.text.Tree == nil || t.text.Tree.Root == nil {
		return fmt.Errorf("template: %s: %q is an incomplete or empty template", t.Name(), t.Name())
	}
	e := &escaper{t: t.text, done: t.ns.escaped}
	c := e.escapeTree(t.Name(), context{}, nil, 0)
	var err *Error
	if e.err != nil {
		err = e.err
		err.Name = t.Name()
	} else if c.state != stText {
		err = &Error{ErrorCode: ErrEndContext, Name: t.Name(), Description: fmt.Sprintf("ends in a non-text context: %v", c)}
	}
	if err != nil {
		t.ns.errs[t.Name()] = err
		return err
	}
	return nil
}

// ParseFiles creates a new Template and parses the template definitions
// from the named files.
func ParseFiles(filenames ...string) (*Template, error) {
	tt, err := template.New("").Funcs(escaperFuncs).ParseFiles(filenames...)
	if err != nil {
		return nil, err
	}
	return setFrom(tt, filepath.Base(filenames[0])), nil
}

// ParseFiles parses the named files and associates the resulting
// templates with t.
func (t *Template) ParseFiles(filenames ...string) (*Template, error) {
	if _, err := t.text.ParseFiles(filenames...); err != nil {
		return nil, err
	}
	t.sync()
	return t, nil
}

// ParseGlob creates a new Template and parses the template definitions
// from the files identified by the pattern.
func ParseGlob(pattern string) (*Template, error) {
	names, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("html/template: pattern matches no files: %#q", pattern)
	}
	return ParseFiles(names...)
}

// ParseGlob parses the template definitions in the files identified by
// the pattern and associates the resulting templates with t.
func (t *Template) ParseGlob(pattern string) (*Template, error) {
	names, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("html/template: pattern matches no files: %#q", pattern)
	}
	return t.ParseFiles(names...)
}

// ParseFS is like ParseFiles or ParseGlob but reads from the file system
// fsys.
func ParseFS(fsys fs.FS, patterns ...string) (*Template, error) {
	tt, err := template.New("").Funcs(escaperFuncs).ParseFS(fsys, patterns...)
	if err != nil {
		return nil, err
	}
	return setFrom(tt, ""), nil
}

// ParseFS is like ParseFiles or ParseGlob but reads from the file system
// fsys.
func (t *Template) ParseFS(fsys fs.FS, patterns ...string) (*Template, error) {
	if _, err := t.text.ParseFS(fsys, patterns...); err != nil {
		return nil, err
	}
	t.sync()
	return t, nil
}

func setFrom(tt *template.Template, first string) *Template {
	ns := newNS()
	root := tt
	if first != "" {
		if x := tt.Lookup(first); x != nil {
			root = x
		}
	} else if ts := tt.Templates(); len(ts) > 0 {
		root = ts[0]
	}
	t := wrap(root, ns)
	t.sync()
	return t
}

// IsTrue reports whether the value is 'true', in the sense of not the
// zero of its type, and whether the value has a meaningful truth value.
func IsTrue(val any) (truth, ok bool) { return template.IsTrue(val) }

// HTMLEscape writes to w the escaped HTML equivalent of the plain text
// data b.
func HTMLEscape(w io.Writer, b []byte) { template.HTMLEscape(w, b) }

// HTMLEscapeString returns the escaped HTML equivalent of the plain text
// data s.
func HTMLEscapeString(s string) string { return template.HTMLEscapeString(s) }

// HTMLEscaper returns the escaped HTML equivalent of the textual
// representation of its arguments.
func HTMLEscaper(args ...any) string { return template.HTMLEscaper(args...) }

// JSEscape writes to w the escaped JavaScript equivalent of the plain
// text data b.
func JSEscape(w io.Writer, b []byte) { template.JSEscape(w, b) }

// JSEscapeString returns the escaped JavaScript equivalent of the plain
// text data s.
func JSEscapeString(s string) string { return template.JSEscapeString(s) }

// JSEscaper returns the escaped JavaScript equivalent of the textual
// representation of its arguments.
func JSEscaper(args ...any) string { return template.JSEscaper(args...) }

// URLQueryEscaper returns the escaped value of the textual representation
// of its arguments in a form suitable for embedding in a URL query.
func URLQueryEscaper(args ...any) string { return template.URLQueryEscaper(args...) }
