package main

import "fmt"

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Log(msg string) {
	l.lines = append(l.lines, l.prefix+msg)
}

func (l Logger) Count() int { return len(l.lines) }

type Service struct {
	*Logger
	Name string
}

type Server struct {
	Service
	Port int
}

func (s Service) Start() {
	s.Log("starting " + s.Name)
}

func main() {
	lg := &Logger{prefix: "[log] "}
	srv := Server{Service{lg, "api"}, 80}
	srv.Start()
	srv.Log("direct")
	srv.Service.Logger.Log("fully qualified")
	fmt.Println(srv.Count(), lg.Count())
	for _, l := range lg.lines {
		fmt.Println(l)
	}
	f := srv.Log
	f("method value on promoted")
	fmt.Println(srv.prefix, len(srv.lines))
	type Named interface{ Count() int }
	var n Named = srv
	fmt.Println(n.Count())
	var np Named = &srv
	fmt.Println(np.Count())
}
