package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/mlc-go/mlc/lowering/target"
)

// targetFlags are --show-targets, --show-target=NAME and --target-file.
type targetFlags struct {
	list bool
	show string
	file string
}

// run handles the target flags; done says the invocation ends here, with
// exit code code.
func (f targetFlags) run(stdout, stderr io.Writer) (done bool, code int) {
	var own *target.Target
	if f.file != "" {
		t, err := target.LoadFile(f.file)
		var te *target.Error
		if errors.As(err, &te) {
			fmt.Fprintln(stderr, err) // already file:line:col: error: ...
			return true, 1
		}
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return true, 1
		}
		own = t
	}
	if !f.list && f.show == "" {
		return false, 0 // a valid --target-file alone: go on with the run
	}
	var all []*target.Target
	for _, n := range target.List() {
		t, err := target.Load(n)
		if err != nil {
			fmt.Fprintln(stderr, err) // a built-in file is broken: positioned
			return true, 1
		}
		all = append(all, t)
	}
	if own != nil {
		all = append(all, own)
	}
	if f.list {
		for _, t := range all {
			fmt.Fprintln(stdout, t.Line())
		}
	}
	if f.show != "" {
		var names []string
		for i := len(all) - 1; i >= 0; i-- { // the user's file wins a name clash
			if all[i].Name == f.show {
				fmt.Fprint(stdout, all[i].Markdown())
				return true, 0
			}
		}
		for _, t := range all {
			names = append(names, t.Name)
		}
		fmt.Fprintf(stderr, "error: %v\n", &target.UnknownError{Name: f.show, Known: names})
		return true, 1
	}
	return true, 0
}
