// syscall.Errno values and texts, and how os/net errors match them.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

func main() {
	for _, e := range []syscall.Errno{syscall.EAFNOSUPPORT, syscall.EPROTONOSUPPORT, syscall.EMSGSIZE, syscall.ENOTSOCK, syscall.ECANCELED, syscall.EOVERFLOW, syscall.ETXTBSY, syscall.ESTALE, syscall.EDQUOT, syscall.EILSEQ, syscall.ETIME, syscall.ENODATA, syscall.EOWNERDEAD, syscall.ENOTRECOVERABLE, syscall.ENOMEDIUM, syscall.ENOENT, syscall.EEXIST, syscall.Errno(0)} {
		fmt.Printf("%d %q %v %v %v\n", int(e), e.Error(), e.Timeout(), e.Temporary(), errors.Is(e, fs.ErrNotExist))
	}
}
