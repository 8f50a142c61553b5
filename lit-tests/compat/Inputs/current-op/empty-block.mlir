func.func @f() {
^bb1:
}
