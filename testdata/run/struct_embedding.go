package main

import "fmt"

type Animal struct {
	Name string
	Legs int
}

func (a Animal) Describe() string {
	return fmt.Sprintf("%s has %d legs", a.Name, a.Legs)
}

func (a *Animal) SetName(n string) { a.Name = n }

type Dog struct {
	Animal
	Breed string
}

type Loud struct {
	*Dog
	Volume int
}

func (d Dog) Describe() string {
	return "dog: " + d.Animal.Describe()
}

func main() {
	d := Dog{Animal{"rex", 4}, "lab"}
	fmt.Println(d.Name, d.Legs, d.Breed)
	fmt.Println(d.Describe())
	fmt.Println(d.Animal.Describe())
	d.SetName("max")
	fmt.Println(d.Name, d.Animal.Name)
	fmt.Println(d)
	fmt.Printf("%+v\n", d)
	l := Loud{&d, 11}
	l.Name = "LOUD"
	fmt.Println(d.Name, l.Describe(), l.Volume)
	l.SetName("changed via Loud")
	fmt.Println(d.Name)
	d2 := d
	d2.Name = "copy"
	fmt.Println(d.Name, d2.Name)
	type Base struct{ ID int }
	type Mid struct{ Base }
	type Top struct {
		Mid
		ID string
	}
	t := Top{Mid{Base{7}}, "shadow"}
	fmt.Println(t.ID, t.Mid.ID, t.Base.ID)
}
