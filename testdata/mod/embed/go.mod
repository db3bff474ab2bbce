module example.com/embed

go 1.27
