; RUN: true
define void @f() { ret void }
