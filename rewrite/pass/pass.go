// Package pass is mlc's pass manager: passes as declared values (in the
// manner of go/analysis), a registry, MLIR's textual pipeline syntax,
// op-anchored nested pass managers that run isolated ops in parallel, and
// instrumentation with mlir-opt's spellings.
package pass

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mlc-go/mlc/ir"
)

// Option declares one pass option.
type Option struct {
	Name    string
	Doc     string
	Default string
}

// Options are a pass instance's option values, as text.
type Options map[string]string

// Int reads an integer option.
func (o Options) Int(name string) int {
	v, _ := strconv.Atoi(o[name])
	return v
}

// Bool reads a boolean option.
func (o Options) Bool(name string) bool { return o[name] == "true" || o[name] == "1" }

// Pass is a declared transformation or analysis.
type Pass struct {
	Name string
	// Summary is the pass's display name in IR dumps ("CSE").
	Summary string
	// Doc says what the pass does, for docs/passes.md.
	Doc     string
	Options []Option
	// OpName anchors the pass on one op name; "" runs on any op.
	OpName string
	// Run transforms op. Statistics go into st.
	Run func(op *ir.Operation, opts Options, st *Statistics) error
}

var (
	regMu    sync.RWMutex
	registry = map[string]*Pass{}
)

// Register makes a pass available to pipelines and mlc-opt flags.
func Register(p *Pass) *Pass {
	regMu.Lock()
	defer regMu.Unlock()
	if _, ok := pipelines[p.Name]; ok {
		panic(fmt.Sprintf("pass: pass %q has the name of a registered pipeline", p.Name))
	}
	registry[p.Name] = p
	return p
}

// Lookup finds a registered pass.
func Lookup(name string) *Pass {
	regMu.RLock()
	defer regMu.RUnlock()
	return registry[name]
}

// Registered lists passes sorted by name.
func Registered() []*Pass {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]*Pass, 0, len(registry))
	for _, p := range registry {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Statistics are named counters a pass reports (--mlir-pass-statistics).
type Statistics struct {
	mu     sync.Mutex
	counts map[string]int64
	docs   map[string]string
}

// Add increments counter name by n.
func (s *Statistics) Add(name, doc string, n int64) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.counts == nil {
		s.counts, s.docs = map[string]int64{}, map[string]string{}
	}
	s.counts[name] += n
	s.docs[name] = doc
}

// Instance is a pass with its option values in a pipeline.
type Instance struct {
	Pass    *Pass
	Options Options
	Stats   Statistics
}

// Text is the pass as pipeline text: name{opt=v}.
func (in *Instance) Text() string {
	if len(in.Options) == 0 {
		return in.Pass.Name
	}
	keys := make([]string, 0, len(in.Options))
	for k := range in.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + in.Options[k]
	}
	return in.Pass.Name + "{" + strings.Join(parts, " ") + "}"
}

// OpPassManager runs a sequence of passes and nested managers on ops
// named OpName ("" = any op).
type OpPassManager struct {
	OpName  string
	Entries []Entry
}

// Entry is a pass or a nested manager.
type Entry struct {
	Pass   *Instance
	Nested *OpPassManager
}

// Text prints the pipeline in MLIR's syntax.
func (pm *OpPassManager) Text() string {
	parts := make([]string, len(pm.Entries))
	for i, e := range pm.Entries {
		if e.Pass != nil {
			parts[i] = e.Pass.Text()
		} else {
			parts[i] = e.Nested.Text()
		}
	}
	name := pm.OpName
	if name == "" {
		name = "any"
	}
	return name + "(" + strings.Join(parts, ",") + ")"
}

// AddPass appends a registered pass by name with options, or the passes
// of a registered pipeline (which takes no options).
func (pm *OpPassManager) AddPass(name string, opts Options) error {
	return pm.addPass(name, opts, nil)
}

// addPass is AddPass inside the expansion of the pipelines on stack.
func (pm *OpPassManager) addPass(name string, opts Options, stack []string) error {
	p := Lookup(name)
	if p == nil {
		if pl := LookupPipeline(name); pl != nil {
			if len(opts) > 0 {
				return fmt.Errorf("pass pipeline '%s' takes no options", name)
			}
			return pl.expandInto(pm, stack)
		}
		return fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline", name)
	}
	full := Options{}
	for _, o := range p.Options {
		full[o.Name] = o.Default
	}
	for k, v := range opts {
		known := false
		for _, o := range p.Options {
			known = known || o.Name == k
		}
		if !known {
			return fmt.Errorf("no such option '%s' for pass '%s'", k, name)
		}
		full[k] = v
	}
	if p.OpName != "" && pm.OpName != "" && p.OpName != pm.OpName {
		return fmt.Errorf("pass '%s' runs on '%s' ops and cannot be scheduled on '%s'", name, p.OpName, pm.OpName)
	}
	pm.Entries = append(pm.Entries, Entry{Pass: &Instance{Pass: p, Options: full}})
	return nil
}

// Nest adds a nested manager for ops named opName.
func (pm *OpPassManager) Nest(opName string) *OpPassManager {
	n := &OpPassManager{OpName: opName}
	pm.Entries = append(pm.Entries, Entry{Nested: n})
	return n
}
