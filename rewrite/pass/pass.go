// Package pass is mlc's pass manager: passes as declared values (in the
// manner of go/analysis), a registry, MLIR's textual pipeline syntax,
// op-anchored nested pass managers that run isolated ops in parallel, and
// instrumentation with mlir-opt's spellings.
//
// A pass declares its typed options (options.go, checked when a pipeline is
// parsed, with positioned errors), what it may change (effects.go) and the
// passes it must run after or before (order.go, checked when a pipeline is
// built). It runs with a Context (context.go) that carries its statistics,
// the analyses shared between passes and the target. Everything around a
// pass, IR printing and timing included, is an Instrumentation
// (instrument.go); the runner (run.go) only calls them.
package pass

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mlc-go/mlc/ir"
)

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
	// Changes is what the pass may change beyond plain rewriting (see
	// Effect); every registered pass declares it, NoEffects included.
	Changes Effects
	// After and Before name passes this one must run after / before when
	// both are in a pipeline; a pipeline that breaks them is rejected when
	// it is built.
	After, Before []string
	// Preserves lists the analyses the pass keeps valid; the pass manager
	// drops every other cached analysis of the op after the pass runs.
	Preserves []AnalysisID
	// Run transforms op. Statistics, cached analyses, the target and the
	// output stream are on pc.
	Run func(op *ir.Operation, opts Options, pc *Context) error
}

var (
	regMu    sync.RWMutex
	registry = map[string]*Pass{}
)

// Register makes a pass available to pipelines and mlc-opt flags.
func Register(p *Pass) *Pass {
	for _, o := range p.Options {
		if _, err := o.check(o.Default); err != nil {
			panic(fmt.Sprintf("pass: %s: the default of option '%s' does not fit its type: %v", p.Name, o.Name, err))
		}
	}
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
	// Pos is the byte offset of the pass's name in the pipeline text it
	// was parsed from (the named pipeline's name for its expansion); -1
	// when added through the Go API.
	Pos int
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
	// instr: instrumentations added on this (root) manager.
	instr []Instrumentation
}

// AddInstrumentation registers an instrumentation called around every
// pass when pm runs as the root manager, outside those Config enables:
// its before calls come first and its after calls last.
func (pm *OpPassManager) AddInstrumentation(i Instrumentation) { pm.instr = append(pm.instr, i) }

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
	return pm.addPass(name, opts, nil, -1)
}

// addPass is AddPass inside the expansion of the pipelines on stack; pos
// is the name's offset in the pipeline text.
func (pm *OpPassManager) addPass(name string, opts Options, stack []string, pos int) error {
	p := Lookup(name)
	if p == nil {
		if pl := LookupPipeline(name); pl != nil {
			if len(opts) > 0 {
				return fmt.Errorf("pass pipeline '%s' takes no options", name)
			}
			return pl.expandInto(pm, stack, pos)
		}
		return fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline%s", name, didYouMean(name))
	}
	full := Options{}
	for _, o := range p.Options {
		full[o.Name] = o.Default
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first bad option is the same on every run
	for _, k := range keys {
		v := opts[k]
		var decl *Option
		for i := range p.Options {
			if p.Options[i].Name == k {
				decl = &p.Options[i]
			}
		}
		if decl == nil {
			return &OptionError{Pass: name, Option: k, At: -1, Err: fmt.Errorf("no such option '%s' for pass '%s'", k, name)}
		}
		if at, err := decl.check(v); err != nil {
			return &OptionError{Pass: name, Option: k, At: at, Err: fmt.Errorf("pass '%s': %v", name, err)}
		}
		full[k] = v
	}
	if p.OpName != "" && pm.OpName != "" && p.OpName != pm.OpName {
		return fmt.Errorf("pass '%s' runs on '%s' ops and cannot be scheduled on '%s'", name, p.OpName, pm.OpName)
	}
	pm.Entries = append(pm.Entries, Entry{Pass: &Instance{Pass: p, Options: full, Pos: pos}})
	return nil
}

// Nest adds a nested manager for ops named opName.
func (pm *OpPassManager) Nest(opName string) *OpPassManager {
	n := &OpPassManager{OpName: opName}
	pm.Entries = append(pm.Entries, Entry{Nested: n})
	return n
}
