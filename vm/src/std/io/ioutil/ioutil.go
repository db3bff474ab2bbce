// Package ioutil implements some I/O utility functions. As in Go, each
// is now a thin wrapper over package io or os.
package ioutil

import (
	"io"
	"io/fs"
	"os"
)

// ReadAll reads from r until an error or EOF and returns the data it read.
func ReadAll(r io.Reader) ([]byte, error) { return io.ReadAll(r) }

// ReadFile reads the file named by filename and returns the contents.
func ReadFile(filename string) ([]byte, error) { return os.ReadFile(filename) }

// WriteFile writes data to a file named by filename.
func WriteFile(filename string, data []byte, perm fs.FileMode) error {
	return os.WriteFile(filename, data, perm)
}

// ReadDir reads the directory named by dirname and returns a list of
// fs.FileInfo for its contents, sorted by filename.
func ReadDir(dirname string) ([]fs.FileInfo, error) {
	entries, err := os.ReadDir(dirname)
	if err != nil {
		return nil, err
	}
	list := make([]fs.FileInfo, 0, len(entries))
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			return nil, err
		}
		list = append(list, info)
	}
	return list, nil
}

// NopCloser returns a ReadCloser with a no-op Close method wrapping r.
func NopCloser(r io.Reader) io.ReadCloser { return io.NopCloser(r) }

// Discard is an io.Writer on which all Write calls succeed.
var Discard io.Writer = io.Discard

// TempFile creates a new temporary file, as os.CreateTemp.
func TempFile(dir, pattern string) (f *os.File, err error) { return os.CreateTemp(dir, pattern) }

// TempDir creates a new temporary directory, as os.MkdirTemp.
func TempDir(dir, pattern string) (name string, err error) { return os.MkdirTemp(dir, pattern) }
