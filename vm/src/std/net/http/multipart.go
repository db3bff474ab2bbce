package http

import (
	"errors"
	"mime"
	"mime/multipart"
	"net/url"
)

// multipartByReader marks a request whose body MultipartReader handed
// out.
var multipartByReader = &multipart.Form{
	Value: make(map[string][]string),
	File:  make(map[string][]*multipart.FileHeader),
}

// MultipartReader returns a reader of a multipart/form-data or
// multipart/mixed POST body, to stream it instead of calling
// ParseMultipartForm.
func (r *Request) MultipartReader() (*multipart.Reader, error) {
	if r.MultipartForm == multipartByReader {
		return nil, errors.New("http: MultipartReader called twice")
	}
	if r.MultipartForm != nil {
		return nil, errors.New("http: multipart handled by ParseMultipartForm")
	}
	r.MultipartForm = multipartByReader
	return r.multipartReader(true)
}

func (r *Request) multipartReader(allowMixed bool) (*multipart.Reader, error) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return nil, ErrNotMultipart
	}
	if r.Body == nil {
		return nil, errors.New("missing form body")
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "multipart/form-data" && !(allowMixed && mt == "multipart/mixed") {
		return nil, ErrNotMultipart
	}
	boundary, ok := params["boundary"]
	if !ok {
		return nil, ErrMissingBoundary
	}
	return multipart.NewReader(r.Body, boundary), nil
}

// ParseMultipartForm parses a multipart/form-data body, keeping up to
// maxMemory bytes of its files in memory and the rest in temporary
// files. It calls ParseForm first if needed, and returns ParseForm's
// error after parsing the body all the same. Later calls do nothing.
func (r *Request) ParseMultipartForm(maxMemory int64) error {
	if r.MultipartForm == multipartByReader {
		return errors.New("http: multipart handled by MultipartReader")
	}
	var formErr error
	if r.Form == nil {
		formErr = r.ParseForm()
	}
	if r.MultipartForm != nil {
		return nil
	}
	mr, err := r.multipartReader(false)
	if err != nil {
		return err
	}
	f, err := mr.ReadForm(maxMemory)
	if err != nil {
		return err
	}
	if r.PostForm == nil {
		r.PostForm = make(url.Values)
	}
	for k, vs := range f.Value {
		r.Form[k] = append(r.Form[k], vs...)
		r.PostForm[k] = append(r.PostForm[k], vs...)
	}
	r.MultipartForm = f
	return formErr
}

// FormFile returns the first file of the form field key, calling
// ParseMultipartForm if needed.
func (r *Request) FormFile(key string) (multipart.File, *multipart.FileHeader, error) {
	if r.MultipartForm == multipartByReader {
		return nil, nil, errors.New("http: multipart handled by MultipartReader")
	}
	if r.MultipartForm == nil {
		if err := r.ParseMultipartForm(defaultMaxMemory); err != nil {
			return nil, nil, err
		}
	}
	if r.MultipartForm != nil && r.MultipartForm.File != nil {
		if fhs := r.MultipartForm.File[key]; len(fhs) > 0 {
			f, err := fhs[0].Open()
			return f, fhs[0], err
		}
	}
	return nil, nil, ErrMissingFile
}
