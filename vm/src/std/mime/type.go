package mime

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
)

// The extension table: filled on first use from builtinTypes and then
// the system's files, as Go does on Unix.
var (
	typesOnce  sync.Once
	typesMu    sync.Mutex
	typesExact map[string]string   // ".Z" => "application/x-compress"
	typesLower map[string]string   // ".z" => "application/x-compress"
	typesExts  map[string][]string // "image/jpeg" => [".jpg", ...]
)

var builtinTypes = map[string]string{
	".ai":    "application/postscript",
	".apk":   "application/vnd.android.package-archive",
	".apng":  "image/apng",
	".avif":  "image/avif",
	".bin":   "application/octet-stream",
	".bmp":   "image/bmp",
	".com":   "application/octet-stream",
	".css":   "text/css; charset=utf-8",
	".csv":   "text/csv; charset=utf-8",
	".doc":   "application/msword",
	".docx":  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".ehtml": "text/html; charset=utf-8",
	".eml":   "message/rfc822",
	".eps":   "application/postscript",
	".exe":   "application/octet-stream",
	".flac":  "audio/flac",
	".gif":   "image/gif",
	".gz":    "application/gzip",
	".htm":   "text/html; charset=utf-8",
	".html":  "text/html; charset=utf-8",
	".ico":   "image/vnd.microsoft.icon",
	".ics":   "text/calendar; charset=utf-8",
	".jfif":  "image/jpeg",
	".jpeg":  "image/jpeg",
	".jpg":   "image/jpeg",
	".js":    "text/javascript; charset=utf-8",
	".json":  "application/json",
	".m4a":   "audio/mp4",
	".mjs":   "text/javascript; charset=utf-8",
	".mp3":   "audio/mpeg",
	".mp4":   "video/mp4",
	".oga":   "audio/ogg",
	".ogg":   "audio/ogg",
	".ogv":   "video/ogg",
	".opus":  "audio/ogg",
	".pdf":   "application/pdf",
	".pjp":   "image/jpeg",
	".pjpeg": "image/jpeg",
	".png":   "image/png",
	".ppt":   "application/vnd.ms-powerpoint",
	".pptx":  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	".ps":    "application/postscript",
	".rdf":   "application/rdf+xml",
	".rtf":   "application/rtf",
	".shtml": "text/html; charset=utf-8",
	".svg":   "image/svg+xml",
	".text":  "text/plain; charset=utf-8",
	".tif":   "image/tiff",
	".tiff":  "image/tiff",
	".txt":   "text/plain; charset=utf-8",
	".vtt":   "text/vtt; charset=utf-8",
	".wasm":  "application/wasm",
	".wav":   "audio/wav",
	".weba":  "audio/webm",
	".webm":  "video/webm",
	".webp":  "image/webp",
	".xbl":   "text/xml; charset=utf-8",
	".xbm":   "image/x-xbitmap",
	".xht":   "application/xhtml+xml",
	".xhtml": "application/xhtml+xml",
	".xls":   "application/vnd.ms-excel",
	".xlsx":  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".xml":   "text/xml; charset=utf-8",
	".xsl":   "text/xml; charset=utf-8",
	".zip":   "application/zip",
}

func initTypes() {
	typesExact = make(map[string]string, len(builtinTypes))
	typesLower = make(map[string]string, len(builtinTypes))
	typesExts = make(map[string][]string)
	for ext, typ := range builtinTypes {
		typesExact[ext] = typ
		typesLower[ext] = typ
		just, _, _ := ParseMediaType(typ)
		typesExts[just] = append(typesExts[just], ext)
	}
	// The shared-mime-info database if there is one, else the
	// mime.types files.
	for _, name := range []string{"/usr/local/share/mime/globs2", "/usr/share/mime/globs2"} {
		if loadGlobs(name) {
			return
		}
	}
	for _, name := range []string{"/etc/mime.types", "/etc/apache2/mime.types", "/etc/apache/mime.types", "/etc/httpd/conf/mime.types"} {
		loadTypesFile(name)
	}
}

// loadGlobs reads a globs2 file: "weight:type:*.ext" lines.
func loadGlobs(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ":")
		if len(fields) < 3 || len(fields[0]) < 1 || len(fields[2]) < 3 {
			continue
		}
		if fields[0][0] == '#' || fields[2][0] != '*' || fields[2][1] != '.' {
			continue
		}
		ext := fields[2][1:]
		if strings.ContainsAny(ext, "?*[") {
			continue
		}
		if _, ok := typesExact[ext]; ok {
			// The first, highest weighted, glob wins; the builtin
			// table wins over all.
			continue
		}
		setType(ext, fields[1])
	}
	return true
}

// loadTypesFile reads a mime.types file: "type ext ext..." lines.
func loadTypesFile(name string) {
	f, err := os.Open(name)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) <= 1 || fields[0][0] == '#' {
			continue
		}
		for _, ext := range fields[1:] {
			if ext[0] == '#' {
				break
			}
			setType("."+ext, fields[0])
		}
	}
}

// setType maps ext to typ (with charset=utf-8 added to a text type
// lacking a charset); the caller holds typesMu or is initTypes.
func setType(ext, typ string) error {
	just, param, err := ParseMediaType(typ)
	if err != nil {
		return err
	}
	if strings.HasPrefix(typ, "text/") && param["charset"] == "" {
		param["charset"] = "utf-8"
		typ = FormatMediaType(just, param)
	}
	lower := strings.ToLower(ext)
	typesExact[ext] = typ
	typesLower[lower] = typ
	for _, e := range typesExts[just] {
		if e == lower {
			return nil
		}
	}
	typesExts[just] = append(typesExts[just], lower)
	return nil
}

// TypeByExtension returns the MIME type of the file extension ext (with
// its leading dot), or "". The match is case-sensitive first, then
// case-insensitive. Text types have charset=utf-8 unless they name one.
// The table is Go's builtin one completed from the system's
// /usr/share/mime/globs2 or /etc/mime.types files.
func TypeByExtension(ext string) string {
	typesOnce.Do(initTypes)
	typesMu.Lock()
	defer typesMu.Unlock()
	if t, ok := typesExact[ext]; ok {
		return t
	}
	return typesLower[strings.ToLower(ext)]
}

// ExtensionsByType returns the extensions known for the MIME type typ,
// sorted, or nil.
func ExtensionsByType(typ string) ([]string, error) {
	just, _, err := ParseMediaType(typ)
	if err != nil {
		return nil, err
	}
	typesOnce.Do(initTypes)
	typesMu.Lock()
	defer typesMu.Unlock()
	exts, ok := typesExts[just]
	if !ok {
		return nil, nil
	}
	out := append([]string(nil), exts...)
	sort.Strings(out)
	return out, nil
}

// AddExtensionType sets the MIME type of the extension ext, which must
// begin with a dot.
func AddExtensionType(ext, typ string) error {
	if !strings.HasPrefix(ext, ".") {
		return fmt.Errorf("mime: extension %q missing leading dot", ext)
	}
	typesOnce.Do(initTypes)
	typesMu.Lock()
	defer typesMu.Unlock()
	return setType(ext, typ)
}
