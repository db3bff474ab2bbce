module example.com/embederror

go 1.27
