package b

// X is visible inside example.com/m/a only.
const X = 1
