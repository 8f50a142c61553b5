//go:build amd64 && !purego

#include "textflag.h"

// func spinPause()
// A few PAUSE instructions: a spinning helper waits without taking the
// execution resources a sibling hardware thread on the same core needs.
TEXT ·spinPause(SB), NOSPLIT, $0-0
	MOVL $16, AX

ploop:
	PAUSE
	DECL AX
	JNZ  ploop
	RET
