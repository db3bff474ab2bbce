// Package cookiejar (net/http/cookiejar) as minigo provides it: an
// in-memory RFC 6265 cookie jar for http.Client. Without a
// PublicSuffixList every domain is its own registrable domain, as in Go.
package cookiejar

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// PublicSuffixList tells which domains are public suffixes.
type PublicSuffixList interface {
	PublicSuffix(domain string) string
	String() string
}

// Options are the options for New.
type Options struct {
	PublicSuffixList PublicSuffixList
}

// Jar implements http.CookieJar.
type Jar struct {
	psList  PublicSuffixList
	mu      sync.Mutex
	entries map[string]*entry // by domain;path;name
	nextSeq uint64
}

type entry struct {
	Name       string
	Value      string
	Quoted     bool
	Domain     string
	Path       string
	SameSite   string
	Secure     bool
	HttpOnly   bool
	Persistent bool
	HostOnly   bool
	Expires    time.Time
	Creation   time.Time
	LastAccess time.Time
	seqNum     uint64
}

// New returns a new, empty jar; o may be nil.
func New(o *Options) (*Jar, error) {
	jar := &Jar{entries: make(map[string]*entry)}
	if o != nil {
		jar.psList = o.PublicSuffixList
	}
	return jar, nil
}

var (
	errIllegalDomain   = errors.New("cookiejar: illegal cookie domain attribute")
	errMalformedDomain = errors.New("cookiejar: malformed cookie domain attribute")
)

func canonicalHost(host string) (string, error) {
	if strings.Contains(host, ":") {
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
	}
	host = strings.TrimSuffix(host, ".")
	return strings.ToLower(host), nil
}

func isIP(host string) bool {
	if strings.ContainsAny(host, ":%") {
		return true
	}
	return net.ParseIP(host) != nil
}

func defaultPath(path string) string {
	if len(path) == 0 || path[0] != '/' {
		return "/"
	}
	i := strings.LastIndex(path, "/")
	if i == 0 {
		return "/"
	}
	return path[:i]
}

func (j *Jar) domainAndType(host, domain string) (string, bool, error) {
	if domain == "" {
		return host, true, nil
	}
	if isIP(host) {
		if host != domain {
			return "", false, errIllegalDomain
		}
		return host, true, nil
	}
	if domain[0] == '.' {
		domain = domain[1:]
	}
	if len(domain) == 0 || domain[0] == '.' {
		return "", false, errMalformedDomain
	}
	domain = strings.ToLower(domain)
	if domain[len(domain)-1] == '.' {
		return "", false, errMalformedDomain
	}
	if j.psList != nil {
		if ps := j.psList.PublicSuffix(domain); ps != "" && !hasDotSuffix(domain, ps) {
			if host == domain {
				return host, true, nil
			}
			return "", false, errIllegalDomain
		}
	}
	if host != domain && !hasDotSuffix(host, domain) {
		return "", false, errIllegalDomain
	}
	return domain, false, nil
}

func hasDotSuffix(s, suffix string) bool {
	return len(s) > len(suffix) && s[len(s)-len(suffix)-1] == '.' && s[len(s)-len(suffix):] == suffix
}

// SetCookies stores the cookies a response from u set.
func (j *Jar) SetCookies(u *url.URL, cookies []*http.Cookie) {
	if len(cookies) == 0 || u.Scheme != "http" && u.Scheme != "https" {
		return
	}
	host, err := canonicalHost(u.Host)
	if err != nil {
		return
	}
	now := time.Now()
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, c := range cookies {
		path := c.Path
		if path == "" || path[0] != '/' {
			path = defaultPath(u.Path)
		}
		domain, hostOnly, err := j.domainAndType(host, c.Domain)
		if err != nil {
			continue
		}
		id := domain + ";" + path + ";" + c.Name
		e := &entry{
			Name: c.Name, Value: c.Value, Quoted: c.Quoted, Domain: domain, Path: path,
			Secure: c.Secure, HttpOnly: c.HttpOnly, HostOnly: hostOnly,
		}
		switch {
		case c.MaxAge < 0:
			delete(j.entries, id)
			continue
		case c.MaxAge > 0:
			e.Expires = now.Add(time.Duration(c.MaxAge) * time.Second)
			e.Persistent = true
		default:
			if c.Expires.IsZero() {
				e.Expires = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
			} else {
				if !c.Expires.After(now) {
					delete(j.entries, id)
					continue
				}
				e.Expires = c.Expires
				e.Persistent = true
			}
		}
		if old, ok := j.entries[id]; ok {
			e.Creation = old.Creation
			e.seqNum = old.seqNum
		} else {
			e.Creation = now
			e.seqNum = j.nextSeq
			j.nextSeq++
		}
		e.LastAccess = now
		j.entries[id] = e
	}
}

func (e *entry) domainMatch(host string) bool {
	if e.Domain == host {
		return true
	}
	return !e.HostOnly && hasDotSuffix(host, e.Domain)
}

func (e *entry) pathMatch(path string) bool {
	if path == e.Path {
		return true
	}
	if strings.HasPrefix(path, e.Path) {
		if e.Path[len(e.Path)-1] == '/' {
			return true
		} else if path[len(e.Path)] == '/' {
			return true
		}
	}
	return false
}

// Cookies returns the cookies to send to u, longest path first.
func (j *Jar) Cookies(u *url.URL) (cookies []*http.Cookie) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil
	}
	host, err := canonicalHost(u.Host)
	if err != nil {
		return nil
	}
	https := u.Scheme == "https"
	path := u.Path
	if path == "" {
		path = "/"
	}
	now := time.Now()
	j.mu.Lock()
	defer j.mu.Unlock()
	var selected []*entry
	for id, e := range j.entries {
		if e.Persistent && !e.Expires.After(now) {
			delete(j.entries, id)
			continue
		}
		if !e.domainMatch(host) || !e.pathMatch(path) || e.Secure && !https {
			continue
		}
		e.LastAccess = now
		selected = append(selected, e)
	}
	sort.Slice(selected, func(i, k int) bool {
		s := selected
		if len(s[i].Path) != len(s[k].Path) {
			return len(s[i].Path) > len(s[k].Path)
		}
		if ret := s[i].Creation.Compare(s[k].Creation); ret != 0 {
			return ret < 0
		}
		return s[i].seqNum < s[k].seqNum
	})
	for _, e := range selected {
		cookies = append(cookies, &http.Cookie{Name: e.Name, Value: e.Value, Quoted: e.Quoted})
	}
	return cookies
}
