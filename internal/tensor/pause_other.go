//go:build !amd64 || purego

package tensor

// spinPause has no portable form; a spin loop just spins.
func spinPause() {}
