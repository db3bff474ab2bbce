package main

import (
	"fmt"
	"os/user"
)

func main() {
	u, err := user.Lookup("root")
	fmt.Println(u.Username, u.Uid, u.Gid, u.HomeDir, err)
	u, err = user.LookupId("0")
	fmt.Println(u.Username, u.Uid, u.Gid, u.HomeDir, err)
	_, err = user.Lookup("no-such-user-xyz")
	fmt.Println(err)
	_, err = user.LookupId("987654")
	fmt.Println(err)
	_, err = user.LookupId("abc")
	fmt.Println(err)
	g, err := user.LookupGroup("root")
	fmt.Println(g.Name, g.Gid, err)
	g, err = user.LookupGroupId("0")
	fmt.Println(g.Name, g.Gid, err)
	_, err = user.LookupGroup("no-such-group-xyz")
	fmt.Println(err)
	_, err = user.LookupGroupId("987654")
	fmt.Println(err)
	ids, err := u.GroupIds()
	fmt.Println(len(ids) > 0, ids[0], err)
	_, err = (&user.User{}).GroupIds()
	fmt.Println(err)
	_, err = (&user.User{Username: "x", Gid: "y"}).GroupIds()
	fmt.Println(err)
	c, err := user.Current()
	fmt.Println(err == nil && c.Uid != "" && c.Username != "")
	var e error = user.UnknownUserIdError(42)
	fmt.Println(e, user.UnknownUserError("bob"), user.UnknownGroupError("staff"), user.UnknownGroupIdError("7"))
}
