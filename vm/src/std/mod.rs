//! The Go standard library as minigo provides it: one folder per package,
//! named by its import path (`std/unicode/utf8/`), holding
//!
//! * the package's Go source (`utf8.go`), compiled with the user's program:
//!   everything that needs no native is written there, in Go;
//! * its natives (`mod.rs`, a `lookup` from native name to [`NativeFn`]):
//!   the functions and methods declared without a body;
//! * any pure engine the natives convert to and from (`engine.rs`: plain
//!   Rust data in and out, unit-tested against outputs of real Go).
//!
//! Adding a package is adding its folder and one row of [`PACKAGES`].
//!
//! Native names are `pkg.Name` or `pkg.Type.Method`, `pkg` being the last
//! element of the import path (`utf8.RuneLen`, `atomic.Value.Load`); the
//! VM resolves them through [`native`] by the full path.
//!
//! Invariants: every Go file here is valid minigo (the test suite checks
//! them all), imports only packages of this table, and has no import
//! cycles; every body-less declaration has a native
//! (`interp::natives::coverage`).

mod go_std;
pub use go_std::GO_STD;

use crate::interp::natives::NativeFn;

pub mod bytes;
#[path = "compress/flate/mod.rs"]
pub mod compress_flate;
pub mod crypto;
pub mod errors;
pub mod flag;
pub mod fmt;
#[path = "hash/maphash/mod.rs"]
pub mod hash_maphash;
pub mod html;
#[path = "image/draw/mod.rs"]
pub mod image_draw;
#[path = "image/jpeg/mod.rs"]
pub mod image_jpeg;
#[path = "image/png/mod.rs"]
pub mod image_png;
pub mod math;
#[path = "math/big/mod.rs"]
pub mod math_big;
pub mod net;
pub mod os;
pub mod reflect;
pub mod regexp;
pub mod runtime;
#[path = "runtime/trace/mod.rs"]
pub mod runtime_trace;
pub mod sort;
pub mod strconv;
pub mod strings;
pub mod sync;
pub mod syscall;
pub mod testing;
pub mod time;
#[path = "time/tzdata/mod.rs"]
pub mod time_tzdata;
pub mod unicode;
#[path = "unsafe/mod.rs"]
pub mod unsafe_pkg;

type Lookup = fn(&str) -> Option<NativeFn>;

/// One package of the library.
pub struct Package {
    /// The import path.
    pub path: &'static str,
    /// Its Go source files: (file name, text).
    pub files: &'static [(&'static str, &'static str)],
    /// Its natives, if it declares any.
    natives: Option<Lookup>,
}

macro_rules! packages {
    ($($path:literal => [$($file:literal),+] $(, $natives:path)?;)*) => {
        /// Every package minigo provides, by import path.
        pub static PACKAGES: &[Package] = &[$(Package {
            path: $path,
            files: &[$((file_name($file), include_str!($file))),+],
            natives: packages!(@natives $($natives)?),
        },)*];
    };
    (@natives) => { None };
    (@natives $natives:path) => { Some($natives) };
}

