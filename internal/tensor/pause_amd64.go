//go:build amd64 && !purego

package tensor

func spinPause()
