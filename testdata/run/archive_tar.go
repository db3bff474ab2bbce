package main

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"
	"time"
)

func main() {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	mt := time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC)
	files := []struct {
		Name, Body string
	}{
		{"readme.txt", "This archive contains some text files."},
		{"gopher.txt", "Gopher names:\nGeorge\nGeoffrey\nGonzo"},
		{"todo.txt", "Get animal handling license."},
	}
	for _, file := range files {
		hdr := &tar.Header{Name: file.Name, Mode: 0600, Size: int64(len(file.Body)), ModTime: mt, Uname: "gopher", Gname: "staff", Uid: 1000, Gid: 100}
		if err := tw.WriteHeader(hdr); err != nil {
			panic(err)
		}
		tw.Write([]byte(file.Body))
	}
	long := strings.Repeat("very/long/path/", 12) + "file.txt"
	fmt.Println(tw.WriteHeader(&tar.Header{Name: long, Mode: 0644, Size: 3, ModTime: mt}))
	tw.Write([]byte("abc"))
	longer := strings.Repeat("x", 180)
	fmt.Println(tw.WriteHeader(&tar.Header{Name: longer, Mode: 0644, Size: 0, ModTime: mt}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "ünïcode.txt", Mode: 0644, ModTime: mt}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "gnu-long-" + longer, Mode: 0644, ModTime: mt, Format: tar.FormatGNU}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "dir/", Typeflag: tar.TypeDir, Mode: 0755, ModTime: mt}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "link", Typeflag: tar.TypeSymlink, Linkname: "readme.txt", ModTime: mt}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "nano.txt", ModTime: time.Unix(1700000000, 123456789), Format: tar.FormatPAX}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "big", Uid: 1 << 22, ModTime: mt}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "dev", Typeflag: tar.TypeChar, Devmajor: 1 << 30, ModTime: mt, AccessTime: mt, Format: tar.FormatGNU}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "neg", Mode: -1, ModTime: mt}))
	fmt.Println(tw.Flush())
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "recs.txt", ModTime: mt, PAXRecords: map[string]string{"comment": "hi", "SCHILY.xattr.user.k": "v"}}))
	n, err := tw.Write([]byte("x"))
	fmt.Println(n, err)
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "bad/", Typeflag: tar.TypeReg}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "x", Typeflag: tar.TypeXHeader}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: longer, Format: tar.FormatUSTAR}))
	fmt.Println(tw.WriteHeader(&tar.Header{Name: "short", Size: 5, ModTime: mt}))
	n, err = tw.Write([]byte("1234567"))
	fmt.Println(n, err)
	fmt.Println(tw.Close(), tw.Close())
	_, err = tw.Write([]byte("x"))
	fmt.Println(err, tw.WriteHeader(&tar.Header{Name: "late"}))
	fmt.Println(buf.Len())
	fmt.Printf("%x\n", sha256.Sum256(buf.Bytes()))

	tr := tar.NewReader(bytes.NewReader(buf.Bytes()))
	for {
		hdr, err := tr.Next()
		if err != nil {
			fmt.Println("end:", err)
			break
		}
		body, err := io.ReadAll(tr)
		fmt.Printf("%q %c size=%d mode=%o uid=%d gid=%d %q %q mt=%v fmt=%v link=%q pax=%v xattrs=%v body=%q err=%v\n",
			hdr.Name, hdr.Typeflag, hdr.Size, hdr.Mode, hdr.Uid, hdr.Gid, hdr.Uname, hdr.Gname, hdr.ModTime.UTC(), hdr.Format, hdr.Linkname, hdr.PAXRecords, hdr.Xattrs, truncate(body), err)
		fi := hdr.FileInfo()
		fmt.Println(" ", fi.Name(), fi.Mode(), fi.IsDir())
	}
	// Reading only part of each file, then Next.
	tr = tar.NewReader(bytes.NewReader(buf.Bytes()))
	for i := 0; i < 3; i++ {
		hdr, _ := tr.Next()
		p := make([]byte, 4)
		n, err := tr.Read(p)
		fmt.Println(hdr.Name, n, err, string(p[:n]))
	}
	p := make([]byte, 100)
	n, err = tr.Read(p)
	fmt.Println(n, err)
	n, err = tr.Read(p)
	fmt.Println(n, err)
	// Truncated and corrupt archives.
	data := buf.Bytes()
	for _, cut := range []int{0, 100, 512, 530, 1024} {
		tr := tar.NewReader(bytes.NewReader(data[:cut]))
		var errs []string
		for {
			_, err := tr.Next()
			if err == nil {
				_, err = io.ReadAll(tr)
				if err == nil {
					continue
				}
			}
			errs = append(errs, err.Error())
			break
		}
		fmt.Println(cut, errs)
	}
	bad := append([]byte(nil), data...)
	bad[10] ^= 1
	_, err = tar.NewReader(bytes.NewReader(bad)).Next()
	fmt.Println(err)
	fmt.Println(tar.FormatUnknown, tar.FormatUSTAR, tar.FormatPAX, tar.FormatGNU, tar.FormatPAX|tar.FormatGNU)
	fi := (&tar.Header{Name: "a/b/c.txt", Mode: 04755, Size: 9, ModTime: mt}).FileInfo()
	h2, err := tar.FileInfoHeader(fi, "")
	fmt.Println(h2.Name, h2.Mode, h2.Size, h2.Typeflag, err, fi.Mode())
	fmt.Println(tar.ErrHeader, tar.ErrWriteTooLong, tar.ErrFieldTooLong, tar.ErrWriteAfterClose, tar.ErrInsecurePath)
}

func truncate(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "..."
	}
	return string(b)
}
