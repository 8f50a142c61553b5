//go:build !unix

package optmain

import "os"

// readFile reads the whole file (inputs are mapped on unix systems only).
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
