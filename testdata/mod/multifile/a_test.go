package main

func brokenOnPurpose() { undefined() }
