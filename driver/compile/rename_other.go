//go:build !linux

package compile

func renameNoReplace(from, to string) error { return renameNoReplaceFallback(from, to) }

func exchange(a, b string) error { return exchangeFallback(a, b) }