packages! {
    "archive/tar" => ["archive/tar/common.go", "archive/tar/reader.go", "archive/tar/writer.go"];
    "archive/zip" => ["archive/zip/struct.go", "archive/zip/reader.go", "archive/zip/writer.go"];
    "bufio" => ["bufio/bufio.go"];
    "bytes" => ["bytes/bytes.go"], bytes::lookup;
    "cmp" => ["cmp/cmp.go"];
    "compress/flate" => ["compress/flate/flate.go"], compress_flate::lookup;
    "compress/gzip" => ["compress/gzip/gunzip.go", "compress/gzip/gzip.go"];
    "compress/lzw" => ["compress/lzw/lzw.go"];
    "compress/zlib" => ["compress/zlib/reader.go", "compress/zlib/writer.go"];
    "container/heap" => ["container/heap/heap.go"];
    "container/list" => ["container/list/list.go"];
    "container/ring" => ["container/ring/ring.go"];
    "context" => ["context/context.go"];
    "crypto" => ["crypto/crypto.go"];
    "crypto/aes" => ["crypto/aes/aes.go"], crypto::aes::lookup;
    "crypto/cipher" => ["crypto/cipher/cipher.go", "crypto/cipher/gcm.go"], crypto::aes::lookup;
    "crypto/ed25519" => ["crypto/ed25519/ed25519.go"], crypto::ed25519::lookup;
    "crypto/hmac" => ["crypto/hmac/hmac.go"];
    "crypto/md5" => ["crypto/md5/md5.go"], crypto::lookup;
    "crypto/rand" => ["crypto/rand/rand.go"], crypto::rand::lookup;
    "crypto/sha1" => ["crypto/sha1/sha1.go"], crypto::lookup;
    "crypto/sha256" => ["crypto/sha256/sha256.go"], crypto::lookup;
    "crypto/sha3" => ["crypto/sha3/sha3.go"], crypto::sha3::lookup;
    "crypto/sha512" => ["crypto/sha512/sha512.go"], crypto::lookup;
    "crypto/subtle" => ["crypto/subtle/subtle.go"], crypto::subtle::lookup;
    "embed" => ["embed/embed.go"];
    "encoding" => ["encoding/encoding.go"];
    "encoding/ascii85" => ["encoding/ascii85/ascii85.go"];
    "encoding/base32" => ["encoding/base32/base32.go"];
    "encoding/base64" => ["encoding/base64/base64.go"];
    "encoding/binary" => ["encoding/binary/binary.go"];
    "encoding/csv" => ["encoding/csv/csv.go"];
    "encoding/gob" => ["encoding/gob/type.go", "encoding/gob/encode.go", "encoding/gob/decode.go", "encoding/gob/fast.go"];
    "encoding/hex" => ["encoding/hex/hex.go"];
    "encoding/pem" => ["encoding/pem/pem.go"];
    "encoding/json" => ["encoding/json/encode.go", "encoding/json/decode.go", "encoding/json/scanner.go", "encoding/json/stream.go"];
    "encoding/xml" => ["encoding/xml/xml.go", "encoding/xml/names.go", "encoding/xml/html.go", "encoding/xml/marshal.go", "encoding/xml/read.go", "encoding/xml/typeinfo.go"];
    "errors" => ["errors/errors.go"], errors::lookup;
    "expvar" => ["expvar/expvar.go"];
    "flag" => ["flag/flag.go"], flag::lookup;
    "fmt" => ["fmt/fmt.go"], fmt::lookup;
    "go/ast" => ["go/ast/ast.go", "go/ast/scope.go", "go/ast/walk.go", "go/ast/print.go", "go/ast/commentmap.go", "go/ast/filter.go", "go/ast/directive.go", "go/ast/resolve.go"];
    "go/format" => ["go/format/format.go"];
    "go/parser" => ["go/parser/interface.go", "go/parser/parser.go", "go/parser/resolver.go"];
    "go/printer" => ["go/printer/printer.go", "go/printer/nodes.go", "go/printer/comment.go", "go/printer/gobuild.go"];
    "go/scanner" => ["go/scanner/scanner.go", "go/scanner/errors.go"];
    "go/token" => ["go/token/token.go", "go/token/position.go"];
    "hash" => ["hash/hash.go"];
    "hash/adler32" => ["hash/adler32/adler32.go"];
    "hash/crc32" => ["hash/crc32/crc32.go"];
    "hash/crc64" => ["hash/crc64/crc64.go"];
    "hash/fnv" => ["hash/fnv/fnv.go"];
    "hash/maphash" => ["hash/maphash/maphash.go"], hash_maphash::lookup;
    "html" => ["html/html.go"], html::lookup;
    "html/template" => ["html/template/template.go", "html/template/escape.go", "html/template/error.go"];
    "index/suffixarray" => ["index/suffixarray/suffixarray.go"];
    "internal/oserror" => ["internal/oserror/oserror.go"];
    "internal/poll" => ["internal/poll/poll.go"];
    "image" => ["image/format.go", "image/geom.go", "image/image.go", "image/names.go", "image/ycbcr.go"];
    "image/color" => ["image/color/color.go", "image/color/ycbcr.go"];
    "image/color/palette" => ["image/color/palette/palette.go"];
    "image/draw" => ["image/draw/draw.go"], image_draw::lookup;
    "image/gif" => ["image/gif/reader.go", "image/gif/writer.go"];
    "image/jpeg" => ["image/jpeg/huffman.go", "image/jpeg/reader.go", "image/jpeg/scan.go", "image/jpeg/writer.go"], image_jpeg::lookup;
    "image/png" => ["image/png/reader.go", "image/png/writer.go"], image_png::lookup;
    "io" => ["io/io.go"];
    "io/fs" => ["io/fs/fs.go"];
    "io/ioutil" => ["io/ioutil/ioutil.go"];
    "iter" => ["iter/iter.go"];
    "log" => ["log/log.go"];
    "log/slog" => ["log/slog/value.go", "log/slog/logger.go", "log/slog/handler.go", "log/slog/extra.go"];
    "maps" => ["maps/maps.go"];
    "mime" => ["mime/mediatype.go", "mime/type.go", "mime/encodedword.go"];
    "mime/multipart" => ["mime/multipart/multipart.go", "mime/multipart/formdata.go", "mime/multipart/writer.go"];
    "mime/quotedprintable" => ["mime/quotedprintable/quotedprintable.go"];
    "math" => ["math/math.go"], math::lookup;
    "math/big" => ["math/big/int.go", "math/big/rat.go", "math/big/float.go"], math_big::lookup;
    "math/bits" => ["math/bits/bits.go"];
    "math/cmplx" => ["math/cmplx/cmplx.go"];
    "math/rand" => ["math/rand/rand.go", "math/rand/rng_cooked.go", "math/rand/dist.go", "math/rand/ziggurat.go"];
    "math/rand/v2" => ["math/rand/v2/rand.go", "math/rand/v2/dist.go", "math/rand/v2/ziggurat.go"];
    "net" => [
        "net/net.go",
        "net/ip.go",
        "net/addr.go",
        "net/dial.go",
        "net/sock.go",
        "net/pipe.go",
        "net/iface.go",
        "net/rawconn.go"
    ], net::lookup;
    "net/http" => [
        "net/http/http.go",
        "net/http/header.go",
        "net/http/request.go",
        "net/http/response.go",
        "net/http/status.go",
        "net/http/chunked.go",
        "net/http/multipart.go",
        "net/http/transfer.go",
        "net/http/server.go",
        "net/http/responsecontroller.go",
        "net/http/pattern.go",
        "net/http/mux.go",
        "net/http/handlers.go",
        "net/http/cookie.go",
        "net/http/sniff.go",
        "net/http/fs.go",
        "net/http/client.go",
        "net/http/transport.go",
        "net/http/requestwrite.go",
        "net/http/responseread.go",
        "net/http/protocols.go"
    ], net::lookup;
    "net/http/httptest" => [
        "net/http/httptest/recorder.go",
        "net/http/httptest/httptest.go",
        "net/http/httptest/server.go"
    ];
    "net/http/cookiejar" => ["net/http/cookiejar/jar.go"];
    "net/http/pprof" => ["net/http/pprof/pprof.go"];
    "net/http/httputil" => ["net/http/httputil/httputil.go", "net/http/httputil/persist.go"];
    "net/textproto" => [
        "net/textproto/textproto.go",
        "net/textproto/reader.go",
        "net/textproto/writer.go",
        "net/textproto/conn.go"
    ];
    "net/netip" => ["net/netip/netip.go"];
    "net/url" => ["net/url/url.go"];
    "os" => ["os/os.go", "os/proc.go", "os/extra.go", "os/root.go"], os::lookup;
    "os/exec" => ["os/exec/exec.go"];
    "os/user" => ["os/user/user.go"];
    "os/signal" => ["os/signal/signal.go"], os::signal::lookup;
    "path" => ["path/path.go"];
    "path/filepath" => ["path/filepath/filepath.go"];
    "reflect" => ["reflect/reflect.go", "reflect/call.go", "reflect/typemake.go", "reflect/convert.go", "reflect/chan.go", "reflect/makefunc.go", "reflect/more.go", "reflect/unsafe.go"], reflect::lookup;
    "regexp" => ["regexp/regexp.go"], regexp::lookup;
    "regexp/syntax" => [
        "regexp/syntax/syntax.go",
        "regexp/syntax/parse.go",
        "regexp/syntax/class.go",
        "regexp/syntax/print.go",
        "regexp/syntax/prog.go"
    ];
    "runtime" => ["runtime/runtime.go"], runtime::lookup;
    "runtime/debug" => ["runtime/debug/debug.go"], runtime::debug::lookup;
    "runtime/pprof" => ["runtime/pprof/pprof.go"], runtime::pprof::lookup;
    "runtime/trace" => ["runtime/trace/trace.go"], runtime_trace::lookup;
    "slices" => ["slices/slices.go"];
    "sort" => ["sort/sort.go"], sort::lookup;
    "strconv" => ["strconv/strconv.go"], strconv::lookup;
    "strings" => ["strings/strings.go"], strings::lookup;
    "sync" => ["sync/sync.go"], sync::lookup;
    "sync/atomic" => ["sync/atomic/atomic.go"], sync::atomic::lookup;
    "syscall" => ["syscall/syscall.go"], syscall::lookup;
    "testing" => ["testing/testing.go"], testing::lookup;
    "testing/fstest" => ["testing/fstest/mapfs.go", "testing/fstest/testfs.go"];
    "testing/iotest" => ["testing/iotest/iotest.go"];
    "text/scanner" => ["text/scanner/scanner.go"];
    "text/tabwriter" => ["text/tabwriter/tabwriter.go"];
    "text/template" => [
        "text/template/template.go",
        "text/template/exec.go",
        "text/template/funcs.go"
    ];
    "text/template/parse" => [
        "text/template/parse/lex.go",
        "text/template/parse/node.go",
        "text/template/parse/parse.go"
    ];
    "time" => ["time/time.go", "time/duration.go", "time/format.go", "time/zoneinfo.go"], time::lookup;
    "time/tzdata" => ["time/tzdata/tzdata.go"], time_tzdata::lookup;
    "unicode" => ["unicode/unicode.go", "unicode/tables.go"], unicode::lookup;
    "unicode/utf16" => ["unicode/utf16/utf16.go"];
    "unicode/utf8" => ["unicode/utf8/utf8.go"], unicode::utf8::lookup;
    "unique" => ["unique/unique.go"];
    "unsafe" => ["unsafe/unsafe.go"], unsafe_pkg::lookup;
}

/// The package with import path `path`, if minigo provides it.
pub fn package(path: &str) -> Option<&'static Package> {
    PACKAGES.iter().find(|p| p.path == path)
}

/// The last element of a file's path in this folder.
const fn file_name(path: &'static str) -> &'static str {
    let b = path.as_bytes();
    let mut i = b.len();
    while i > 0 && b[i - 1] != b'/' {
        i -= 1;
    }
    let (_, name) = b.split_at(i);
    match std::str::from_utf8(name) {
        Ok(n) => n,
        Err(_) => path,
    }
}

/// The native `name` (`unicode/utf8.RuneLen`: the import path, a dot, then
/// the function or `Type.Method`), if its package implements it.
pub fn native(name: &str) -> Option<NativeFn> {
    let slash = name.rfind('/').map_or(0, |i| i + 1);
    let dot = slash + name[slash..].find('.')?;
    let (path, member) = (&name[..dot], &name[dot..]);
    let lookup = package(path)?.natives?;
    // The package's lookup names members by the path's last element.
    let short = format!("{}{member}", &path[slash..]);
    lookup(&short)
}
