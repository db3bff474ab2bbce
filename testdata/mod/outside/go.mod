module example.com/m

go 1.27

require github.com/x/y v1.0.0
