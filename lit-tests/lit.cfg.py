# -*- Python -*-
# lit configuration of the mlc golden tests, so that LLVM's lit runs the same
# suite as our Go runner, tools/mlc-lit:
#
#   python3 /usr/lib/llvm-19/build/utils/lit/lit.py lit-tests/
#
# The suite's name, parameters, suffixes, excludes, features, tool
# substitutions and extra environment variables come from lit.features next
# to this file, which mlc-lit reads too. Parameters (--param NAME=VALUE, or
# the environment variable named there) by role:
#
#   tools-dir  (mlc_bin)    directory of our tools; default <repo>/bin
#   exec-root  (exec_root)  where tests run and keep %t files; default a
#                           directory under the system temp dir, so the
#                           source tree gets no Output/ directories

import hashlib
import os
import shutil
import sys
import tempfile

import lit.formats
from lit.llvm.subst import ToolSubst

config.test_format = lit.formats.ShTest(execute_external=True)
config.pipefail = True

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(config.test_source_root)


def _read_features(path):
    """Parse lit.features (see the comment at its top)."""
    table = {"name": "<unnamed>", "param": [], "suffixes": [], "excludes": [],
             "feature": [], "host": [], "subst": [], "passenv": []}
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            kw, args = fields[0], fields[1:]
            if kw not in table:
                lit_config.fatal("%s:%d: unknown directive %r" % (path, lineno, kw))
            if kw == "name":
                if len(args) != 1:
                    lit_config.fatal("%s:%d: want: name NAME" % (path, lineno))
                table[kw] = args[0]
            elif kw == "param":
                if len(args) != 3 or args[2] not in ("tools-dir", "exec-root"):
                    lit_config.fatal("%s:%d: want: param NAME ENV tools-dir|exec-root" % (path, lineno))
                table[kw].append(tuple(args))
            elif kw in ("suffixes", "excludes", "passenv"):
                table[kw].extend(args)
            elif kw == "host":
                if len(args) != 2:
                    lit_config.fatal("%s:%d: want: host NAME OS" % (path, lineno))
                table[kw].append((args[0], args[1]))
            else:
                if len(args) < 2:
                    lit_config.fatal("%s:%d: want: %s NAME EXE..." % (path, lineno, kw))
                table[kw].append((args[0], args[1:]))
    return table


_table = _read_features(os.path.join(config.test_source_root, "lit.features"))
config.name = _table["name"]


def _param(role):
    """The value of the parameter with this role: --param, else its variable."""
    for name, env, r in _table["param"]:
        if r == role:
            return lit_config.params.get(name) or os.environ.get(env) or ""
    return ""


_exec_root = _param("exec-root")
if not _exec_root:
    _tag = hashlib.sha1(config.test_source_root.encode()).hexdigest()[:10]
    _exec_root = os.path.join(
        tempfile.gettempdir(), "mlc-lit-exec-%d" % os.getuid(), _tag
    )
config.test_exec_root = os.path.abspath(_exec_root)

# The tests' PATH: our tools, then LLVM 19's, then the caller's.
bin_dir = os.path.abspath(_param("tools-dir") or os.path.join(repo_root, "bin"))
llvm_bin_dir = "/usr/lib/llvm-19/bin"
_path = [bin_dir]
if os.path.isdir(llvm_bin_dir):
    _path.append(llvm_bin_dir)
config.environment["PATH"] = os.pathsep.join(_path + [config.environment.get("PATH", "")])

config.suffixes = _table["suffixes"]
config.excludes = _table["excludes"]


def _which(exe):
    return shutil.which(exe, path=config.environment["PATH"])


for name, exes in _table["feature"]:
    if any(_which(exe) for exe in exes):
        config.available_features.add(name)
for name, os_name in _table["host"]:
    if sys.platform == os_name:
        config.available_features.add(name)
for word, exes in _table["subst"]:
    for exe in exes:
        found = _which(exe)
        if found:
            # ToolSubst's pattern: the word as a command name only.
            config.substitutions.append((ToolSubst(word).regex, os.path.abspath(found)))
            break
for var in _table["passenv"]:
    if os.environ.get(var):
        config.environment[var] = os.environ[var]
