module example.com/racytest

go 1.27
