// RUN: echo hi | grep -q hi
