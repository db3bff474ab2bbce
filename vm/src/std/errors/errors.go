// Package errors as minigo sees it.
package errors

type errorString struct {
	s string
}

func (e *errorString) Error() string {
	return e.s
}

func New(text string) error {
	return &errorString{text}
}

func Unwrap(err error) error {
	u, ok := err.(interface{ Unwrap() error })
	if !ok {
		return nil
	}
	return u.Unwrap()
}

func Is(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	isComparable := comparable(target)
	for {
		if isComparable && comparable(err) && err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		if x, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range x.Unwrap() {
				if Is(e, target) {
					return true
				}
			}
			return false
		}
		err = Unwrap(err)
		if err == nil {
			return false
		}
	}
}

func As(err error, target any) bool {
	if target == nil {
		panic("errors: target cannot be nil")
	}
	for err != nil {
		if asTarget(err, target) {
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		if x, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range x.Unwrap() {
				if e != nil && As(e, target) {
					return true
				}
			}
			return false
		}
		err = Unwrap(err)
	}
	return false
}

// comparable reports whether the dynamic type of v is comparable (native).
func comparable(v any) bool

// asTarget: target is a non-nil pointer *T; if err's dynamic type is
// assignable to T (or implements it, for an interface T) it stores err
// in *target and reports true (native; panics like Go on a bad target).
func asTarget(err error, target any) bool

// Join returns an error that wraps the given errors (nil ones are
// dropped); its text is theirs, one per line.
func Join(errs ...error) error {
	n := 0
	for _, err := range errs {
		if err != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	e := &joinError{errs: make([]error, 0, n)}
	for _, err := range errs {
		if err != nil {
			e.errs = append(e.errs, err)
		}
	}
	return e
}

type joinError struct {
	errs []error
}

func (e *joinError) Error() string {
	s := ""
	for i, err := range e.errs {
		if i > 0 {
			s += "\n"
		}
		s += err.Error()
	}
	return s
}

func (e *joinError) Unwrap() []error { return e.errs }

// ErrUnsupported reports that an operation cannot be done because it is
// not supported (syscall.ENOSYS matches it).
var ErrUnsupported = New("unsupported operation")

// AsType finds the first error in err's tree of type E and returns it,
// as As does with a *E target.
func AsType[E error](err error) (E, bool) {
	var zero E
	for err != nil {
		if e, ok := err.(E); ok {
			return e, true
		}
		if x, ok := err.(interface{ As(any) bool }); ok {
			var e E
			if x.As(&e) {
				return e, true
			}
		}
		if x, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range x.Unwrap() {
				if e == nil {
					continue
				}
				if found, ok := AsType[E](e); ok {
					return found, true
				}
			}
			return zero, false
		}
		err = Unwrap(err)
	}
	return zero, false
}
