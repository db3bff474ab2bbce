// Package tzdata provides an embedded copy of the timezone database.
// Importing it (usually as `import _ "time/tzdata"`) makes
// time.LoadLocation find zones that neither $ZONEINFO nor the system's
// zoneinfo directories have.
package tzdata

func init() { register() }

// register makes the embedded database available to package time.
func register()
