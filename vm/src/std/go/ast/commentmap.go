package ast

import (
	"bytes"
	"fmt"
	"go/token"
	"sort"
	"strings"
)

func astSortComments(list []*CommentGroup) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].Pos() < list[j].Pos() })
}

// A CommentMap maps an AST node to the comment groups associated with it.
type CommentMap map[Node][]*CommentGroup

func (cmap CommentMap) addComment(n Node, c *CommentGroup) {
	list := cmap[n]
	if len(list) == 0 {
		list = []*CommentGroup{c}
	} else {
		list = append(list, c)
	}
	cmap[n] = list
}

func astNodeList(n Node) []Node {
	var list []Node
	Inspect(n, func(n Node) bool {
		switch n.(type) {
		case nil, *CommentGroup, *Comment:
			return false
		}
		list = append(list, n)
		return true
	})
	return list
}

type astCommentReader struct {
	fset     *token.FileSet
	list     []*CommentGroup
	index    int
	comment  *CommentGroup
	pos, end token.Position
}

func (r *astCommentReader) eol() bool { return r.index >= len(r.list) }

func (r *astCommentReader) next() {
	if !r.eol() {
		r.comment = r.list[r.index]
		r.pos = r.fset.Position(r.comment.Pos())
		r.end = r.fset.Position(r.comment.End())
		r.index++
	}
}

type astNodeStack []Node

func (s *astNodeStack) push(n Node) {
	s.pop(n.Pos())
	*s = append(*s, n)
}

func (s *astNodeStack) pop(pos token.Pos) (top Node) {
	i := len(*s)
	for i > 0 && (*s)[i-1].End() <= pos {
		top = (*s)[i-1]
		i--
	}
	*s = (*s)[0:i]
	return top
}

// NewCommentMap associates the comment groups of comments with the nodes
// of the tree rooted at node: a group goes with the node ending on the line
// it starts on, or ending on the line before when an empty line follows
// the group, else with the node that follows it.
func NewCommentMap(fset *token.FileSet, node Node, comments []*CommentGroup) CommentMap {
	if len(comments) == 0 {
		return nil
	}
	cmap := make(CommentMap)
	tmp := make([]*CommentGroup, len(comments))
	copy(tmp, comments)
	astSortComments(tmp)
	r := &astCommentReader{fset: fset, list: tmp}
	r.next()
	nodes := astNodeList(node)
	nodes = append(nodes, nil)
	var (
		p, pg       Node
		pend, pgend token.Position
		stack       astNodeStack
	)
	for _, q := range nodes {
		var qpos token.Position
		if q != nil {
			qpos = fset.Position(q.Pos())
		} else {
			qpos.Offset = 1 << 30
			qpos.Line = 1 << 30
		}
		for r.end.Offset <= qpos.Offset {
			if top := stack.pop(r.comment.Pos()); top != nil {
				pg = top
				pgend = fset.Position(pg.End())
			}
			var assoc Node
			switch {
			case pg != nil && (pgend.Line == r.pos.Line || pgend.Line+1 == r.pos.Line && r.end.Line+1 < qpos.Line):
				assoc = pg
			case p != nil && (pend.Line == r.pos.Line || pend.Line+1 == r.pos.Line && r.end.Line+1 < qpos.Line || q == nil):
				assoc = p
			default:
				if q == nil {
					panic("internal error: no comments should be associated with sentinel")
				}
				assoc = q
			}
			cmap.addComment(assoc, r.comment)
			if r.eol() {
				return cmap
			}
			r.next()
		}
		p = q
		pend = fset.Position(p.End())
		switch q.(type) {
		case *File, *Field, Decl, Spec, Stmt:
			stack.push(q)
		}
	}
	return cmap
}

// Update moves the comments of old to new and returns new.
func (cmap CommentMap) Update(old, new Node) Node {
	if list := cmap[old]; len(list) > 0 {
		delete(cmap, old)
		cmap[new] = append(cmap[new], list...)
	}
	return new
}

// Filter returns the part of cmap whose nodes are in the tree rooted at node.
func (cmap CommentMap) Filter(node Node) CommentMap {
	umap := make(CommentMap)
	Inspect(node, func(n Node) bool {
		if g := cmap[n]; len(g) > 0 {
			umap[n] = g
		}
		return true
	})
	return umap
}

// Comments returns every comment group of cmap, in source order.
func (cmap CommentMap) Comments() []*CommentGroup {
	list := make([]*CommentGroup, 0, len(cmap))
	for _, e := range cmap {
		list = append(list, e...)
	}
	astSortComments(list)
	return list
}

func astCommentSummary(list []*CommentGroup) string {
	const maxLen = 40
	var buf bytes.Buffer
loop:
	for _, group := range list {
		for _, comment := range group.List {
			if buf.Len() >= maxLen {
				break loop
			}
			buf.WriteString(comment.Text)
		}
	}
	if buf.Len() > maxLen {
		buf.Truncate(maxLen - 3)
		buf.WriteString("...")
	}
	b := buf.Bytes()
	for i, c := range b {
		switch c {
		case '\t', '\n', '\r':
			b[i] = ' '
		}
	}
	return string(b)
}

func (cmap CommentMap) String() string {
	var nodes []Node
	for node := range cmap {
		nodes = append(nodes, node)
	}
	sort.Slice(nodes, func(i, j int) bool {
		a, b := nodes[i], nodes[j]
		if a.Pos() != b.Pos() {
			return a.Pos() < b.Pos()
		}
		return a.End() < b.End()
	})
	var buf strings.Builder
	fmt.Fprintln(&buf, "CommentMap {")
	for _, node := range nodes {
		var s string
		if ident, ok := node.(*Ident); ok {
			s = ident.Name
		} else {
			s = fmt.Sprintf("%T", node)
		}
		fmt.Fprintf(&buf, "\t%p  %20s:  %s\n", node, s, astCommentSummary(cmap[node]))
	}
	fmt.Fprintln(&buf, "}")
	return buf.String()
}
