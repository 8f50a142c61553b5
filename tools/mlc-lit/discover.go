package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// discoverer finds tests under the command-line paths, as lit does: a
// directory is searched recursively for files with a suite suffix, skipping
// dot files, the suite's excludes (e.g. "Inputs") and "Output", ".git",
// ".svn" directories; a subdirectory with its own lit config starts a
// nested suite. A file named on the command line is run whatever its
// suffix.
type discoverer struct {
	execBase string // temp tree; each suite's exec root lies under it
	selfDir  string
	params   map[string]string // --param NAME=VALUE
	getenv   func(string) string

	suites  map[string]*suite // by root
	seen    map[string]bool   // test paths already found
	visited map[string]bool   // directories already searched (by real path)
	tests   []*testCase
	// warnings are problems that skip part of the tree without stopping
	// the run (an unreadable directory); errors from walk are fatal
	// (a bad lit.features).
	warnings []string
}

func newDiscoverer(execBase, selfDir string, params map[string]string, getenv func(string) string) *discoverer {
	return &discoverer{
		execBase: execBase, selfDir: selfDir, params: params, getenv: getenv,
		suites: map[string]*suite{}, seen: map[string]bool{}, visited: map[string]bool{},
	}
}

// suiteFor returns the suite rooted at root, configuring it on first use.
func (d *discoverer) suiteFor(root string) (*suite, error) {
	if s, ok := d.suites[root]; ok {
		return s, nil
	}
	// Exec roots: <temp>/<suite dir name>, made unique among suites.
	name := filepath.Base(root)
	if name == "/" || name == "." || name == "" {
		name = "root"
	}
	execRoot := filepath.Join(d.execBase, name)
	for i := 2; d.execRootUsed(execRoot); i++ {
		execRoot = filepath.Join(d.execBase, fmt.Sprintf("%s.%d", name, i))
	}
	s, err := newSuite(root, execRoot, d.selfDir, d.params, d.getenv)
	if err != nil {
		return nil, err
	}
	d.suites[root] = s
	return s, nil
}

func (d *discoverer) execRootUsed(p string) bool {
	for _, s := range d.suites {
		if s.ExecRoot == p {
			return true
		}
	}
	return false
}

func (d *discoverer) add(s *suite, path string) {
	if d.seen[path] {
		return
	}
	d.seen[path] = true
	rel, err := filepath.Rel(s.Root, path)
	if err != nil {
		rel = filepath.Base(path)
	}
	d.tests = append(d.tests, &testCase{Suite: s, Path: path, Name: filepath.ToSlash(rel)})
}

// addArg discovers the tests named by one command-line path.
func (d *discoverer) addArg(arg string) error {
	abs, err := filepath.Abs(arg)
	if err != nil {
		return err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return fmt.Errorf("'%s' does not exist", arg)
	}
	if !fi.IsDir() {
		s, err := d.suiteFor(findSuiteRoot(filepath.Dir(abs)))
		if err != nil {
			return err
		}
		d.add(s, abs)
		return nil
	}
	s, err := d.suiteFor(findSuiteRoot(abs))
	if err != nil {
		return err
	}
	return d.walk(s, abs)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (d *discoverer) walk(s *suite, dir string) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		real = dir
	}
	if d.visited[real] {
		return nil
	}
	d.visited[real] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		d.warnings = append(d.warnings, fmt.Sprintf("cannot search %s: %v", dir, err))
		return nil
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var subdirs []string
	for _, name := range names {
		path := filepath.Join(dir, name)
		fi, err := os.Stat(path) // follows symlinks, as lit's os.path.isdir
		if err != nil {
			continue // dangling link
		}
		if fi.IsDir() {
			if name == "Output" || name == ".svn" || name == ".git" || contains(s.Conf.Excludes, name) {
				continue
			}
			subdirs = append(subdirs, path)
			continue
		}
		if strings.HasPrefix(name, ".") || contains(s.Conf.Excludes, name) || !fi.Mode().IsRegular() {
			continue // (lit would also try, and block on, a FIFO)
		}
		if contains(s.Conf.Suffixes, filepath.Ext(name)) {
			d.add(s, path)
		}
	}
	for _, sub := range subdirs {
		ss := s
		if isSuiteRoot(sub) {
			if ss, err = d.suiteFor(sub); err != nil {
				return err
			}
		}
		if err := d.walk(ss, sub); err != nil {
			return err
		}
	}
	return nil
}

// sortedTests returns the tests ordered by name (then path).
func (d *discoverer) sortedTests() []*testCase {
	ts := append([]*testCase{}, d.tests...)
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].Name != ts[j].Name {
			return ts[i].Name < ts[j].Name
		}
		return ts[i].Path < ts[j].Path
	})
	return ts
}
