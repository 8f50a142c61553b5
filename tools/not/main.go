// Command not runs a command and inverts its exit status, like LLVM's `not`,
// for use in lit RUN lines.
//
// Usage:
//
//	not CMD [ARGS...]          exit 0 if CMD exits non-zero, 1 if it exits 0 or crashes
//	not --crash CMD [ARGS...]  exit 0 if CMD crashes, 1 if it exits normally (zero or not)
//
// A crash is either
//
//   - death by a signal (SIGSEGV, SIGABRT, SIGKILL, ...), as in LLVM's `not`;
//   - or a Go runtime crash: exit status 2 together with a line of CMD's
//     standard error that begins with "panic: ", "fatal error: " or the
//     name of a fatal signal the runtime caught ("SIGSEGV: ", "SIGABRT: ",
//     ...). Our tools are Go programs, and Go reports a crash that way
//     rather than by dying of a signal.
//
// So a Go tool that panics on bad input fails `not tool bad-input`, as an
// LLVM tool that aborts would: a test that expects an error must get an
// error, not a crash.
//
// CMD's standard input and output are passed through untouched; its
// standard error is copied through to ours while being scanned for the Go
// crash markers. A CMD that cannot be found or started makes `not` exit 1
// with a message.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
