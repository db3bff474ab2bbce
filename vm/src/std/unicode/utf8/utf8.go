// Package unicode/utf8 as minigo sees it.
package utf8

const (
	RuneError = '\uFFFD'
	RuneSelf  = 0x80
	MaxRune   = '\U0010FFFF'
	UTFMax    = 4
)

func AppendRune(p []byte, r rune) []byte
func DecodeLastRune(p []byte) (r rune, size int)
func DecodeLastRuneInString(s string) (r rune, size int)
func DecodeRune(p []byte) (r rune, size int)
func DecodeRuneInString(s string) (r rune, size int)
func EncodeRune(p []byte, r rune) int
func FullRune(p []byte) bool
func RuneCount(p []byte) int
func RuneCountInString(s string) (n int)
func RuneLen(r rune) int
func RuneStart(b byte) bool { return b&0xC0 != 0x80 }
func Valid(p []byte) bool
func ValidRune(r rune) bool {
	switch {
	case 0 <= r && r < 0xD800:
		return true
	case 0xDFFF < r && r <= MaxRune:
		return true
	}
	return false
}
func ValidString(s string) bool

// FullRuneInString reports whether s begins with a full encoding of a rune
// (an invalid encoding counts as full: it decodes as RuneError).
func FullRuneInString(s string) bool { return FullRune([]byte(s)) }
