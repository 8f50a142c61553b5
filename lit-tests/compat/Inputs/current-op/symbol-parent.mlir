func.func @g() {
  func.func @f() {
    return
  }
  return
}
