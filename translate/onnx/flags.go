package onnx

import (
	"fmt"
	"strconv"
	"strings"
)

// AddDim parses a --dim flag, NAME=SIZE, into o.DimParams.
func (o *Options) AddDim(spec string) error {
	name, val, ok := cutLast(spec, "=")
	n, err := strconv.ParseInt(val, 10, 64)
	if !ok || name == "" || err != nil || n < 0 {
		return fmt.Errorf("--dim %q: want NAME=SIZE", spec)
	}
	if o.DimParams == nil {
		o.DimParams = map[string]int64{}
	}
	o.DimParams[name] = n
	return nil
}

// AddShape parses a --shape flag, NAME=D0xD1x..., into o.InputShapes
// (NAME= alone for a scalar).
func (o *Options) AddShape(spec string) error {
	name, val, ok := cutLast(spec, "=")
	if !ok || name == "" {
		return fmt.Errorf("--shape %q: want NAME=D0xD1x...", spec)
	}
	dims := []int64{}
	if val != "" {
		for _, d := range strings.Split(val, "x") {
			n, err := strconv.ParseInt(d, 10, 64)
			if err != nil || n < 0 {
				return fmt.Errorf("--shape %q: want NAME=D0xD1x... with sizes >= 0", spec)
			}
			dims = append(dims, n)
		}
	}
	if o.InputShapes == nil {
		o.InputShapes = map[string][]int64{}
	}
	o.InputShapes[name] = dims
	return nil
}

// cutLast splits at the last sep: ONNX names may hold '=' or ':', sizes
// never do.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
