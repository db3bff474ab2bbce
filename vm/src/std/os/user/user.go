// Package os/user as minigo provides it, in Go: user and group accounts
// read from /etc/passwd and /etc/group, as Go's pure-Go implementation
// reads them (and as a Go program built with CGO_ENABLED=0 answers).
package user

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

const (
	passwdFile = "/etc/passwd"
	groupFile  = "/etc/group"
)

// A User is an account.
type User struct {
	Uid      string
	Gid      string
	Username string
	Name     string
	HomeDir  string
}

// A Group is a group of users.
type Group struct {
	Gid  string
	Name string
}

type UnknownUserIdError int

func (e UnknownUserIdError) Error() string { return "user: unknown userid " + strconv.Itoa(int(e)) }

type UnknownUserError string

func (e UnknownUserError) Error() string { return "user: unknown user " + string(e) }

type UnknownGroupIdError string

func (e UnknownGroupIdError) Error() string { return "group: unknown groupid " + string(e) }

type UnknownGroupError string

func (e UnknownGroupError) Error() string { return "group: unknown group " + string(e) }

var (
	currentOnce sync.Once
	currentUser *User
	currentErr  error
)

func Current() (*User, error) {
	currentOnce.Do(func() { currentUser, currentErr = lookupCurrent() })
	if currentErr != nil {
		return nil, currentErr
	}
	u := *currentUser
	return &u, nil
}

func lookupCurrent() (*User, error) {
	uid := strconv.Itoa(os.Getuid())
	if u, err := LookupId(uid); err == nil {
		return u, nil
	}
	home, _ := os.UserHomeDir()
	u := &User{Uid: uid, Gid: strconv.Itoa(os.Getgid()), Username: os.Getenv("USER"), HomeDir: home}
	if u.Username != "" && u.HomeDir != "" {
		return u, nil
	}
	var missing []string
	if u.Username == "" {
		missing = append(missing, "$USER")
	}
	if u.HomeDir == "" {
		missing = append(missing, "$HOME")
	}
	return u, fmt.Errorf("user: Current requires cgo or %s set in environment", strings.Join(missing, ", "))
}

// scanColonFile calls match on each meaningful line of file until it
// returns true.
func scanColonFile(file string, match func(line string) bool) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if match(line) {
			return nil
		}
	}
	return nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// findUser returns the user whose field idx (0: name, 2: uid) is value.
func findUser(value string, idx int) (*User, error) {
	var found *User
	key := value + ":"
	if idx > 0 {
		key = ":" + key
	}
	err := scanColonFile(passwdFile, func(line string) bool {
		if !strings.Contains(line, key) || strings.Count(line, ":") < 6 {
			return false
		}
		f := strings.SplitN(line, ":", 7)
		if f[idx] != value || f[0] == "" || f[0][0] == '+' || f[0][0] == '-' {
			return false
		}
		if !isNumber(f[2]) || !isNumber(f[3]) {
			return false
		}
		name, _, _ := strings.Cut(f[4], ",")
		found = &User{Username: f[0], Uid: f[2], Gid: f[3], Name: name, HomeDir: f[5]}
		return true
	})
	return found, err
}

func findGroup(value string, idx int) (*Group, error) {
	var found *Group
	key := value + ":"
	if idx > 0 {
		key = ":" + key
	}
	err := scanColonFile(groupFile, func(line string) bool {
		if !strings.Contains(line, key) || strings.Count(line, ":") < 3 {
			return false
		}
		f := strings.SplitN(line, ":", 4)
		if f[0] == "" || f[idx] != value || f[0][0] == '+' || f[0][0] == '-' {
			return false
		}
		if !isNumber(f[2]) {
			return false
		}
		found = &Group{Name: f[0], Gid: f[2]}
		return true
	})
	return found, err
}

func Lookup(username string) (*User, error) {
	u, err := findUser(username, 0)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, UnknownUserError(username)
	}
	return u, nil
}

func LookupId(uid string) (*User, error) {
	n, err := strconv.Atoi(uid)
	if err != nil {
		return nil, errors.New("user: invalid userid " + uid)
	}
	u, err := findUser(uid, 2)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, UnknownUserIdError(n)
	}
	return u, nil
}

func LookupGroup(name string) (*Group, error) {
	g, err := findGroup(name, 0)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, UnknownGroupError(name)
	}
	return g, nil
}

func LookupGroupId(gid string) (*Group, error) {
	g, err := findGroup(gid, 2)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, UnknownGroupIdError(gid)
	}
	return g, nil
}

// GroupIds returns the user's primary group and the groups of
// /etc/group that list the user as a member.
func (u *User) GroupIds() ([]string, error) {
	if u.Username == "" {
		return nil, errors.New("user: list groups: empty username")
	}
	primary, err := strconv.Atoi(u.Gid)
	if err != nil {
		return nil, fmt.Errorf("user: list groups for %s: invalid gid %q", u.Username, u.Gid)
	}
	data, err := os.ReadFile(groupFile)
	if err != nil {
		return nil, err
	}
	groups := []string{u.Gid}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '+' || line[0] == '-' {
			continue
		}
		last := strings.LastIndexByte(line, ':')
		if last < 0 || last == len(line)-1 || strings.Count(line[:last], ":") != 2 {
			continue
		}
		member := false
		for _, m := range strings.Split(line[last+1:], ",") {
			if m == u.Username {
				member = true
				break
			}
		}
		if !member {
			continue
		}
		f := strings.Split(line[:last], ":")
		if f[0] == "" {
			continue
		}
		n, err := strconv.Atoi(f[2])
		if err != nil || n == primary {
			continue
		}
		groups = append(groups, f[2])
	}
	return groups, nil
}
