package httptest

import (
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// A Server is an HTTP server on a loopback port, for tests.
type Server struct {
	URL      string // "http://127.0.0.1:PORT"
	Listener net.Listener
	Config   *http.Server

	mu      sync.Mutex
	started bool
	closed  bool
	conns   map[net.Conn]http.ConnState
	wg      sync.WaitGroup
	client  *http.Client
}

// Client returns a Client for this server; Close closes its idle
// connections.
func (s *Server) Client() *http.Client { return s.client }

type closeIdleTransport interface{ CloseIdleConnections() }

// httptestCloseIdle closes the idle connections of the default transport
// and of the server's client, as Go's Close does, so that no client keeps
// a connection to a closed server.
func httptestCloseIdle(s *Server) {
	if t, ok := http.DefaultTransport.(closeIdleTransport); ok {
		t.CloseIdleConnections()
	}
	if s.client != nil {
		if t, ok := s.client.Transport.(closeIdleTransport); ok {
			t.CloseIdleConnections()
		}
	}
}

func newLocalListener() net.Listener {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		if l, err = net.Listen("tcp6", "[::1]:0"); err != nil {
			panic(fmt.Sprintf("httptest: failed to listen on a port: %v", err))
		}
	}
	return l
}

// NewServer starts a Server serving handler.
func NewServer(handler http.Handler) *Server {
	ts := NewUnstartedServer(handler)
	ts.Start()
	return ts
}

// NewUnstartedServer returns a Server not yet serving: change Config,
// then call Start.
func NewUnstartedServer(handler http.Handler) *Server {
	return &Server{
		Listener: newLocalListener(),
		Config:   &http.Server{Handler: handler},
	}
}

// Start starts a server from NewUnstartedServer.
func (s *Server) Start() {
	s.mu.Lock()
	if s.started {
		s.mu.Unlock()
		panic("Server already started")
	}
	if s.closed {
		s.mu.Unlock()
		panic("Start of closed Server")
	}
	s.started = true
	s.wrap()
	s.mu.Unlock()
	s.URL = "http://" + s.Listener.Addr().String()
	s.client = &http.Client{Transport: &http.Transport{}}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.Config.Serve(s.Listener)
	}()
}

// Close shuts the server down and waits for its outstanding requests.
func (s *Server) Close() {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		s.Listener.Close()
		s.Config.SetKeepAlivesEnabled(false)
		for c, st := range s.conns {
			if st == http.StateIdle || st == http.StateNew {
				c.Close()
			}
		}
		t := time.AfterFunc(5*time.Second, s.logCloseHangDebugInfo)
		defer t.Stop()
	}
	s.mu.Unlock()
	httptestCloseIdle(s)
	s.wg.Wait()
}

func (s *Server) logCloseHangDebugInfo() {
	s.mu.Lock()
	defer s.mu.Unlock()
	msg := "httptest.Server blocked in Close after 5 seconds, waiting for connections:\n"
	for c, st := range s.conns {
		msg += fmt.Sprintf("  %T %p %v in state %v\n", c, c, c.RemoteAddr(), st)
	}
	fmt.Print(msg)
}

// CloseClientConnections closes every connection to the server.
func (s *Server) CloseClientConnections() {
	s.mu.Lock()
	nconn := len(s.conns)
	ch := make(chan struct{}, nconn)
	for c := range s.conns {
		go func(c net.Conn) {
			c.Close()
			ch <- struct{}{}
		}(c)
	}
	s.mu.Unlock()
	timer := time.NewTimer(5 * time.Second)
	defer timer.Stop()
	for i := 0; i < nconn; i++ {
		select {
		case <-ch:
		case <-timer.C:
			return
		}
	}
}

// wrap installs a ConnState hook tracking the connections (the
// Config's own hook still runs).
func (s *Server) wrap() {
	oldHook := s.Config.ConnState
	s.Config.ConnState = func(c net.Conn, cs http.ConnState) {
		s.mu.Lock()
		defer s.mu.Unlock()
		switch cs {
		case http.StateNew:
			if _, exists := s.conns[c]; exists {
				panic("invalid state transition")
			}
			if s.conns == nil {
				s.conns = make(map[net.Conn]http.ConnState)
			}
			s.wg.Add(1)
			s.conns[c] = cs
			if s.closed {
				c.Close()
			}
		case http.StateActive:
			if oldState, ok := s.conns[c]; ok {
				if oldState != http.StateNew && oldState != http.StateIdle {
					panic("invalid state transition")
				}
				s.conns[c] = cs
			}
		case http.StateIdle:
			if oldState, ok := s.conns[c]; ok {
				if oldState != http.StateActive {
					panic("invalid state transition")
				}
				s.conns[c] = cs
			}
			if s.closed {
				c.Close()
			}
		case http.StateHijacked, http.StateClosed:
			if _, ok := s.conns[c]; ok {
				delete(s.conns, c)
				defer s.wg.Done()
			}
		}
		if oldHook != nil {
			oldHook(c, cs)
		}
	}
}
