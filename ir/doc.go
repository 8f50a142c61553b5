// Package ir is the in-memory intermediate representation of mlc: a Context
// that interns types and attributes, Operations with use-listed Values,
// Blocks and Regions, Locations, Diagnostics, a Builder, walkers, the
// op-definition registry and the structural verifier.
//
// It imports nothing of ours so that everything else can build on it.
package ir
