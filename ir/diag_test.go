package ir

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A note at the location printed just before it does not quote the
// source line again; one elsewhere does, as MLIR's handler prints them.
func TestFormatQuotesANoteOnlyWhereTheLocationChanges(t *testing.T) {
	sm := NewSourceMgr()
	sm.Add("f.mlir", []byte("first line\n  second\n"))
	at := func(line, col int) Location { return FileLineColLoc{File: "f.mlir", Line: line, Col: col} }
	d := Errorf(at(2, 3), "bad")
	d.AttachNote(at(2, 3), "same place")
	d.AttachNote(at(1, 1), "elsewhere")
	d.AttachNote(at(1, 1), "elsewhere again")
	d.AttachNote(at(2, 3), "back")
	assert.Equal(t, `f.mlir:2:3: error: bad
  second
  ^
f.mlir:2:3: note: same place
f.mlir:1:1: note: elsewhere
first line
^
f.mlir:1:1: note: elsewhere again
f.mlir:2:3: note: back
  second
  ^
`, sm.Format(d))
}
