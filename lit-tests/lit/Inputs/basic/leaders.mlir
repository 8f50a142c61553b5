// RUN: true
func.func @f() { return }
